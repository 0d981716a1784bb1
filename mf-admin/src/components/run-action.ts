import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@city/shared';
import { isNotAuthorisedError } from '../api';

/**
 * Runs an operator action: on success toasts `done` and resolves true; on failure toasts why
 * (the server's message; a refusal says the account may no longer be an admin) and resolves false.
 */
export function useRunAction() {
  const { t } = useTranslation('admin');
  return useCallback(
    async (action: () => Promise<unknown>, done: string): Promise<boolean> => {
      try {
        await action();
      } catch (e) {
        const message = isNotAuthorisedError(e) ? t('notAuthorisedApi') : e instanceof Error ? e.message : String(e);
        toast({ title: t('toast.saveFailedTitle'), description: t('toast.saveFailedBody', { message }), variant: 'destructive' });
        return false;
      }
      toast({ title: done });
      return true;
    },
    [t],
  );
}
