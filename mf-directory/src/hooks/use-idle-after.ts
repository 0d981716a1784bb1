import { useEffect, useState } from 'react';

/** Longest wait for an idle moment once ready (requestIdleCallback's timeout). */
const IDLE_TIMEOUT_MS = 1_000;
/** Where requestIdleCallback is missing (Safari): this long after ready. */
const FALLBACK_DELAY_MS = 100;

/**
 * false until `ready` has been true and the browser has then been idle (or a short while has
 * passed): for a download that must not compete with what just rendered (a list's first
 * cards paint before the catalogue's descriptions are asked for). Stays true once true.
 */
export function useIdleAfter(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    const done = () => setIdle(true);
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(done, FALLBACK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [ready, idle]);
  return idle;
}
