import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, formatDate, formatNumber, useLanguage, useQuery } from '@city/shared';
import {
  adminGetProvider,
  adminListReports,
  adminResolveReports,
  type ConsoleProvider,
  type ReportAction,
  type ReportGroup,
} from '../../api';
import { ProviderEditor } from '../../components/provider-editor';
import { ReasonForm } from '../../components/reason-form';
import { useRunAction } from '../../components/run-action';
import { RepliesList } from './replies-list';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** Open reports, grouped by provider or review, with the operator's decisions. */
export function ReportsSection() {
  const { t } = useTranslation('admin');
  const reports = useQuery('admin-reports', () => adminListReports());
  const items = reports.data ?? [];
  const { setData } = reports;
  const drop = (id: string) => setData((d) => d?.filter((g) => g.id !== id));

  return (
    <section className="admin-section" aria-labelledby="admin-reports-title">
      <h2 id="admin-reports-title" className="admin-section-title" tabIndex={-1}>
        {t('reports.heading')}
      </h2>
      <p className="admin-field__hint">{t('reports.intro')}</p>
      {reports.status === 'error' ? (
        <div role="alert" className="admin-error">
          <p>{t('reports.loadFailed')}</p>
          <Button variant="secondary" onClick={reports.reload}>
            {t('queue.retry')}
          </Button>
        </div>
      ) : reports.status === 'loading' && !reports.data ? (
        <p role="status">{t('reports.loading')}</p>
      ) : items.length === 0 ? (
        <p className="admin-queue__empty">{t('reports.empty')}</p>
      ) : (
        <ul className="admin-queue__list">
          {items.map((g) => (
            <li key={g.id}>
              <ReportCard group={g} onResolved={() => drop(g.id)} onChanged={reports.reload} />
            </li>
          ))}
        </ul>
      )}
      <RepliesList />
    </section>
  );
}

type Open = ReportAction | 'edit' | null;

function ReportCard({ group: g, onResolved, onChanged }: { group: ReportGroup; onResolved: () => void; onChanged: () => void }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const id = useId();
  const run = useRunAction();
  const [open, setOpen] = useState<Open>(null);
  const [editing, setEditing] = useState<ConsoleProvider | null>(null);
  const [editLoad, setEditLoad] = useState<'loading' | 'failed' | null>(null);
  const [edited, setEdited] = useState(false);
  // Cancelling the listing editor (button or Escape) puts focus back on its Edit button.
  const editButton = useRef<HTMLButtonElement>(null);
  const refocusEdit = useRef(false);
  useEffect(() => {
    if (open === null && refocusEdit.current) {
      refocusEdit.current = false;
      editButton.current?.focus();
    }
  }, [open]);
  const isReview = g.target_type === 'review';
  const title = isReview ? t('reports.reviewOf', { name: g.provider_name }) : g.provider_name;
  // Reports hide nothing by themselves (0011): "restore" is offered only for what is hidden or
  // suspended (an older report's hiding, or the operator's). After an edit, "reports closed:
  // listing fixed" comes first.
  const shown = g.status === 'approved' || g.status === 'visible';
  const actions: ReportAction[] = isReview
    ? shown
      ? ['hide_review', 'dismiss']
      : ['hide_review', 'restore', 'dismiss']
    : edited
      ? ['edited', 'suspend', 'dismiss']
      : shown
        ? ['suspend', 'dismiss']
        : ['suspend', 'restore', 'dismiss'];

  const startEdit = async () => {
    setOpen('edit');
    setEditLoad('loading');
    try {
      const p = await adminGetProvider(g.provider_id);
      setEditing(p);
      setEditLoad(p ? null : 'failed');
    } catch {
      setEditLoad('failed');
    }
  };

  const resolve = (action: ReportAction) => async (reason: string) => {
    const ok = await run(
      () => adminResolveReports(g.provider_id, g.review_id, action, reason),
      t(`reports.done.${action}`, { name: g.provider_name }),
    );
    if (ok) onResolved();
    return ok;
  };

  return (
    <article className="admin-card" aria-labelledby={`${id}-title`}>
      <header className="admin-card__header">
        <h3 id={`${id}-title`} className="admin-card__title">
          {title}
        </h3>
        <Badge tone={g.status === 'approved' || g.status === 'visible' ? 'success' : 'warning'}>
          {t(`reports.targetStatus.${knownStatus(g.status)}`)}
        </Badge>
      </header>
      {isReview && g.review_text ? <blockquote className="admin-report__quote">{g.review_text}</blockquote> : null}
      <p className="admin-field__hint">{t('reports.openCount', { count: g.open_count, formatted: formatNumber(g.open_count, lang) })}</p>
      {isReview || g.number_caution === null ? null : g.number_caution ? (
        <p className="admin-report__caution">{t('reports.caution.shown')}</p>
      ) : (
        <p className="admin-field__hint">{t('reports.caution.none')}</p>
      )}
      <ul className="admin-report__reasons">
        {g.reasons.map((r, i) => (
          <li key={i}>
            <strong>{knownReason(r.reason) ? t(`reports.reasons.${knownReason(r.reason)!}`) : r.reason}</strong>
            {r.details ? <span className="admin-report__details">{` ${r.details}`}</span> : null}{' '}
            <time dateTime={r.created_at}>{formatDate(r.created_at, lang, DATE_TIME)}</time>
          </li>
        ))}
      </ul>
      {open === 'edit' ? (
        editLoad === 'loading' ? (
          <p role="status">{t('reports.loadingListing')}</p>
        ) : editLoad === 'failed' || !editing ? (
          <p role="alert" className="admin-error">
            {t('reports.listingLoadFailed')}
          </p>
        ) : (
          <ProviderEditor
            provider={editing}
            onCancel={() => {
              refocusEdit.current = true;
              setOpen(null);
            }}
            onSaved={() => {
              setOpen(null);
              setEdited(true);
              onChanged();
            }}
          />
        )
      ) : open ? (
        <ReasonForm
          confirmLabel={t(`reports.actions.${open}`)}
          danger={open === 'suspend' || open === 'hide_review'}
          onConfirm={resolve(open)}
          onCancel={() => setOpen(null)}
        />
      ) : (
        <div className="admin-card__actions">
          {isReview ? null : (
            <Button ref={editButton} variant="secondary" onClick={() => void startEdit()} aria-describedby={`${id}-title`}>
              {t('reports.actions.edit')}
            </Button>
          )}
          {actions.map((a) => (
            <Button key={a} variant={a === 'dismiss' ? 'secondary' : 'primary'} onClick={() => setOpen(a)} aria-describedby={`${id}-title`}>
              {t(`reports.actions.${a}`)}
            </Button>
          ))}
        </div>
      )}
    </article>
  );
}

const REASONS = ['wrong_number', 'closed', 'wrong_service', 'abusive', 'other'] as const;
const knownReason = (r: string) => ((REASONS as readonly string[]).includes(r) ? (r as (typeof REASONS)[number]) : null);
const STATUSES = ['approved', 'pending', 'rejected', 'suspended', 'hidden', 'visible'] as const;
const knownStatus = (s: string) => ((STATUSES as readonly string[]).includes(s) ? (s as (typeof STATUSES)[number]) : 'hidden');
