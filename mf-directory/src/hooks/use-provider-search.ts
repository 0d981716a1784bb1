import { useRef } from 'react';
import { usePagedQuery, type PagedQuery } from '@city/shared';
import { searchProviders, SEARCH_PAGE_SIZE, type ProviderListItem, type ProviderSort, type VerifiedFilter } from '../api';

export interface ProviderSearchRequest {
  query: string;
  /** p_category value, or null for a search across all categories. */
  category: string | null;
  minRating: number;
  verified: VerifiedFilter;
  available: boolean;
  sort: ProviderSort;
  /** The visitor's place (issue 27): who serves it first; null or absent for none. */
  place?: { kind: string; code: string } | null;
  /** With a place: only who serves it. */
  servesOnly?: boolean;
}

/**
 * One page at a time of the providers matching `request` (null: nothing to fetch). A change
 * of request aborts the one in flight, and a response for anything but the latest request is
 * dropped (the shared usePagedQuery), so a slow old response never overwrites a newer one.
 *
 * With the visitor's place, offline too: read-near-place.ts.
 */
export function useProviderSearch(request: ProviderSearchRequest | null): PagedQuery<ProviderListItem> {
  // The request (as JSON) whose first page was read without the place (its further pages are too).
  const withoutPlace = useRef<string | null>(null);
  return usePagedQuery(
    request && ['providers', request],
    async ({ signal, offset }) => {
      const read = (r: ProviderSearchRequest) =>
        searchProviders({ ...r, limit: SEARCH_PAGE_SIZE, offset, signal }).then(({ rows, total }) => ({ items: rows, total }));
      if (!request!.place) return read(request!);
      const { readNearPlace } = await import(/* webpackChunkName: "near-place" */ './read-near-place');
      return readNearPlace(request!, offset, signal, read, withoutPlace);
    },
    // Re-read with the place after hydration: the place-less rows stay until it answers.
    { keepPreviousData: !!request?.place },
  );
}
