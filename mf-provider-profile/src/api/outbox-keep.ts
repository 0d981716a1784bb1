// Keeping a write for later (the outbox, outbox.ts): in a chunk of its own with the writes
// themselves (the phone chunk, the report dialog's, the sender's), never in a profile's first
// render, which only reads what is kept.
import { ApiError } from '@city/shared';
import { notifyWriteKept, pendingWrites, saveWrites, type NewItem, type OutboxItem } from './outbox';

/** Two kept writes the newer replaces: the same provider's rating, a report of the same thing. */
const replaces = (a: NewItem, b: OutboxItem) =>
  (a.kind === 'rating' && b.kind === 'rating' && a.providerId === b.providerId) ||
  (a.kind === 'report' && b.kind === 'report' && a.target.kind === b.target.kind && a.target.id === b.target.id);

/**
 * Keeps a write for later. A rating replaces a kept rating of the same provider (the last
 * choice wins, as online), a report a kept report of the same listing or review (one per
 * device); reviews are all kept, in order. Throws when the device cannot
 * store it (the caller then reports the original failure).
 */
export function queueWrite(item: NewItem, now = new Date()): OutboxItem {
  const kept: OutboxItem = {
    ...item,
    id: `${now.getTime()}-${Math.random().toString(36).slice(2, 8)}`,
    createdAt: now.toISOString(),
  } as OutboxItem;
  const others = pendingWrites().filter((w) => !replaces(item, w));
  saveWrites([...others, kept]);
  notifyWriteKept();
  return kept;
}

/** Worth keeping for later: the server was not reached (offline, backend down, timeout). */
export const isOfflineFailure = (error: unknown) => error instanceof ApiError && error.isNetwork;

/**
 * Sends a write now (`send`), or keeps `item` for later when the server cannot be reached;
 * any other failure is the caller's to show (nothing kept). A rating sent online also drops a
 * kept older rating of the same provider (the newer choice wins).
 */
export async function keepIfOffline<T>(
  send: () => Promise<T>,
  item: NewItem,
): Promise<{ status: 'sent'; value: T } | { status: 'queued' }> {
  try {
    const value = await send();
    if (item.kind !== 'review') {
      const pending = pendingWrites();
      const rest = pending.filter((w) => !replaces(item, w));
      if (rest.length !== pending.length) saveWrites(rest);
    }
    return { status: 'sent', value };
  } catch (error) {
    if (!isOfflineFailure(error)) throw error;
    try {
      queueWrite(item);
    } catch {
      throw error; // the device cannot keep it: the original failure is shown
    }
    return { status: 'queued' };
  }
}
