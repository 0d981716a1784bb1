import { useTranslation } from 'react-i18next';
import { Button, formatDate, useLanguage, usePagedQuery } from '@city/shared';
import { adminAuditLog, type AuditEntry } from '../../api';

export const AUDIT_PAGE_SIZE = 20;
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The fields an action changed: [field, before, after]. */
export function changedFields(e: Pick<AuditEntry, 'before' | 'after'>): [string, string, string][] {
  const keys = new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})]);
  const out: [string, string, string][] = [];
  for (const k of keys) {
    const b = e.before?.[k];
    const a = e.after?.[k];
    if (JSON.stringify(b) !== JSON.stringify(a)) out.push([k, show(b), show(a)]);
  }
  return out;
}

/** Every operator action, newest first, a page at a time (read only: nobody writes it through the API). */
export function AuditSection() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const log = usePagedQuery('admin-audit', ({ offset }) =>
    adminAuditLog(AUDIT_PAGE_SIZE, offset).then((items) => ({ items, more: items.length === AUDIT_PAGE_SIZE })),
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
            {items.map((e) => (
              <li key={e.id} className="admin-card">
                <p className="admin-audit__line">
                  <strong>{e.action}</strong> <span>{t('audit.target', { table: e.target_table, id: e.target_id ?? '—' })}</span>
                </p>
                <p className="admin-field__hint">
                  <time dateTime={e.at}>{formatDate(e.at, lang, DATE_TIME)}</time>{' '}
                  {t('audit.by', { who: e.actor_email ?? t('audit.system') })}
                </p>
                {e.reason ? <p className="admin-audit__reason">{t('audit.reason', { reason: e.reason })}</p> : null}
                {changedFields(e).length > 0 ? (
                  <ul className="admin-audit__changes" aria-label={t('audit.changes')}>
                    {changedFields(e).map(([k, b, a]) => (
                      <li key={k}>
                        <code>{k}</code>: {t('audit.change', { before: b, after: a })}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
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
