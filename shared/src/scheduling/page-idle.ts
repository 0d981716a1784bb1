import { afterLoad, whenIdle } from './frames';
import { whenPageContentShown } from './page-content';

/** Longest wait for an idle period after the content and `load` (requestIdleCallback's timeout). */
export const PAGE_IDLE_TIMEOUT_MS = 3_000;
/** Where requestIdleCallback is missing (Safari): this long after the content and `load`. */
export const PAGE_IDLE_FALLBACK_MS = 200;

// Once the page has been idle, it stays "idle" for later mounts (client-side navigation back to
// a page): they still render false first, and switch on in their first effect.
let pageWasIdle = false;

/**
 * Calls `done` once the page's own content is shown (whenPageContentShown: the directory's first
 * results, a profile), the page has loaded, and the browser has then been idle; returns a cancel
 * function. For what must not compete with the page's content: the ads, the fallback language's
 * strings, the service worker. Without the first condition, a list's ads came before its first
 * cards (load and idle come before the data on a data page).
 */
export function whenPageIdle(done: () => void): () => void {
  if (pageWasIdle) {
    done();
    return () => undefined;
  }
  let cancelLoad = () => {};
  let cancelIdle = () => {};
  const cancelContent = whenPageContentShown(() => {
    cancelLoad = afterLoad(() => {
      cancelIdle = whenIdle(
        () => {
          pageWasIdle = true;
          done();
        },
        { timeoutMs: PAGE_IDLE_TIMEOUT_MS, fallbackMs: PAGE_IDLE_FALLBACK_MS },
      );
    });
  });
  return () => {
    cancelContent();
    cancelLoad();
    cancelIdle();
  };
}

/** Tests only: forget that the page was idle. */
export function resetPageIdleForTests(): void {
  pageWasIdle = false;
}
