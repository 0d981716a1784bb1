// Delivers what was kept offline (api/outbox.ts): sends it (api/outbox-send.ts) and tells the
// visitor, in the page's language. A chunk of its own, loaded once something is kept: by the
// profile (hooks/use-outbox.ts) or, on any other page, by the shell's OfflineOutbox task.
import { authStore, currentLanguage, ensureLanguage, i18n, isPhoneSession, toast } from '@city/shared';
// The notices' strings: on a page other than a profile this remote's namespace is not in yet.
import '../locales';
import { pendingWrites } from '../api/outbox';
import { sendOutbox } from '../api/outbox-send';

/** While writes are kept: try again this often (the backend may come back without an `online` event). */
const OUTBOX_RETRY_MS = 30_000;

/** Sends what was kept offline and tells the visitor what happened (translated, in the page's language). */
export async function deliverOutbox(): Promise<void> {
  if (pendingWrites().length === 0) return;
  const { sent, refused } = await sendOutbox();
  if (refused.length === 0 && sent.length === 0) return;
  // Started on another page (the OfflineOutbox task), this remote's English may not be in yet.
  await ensureLanguage(currentLanguage()).catch(() => undefined);
  const t = i18n.getFixedT(null, 'profile');
  const writes = sent.filter((w) => w.kind !== 'report').length;
  if (refused.length > 0) toast({ title: t('outbox.refused'), variant: 'destructive' });
  else if (writes > 0) toast({ title: t('outbox.sent', { count: writes }) });
  else {
    // Only reports: their words are the report dialog's (a chunk of its own), English included.
    await import('../locales/report');
    await ensureLanguage(currentLanguage()).catch(() => undefined);
    toast({ title: i18n.getFixedT(null, 'profileReport')('sentFromOffline') });
  }
}

let started = false;
const run = () => void deliverOutbox().catch(() => undefined);

/**
 * Sends now, on every `online` event, once the page signs in by phone (kept ratings and reviews
 * wait for that), and every OUTBOX_RETRY_MS while any are kept; the listeners once per page,
 * and on for the rest of it (the visitor may come back online, or sign in, on another page).
 */
export function startOutbox(): void {
  if (started) {
    run();
    return;
  }
  started = true;
  window.addEventListener('online', run);
  authStore.subscribe((state, before) => {
    const token = state.session?.access_token;
    if (isPhoneSession(state.session) && token !== before.session?.access_token && pendingWrites().length > 0) run();
  });
  window.setInterval(() => {
    if (pendingWrites().length > 0 && navigator.onLine !== false) run();
  }, OUTBOX_RETRY_MS);
  run();
}
