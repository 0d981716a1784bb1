import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, formatNumber, toast, useLanguage, useQuery } from '@city/shared';
import {
  adminDuplicateHints,
  adminSetProviderStatus,
  adminStatusCounts,
  type DuplicateHint,
  isNotAuthorisedError,
  type AdminProviderStatus,
  type AdminRegistration,
} from '../../api';
import { StatusSummary } from '../../components/status-summary';
import { RegistrationCard } from '../../components/registration-card';
import { useRegistrations } from '../../hooks/use-registrations';
import { ChangeRequests } from './change-requests';
import { PhotoQueue } from './photo-queue';
import { useAnnounce } from '../../components/console-status';

const loadCounts = () => adminStatusCounts();

/** The approval queue: new registrations per status, and listing changes waiting for a decision. */
export function QueueSection({ onRefused }: { onRefused: (refused: boolean) => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const lang = useLanguage();
  const announce = useAnnounce();
  const [status, setStatus] = useState<AdminProviderStatus>('pending');
  const queue = useRegistrations(status);
  const counts = useQuery('admin-status-counts', loadCounts);
  const rows = queue.data?.items ?? [];
  // Duplicate hints of the cards shown, computed by the database (one call per page shown).
  const ids = rows.map((r) => r.id);
  const hints = useQuery(ids.length ? ['admin-duplicate-hints', ids.join(',')] : null, () => adminDuplicateHints(ids));
  const hintsOf = (id: string): DuplicateHint[] => (hints.data ?? []).filter((h) => h.provider_id === id);
  const queueHeading = useRef<HTMLHeadingElement>(null);
  const refused = [queue.error, queue.moreError, counts.error].some(isNotAuthorisedError);
  useEffect(() => {
    if (refused) onRefused(true);
  }, [refused, onRefused]);

  const reloadCounts = counts.reload;
  const removeRow = queue.remove;
  const onDecide = useCallback(
    async (r: AdminRegistration, next: 'approved' | 'rejected', reason: string | null) => {
      try {
        await adminSetProviderStatus(r.id, next, reason);
      } catch (e) {
        if (isNotAuthorisedError(e)) onRefused(true);
        const message = e instanceof Error ? e.message : String(e);
        const body = t('toast.saveFailedBody', { message });
        toast({ title: t('toast.saveFailedTitle'), description: body, variant: 'destructive' });
        announce(t('toast.statusLine', { title: t('toast.saveFailedTitle'), body }));
        return false;
      }
      const done =
        next === 'approved'
          ? { title: t('toast.approvedTitle'), description: t('toast.approvedBody', { name: r.name }) }
          : { title: t('toast.rejectedTitle'), description: t('toast.rejectedBody', { name: r.name }) };
      toast(done);
      announce(t('toast.statusLine', { title: done.title, body: done.description }));
      removeRow(r.id);
      reloadCounts();
      // The card is gone: keep keyboard users in the list rather than at the top of the page.
      queueHeading.current?.focus();
      return true;
    },
    [t, removeRow, reloadCounts, onRefused, announce],
  );

  const n = (v: number) => formatNumber(v, lang);

  return (
    <>
      <StatusSummary counts={counts.data ?? null} selected={status} onSelect={setStatus} />

      <section className="admin-queue" aria-labelledby="admin-queue-title">
        <h2 id="admin-queue-title" className="admin-section-title" ref={queueHeading} tabIndex={-1}>
          {t(`queue.heading.${status}`)}
        </h2>
        <p className="admin-field__hint">
          {t('queue.newestFirst')}
          {queue.status === 'success' && rows.length > 0
            ? ` ${t('queue.showing', { shown: n(rows.length), total: n(queue.data?.total ?? 0) })}`
            : null}
        </p>
        {queue.status === 'loading' ? (
          <p role="status">{t('queue.loading')}</p>
        ) : queue.status === 'error' ? (
          <div role="alert" className="admin-error">
            <p>{t('queue.loadFailed')}</p>
            <Button variant="secondary" onClick={queue.reload}>
              {t('queue.retry')}
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <p className="admin-queue__empty">{t(`queue.empty.${status}`)}</p>
        ) : (
          <>
            <ul className="admin-queue__list">
              {rows.map((r) => (
                <li key={r.id}>
                  <RegistrationCard registration={r} duplicates={hintsOf(r.id)} onDecide={onDecide} />
                </li>
              ))}
            </ul>
            {queue.moreError ? (
              <p role="alert" className="admin-error">
                {t('queue.loadFailed')}
              </p>
            ) : null}
            {queue.hasMore ? (
              <Button
                variant="secondary"
                onClick={() => (queue.loadingMore ? undefined : queue.loadMore())}
                aria-disabled={queue.loadingMore || undefined}
                className="admin-queue__more"
              >
                {queue.loadingMore ? t('queue.loading') : t('queue.loadMore')}
              </Button>
            ) : null}
          </>
        )}
      </section>

      <ChangeRequests />
      <PhotoQueue />
    </>
  );
}
