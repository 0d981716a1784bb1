import { fetchDeviceRating, fetchReviews, type Review } from '../api';

/**
 * The profile starts the reviews and this device's rating requests together with the
 * provider's, instead of after it (one round trip less on a slow phone network). A section
 * takes its prefetched answer once; later loads go to the network.
 */
const reviews = new Map<string, Promise<Review[]>>();
const ratings = new Map<string, Promise<number | null>>();

function keep<T>(map: Map<string, Promise<T>>, id: string, load: () => Promise<T>) {
  if (map.has(id)) return;
  const p = load();
  p.catch(() => undefined); // unused when the provider turns out not to exist
  map.set(id, p);
}

function take<T>(map: Map<string, Promise<T>>, id: string, load: () => Promise<T>): Promise<T> {
  const p = map.get(id);
  map.delete(id);
  return p ?? load();
}

export function prefetchProfileData(providerId: string): void {
  keep(reviews, providerId, () => fetchReviews(providerId));
  keep(ratings, providerId, () => fetchDeviceRating(providerId));
}

export const firstReviewsPage = (providerId: string) => take(reviews, providerId, () => fetchReviews(providerId));
export const initialDeviceRating = (providerId: string) => take(ratings, providerId, () => fetchDeviceRating(providerId));

/** Drops prefetched answers that no section took (the profile went away first). */
export function forgetProfileData(providerId: string): void {
  reviews.delete(providerId);
  ratings.delete(providerId);
}
