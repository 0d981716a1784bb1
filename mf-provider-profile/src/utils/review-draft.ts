/**
 * The review being written, per provider, in sessionStorage (this tab only): a failed post, the
 * wait for a sign-in code, a reload or a backend restart loses nothing. Cleared once the review
 * is posted. The stars chosen while signing in are kept the same way (loadRatingDraft).
 */
export const reviewDraftKey = (providerId: string) => `city.review.draft.${providerId}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function loadReviewDraft(providerId: string): string {
  try {
    return storage()?.getItem(reviewDraftKey(providerId)) ?? '';
  } catch {
    return '';
  }
}

/** Saves the text; an empty box removes the draft. */
export function saveReviewDraft(providerId: string, text: string): void {
  try {
    if (text) storage()?.setItem(reviewDraftKey(providerId), text);
    else storage()?.removeItem(reviewDraftKey(providerId));
  } catch {
    // Quota or disabled storage: the box still works, without a draft.
  }
}

/** The stars chosen by a visitor who is confirming their mobile (sent once signed in), per provider. */
export const ratingDraftKey = (providerId: string) => `city.rating.draft.${providerId}`;

export function loadRatingDraft(providerId: string): number | null {
  try {
    const n = Number(storage()?.getItem(ratingDraftKey(providerId)) ?? NaN);
    return Number.isInteger(n) && n >= 1 && n <= 5 ? n : null;
  } catch {
    return null;
  }
}

/** Keeps the stars (null: forgets them). */
export function saveRatingDraft(providerId: string, rating: number | null): void {
  try {
    if (rating === null) storage()?.removeItem(ratingDraftKey(providerId));
    else storage()?.setItem(ratingDraftKey(providerId), String(rating));
  } catch {
    // Quota or disabled storage: the choice is still kept on the page.
  }
}
