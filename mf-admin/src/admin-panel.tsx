import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, useAuth, type AdminPanelProps } from '@city/shared';
// This remote's strings, added to the page's i18n before anything here renders.
import './locales';
import { QueueSection } from './sections/queue/queue-section';
import { ReportsSection } from './sections/reports/reports-section';
import { ProvidersSection } from './sections/providers/providers-section';
import { AdsSection } from './sections/ads/ads-section';
import { StatsSection } from './sections/stats/stats-section';
import { AuditSection } from './sections/audit/audit-section';
import { OwnerEditsSection } from './sections/edits/owner-edits-section';
import { PlacesSection } from './sections/places/places-section';
import { ConsoleStatusProvider } from './components/console-status';
import './admin.css';

export const SECTIONS = ['queue', 'reports', 'providers', 'edits', 'ads', 'places', 'stats', 'audit'] as const;
export type Section = (typeof SECTIONS)[number];

/** The section named by ?tab= (the queue when none or unknown). */
export const sectionOf = (tab: string | null): Section =>
  (SECTIONS as readonly (string | null)[]).includes(tab) ? (tab as Section) : 'queue';

/**
 * /admin: the operator's console. One section at a time, chosen with links that set ?tab=
 * (a real URL: back, reload and sharing keep the section; plain links work with a keyboard).
 */
export default function AdminPanel(_props: AdminPanelProps) {
  const { t } = useTranslation(['admin', 'common']);
  const email = useAuth((s) => s.user?.email ?? '');
  const signOut = useAuth((s) => s.signOut);
  const [params] = useSearchParams();
  const section = sectionOf(params.get('tab'));
  const [signingOut, setSigningOut] = useState(false);
  const [refused, setRefused] = useState(false);
  const onRefused = useCallback((v: boolean) => setRefused((r) => r || v), []);

  const onSignOut = async () => {
    setSigningOut(true);
    await signOut();
    setSigningOut(false);
  };

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

      <nav className="admin-tabs" aria-label={t('console.nav')}>
        <ul>
          {SECTIONS.map((s) => (
            <li key={s}>
              <Link to={s === 'queue' ? '?' : `?tab=${s}`} aria-current={s === section ? 'page' : undefined} className="admin-tabs__link">
                {t(`console.tabs.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {refused ? (
        <div role="alert" className="admin-error">
          <p>{t('notAuthorisedApi')}</p>
        </div>
      ) : null}

      <ConsoleStatusProvider>
        {(status) => (
          <>
            {status}
            {section === 'queue' ? (
              <QueueSection onRefused={onRefused} />
            ) : section === 'reports' ? (
              <ReportsSection />
            ) : section === 'providers' ? (
              <ProvidersSection />
            ) : section === 'edits' ? (
              <OwnerEditsSection />
            ) : section === 'ads' ? (
              <AdsSection />
            ) : section === 'places' ? (
              <PlacesSection />
            ) : section === 'stats' ? (
              <StatsSection />
            ) : (
              <AuditSection />
            )}
          </>
        )}
      </ConsoleStatusProvider>
    </section>
  );
}
