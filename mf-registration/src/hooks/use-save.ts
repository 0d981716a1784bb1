import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@city/shared';
import type { WriteResult } from '../api';
import { writeErrorText } from '../utils/sign-in-message';

/**
 * One save of a /my-listing form: ignores a second press while one is pending, says the
 * outcome in a toast and in the form (`message`, shown in a live region), and calls
 * `onSaved` so the page shows what the database now holds.
 */
export function useSave(onSaved: () => void) {
  const { t } = useTranslation('registration');
  const { t: tc } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const inFlight = useRef(false);

  const save = useCallback(
    async (
      write: () => Promise<WriteResult<unknown>>,
      savedText: string,
      /** A failure the form shows beside a field as well (e.g. a phone number in the business name). */
      onFailure?: (failure: Extract<WriteResult<unknown>, { ok: false }>) => void,
    ): Promise<boolean> => {
      if (inFlight.current) return false;
      inFlight.current = true;
      setBusy(true);
      try {
        const result = await write();
        if (!result.ok) {
          const text = writeErrorText(result, t);
          setMessage({ tone: 'error', text });
          toast({ title: tc('errors.errorTitle'), description: text, variant: 'destructive' });
          onFailure?.(result);
          return false;
        }
        setMessage({ tone: 'ok', text: savedText });
        toast({ title: t('myListing.savedTitle'), description: savedText });
        onSaved();
        return true;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [t, tc, onSaved],
  );

  return { busy, message, setMessage, save };
}
