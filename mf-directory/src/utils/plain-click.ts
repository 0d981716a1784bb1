import type { MouseEvent } from 'react';

/** A plain left click (no modifier): the app handles it; any other click (new tab...) is the link's. */
export function isPlainClick(e: MouseEvent): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}
