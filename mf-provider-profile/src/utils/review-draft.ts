/**
 * The review being written, per provider, in sessionStorage (this tab only): a failed post, the
 * wait for a sign-in code, a reload or a backend restart loses nothing. Cleared once the review
 * is posted. The stars chosen while signing in are kept the same way (loadRatingDraft).
 */
const reviewDraftKey = (providerId: string) => `city.review.draft.${providerId}`;
/** The stars chosen by a visitor who is confirming their mobile (sent once signed in), per provider. */
const ratingDraftKey = (providerId: string) => `city.rating.draft.${providerId}`;

function load(key: string): string {
  try {
    return window.sessionStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

/** Saves the text; an empty one removes the draft. */
function save(key: string, text: string): void {
  try {
    if (text) window.sessionStorage.setItem(key, text);
    else window.sessionStorage.removeItem(key);
  } catch {
    // Quota or disabled storage: the page still works, without a draft.
  }
}

export const loadReviewDraft = (providerId: string): string => load(reviewDraftKey(providerId));
export const saveReviewDraft = (providerId: string, text: string): void => save(reviewDraftKey(providerId), text);

export function loadRatingDraft(providerId: string): number | null {
  const n = Number(load(ratingDraftKey(providerId)));
  return Number.isInteger(n) && n >= 1 && n <= 5 ? n : null;
}
/** Keeps the stars (null: forgets them). */
export const saveRatingDraft = (providerId: string, rating: number | null): void =>
  save(ratingDraftKey(providerId), rating ? String(rating) : '');
