import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, formatNumber, toast, useAuth, useLanguage, useQuery, type AdminPanelProps } from '@city/shared';
import {
  adminClickTotals,
  adminSetProviderStatus,
  adminStatusCounts,
  isNotAuthorisedError,
  type AdminProviderStatus,
  type AdminRegistration,
} from './api';
// This remote's strings, added to the page's i18n before anything here renders.
import './locales';
import { StatusSummary } from './components/status-summary';
import { RegistrationCard } from './components/registration-card';
import { ClickTotals } from './components/click-totals';
import { useRegistrations } from './hooks/use-registrations';
import './admin.css';

export const CLICK_DAYS = 30;

const loadCounts = () => adminStatusCounts();
const loadClicks = () => adminClickTotals(CLICK_DAYS);

/** /admin: the approval queue, the counts per status and the contact-click totals. */
export default function AdminPanel(_props: AdminPanelProps) {
  const { t } = useTranslation(['admin', 'common']);
  const lang = useLanguage();
  const email = useAuth((s) => s.user?.email ?? '');
  const signOut = useAuth((s) => s.signOut);
  const [status, setStatus] = useState<AdminProviderStatus>('pending');
  const [signingOut, setSigningOut] = useState(false);
  const [refused, setRefused] = useState(false);
  const queue = useRegistrations(status);
  const counts = useQuery('admin-status-counts', loadCounts);
  const clicks = useQuery(['admin-click-totals', CLICK_DAYS], loadClicks);
  const rows = queue.data?.items ?? [];
  const queueHeading = useRef<HTMLHeadingElement>(null);

  const anyRefused = refused || [queue.error, queue.moreError, counts.error, clicks.error].some(isNotAuthorisedError);

  const reloadCounts = counts.reload;
  const removeRow = queue.remove;
  const onDecide = useCallback(
    async (r: AdminRegistration, next: 'approved' | 'rejected', reason: string | null) => {
      try {
        await adminSetProviderStatus(r.id, next, reason);
      } catch (e) {
        if (isNotAuthorisedError(e)) setRefused(true);
        const message = e instanceof Error ? e.message : String(e);
        toast({ title: t('toast.saveFailedTitle'), description: t('toast.saveFailedBody', { message }), variant: 'destructive' });
        return false;
      }
      toast(
        next === 'approved'
          ? { title: t('toast.approvedTitle'), description: t('toast.approvedBody', { name: r.name }) }
          : { title: t('toast.rejectedTitle'), description: t('toast.rejectedBody', { name: r.name }) },
      );
      removeRow(r.id);
      reloadCounts();
      // The card is gone: keep keyboard users in the list rather than at the top of the page.
      queueHeading.current?.focus();
      return true;
    },
    [t, removeRow, reloadCounts],
  );

  const onSignOut = async () => {
    setSigningOut(true);
    await signOut();
    setSigningOut(false);
  };

  const n = (v: number) => formatNumber(v, lang);

  return (
    <section className="page admin-panel" aria-labelledby="admin-panel-title">
      <header className="admin-panel__header">
        <div>
          <h1 id="admin-panel-title">{t('panelTitle')}</h1>
          <p className="admin-panel__who">{t('signedInAs', { email })}</p>
        </div>
        <Button variant="secondary" onClick={() => void onSignOut()} aria-disabled={signingOut || undefined}>
          {t('common:auth.signOut')}
        </Button>
      </header>

      {anyRefused ? (
        <div role="alert" className="admin-error">
          <p>{t('notAuthorisedApi')}</p>
        </div>
      ) : null}

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
                  <RegistrationCard registration={r} onDecide={onDecide} />
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

      <ClickTotals days={CLICK_DAYS} status={clicks.status} rows={clicks.data ?? null} onRetry={clicks.reload} />
    </section>
  );
}
