/**
 * The review being written, per provider, in sessionStorage (this tab only): a failed post,
 * a reload or a backend restart loses nothing. Cleared once the review is posted.
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
