import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@city/shared';
import { loadPhoneChunk } from '../api/session';

type PanelModule = typeof import('../phone-chunk');
let loaded: PanelModule | null = null;

/**
 * Downloads the phone panel (phone-panel.tsx, with the code step and its strings, in the phone
 * chunk): never on an anonymous visitor's first render. Starting it early (the review box
 * focused) saves the wait when the visitor sends.
 */
const loadPhonePanel = (): Promise<PanelModule> => loadPhoneChunk().then((m) => (loaded = m));

/**
 * The panel once `wanted`: its module, or while it downloads a line saying so, and after a failed
 * download (offline) why, with a retry (a new import: React.lazy would keep the failure).
 */
export function usePhonePanel(wanted: boolean): { panel: PanelModule | null; fallback: ReactNode } {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation('common');
  const [panel, setPanel] = useState(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || panel || failed) return;
    let live = true;
    loadPhonePanel().then(
      (m) => live && setPanel(m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [wanted, panel, failed]);
  const fallback =
    !wanted || panel ? null : failed ? (
      <div className="provider-profile__load-failed">
        <p role="alert">{tc('remote.failedTitle')}</p>
        <Button variant="secondary" onClick={() => setFailed(false)}>
          {t('retry')}
        </Button>
      </div>
    ) : (
      <p role="status">{tc('remote.loading')}</p>
    );
  return { panel, fallback };
}
