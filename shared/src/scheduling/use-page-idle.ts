import { startTransition, useEffect, useState } from 'react';
import { whenPageIdle } from './page-idle';

/**
 * false on the first render (and on the server, where effects do not run), true once
 * whenPageIdle has called back. For what must not compete with the first render (the ads
 * popup): that content is client-only, so hydrating prerendered HTML sees the same (empty)
 * output the server produced.
 */
export function usePageIdle(): boolean {
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
