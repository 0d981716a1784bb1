import { useEffect } from 'react';
import { i18n, toast } from '@city/shared';
import { pendingWrites, sendOutbox } from '../api';

/** While writes are kept: try again this often (the backend may come back without an `online` event). */
export const OUTBOX_RETRY_MS = 30_000;

/** Sends what was kept offline and tells the visitor what happened (translated, in the page's language). */
export async function deliverOutbox(): Promise<void> {
  if (pendingWrites().length === 0) return;
  const { sent, refused } = await sendOutbox();
  const t = i18n.getFixedT(null, 'profile');
  if (refused.length > 0) toast({ title: t('outbox.refused'), variant: 'destructive' });
  else if (sent.length > 0) toast({ title: t('outbox.sent', { count: sent.length }) });
}

let started = false;

/**
 * Starts sending kept writes (api/outbox.ts) once per page, when the profile module is first
 * shown: now, on every `online` event, and every OUTBOX_RETRY_MS while any are kept. Stays on
 * after the profile is left (the visitor may come back online on another page).
 */
export function useOutbox(): void {
  useEffect(() => {
    if (started) return;
    started = true;
    const run = () => void deliverOutbox().catch(() => undefined);
    window.addEventListener('online', run);
    window.setInterval(() => {
      if (pendingWrites().length > 0 && navigator.onLine !== false) run();
    }, OUTBOX_RETRY_MS);
    run();
  }, []);
}
