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
  /** The first name its writer chose (null: shown as "A visitor"). Migration 0015. */
  reviewer_name?: string | null;
  /** The stars of the writer's rating of this provider, if that phone rated it. */
  rating?: number | null;
  /** The provider's reply, while shown, and when it was written. */
  reply_text?: string | null;
  replied_at?: string | null;
}

/**
 * A reviewer's first name: letters only (Latin and Devanagari letters and signs, not digits or
 * dandas), 2..40 of them; the database checks the same (reviews_reviewer_name_check).
 */
// eslint-disable-next-line no-misleading-character-class -- a range of code points, as the database's check, not a glyph
const REVIEWER_NAME = /^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u0900-\u0963\u0971-\u097F]{2,40}$/u;

/** The name as sent: cleaned like any line of text ('' when blank: no name). */
export const cleanReviewerName = (name: string) => cleanText(name);

/** Whether a typed first name can be sent (blank is fine: "A visitor"). */
export const reviewerNameOk = (name: string) => {
  const n = cleanReviewerName(name);
  return n === '' || REVIEWER_NAME.test(n);
};

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
