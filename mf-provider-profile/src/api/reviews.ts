// Reviews: free text about a provider, newest first. Rendered as text, never as HTML.
import { REVIEWS_PAGE_SIZE, reviewsRead, sendRestRows } from '@city/shared';
import { cleanText, textLength } from '@city/shared/validation';

export { REVIEWS_PAGE_SIZE };

/** Review text bounds after cleaning (decisions section 3; the database checks them too). */
export const REVIEW_MIN_LENGTH = 1;
export const REVIEW_MAX_LENGTH = 1000;

export interface Review {
  id: string;
  provider_id: string;
  review_text: string;
  created_at: string;
}

/**
 * A review as it is sent: bidi and control characters removed (line breaks kept), invisible
 * characters and spaces trimmed from both ends. Empty when the text was blank.
 */
export const cleanReviewText = (text: string) => cleanText(text, { multiline: true });

/** Length as the database counts it (characters, not UTF-16 units), after cleaning. */
export const reviewLength = (text: string) => textLength(cleanReviewText(text));

/**
 * Why a review text cannot be posted: blank, even if it holds invisible characters (ignored,
 * per the spec), or too long; null if fine.
 */
export function reviewTextProblem(text: string): 'empty' | 'tooLong' | null {
  const n = reviewLength(text);
  if (n < REVIEW_MIN_LENGTH) return 'empty';
  if (n > REVIEW_MAX_LENGTH) return 'tooLong';
  return null;
}

/** A page of a provider's reviews, newest first (the read is declared once: reviewsRead). */
export function fetchReviews(providerId: string, page: { offset?: number; limit?: number } = {}): Promise<Review[]> {
  return sendRestRows<Review>(reviewsRead(providerId, page));
}
