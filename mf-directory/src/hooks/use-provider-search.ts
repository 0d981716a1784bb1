import { useRef } from 'react';
import { ApiError, usePagedQuery, type PagedQuery } from '@city/shared';
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

const placeless = ({ place: _place, servesOnly: _servesOnly, ...request }: ProviderSearchRequest): ProviderSearchRequest => request;

/**
 * One page at a time of the providers matching `request` (null: nothing to fetch). A change
 * of request aborts the one in flight, and a response for anything but the latest request is
 * dropped (the shared usePagedQuery), so a slow old response never overwrites a newer one.
 *
 * Offline with a place (issue 27, "works offline for lists already seen"): the service worker
 * answers a list read with that place before (its key is the request's body, place included).
 * A list never read with that place cannot reach the server: its first page is then the same list
 * without the place (the place-less rows the worker kept, which the page showed first anyway,
 * with the shell's "offline, saved on" note), and its further pages follow without the place too,
 * never an error in place of the rows.
 */
export function useProviderSearch(request: ProviderSearchRequest | null): PagedQuery<ProviderListItem> {
  // The request (as JSON) whose first page was read without the place (its further pages are too).
  const withoutPlace = useRef<string | null>(null);
  return usePagedQuery(
    request && ['providers', request],
    async ({ signal, offset }) => {
      const read = (r: ProviderSearchRequest) =>
        searchProviders({ ...r, limit: SEARCH_PAGE_SIZE, offset, signal }).then(({ rows, total }) => ({ items: rows, total }));
      const current = request!;
      const key = JSON.stringify(current);
      if (offset > 0 && withoutPlace.current === key) return read(placeless(current));
      try {
        const answer = await read(current);
        if (offset === 0) withoutPlace.current = null;
        return answer;
      } catch (e) {
        if (!current.place || offset > 0 || signal.aborted || !(e instanceof ApiError && e.isNetwork)) throw e;
        // The place-less read failing as well (never kept) is the place-aware read's error.
        const answer = await read(placeless(current)).catch(() => Promise.reject(e));
        withoutPlace.current = key;
        return answer;
      }
    },
    // Re-read with the place after hydration: the place-less rows stay until it answers.
    { keepPreviousData: !!request?.place },
  );
}
