// Reviews: free text about a provider, newest first. Rendered as text, never as HTML.
import { canReadAnonymously, cleanText, dataClient, publicSelect, textLength, toApiError } from '@city/shared';

/** Review text bounds after cleaning (decisions section 3; the database checks them too). */
export const REVIEW_MIN_LENGTH = 1;
export const REVIEW_MAX_LENGTH = 1000;
export const REVIEWS_PAGE_SIZE = 20;

export interface Review {
  id: string;
  provider_id: string;
  review_text: string;
  created_at: string;
}

/** The columns of a review the public reads (named: a new column is not public by default). */
const REVIEW_COLUMNS = 'id, provider_id, review_text, created_at';

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

/** A page of a provider's reviews, newest first (without a session, a plain anonymous GET). */
export async function fetchReviews(
  providerId: string,
  { offset = 0, limit = REVIEWS_PAGE_SIZE }: { offset?: number; limit?: number } = {},
): Promise<Review[]> {
  if (canReadAnonymously()) {
    return publicSelect<Review>('reviews', {
      select: REVIEW_COLUMNS.replace(/\s+/g, ''),
      provider_id: `eq.${providerId}`,
      order: 'created_at.desc,id.desc',
      offset: String(offset),
      limit: String(limit),
    });
  }
  const supabase = await dataClient();
  const { data, error, status } = await supabase
    .from('reviews')
    .select(REVIEW_COLUMNS)
    .eq('provider_id', providerId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(offset, offset + limit - 1);
  if (error) throw toApiError(error, status);
  return (data ?? []) as Review[];
}
