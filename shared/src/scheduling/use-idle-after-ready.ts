import { useEffect, useState } from 'react';
import { whenIdle, type IdleOptions } from './frames';

/** A short wait: what follows is small and the page is already shown. */
const SOON: IdleOptions = { timeoutMs: 1_000, fallbackMs: 100 };

/**
 * false until `ready` has been true and the browser has then been idle (or a short while has
 * passed): for a download that must not compete with what just rendered (a list's first cards
 * paint before the catalogue's descriptions are asked for). Stays true once true.
 */
export function useIdleAfterReady(ready: boolean, options: IdleOptions = SOON): boolean {
  const [idle, setIdle] = useState(false);
  const { timeoutMs, fallbackMs } = options;
  useEffect(() => {
    if (!ready || idle) return;
    return whenIdle(() => setIdle(true), { timeoutMs, fallbackMs });
  }, [ready, idle, timeoutMs, fallbackMs]);
  return idle;
}
