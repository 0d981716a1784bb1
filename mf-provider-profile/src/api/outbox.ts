// Writes made offline (docs/offline.md): a rating, review or report that could not reach the
// server (offline, backend down) is kept in this device's localStorage (a report with the device
// token it was made with) and sent when the page is back online. Ratings and reviews go as the
// signed-in phone: while the page has no phone session they wait, kept, and the profile asks
// the visitor to sign in (outbox-send.ts). Never dropped silently: a kept write is either sent,
// or refused by the server and reported (sendOutbox's `refused`).
import { ApiError } from '@city/shared';
import { PROFILE_OUTBOX_KEY } from '@city/shared/contracts/background-tasks';
import type { ReportReason, ReportTarget } from './reports';

// Named in @city/shared's contracts: the shell starts this remote's OfflineOutbox task on any
// page while the key holds something (BACKGROUND_TASKS).
export const OUTBOX_KEY = PROFILE_OUTBOX_KEY;

export type OutboxItem =
  // deviceToken: only in items kept before ratings needed a phone (ignored: they go as the phone).
  | { id: string; kind: 'rating'; providerId: string; rating: number; deviceToken?: string; createdAt: string }
  | { id: string; kind: 'review'; providerId: string; text: string; deviceToken?: string; createdAt: string }
  | { id: string; kind: 'report'; target: ReportTarget; reason: ReportReason; details: string; deviceToken: string; createdAt: string };

type NewItem = OutboxItem extends infer I ? (I extends OutboxItem ? Omit<I, 'id' | 'createdAt'> : never) : never;

/** Two kept writes the newer replaces: the same provider's rating, a report of the same thing. */
const replaces = (a: NewItem, b: OutboxItem) =>
  (a.kind === 'rating' && b.kind === 'rating' && a.providerId === b.providerId) ||
  (a.kind === 'report' && b.kind === 'report' && a.target.kind === b.target.kind && a.target.id === b.target.id);

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

export function pendingWrites(): OutboxItem[] {
  try {
    const parsed = JSON.parse(storage()?.getItem(OUTBOX_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as OutboxItem[]) : [];
  } catch {
    return [];
  }
}

export function saveWrites(items: OutboxItem[]): void {
  const s = storage();
  if (!s) throw new Error('no storage on this device');
  if (items.length === 0) s.removeItem(OUTBOX_KEY);
  else s.setItem(OUTBOX_KEY, JSON.stringify(items));
}

const queuedListeners = new Set<() => void>();

/** Called after each write kept for later (the profile then starts sending: use-outbox.ts). */
export function onWriteKept(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => void queuedListeners.delete(listener);
}

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
  for (const listener of queuedListeners) listener();
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

/** Kept ratings and reviews: they need a phone session to be sent. */
export const pendingPhoneWrites = (): OutboxItem[] => pendingWrites().filter((w) => w.kind === 'rating' || w.kind === 'review');
