import { useEffect } from 'react';
import { onWriteKept, pendingWrites } from '../api/outbox';

let watching = false;

/** Loads the sender (a chunk of its own) and starts it (or sends now); offline, the next `online` tries again. */
export function startOutboxNow(): void {
  import('../utils/outbox-delivery').then((delivery) => delivery.startOutbox()).catch(() => undefined);
}

function startWhenKept(): void {
  if (pendingWrites().length > 0) startOutboxNow();
}

/**
 * Ratings, reviews and reports kept offline (api/outbox.ts) are sent when the page is back
 * online, and kept ratings and reviews once the visitor signs in by phone (the sender, started
 * as soon as anything is kept, follows the session itself). Watches from the first
 * profile shown for the rest of the page's life (the visitor may come back online on another
 * page); the sender itself is downloaded only once something is kept, so the profile's first
 * render does not carry it.
 */
export function useOutbox(): void {
  useEffect(() => {
    if (watching) return;
    watching = true;
    onWriteKept(startWhenKept);
    window.addEventListener('online', startWhenKept);
    startWhenKept();
  }, []);
}
