/**
 * Registers the service worker (shell/sw, docs/offline.md): production builds only (never the
 * dev server, whose files change under it), after the page has loaded and been idle, so it
 * adds nothing to the first render. Any failure (no support, blocked, a broken /sw.js) leaves
 * the site as it is without one: a warning in the console, nothing for the visitor.
 */
import { whenPageIdle } from '@city/shared';

const SERVICE_WORKER_URL = '/sw.js';

export function registerServiceWorker(
  nav: Pick<Navigator, 'serviceWorker'> | undefined = typeof navigator === 'undefined' ? undefined : navigator,
  production = process.env.NODE_ENV === 'production',
): void {
  if (!production || !nav || !('serviceWorker' in nav) || !nav.serviceWorker) return;
  whenPageIdle(() => {
    nav.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch((e: unknown) => console.warn('[sw] not registered:', e));
  });
}
