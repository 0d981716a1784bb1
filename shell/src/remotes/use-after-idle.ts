import { startTransition, useEffect, useState } from 'react';
import { whenPageContentShown } from '@city/shared';

/** Longest wait for an idle period after `load` (requestIdleCallback's timeout). */
export const IDLE_TIMEOUT_MS = 3_000;
/** Where requestIdleCallback is missing (Safari): this long after `load`. */
export const FALLBACK_DELAY_MS = 200;

// Once the page has been idle, it stays "after idle" for later mounts (client-side navigation
// back to a page): they still render false first, and switch on in their first effect.
let pageWasIdle = false;

/**
 * Calls `done` once the page's own content is shown (whenPageContentShown: the directory's
 * first results, a profile), the page has loaded, and the browser has then been idle; returns
 * a cancel function. Without the first condition, a list's ads came before its first cards
 * (load and idle come before the data on a data page).
 */
export function whenPageIdle(done: () => void): () => void {
  if (pageWasIdle) {
    done();
    return () => undefined;
  }
  let cancelIdle: () => void = () => {};
  const finish = () => {
    pageWasIdle = true;
    done();
  };
  const afterLoad = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(finish, { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(finish, FALLBACK_DELAY_MS);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  const cancelContent = whenPageContentShown(() => {
    if (document.readyState === 'complete') {
      afterLoad();
      return;
    }
    window.addEventListener('load', afterLoad, { once: true });
    cancelIdle = () => window.removeEventListener('load', afterLoad);
  });
  return () => {
    cancelContent();
    cancelIdle();
  };
}

/**
 * false on the first render (and on the server, where effects do not run), true once the page
 * has fired `load` and the browser has then been idle. For what must not compete with the
 * first render (the ads popup): that content is client-only, so hydrating prerendered HTML
 * sees the same (empty) output the server produced.
 */
export function useAfterIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return;
    // As a transition: this re-renders the home page, and an urgent update reaching the
    // prerendered directory before its remote has loaded would make React throw that markup
    // away and show the loading line instead; a transition waits for the remote and hydrates.
    return whenPageIdle(() => startTransition(() => setIdle(true)));
  }, [idle]);
  return idle;
}

/** Tests only: forget that the page was idle. */
export function resetPageIdleForTests(): void {
  pageWasIdle = false;
}
