import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { currentLanguage, initI18n, loadRuntimeConfig, preloadSupabase, startAuth, whenPageIdle } from '@city/shared';
import { App } from './app/app';
import {
  PRERENDER_LANGUAGE,
  PRERENDER_OFF_ATTRIBUTE,
  PRERENDER_SCOPE,
  PRERENDERED_ATTRIBUTE,
  prerenderApplies,
} from './app/prerender-scope';
import { StartupError } from './pages/startup-error';
import { BOOT_SKELETON_ID, BootSkeletonGone } from './app/boot-skeleton';
import { loadRemotesManifest, registerRemoteManifest } from './remotes/load-remote';
import { fetchOrTakeEarly, needsSupabaseAtOnce } from './remotes/startup-preload';
import { registerServiceWorker } from './app/register-sw';

/**
 * The build prerenders `/` into index.html (shell/prerender). Hydrate it when it is exactly
 * what the app renders now (the head's guard script agreed and the language is still Hindi);
 * otherwise drop it and render from scratch.
 */
function takeOverRoot(container: HTMLElement, page: ReactNode, hydrate: boolean): void {
  // The boot skeleton (the header and a loading line, shown before the app where the
  // prerendered home does not apply) goes when this first render commits.
  const app = <BootSkeletonGone>{page}</BootSkeletonGone>;
  // As a transition, the first render or hydration yields to the browser every few ms instead
  // of blocking a slow phone's main thread for hundreds of ms (a default-priority root render
  // is one task); the page is already painted (prerendered) or shows nothing else meanwhile.
  if (hydrate) {
    startTransition(() => {
      hydrateRoot(container, app, {
        // A remote deployed after the shell was built may render other markup: React then draws
        // that part on the client; worth a note in the console, not an error for the visitor.
        onRecoverableError: (error) => console.warn('[hydrate]', error),
      });
    });
    return;
  }
  if (container.hasAttribute(PRERENDERED_ATTRIBUTE)) {
    container.replaceChildren();
    container.removeAttribute(PRERENDERED_ATTRIBUTE);
  }
  // Without a skeleton (a build without the prerender step) nothing else would show meanwhile.
  if (!document.getElementById(BOOT_SKELETON_ID)) document.documentElement.removeAttribute(PRERENDER_OFF_ATTRIBUTE);
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

async function start() {
  // Pages that show data at once read it without supabase-js (public-rest) unless a session is
  // stored: then the reads go through supabase-js, which starts downloading now.
  if (needsSupabaseAtOnce(window.location.pathname, window.location.search)) preloadSupabase();
  await initI18n();
  const container = document.getElementById('root')!;
  const [config, remotes] = await Promise.all([loadRuntimeConfig('/config.json', fetchOrTakeEarly), loadRemotesManifest('/remotes.json')]);
  if (!config.ok) {
    takeOverRoot(container, <StartupError messageKey={`config.${config.failure.kind}`} detail={config.failure.detail} />, false);
    return;
  }
  if (!remotes.ok) {
    takeOverRoot(
      container,
      <StartupError
        messageKey={remotes.failure === 'missing' ? 'config.remotesMissing' : 'config.remotesInvalid'}
        detail={remotes.detail}
      />,
      false,
    );
    return;
  }
  registerRemoteManifest(remotes.manifest);
  // E.g. ratings kept offline are sent from any page, not only a profile: after idle, and in a
  // chunk of its own (nothing of it in the first render).
  whenPageIdle(() => {
    import(/* webpackChunkName: "background-tasks" */ './remotes/background-tasks')
      .then((tasks) => tasks.startBackgroundTasks())
      .catch((e: unknown) => console.warn('[tasks] not started:', e));
  });
  void startAuth();
  const hydrate =
    container.getAttribute(PRERENDERED_ATTRIBUTE) === PRERENDER_LANGUAGE &&
    !document.documentElement.hasAttribute(PRERENDER_OFF_ATTRIBUTE) &&
    currentLanguage() === PRERENDER_LANGUAGE &&
    prerenderApplies(window.location.pathname, window.location.search, PRERENDER_LANGUAGE, PRERENDER_SCOPE);
  takeOverRoot(container, <App />, hydrate);
}

void start();
// Offline-first (docs/offline.md): after load + idle, production builds only.
registerServiceWorker();
