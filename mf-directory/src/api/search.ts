// The directory's queries: category lists and provider search, one page at a time, filtered
// and sorted by the database (rpc search_providers, supabase/migrations/0003). The request is
// declared in @city/shared (contracts/page-reads.ts, searchProvidersRead) because the serving
// layer answers the same first read in the page's HTML; this module sends it and shapes rows.
import { DEFAULT_FILTERS, searchProvidersRead, sendRest, type ProviderFields, type ProviderSort, type VerifiedFilter } from '@city/shared';

export {
  MAX_SEARCH_QUERY_LENGTH,
  normaliseMinRating,
  normaliseSearchQuery,
  PROVIDER_SORTS,
  SEARCH_PAGE_SIZE,
  VERIFIED_FILTERS,
  type ProviderSort,
  type VerifiedFilter,
} from '@city/shared';

/** p_category value that lists the free-text 'OTHERS: ...' providers. */
export const OTHERS_CATEGORY_FILTER = 'OTHERS';

/** One approved provider as a list card needs it. */
export interface ProviderListItem extends ProviderFields {
  /** Average of the ratings, one decimal; 0 when unrated. */
  avg_rating: number;
  rating_count: number;
  /** The provider's place by name (migration 0022); null without one. Optional: older servers. */
  place_name_en?: string | null;
  place_name_hi?: string | null;
  /** With the visitor's place: they serve it (own place, nearby, tehsil or list). */
  serves_visitor?: boolean;
  /** With the visitor's place: km between the two centres; null when either is unknown. */
  distance_km?: number | null;
}

export interface SearchProvidersParams {
  /** Free text: name, business name, mobile number or category, Hindi/English/Hinglish. */
  query?: string;
  /** A stored category value, or OTHERS_CATEGORY_FILTER. */
  category?: string | null;
  /** 0 to 5 in steps of 0.5; 0 means no minimum. */
  minRating?: number;
  verified?: VerifiedFilter;
  /** Only providers not on leave today (Asia/Kolkata). */
  available?: boolean;
  sort?: ProviderSort;
  limit?: number;
  offset?: number;
  /** Aborts the request (a newer search superseded it). */
  signal?: AbortSignal;
  /** The visitor's place (issue 27): who serves it first, by distance. */
  place?: { kind: string; code: string } | null;
  /** With a place: only who serves it. */
  servesOnly?: boolean;
}

export interface SearchProvidersResult {
  rows: ProviderListItem[];
  /** All matching providers, not just this page. */
  total: number;
}

interface SearchRow extends Omit<ProviderListItem, 'avg_rating' | 'rating_count'> {
  avg_rating: number | string | null;
  rating_count: number | string | null;
  total_count: number | string | null;
}

/**
 * One page of approved providers matching the query and filters, with the total count.
 * Blank text means no text filter (a category list). Throws ApiError on failure.
 */
export async function searchProviders(params: SearchProvidersParams): Promise<SearchProvidersResult> {
  const offset = Math.max(0, Math.floor(params.offset ?? 0));
  const target = searchProvidersRead({
    query: params.query ?? '',
    category: params.category ?? null,
    minRating: params.minRating ?? DEFAULT_FILTERS.minRating,
    verified: params.verified ?? DEFAULT_FILTERS.verified,
    sort: params.sort ?? DEFAULT_FILTERS.sort,
    available: params.available ?? DEFAULT_FILTERS.available,
    ...(params.limit !== undefined ? { limit: params.limit } : {}),
    offset,
    ...(params.place ? { place: { kind: params.place.kind, code: params.place.code }, servesOnly: !!params.servesOnly } : {}),
  });
  // Without a session, a plain POST (supabase-js, 57 KiB, is then not on the list's or search's
  // first render), answered by the first HTML when the serving layer read the same.
  const data = await sendRest<unknown>(target, params.signal ? { signal: params.signal } : {});
  const raw = (Array.isArray(data) ? data : []) as SearchRow[];
  const rows = raw.map(({ total_count: _total, avg_rating, rating_count, distance_km, ...rest }) => ({
    ...rest,
    avg_rating: Number(avg_rating ?? 0) || 0,
    rating_count: Number(rating_count ?? 0) || 0,
    ...(distance_km !== undefined ? { distance_km: distance_km === null ? null : Number(distance_km) } : {}),
  }));
  // Every row carries the total; an empty page past the end means nothing more.
  const total = raw.length > 0 ? Number(raw[0]!.total_count ?? 0) || offset + raw.length : offset;
  return { rows, total };
}
