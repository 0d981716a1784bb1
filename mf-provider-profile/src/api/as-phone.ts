// The calls made as the signed-in phone (migration 0011): rating, this phone's ratings, posting
// a review. A chunk of its own (loadPhoneCalls in session.ts): an anonymous visitor's first
// render of a profile never carries it; it loads on the first tap or send, or with a session.
import { ApiError, dataClient, toApiError } from '@city/shared';
import { keepIfOffline } from './outbox-keep';
import { isValidRating, RATING_MAX, RATING_MIN } from './ratings';
import { cleanReviewerName, cleanReviewText, reviewerNameOk, reviewTextProblem, type Review } from './reviews';

/**
 * Rates a provider as the signed-in phone (rate_provider); rating again replaces that phone's
 * rating. Rejects bad values without a request. Without a phone session the database answers
 * 42501 (needsPhoneSignIn).
 */
export async function submitRating(providerId: string, rating: number): Promise<void> {
  if (!isValidRating(rating)) throw new ApiError(`rating must be an integer from ${RATING_MIN} to ${RATING_MAX}`, '23514', 400, 'rating');
  const supabase = await dataClient();
  const { error, status } = await supabase.rpc('rate_provider', { p_provider_id: providerId, p_rating: rating });
  if (error) throw toApiError(error, status);
}

/** The signed-in phone's ratings, provider id -> stars (my_ratings), narrowed to some providers. */
export async function fetchMyRatings(providerIds: readonly string[]): Promise<Map<string, number>> {
  if (providerIds.length === 0) return new Map();
  const supabase = await dataClient();
  const { data, error, status } = await supabase.rpc('my_ratings', { p_provider_ids: [...providerIds] });
  if (error) throw toApiError(error, status);
  const rows = (Array.isArray(data) ? data : []) as { provider_id: string; rating: number | string }[];
  return new Map(rows.map((r) => [r.provider_id, Number(r.rating)]));
}

/** The signed-in phone's rating of one provider, or null if it has not rated it. */
export async function fetchMyRating(providerId: string): Promise<number | null> {
  return (await fetchMyRatings([providerId])).get(providerId) ?? null;
}

/**
 * Posts a review (cleaned) as the signed-in phone through add_review and returns the stored
 * row. Bad text is refused without a request. Without a phone session the database answers
 * 42501 (needsPhoneSignIn); more than 10 a day from one phone, PT429.
 */
export async function submitReview(providerId: string, text: string, name?: string): Promise<Review> {
  const problem = reviewTextProblem(text);
  if (problem) throw new ApiError(`review text is ${problem === 'empty' ? 'empty' : 'too long'}`, '23514', 400, 'review_text');
  if (name !== undefined && !reviewerNameOk(name))
    throw new ApiError('reviewer name is not 2 to 40 letters', '23514', 400, 'reviewer_name');
  const reviewerName = cleanReviewerName(name ?? '');
  const supabase = await dataClient();
  const { data, error, status } = await supabase.rpc('add_review', {
    p_provider_id: providerId,
    p_review_text: cleanReviewText(text),
    // Sent only with a name: the call is the same as before otherwise.
    ...(reviewerName ? { p_reviewer_name: reviewerName } : {}),
  });
  if (error) throw toApiError(error, status);
  // A function returning one row answers with the row itself; accept a one-row list as well.
  const row = (Array.isArray(data) ? data[0] : data) as Review | null | undefined;
  if (!row || typeof row.id !== 'string') throw new ApiError('add_review returned no row', 'unknown', status);
  return {
    id: row.id,
    provider_id: row.provider_id,
    review_text: row.review_text,
    created_at: row.created_at,
    reviewer_name: row.reviewer_name ?? null,
    rating: row.rating ?? null,
    reply_text: row.reply_text ?? null,
    replied_at: row.replied_at ?? null,
  };
}

/** Rates now (as the signed-in phone), or keeps the rating for later. */
export const submitRatingOrKeep = (providerId: string, rating: number) =>
  keepIfOffline(() => submitRating(providerId, rating), { kind: 'rating', providerId, rating });

/** Posts a review now (the stored row as `value`), or keeps it for later. */
export const submitReviewOrKeep = (providerId: string, text: string, name?: string) =>
  keepIfOffline(() => submitReview(providerId, text, ...(name ? [name] : [])), {
    kind: 'review',
    providerId,
    text,
    ...(name ? { name } : {}),
  });
