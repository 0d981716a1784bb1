// Writes made offline (docs/offline.md): a rating, review or report that could not reach the
// server (offline, backend down) is kept in this device's localStorage (a report with the device
// token it was made with) and sent when the page is back online. Ratings and reviews go as the
// signed-in phone: while the page has no phone session they wait, kept, and the profile asks
// the visitor to sign in (outbox-send.ts). Never dropped silently: a kept write is either sent,
// or refused by the server and reported (sendOutbox's `refused`).
import { PROFILE_OUTBOX_KEY } from '@city/shared/contracts/background-tasks';
import type { ReportReason, ReportTarget } from './reports';

// Named in @city/shared's contracts: the shell starts this remote's OfflineOutbox task on any
// page while the key holds something (BACKGROUND_TASKS).
export const OUTBOX_KEY = PROFILE_OUTBOX_KEY;

export type OutboxItem =
  // deviceToken: only in items kept before ratings needed a phone (ignored: they go as the phone).
  | { id: string; kind: 'rating'; providerId: string; rating: number; deviceToken?: string; createdAt: string }
  | { id: string; kind: 'review'; providerId: string; text: string; name?: string; deviceToken?: string; createdAt: string }
  | { id: string; kind: 'report'; target: ReportTarget; reason: ReportReason; details: string; deviceToken: string; createdAt: string };

export type NewItem = OutboxItem extends infer I ? (I extends OutboxItem ? Omit<I, 'id' | 'createdAt'> : never) : never;

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

/** Tells the listeners a write was kept (outbox-keep.ts). */
export function notifyWriteKept(): void {
  for (const listener of queuedListeners) listener();
}

/** Kept ratings and reviews: they need a phone session to be sent. */
export const pendingPhoneWrites = (): OutboxItem[] => pendingWrites().filter((w) => w.kind === 'rating' || w.kind === 'review');
