import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@city/shared';
import { isNotAuthorisedError } from '../api';
import { useAnnounce } from './console-status';

/**
 * Runs an operator action: on success toasts `done` (and says it in the console's last-action line) and resolves true; on failure toasts why
 * (`explain`'s words for a refusal it knows, else the server's message; a refusal says the account may no longer be an admin) and resolves false.
 */
export function useRunAction() {
  const { t } = useTranslation('admin');
  const announce = useAnnounce();
  return useCallback(
    async (action: () => Promise<unknown>, done: string, explain?: (e: unknown) => string | null): Promise<boolean> => {
      try {
        await action();
      } catch (e) {
        const message = isNotAuthorisedError(e) ? t('notAuthorisedApi') : e instanceof Error ? e.message : String(e);
        const body = explain?.(e) ?? t('toast.saveFailedBody', { message });
        toast({ title: t('toast.saveFailedTitle'), description: body, variant: 'destructive' });
        announce(t('toast.statusLine', { title: t('toast.saveFailedTitle'), body }));
        return false;
      }
      toast({ title: done });
      announce(done);
      return true;
    },
    [t, announce],
  );
}
