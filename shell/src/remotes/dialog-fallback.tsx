import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@city/shared';
import { Dialog } from '@city/shared/ui/dialog';

/**
 * The fallback of a remote the visitor opened by pressing something (the registration
 * dialog): in a modal dialog, where they look, instead of in the slot far down the page.
 * Without `onRetry` it is the same dialog while a retry loads (no Retry to press twice).
 */
export default function DialogFallback({ remote, onRetry, onClose }: { remote: string; onRetry?: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const retry = useRef<HTMLButtonElement>(null);
  // Runs after the Dialog's own effect (children's effects run first) has opened it: the
  // action the message asks for gets the focus, not the close button before it.
  useEffect(() => retry.current?.focus(), []);
  return (
    <Dialog open onClose={onClose} title={t('remote.failedTitle')} closeLabel={t('remote.close')} className="remote-fallback-dialog">
      {onRetry ? (
        <div role="alert" data-remote-fallback={remote}>
          <p>{t('remote.failedBody')}</p>
          <Button ref={retry} onClick={onRetry}>
            {t('remote.retry')}
          </Button>
        </div>
      ) : (
        <p className="remote-loading" role="status">
          {t('remote.loading')}
        </p>
      )}
    </Dialog>
  );
}
