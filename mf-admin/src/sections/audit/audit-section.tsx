import { useTranslation } from 'react-i18next';
import { Button, formatDate, useLanguage, usePagedQuery } from '@city/shared';
import { adminAuditLog, type AuditEntry } from '../../api';
import { fieldLabel, fieldValue, reasonText, tableLabel, type AdminT } from './audit-fields';

const AUDIT_PAGE_SIZE = 20;
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

const ACTION_KEYS = {
  'provider.approve': 'provider_approve',
  'provider.reject': 'provider_reject',
  'provider.suspend': 'provider_suspend',
  'provider.restore': 'provider_restore',
  'provider.pending': 'provider_pending',
  'provider.update': 'provider_update',
  'provider.delete': 'provider_delete',
  'provider.aadhaar': 'provider_aadhaar',
  'owner.edit': 'owner_edit',
  'owner_edit.reverted': 'owner_edit_reverted',
  'provider.hidden_by_reports': 'provider_hidden_by_reports',
  'review.hidden_by_reports': 'review_hidden_by_reports',
  'review.hide': 'review_hide',
  'review.show': 'review_show',
  'owner.reply': 'owner_reply',
  'reply.hide': 'reply_hide',
  'reply.show': 'reply_show',
  'reports.dismiss': 'reports_dismiss',
  'reports.restore': 'reports_restore',
  'reports.suspend': 'reports_suspend',
  'reports.hide_review': 'reports_hide_review',
  'reports.edited': 'reports_edited',
  'reports.owner_confirmed': 'reports_owner_confirmed',
  'ad.create': 'ad_create',
  'ad.update': 'ad_update',
  'ad.delete': 'ad_delete',
  'places.import': 'places_import',
  'owner.place': 'owner_place',
  'provider.verify': 'provider_verify',
  'provider.unverify': 'provider_unverify',
} as const;
/** i18n keys cannot hold dots: provider.update -> audit.actions.provider_update; null for an unknown action. */
const knownAction = (a: string) => (Object.hasOwn(ACTION_KEYS, a) ? ACTION_KEYS[a as keyof typeof ACTION_KEYS] : null);

/** The fields an action changed: [field, before, after], the values through `format` (as stored by default). */
export function changedFields(
  e: Pick<AuditEntry, 'before' | 'after'>,
  format: (field: string, value: unknown) => string = (_, v) => show(v),
): [string, string, string][] {
  const keys = new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})]);
  const out: [string, string, string][] = [];
  for (const k of keys) {
    const b = e.before?.[k];
    const a = e.after?.[k];
    if (JSON.stringify(b) !== JSON.stringify(a)) out.push([k, format(k, b), format(k, a)]);
  }
  return out;
}

/** What the listing's owner did (signed in by phone: no e-mail to show). */
const OWNER_ACTIONS: readonly string[] = ['owner.edit', 'owner.place', 'reports.owner_confirmed', 'owner.reply'];

/** Who did it: the operator's e-mail, the listing's owner, or the system. */
function actorLabel(t: AdminT, e: AuditEntry): string {
  if (e.actor_email) return e.actor_email;
  return OWNER_ACTIONS.includes(e.action) ? t('audit.owner') : t('audit.system');
}

/** What an entry's action says: the console's words, a row change of a known table, else as stored. */
function actionLabel(t: AdminT, e: AuditEntry): string {
  const known = knownAction(e.action);
  if (known) return t(`audit.actions.${known}`);
  const row = /^(\w+)\.(insert|update|delete)$/.exec(e.action);
  if (!row || row[1] !== e.target_table) return e.action;
  return t(`audit.rowActions.${row[2] as 'insert' | 'update' | 'delete'}`, { table: tableLabel(t, row[1]) });
}

/** Every operator action, newest first, a page at a time (read only: nobody writes it through the API). */
export function AuditSection() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const log = usePagedQuery('admin-audit', ({ offset }) =>
    adminAuditLog(AUDIT_PAGE_SIZE, offset).then(({ items, total }) =>
      total === undefined ? { items, more: items.length === AUDIT_PAGE_SIZE } : { items, total },
    ),
  );
  const items = log.data?.items ?? [];

  return (
    <section className="admin-section" aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title" className="admin-section-title">
        {t('audit.heading')}
      </h2>
      {log.status === 'error' ? (
        <div role="alert" className="admin-error">
          <p>{t('audit.loadFailed')}</p>
          <Button variant="secondary" onClick={log.reload}>
            {t('queue.retry')}
          </Button>
        </div>
      ) : log.status === 'loading' ? (
        <p role="status">{t('audit.loading')}</p>
      ) : items.length === 0 ? (
        <p className="admin-queue__empty">{t('audit.empty')}</p>
      ) : (
        <>
          <ol className="admin-audit">
            {items.map((e) => {
              const changes = changedFields(e, (field, v) => fieldValue(t, lang, e.target_table, field, v));
              return (
                <li key={e.id} className="admin-card">
                  <p className="admin-audit__line">
                    <strong>{actionLabel(t, e)}</strong>{' '}
                    <span>{e.target_name ?? t('audit.target', { table: tableLabel(t, e.target_table), id: e.target_id ?? '—' })}</span>
                  </p>
                  <p className="admin-field__hint">
                    <time dateTime={e.at}>{formatDate(e.at, lang, DATE_TIME)}</time> {t('audit.by', { who: actorLabel(t, e) })}
                  </p>
                  {e.reason ? <p className="admin-audit__reason">{t('audit.reason', { reason: reasonText(t, lang, e.reason) })}</p> : null}
                  {changes.length > 0 ? (
                    <ul className="admin-audit__changes" aria-label={t('audit.changes')}>
                      {changes.map(([k, b, a]) => (
                        <li key={k}>
                          {fieldLabel(t, e.target_table, k)}: {t('audit.change', { before: b, after: a })}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              );
            })}
          </ol>
          {log.moreError ? (
            <p role="alert" className="admin-error">
              {t('audit.loadFailed')}
            </p>
          ) : null}
          {log.hasMore ? (
            <Button variant="secondary" className="admin-queue__more" onClick={log.loadMore} aria-disabled={log.loadingMore || undefined}>
              {log.loadingMore ? t('audit.loading') : t('audit.more')}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
