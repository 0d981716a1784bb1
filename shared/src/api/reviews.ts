// Reviews: free text about a provider, newest first. Rendered as text, never as HTML.
import { dataClient } from './client';
import { ApiError, toApiError } from './errors';

/** Review text bounds after trimming (decisions section 3; the database checks them too). */
export const REVIEW_MIN_LENGTH = 1;
export const REVIEW_MAX_LENGTH = 1000;
export const REVIEWS_PAGE_SIZE = 20;

export interface Review {
  id: string;
  provider_id: string;
  review_text: string;
  created_at: string;
}

/** Length as the database counts it (characters, not UTF-16 units), after trimming. */
export const reviewLength = (text: string) => [...text.trim()].length;

/** Why a review text cannot be posted: blank (ignored, per the spec) or too long; null if fine. */
export function reviewTextProblem(text: string): 'empty' | 'tooLong' | null {
  const n = reviewLength(text);
  if (n < REVIEW_MIN_LENGTH) return 'empty';
  if (n > REVIEW_MAX_LENGTH) return 'tooLong';
  return null;
}

/** A page of a provider's reviews, newest first. */
export async function fetchReviews(providerId: string, { offset = 0, limit = REVIEWS_PAGE_SIZE }: { offset?: number; limit?: number } = {}): Promise<Review[]> {
  const supabase = await dataClient();
  const { data, error, status } = await supabase
    .from('reviews')
    .select('*')
    .eq('provider_id', providerId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(offset, offset + limit - 1);
  if (error) throw toApiError(error, status);
  return (data ?? []) as Review[];
}

/** Posts a review (trimmed) and returns the stored row. Bad text is refused without a request. */
export async function submitReview(providerId: string, text: string): Promise<Review> {
  const problem = reviewTextProblem(text);
  if (problem) throw new ApiError(`review text is ${problem === 'empty' ? 'empty' : 'too long'}`, '23514', 400);
  const supabase = await dataClient();
  const { data, error, status } = await supabase
    .from('reviews')
    .insert({ provider_id: providerId, review_text: text.trim() })
    .select()
    .single();
  if (error) throw toApiError(error, status);
  return data as Review;
}
