// Sending what was kept offline (api/outbox.ts keeps it): a chunk of its own, loaded only once
// something has been kept (use-outbox.ts, or the shell's OfflineOutbox task on another page),
// so the profile's first render does not carry it.
import { ApiError } from '@city/shared';
import { isOfflineFailure, pendingWrites, saveWrites, type OutboxItem } from './outbox';
import { submitRating } from './ratings';
import { submitReview } from './reviews';

export interface OutboxResult {
  sent: OutboxItem[];
  /** Refused by the server (bad text, provider gone): removed, and to be told to the visitor. */
  refused: { item: OutboxItem; error: unknown }[];
  /** Still kept: the server was not reached, or it asked to wait (rate limit). */
  left: number;
}

let sending: Promise<OutboxResult> | null = null;

/** Sends every kept write in order, with the token it was made with; stops at the first that cannot reach the server. */
export function sendOutbox(send: (item: OutboxItem) => Promise<unknown> = sendItem): Promise<OutboxResult> {
  sending ??= (async () => {
    const result: OutboxResult = { sent: [], refused: [], left: 0 };
    for (const item of pendingWrites()) {
      try {
        await send(item);
        result.sent.push(item);
      } catch (error) {
        if (isOfflineFailure(error) || (error instanceof ApiError && error.isRateLimited)) break;
        result.refused.push({ item, error });
      }
      // Removed one at a time: a crash between two sends repeats nothing already sent.
      saveWrites(pendingWrites().filter((w) => w.id !== item.id));
    }
    result.left = pendingWrites().length;
    return result;
  })().finally(() => (sending = null));
  return sending;
}

function sendItem(item: OutboxItem): Promise<unknown> {
  switch (item.kind) {
    case 'rating':
      return submitRating(item.providerId, item.rating, item.deviceToken);
    case 'review':
      return submitReview(item.providerId, item.text, item.deviceToken);
    case 'report':
      // The report code is the report dialog's chunk, not the profile's first render.
      return import('./reports').then(({ isAlreadyReported, sendReport }) =>
        // Reported from this device meanwhile (another tab): what was kept has arrived.
        sendReport(item.target, item.reason, item.details, item.deviceToken).catch((error: unknown) => {
          if (!isAlreadyReported(error)) throw error;
        }),
      );
  }
}
