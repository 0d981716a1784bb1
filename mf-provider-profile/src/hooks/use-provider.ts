import { useQuery, type Query } from '@city/shared';
import { fetchProvider, fetchRatingSummary, type Provider, type RatingSummary } from '../api';

/** The provider; `data` is null when the id is unknown or not approved ('error': network trouble). */
export function useProvider(providerId: string): Query<Provider | null> {
  return useQuery(['provider', providerId], () => fetchProvider(providerId));
}

/**
 * Average and count of a provider's ratings; reload() after this device rates. A loading
 * failure leaves the last known value (the spec leaves rating loading errors unhandled:
 * nothing to tell the visitor).
 */
export function useRatingSummary(providerId: string): Query<RatingSummary> {
  return useQuery(['rating-summary', providerId], () => fetchRatingSummary(providerId));
}
