/**
 * The browser's own moments, without state: after the next frame is painted, when the main
 * thread is idle, after `load`. Stateless, so the shell's entry chunk bundles this file
 * (`@city/shared/scheduling/frames`) before the shared singleton exists; what keeps page-wide
 * state (page-content.ts, page-idle.ts) lives in the singleton.
 */

/** Longest wait for a frame: a page opened in a background tab gets none. */
export const PAINT_WAIT_MS = 100;

/**
 * Calls `run` once, in a task after the browser has painted its next frame (or after
 * `maxWaitMs` without a frame). A rAF callback runs just before a frame is painted; a task
 * queued from it runs after.
 */
export function afterNextPaint(run: () => void, maxWaitMs = PAINT_WAIT_MS): void {
  let ran = false;
  const once = () => {
    if (ran) return;
    ran = true;
    run();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, maxWaitMs);
}

export interface IdleOptions {
  /** Longest wait for an idle period (requestIdleCallback's timeout). */
  timeoutMs: number;
  /** Where requestIdleCallback is missing (Safari): this long instead. */
  fallbackMs: number;
}

/** Calls `run` when the browser is next idle; returns a cancel function. */
export function whenIdle(run: () => void, { timeoutMs, fallbackMs }: IdleOptions): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => run(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, fallbackMs);
  return () => window.clearTimeout(timer);
}

/** Calls `run` once the page has fired `load` (at once if it has); returns a cancel function. */
export function afterLoad(run: () => void): () => void {
  if (document.readyState === 'complete') {
    run();
    return () => undefined;
  }
  window.addEventListener('load', run, { once: true });
  return () => window.removeEventListener('load', run);
}
