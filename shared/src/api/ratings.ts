// Ratings: one per provider per device (the database's unique key), 1..5 stars.
import { dataClient } from './client';
import { getDeviceId } from '../device/device-id';
import { ApiError, toApiError } from './errors';

export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** A provider's average (to one decimal) and how many devices rated it. */
export interface RatingSummary {
  provider_id: string;
  avg_rating: number;
  rating_count: number;
}

export const isValidRating = (value: number) => Number.isInteger(value) && value >= RATING_MIN && value <= RATING_MAX;

/**
 * This device's ratings, provider id -> stars. The spec's call (provider_id, rating by
 * device_id), optionally narrowed to some providers.
 */
export async function fetchDeviceRatings(providerIds?: readonly string[], deviceId: string = getDeviceId()): Promise<Map<string, number>> {
  const supabase = await dataClient();
  let query = supabase.from('service_ratings').select('provider_id, rating').eq('device_id', deviceId);
  if (providerIds) query = query.in('provider_id', [...providerIds]);
  const { data, error, status } = await query;
  if (error) throw toApiError(error, status);
  return new Map((data ?? []).map((r: { provider_id: string; rating: number }) => [r.provider_id, Number(r.rating)]));
}

/** This device's rating of one provider, or null if it has not rated it. */
export async function fetchDeviceRating(providerId: string, deviceId: string = getDeviceId()): Promise<number | null> {
  return (await fetchDeviceRatings([providerId], deviceId)).get(providerId) ?? null;
}

/**
 * Rates a provider from this device; rating again changes the same row
 * (upsert on provider_id + device_id). Rejects bad values without a request.
 */
export async function submitRating(providerId: string, rating: number, deviceId: string = getDeviceId()): Promise<void> {
  if (!isValidRating(rating)) throw new ApiError(`rating must be an integer from ${RATING_MIN} to ${RATING_MAX}`, '23514', 400);
  const supabase = await dataClient();
  const { error, status } = await supabase
    .from('service_ratings')
    .upsert({ provider_id: providerId, device_id: deviceId, rating }, { onConflict: 'provider_id,device_id' });
  if (error) throw toApiError(error, status);
}

/**
 * Averages of the given providers (get_average_ratings). Providers nobody rated are
 * absent from the map.
 */
export async function fetchAverageRatings(providerIds: readonly string[]): Promise<Map<string, RatingSummary>> {
  if (providerIds.length === 0) return new Map();
  const supabase = await dataClient();
  const { data, error, status } = await supabase.rpc('get_average_ratings', { p_provider_ids: [...providerIds] });
  if (error) throw toApiError(error, status);
  const rows = (data ?? []) as { provider_id: string; avg_rating: number | string; rating_count: number | string }[];
  return new Map(
    rows.map((r) => [r.provider_id, { provider_id: r.provider_id, avg_rating: Number(r.avg_rating), rating_count: Number(r.rating_count) }]),
  );
}

/** One provider's average and count; zero when nobody has rated it yet. */
export async function fetchRatingSummary(providerId: string): Promise<RatingSummary> {
  return (await fetchAverageRatings([providerId])).get(providerId) ?? { provider_id: providerId, avg_rating: 0, rating_count: 0 };
}
