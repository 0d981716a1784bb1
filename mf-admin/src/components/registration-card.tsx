import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge, Button, categoryIcon, formatDate, formatNumber, formatRating, useLanguage } from '@city/shared';
import { categoryName } from '../utils/category-name';
import type { AdminProviderStatus, AdminRegistration, DuplicateHint } from '../api';

const REJECTION_REASON_MAX = 500;

const STATUS_TONE: Record<AdminProviderStatus, 'warning' | 'success' | 'neutral'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'neutral',
};

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

export interface RegistrationCardProps {
  registration: AdminRegistration;
  /** Other listings this one may duplicate (same mobile, or same name and place). */
  duplicates?: readonly DuplicateHint[];
  /** Saves the decision; resolves true when it was saved (the card then usually leaves the list). */
  onDecide: (registration: AdminRegistration, status: 'approved' | 'rejected', reason: string | null) => Promise<boolean>;
}

/** One registration with every field (Aadhaar masked) and the approve / reject actions. */
export function RegistrationCard({ registration: r, duplicates = [], onDecide }: RegistrationCardProps) {
  const { t } = useTranslation(['admin', 'common']);
  const lang = useLanguage();
  const id = useId();
  const titleId = `${id}-title`;
  const [saving, setSaving] = useState<'approved' | 'rejected' | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const mounted = useRef(true);
  const rejectButton = useRef<HTMLButtonElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const restoreFocus = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (rejecting) reasonRef.current?.focus();
    else if (restoreFocus.current) {
      restoreFocus.current = false;
      rejectButton.current?.focus();
    }
  }, [rejecting]);

  const decide = async (status: 'approved' | 'rejected', why: string | null) => {
    if (saving) return;
    setSaving(status);
    await onDecide(r, status, why);
    if (mounted.current) setSaving(null);
  };

  const onReject = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void decide('rejected', reason.trim() || null);
  };

  const category = categoryName(t, lang, r.category);
  const notGiven = <span className="admin-card__none">{t('fields.notGiven')}</span>;

  const fields: [string, ReactNode][] = [
    [t('fields.businessName'), r.business_name ?? notGiven],
    [t('fields.mobile'), <a href={`tel:+91${r.mobile}`}>{r.mobile}</a>],
    [
      t('fields.category'),
      <>
        <span aria-hidden="true">{categoryIcon(r.category)} </span>
        {category}
      </>,
    ],
    [t('fields.specialistIn'), r.specialist_in ?? notGiven],
    [
      t('fields.aadhaar'),
      r.aadhaar_masked ? (
        <span className="admin-card__mono">{r.aadhaar_masked}</span>
      ) : (
        <span className="admin-card__none">{t('fields.aadhaarNone')}</span>
      ),
    ],
    [
      t('fields.verification'),
      <Badge tone={r.verified ? 'success' : 'neutral'}>{r.verified ? t('fields.verified') : t('fields.notVerified')}</Badge>,
    ],
    [t('fields.experience'), t('common:format.years', { count: r.experience })],
    [t('fields.address'), r.address],
    [t('fields.registered'), <time dateTime={r.registration_date}>{formatDate(r.registration_date, lang, DATE_TIME)}</time>],
  ];
  if (r.status !== 'pending' && r.reviewed_at) {
    fields.push([t('fields.reviewed'), <time dateTime={r.reviewed_at}>{formatDate(r.reviewed_at, lang, DATE_TIME)}</time>]);
  }
  if (r.status === 'rejected') fields.push([t('fields.rejectionReason'), r.rejection_reason ?? notGiven]);
  if (r.status === 'approved') {
    fields.push([
      t('fields.rating'),
      t('fields.ratingValue', {
        rating: formatRating(r.avg_rating, lang),
        count: r.rating_count,
        formattedCount: formatNumber(r.rating_count, lang),
      }),
    ]);
  }

  return (
    <article className="admin-card" aria-labelledby={titleId} aria-busy={saving !== null}>
      <header className="admin-card__header">
        <h3 id={titleId} className="admin-card__title">
          {r.name}
        </h3>
        <Badge tone={STATUS_TONE[r.status]}>{t(`status.${r.status}`)}</Badge>
      </header>
      {duplicates.length > 0 ? (
        <div className="admin-card__duplicates">
          <p className="admin-card__duplicates-title">{t('duplicates.title')}</p>
          <ul>
            {duplicates.map((d) => (
              <li key={`${d.other_id}-${d.match}`}>
                {t(`duplicates.${d.match}`)}{' '}
                <Link to={`?tab=providers&q=${encodeURIComponent(d.other_id)}`}>
                  {t('duplicates.link', { name: d.other_name, status: t(`status.${d.other_status}`, { defaultValue: d.other_status }) })}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <dl className="admin-card__fields">
        {fields.map(([label, value]) => (
          <div className="admin-card__field" key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {r.status === 'approved' ? (
        <p className="admin-card__link">
          <Link to={`/provider/${r.id}`}>{t('actions.viewProfile')}</Link>
        </p>
      ) : null}
      {rejecting ? (
        <form className="admin-card__reject" onSubmit={onReject}>
          <label htmlFor={`${id}-reason`} className="admin-field__label">
            {t('actions.reasonLabel')}
          </label>
          <textarea
            ref={reasonRef}
            id={`${id}-reason`}
            className="admin-input admin-card__reason"
            rows={3}
            maxLength={REJECTION_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-describedby={`${id}-reason-hint`}
          />
          <p id={`${id}-reason-hint`} className="admin-field__hint">
            {t('actions.reasonHint')}
          </p>
          <div className="admin-card__actions">
            <Button type="submit" variant="danger" aria-disabled={saving !== null || undefined} aria-describedby={titleId}>
              {saving === 'rejected' ? t('actions.saving') : t('actions.confirmReject')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                restoreFocus.current = true;
                setRejecting(false);
              }}
              disabled={saving !== null}
            >
              {t('actions.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="admin-card__actions">
          {r.status !== 'approved' ? (
            <Button onClick={() => void decide('approved', null)} aria-disabled={saving !== null || undefined} aria-describedby={titleId}>
              {saving === 'approved' ? t('actions.saving') : t('actions.approve')}
            </Button>
          ) : null}
          {r.status !== 'rejected' ? (
            <Button
              ref={rejectButton}
              variant="secondary"
              onClick={() => setRejecting(true)}
              disabled={saving !== null}
              aria-describedby={titleId}
            >
              {t('actions.reject')}
            </Button>
          ) : null}
        </div>
      )}
    </article>
  );
}
