import { useQuery, type Query } from '@city/shared';
import { fetchLeads, fetchListingReviews, fetchMyListings, type LeadWeek, type ListingReview, type MyListing } from '../api';

/** The signed-in provider's listings; `userId` keys them (null: not signed in, nothing loads). */
export function useMyListings(userId: string | null): Query<MyListing[]> {
  return useQuery(userId ? ['my-listings', userId] : null, ({ signal }) => fetchMyListings(signal));
}

/** The last 8 weeks of calls, chat taps and profile views of one listing. */
export function useLeads(providerId: string): Query<LeadWeek[]> {
  return useQuery(['my-leads', providerId], ({ signal }) => fetchLeads(providerId, 8, signal));
}

/** The listing's newest reviews (to reply to). */
export function useListingReviews(providerId: string | null): Query<ListingReview[]> {
  return useQuery(providerId ? ['my-listing-reviews', providerId] : null, ({ signal }) => fetchListingReviews(providerId!, signal));
}
