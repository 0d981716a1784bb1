import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@city/shared';

type PanelModule = typeof import('./phone-panel');
let loaded: PanelModule | null = null;

/**
 * Downloads the phone panel (phone-panel.tsx, with the code step and its strings): a chunk of
 * its own, never on an anonymous visitor's first render. Starting it early (the review box
 * focused) saves the wait when the visitor sends.
 */
export function loadPhonePanel(): Promise<PanelModule> {
  return import('./phone-panel').then((m) => (loaded = m));
}

/**
 * The panel once `wanted`: its module, or while it downloads a line saying so, and after a failed
 * download (offline) why, with a retry (a new import: React.lazy would keep the failure).
 */
export function usePhonePanel(wanted: boolean): { panel: PanelModule | null; fallback: ReactNode } {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation('common');
  const [panel, setPanel] = useState(loaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || panel) return;
    let live = true;
    setFailed(false);
    loadPhonePanel().then(
      (m) => live && setPanel(m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [wanted, panel, attempt]);
  if (!wanted || panel) return { panel, fallback: null };
  return {
    panel: null,
    fallback: failed ? (
      <div className="provider-profile__load-failed">
        <p role="alert">{tc('remote.failedTitle')}</p>
        <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
          {t('retry')}
        </Button>
      </div>
    ) : (
      <p role="status">{tc('remote.loading')}</p>
    ),
  };
}
