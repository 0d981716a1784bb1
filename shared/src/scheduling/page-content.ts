/**
 * "The page's own content is on screen": the remote that draws a route's main content (the
 * directory's grid, a list's or a search's first results, a profile) says so once; what must not
 * compete with that first content (the ads remote, the fallback language's strings) waits for
 * it. Page-wide, so one copy per page (this module is part of the @city/shared singleton).
 *
 * A route whose module never says so (a static page, an older remote) is not held up forever:
 * waiters go on PAGE_CONTENT_TIMEOUT_MS after the page's `load` event.
 */

import { afterLoad, afterNextPaint } from './frames';

/** Longest wait, after `load`, for a module to say its content is shown. */
export const PAGE_CONTENT_TIMEOUT_MS = 8_000;

let shown = false;
const waiters = new Set<() => void>();

/**
 * Called by the module that draws the route's main content once it has committed it
 * (idempotent). The waiters run after the browser has painted it (the next frame), not in the
 * same task: "shown" means on screen (a page in a background tab: PAINT_WAIT_MS at most).
 */
export function markPageContentShown(): void {
  if (shown) return;
  shown = true;
  const now = [...waiters];
  waiters.clear();
  if (now.length > 0) afterNextPaint(() => now.forEach((run) => run()));
}

/** Whether the page's own content has been shown (or the wait for it has timed out). */
export function pageContentShown(): boolean {
  return shown;
}

/**
 * Calls `done` once the page's content is shown, or PAGE_CONTENT_TIMEOUT_MS after `load` if no
 * module says so; at once if that has happened. Returns a cancel function.
 */
export function whenPageContentShown(done: () => void): () => void {
  if (shown || typeof window === 'undefined') {
    done();
    return () => undefined;
  }
  let called = false;
  const run = () => {
    if (called) return;
    called = true;
    cancel();
    done();
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelLoad = () => {};
  const cancel = () => {
    waiters.delete(run);
    cancelLoad();
    if (timer !== undefined) clearTimeout(timer);
  };
  waiters.add(run);
  cancelLoad = afterLoad(() => {
    timer = setTimeout(markPageContentShown, PAGE_CONTENT_TIMEOUT_MS);
  });
  return cancel;
}

/** Tests only: back to "nothing shown yet". */
export function resetPageContentForTests(): void {
  shown = false;
  waiters.clear();
}
