import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Announce = (message: string) => void;

const AnnounceContext = createContext<Announce>(() => {});

/**
 * The console's last-action line: every operator action says here what it did (besides the
 * toast, which closes after a few seconds). A polite live region that stays mounted, so screen
 * readers announce each new message, and the operator can read it again after the toast is gone.
 */
export function ConsoleStatusProvider({ children }: { children: (status: ReactNode) => ReactNode }) {
  const { t } = useTranslation('admin');
  const [message, setMessage] = useState('');
  const announce = useCallback<Announce>((m) => setMessage(m), []);
  const status = (
    <p role="status" aria-label={t('console.lastAction')} className={message ? 'admin-status' : 'admin-status admin-status--empty'}>
      {message}
    </p>
  );
  return <AnnounceContext.Provider value={announce}>{children(status)}</AnnounceContext.Provider>;
}

/** Says what an action did in the console's last-action line (no-op outside the console). */
export const useAnnounce = () => useContext(AnnounceContext);
