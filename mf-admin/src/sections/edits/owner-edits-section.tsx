import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge, Button, formatDate, toast, useLanguage, usePagedQuery } from '@city/shared';
import {
  adminListOwnerEdits,
  adminRevertOwnerEdit,
  isAlreadyRevertedError,
  isChangedAgainError,
  isNotAuthorisedError,
  isNotFoundError,
  type OwnerEdit,
} from '../../api';
import { ReasonForm } from '../../components/reason-form';
import { changedFields } from '../audit/audit-section';
import { fieldLabel, fieldValue } from '../audit/audit-fields';
import { useAnnounce } from '../../components/console-status';

const OWNER_EDITS_PAGE_SIZE = 20;
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** The console's own view of a listing: the providers section searching for its id. */
const listingHref = (providerId: string) => `?tab=providers&q=${encodeURIComponent(providerId)}`;

/**
 * What owners changed on their own listings (audit entries 'owner.edit'), newest first, a page
 * at a time, each with a one-press Revert (or Revert with a reason) that puts the earlier
 * values back.
 */
export function OwnerEditsSection() {
  const { t } = useTranslation('admin');
  const list = usePagedQuery('admin-owner-edits', ({ offset }) =>
    adminListOwnerEdits(OWNER_EDITS_PAGE_SIZE, offset).then((items) => ({ items, more: items.length === OWNER_EDITS_PAGE_SIZE })),
  );
  const items = list.data?.items ?? [];
  const { setData } = list;
  const markReverted = (id: string) =>
    setData((d) => (d ? { ...d, items: d.items.map((x) => (x.id === id ? { ...x, reverted: true } : x)) } : d));

  return (
    <section className="admin-section" aria-labelledby="admin-edits-title">
      <h2 id="admin-edits-title" className="admin-section-title">
        {t('edits.heading')}
      </h2>
      <p className="admin-field__hint">{t('edits.intro')}</p>
      {list.status === 'error' ? (
        <div role="alert" className="admin-error">
          <p>{t('edits.loadFailed')}</p>
          <Button variant="secondary" onClick={list.reload}>
            {t('queue.retry')}
          </Button>
        </div>
      ) : list.status === 'loading' ? (
        <p role="status">{t('edits.loading')}</p>
      ) : items.length === 0 ? (
        <p className="admin-queue__empty">{t('edits.empty')}</p>
      ) : (
        <>
          <ol className="admin-queue__list">
            {items.map((e) => (
              <li key={e.id}>
                <OwnerEditCard edit={e} onReverted={() => markReverted(e.id)} />
              </li>
            ))}
          </ol>
          {list.moreError ? (
            <p role="alert" className="admin-error">
              {t('edits.loadFailed')}
            </p>
          ) : null}
          {list.hasMore ? (
            <Button variant="secondary" className="admin-queue__more" onClick={list.loadMore} aria-disabled={list.loadingMore || undefined}>
              {list.loadingMore ? t('edits.loading') : t('edits.more')}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

type Problem = { kind: 'changedAgain' | 'alreadyReverted' | 'notFound' | 'refused' } | { kind: 'failed'; message: string };

function OwnerEditCard({ edit: e, onReverted }: { edit: OwnerEdit; onReverted: () => void }) {
  const { t } = useTranslation('admin');
  const announce = useAnnounce();
  const lang = useLanguage();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const [withReason, setWithReason] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const reasonButton = useRef<HTMLButtonElement>(null);
  // Focus follows what replaced the pressed button: the entry's title once reverted, the
  // "with a reason" button when its form is cancelled.
  const focusAfter = useRef<'title' | 'reasonButton' | null>(null);
  useEffect(() => {
    const target = focusAfter.current === 'title' ? title.current : focusAfter.current === 'reasonButton' ? reasonButton.current : null;
    if (target) {
      focusAfter.current = null;
      target.focus();
    }
  });

  const changes = changedFields(e, (field, v) => fieldValue(t, lang, 'service_providers', field, v));
  const name = e.provider_name || e.provider_id;

  const revert = async (reason: string | null): Promise<boolean> => {
    if (sending.current) return false;
    sending.current = true;
    setBusy(true);
    setProblem(null);
    try {
      await adminRevertOwnerEdit(e.id, reason);
    } catch (err) {
      sending.current = false;
      setBusy(false);
      if (isAlreadyRevertedError(err)) {
        setWithReason(false);
        setProblem({ kind: 'alreadyReverted' });
        focusAfter.current = 'title';
        onReverted();
        return false;
      }
      setProblem(
        isChangedAgainError(err)
          ? { kind: 'changedAgain' }
          : isNotFoundError(err)
            ? { kind: 'notFound' }
            : isNotAuthorisedError(err)
              ? { kind: 'refused' }
              : { kind: 'failed', message: err instanceof Error ? err.message : String(err) },
      );
      return false;
    }
    sending.current = false;
    setBusy(false);
    setWithReason(false);
    focusAfter.current = 'title';
    toast({ title: t('edits.done', { name }) });
    announce(t('edits.done', { name }));
    onReverted();
    return true;
  };

  return (
    <article className="admin-card" aria-labelledby={`${id}-title`}>
      <header className="admin-card__header">
        <h3 id={`${id}-title`} ref={title} tabIndex={-1} className="admin-card__title">
          <Link to={listingHref(e.provider_id)}>{name}</Link>
        </h3>
        {e.reverted ? <Badge tone="neutral">{t('edits.reverted')}</Badge> : null}
      </header>
      <p className="admin-field__hint">
        <time dateTime={e.at}>{formatDate(e.at, lang, DATE_TIME)}</time> {t('audit.by', { who: t('audit.owner') })}
      </p>
      {changes.length > 0 ? (
        <ul className="admin-audit__changes" aria-label={t('edits.changes')}>
          {changes.map(([k, b, a]) => (
            <li key={k}>
              {fieldLabel(t, 'service_providers', k)}: {t('audit.change', { before: b, after: a })}
            </li>
          ))}
        </ul>
      ) : null}
      {problem ? (
        <div role="alert" className="admin-error">
          <p>
            {problem.kind === 'failed'
              ? t('edits.failed', { message: problem.message })
              : problem.kind === 'changedAgain'
                ? t('edits.changedAgain')
                : problem.kind === 'alreadyReverted'
                  ? t('edits.alreadyReverted')
                  : problem.kind === 'notFound'
                    ? t('edits.notFound')
                    : t('notAuthorisedApi')}
          </p>
          {problem.kind === 'changedAgain' ? <Link to={listingHref(e.provider_id)}>{t('edits.openListing')}</Link> : null}
        </div>
      ) : null}
      {e.reverted ? null : withReason ? (
        <ReasonForm
          confirmLabel={t('edits.revert')}
          onConfirm={(reason) => revert(reason)}
          onCancel={() => {
            focusAfter.current = 'reasonButton';
            setWithReason(false);
          }}
          escapeCancels
        />
      ) : (
        <div className="admin-card__actions">
          <Button onClick={() => void revert(null)} aria-disabled={busy || undefined} aria-describedby={`${id}-title`}>
            {busy ? t('edits.reverting') : t('edits.revert')}
          </Button>
          <Button
            ref={reasonButton}
            variant="secondary"
            onClick={() => {
              setProblem(null);
              setWithReason(true);
            }}
            disabled={busy}
            aria-describedby={`${id}-title`}
          >
            {t('edits.revertWithReason')}
          </Button>
        </div>
      )}
    </article>
  );
}
