// Ratings: one per provider per signed-in phone, 1..5 stars (migration 0011: a person, not a
// device, carries weight). rate_provider and my_ratings take the phone from the session's JWT,
// never a parameter, and never return it. A device's ratings from before (get_device_ratings,
// keyed by its secret token) are shown as history to a visitor who is not signed in. Nobody can
// read the ratings table itself.
import { averageRatingsRead, getDeviceToken, sendRest } from '@city/shared';

export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** A provider's average (to one decimal) and how many people (and devices, before) rated it. */
export interface RatingSummary {
  provider_id: string;
  avg_rating: number;
  rating_count: number;
}

export const isValidRating = (value: number) => Number.isInteger(value) && value >= RATING_MIN && value <= RATING_MAX;

/**
 * This device's ratings, provider id -> stars (get_device_ratings), optionally narrowed to
 * some providers. Reads (this one and the averages, declared once: averageRatingsRead) go
 * without supabase-js when there is no session (sendRest): they are on the profile's first render.
 */
export async function fetchDeviceRatings(
  providerIds?: readonly string[],
  deviceToken: string = getDeviceToken(),
): Promise<Map<string, number>> {
  if (providerIds && providerIds.length === 0) return new Map();
  const args = { p_device_token: deviceToken, ...(providerIds ? { p_provider_ids: [...providerIds] } : {}) };
  const data = await sendRest<unknown>({ rpc: 'get_device_ratings', args });
  const rows = (Array.isArray(data) ? data : []) as { provider_id: string; rating: number | string }[];
  return new Map(rows.map((r) => [r.provider_id, Number(r.rating)]));
}

/** This device's rating of one provider, or null if it has not rated it. */
export async function fetchDeviceRating(providerId: string, deviceToken: string = getDeviceToken()): Promise<number | null> {
  return (await fetchDeviceRatings([providerId], deviceToken)).get(providerId) ?? null;
}

/**
 * Averages of the given providers (get_average_ratings). Providers nobody rated are
 * absent from the map.
 */
export async function fetchAverageRatings(providerIds: readonly string[]): Promise<Map<string, RatingSummary>> {
  if (providerIds.length === 0) return new Map();
  const data = await sendRest<unknown>(averageRatingsRead(providerIds));
  const rows = (data ?? []) as { provider_id: string; avg_rating: number | string; rating_count: number | string }[];
  return new Map(
    rows.map((r) => [
      r.provider_id,
      { provider_id: r.provider_id, avg_rating: Number(r.avg_rating), rating_count: Number(r.rating_count) },
    ]),
  );
}

/** One provider's average and count; zero when nobody has rated it yet. */
export async function fetchRatingSummary(providerId: string): Promise<RatingSummary> {
  return (await fetchAverageRatings([providerId])).get(providerId) ?? { provider_id: providerId, avg_rating: 0, rating_count: 0 };
}
