// Sending what was kept offline (api/outbox.ts keeps it): a chunk of its own, loaded only once
// something has been kept (use-outbox.ts, or the shell's OfflineOutbox task on another page),
// so the profile's first render does not carry it.
import { ApiError } from '@city/shared';
import { pendingWrites, saveWrites, type OutboxItem } from './outbox';
import { isOfflineFailure } from './outbox-keep';
import { submitRating, submitReview } from './as-phone';
import { hasPhoneSession, needsPhoneSignIn } from './session';

export interface OutboxResult {
  sent: OutboxItem[];
  /** Refused by the server (bad text, provider gone): removed, and to be told to the visitor. */
  refused: { item: OutboxItem; error: unknown }[];
  /** Still kept: the server was not reached, or it asked to wait (rate limit), or a phone session is needed. */
  left: number;
  /** Ratings and reviews kept because the page has no (valid) phone session: they go once signed in. */
  waitingForSignIn: number;
}

let sending: Promise<OutboxResult> | null = null;

const needsPhone = (item: OutboxItem) => item.kind === 'rating' || item.kind === 'review';

/**
 * Sends every kept write in order (a report with the token it was made with, a rating or review
 * as the signed-in phone); stops at the first that cannot reach the server. Without a phone
 * session, ratings and reviews are not sent and stay kept (a 42501 answer: the same).
 */
export function sendOutbox(send: (item: OutboxItem) => Promise<unknown> = sendItem): Promise<OutboxResult> {
  sending ??= (async () => {
    const result: OutboxResult = { sent: [], refused: [], left: 0, waitingForSignIn: 0 };
    let signedIn = hasPhoneSession();
    for (const item of pendingWrites()) {
      if (needsPhone(item) && !signedIn) {
        result.waitingForSignIn += 1;
        continue;
      }
      try {
        await send(item);
        result.sent.push(item);
      } catch (error) {
        if (isOfflineFailure(error) || (error instanceof ApiError && error.isRateLimited)) break;
        if (needsPhone(item) && needsPhoneSignIn(error)) {
          // The session expired: this one and the next wait for a new sign-in.
          signedIn = false;
          result.waitingForSignIn += 1;
          continue;
        }
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
      return submitRating(item.providerId, item.rating);
    case 'review':
      return item.name ? submitReview(item.providerId, item.text, item.name) : submitReview(item.providerId, item.text);
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
