// The directory's queries: category lists and provider search, one page at a time, filtered
// and sorted by the database (rpc search_providers, supabase/migrations/0003). Owned by this
// remote, so a new query ships with it, without redeploying the shell.
import { dataClient, toApiError, type ProviderFields } from '@city/shared';

/** Sort orders the database knows (spec section 4). */
export const PROVIDER_SORTS = ['rating_desc', 'newly_added'] as const;
export type ProviderSort = (typeof PROVIDER_SORTS)[number];

/** Verified filter (spec section 9); 'unverified' is the spec's non-verified. */
export const VERIFIED_FILTERS = ['all', 'verified', 'unverified'] as const;
export type VerifiedFilter = (typeof VERIFIED_FILTERS)[number];

/** p_category value that lists the free-text 'OTHERS: ...' providers. */
export const OTHERS_CATEGORY_FILTER = 'OTHERS';

/** Rows per page of a category list or search. */
export const SEARCH_PAGE_SIZE = 20;

/** Longest query sent; the database cuts at 100 characters as well. */
export const MAX_SEARCH_QUERY_LENGTH = 100;

/** One approved provider as a list card needs it. */
export interface ProviderListItem extends ProviderFields {
  /** Average of the ratings, one decimal; 0 when unrated. */
  avg_rating: number;
  rating_count: number;
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

/** The query as sent: control characters and runs of spaces collapsed, trimmed, cut. */
export function normaliseSearchQuery(query: string | null | undefined): string {
  return (query ?? '')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim()
    .slice(0, MAX_SEARCH_QUERY_LENGTH)
    .trim();
}

/** Clamp a minimum rating to 0..5 in steps of 0.5 (anything else becomes 0). */
export function normaliseMinRating(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.min(5, Math.round(n * 2) / 2);
}

/**
 * One page of approved providers matching the query and filters, with the total count.
 * Blank text means no text filter (a category list). Throws ApiError on failure.
 */
export async function searchProviders(params: SearchProvidersParams): Promise<SearchProvidersResult> {
  const offset = Math.max(0, Math.floor(params.offset ?? 0));
  const limit = Math.min(100, Math.max(1, Math.floor(params.limit ?? SEARCH_PAGE_SIZE)));
  const query = normaliseSearchQuery(params.query);
  const category = params.category?.trim() || null;
  const supabase = await dataClient();
  let request = supabase.rpc('search_providers', {
    p_query: query === '' ? null : query,
    p_category: category,
    p_min_rating: normaliseMinRating(params.minRating),
    p_verified: params.verified ?? 'all',
    p_sort: params.sort ?? 'rating_desc',
    p_limit: limit,
    p_offset: offset,
    // Sent only when asked for, so the call is the same as before otherwise.
    ...(params.available ? { p_available: true } : {}),
  });
  if (params.signal) request = request.abortSignal(params.signal);
  const { data, error, status } = await request;
  if (error) throw toApiError(error, status);
  const raw = (data ?? []) as SearchRow[];
  const rows = raw.map(({ total_count: _total, avg_rating, rating_count, ...rest }) => ({
    ...rest,
    avg_rating: Number(avg_rating ?? 0) || 0,
    rating_count: Number(rating_count ?? 0) || 0,
  }));
  // Every row carries the total; an empty page past the end means nothing more.
  const total = raw.length > 0 ? Number(raw[0]!.total_count ?? 0) || offset + raw.length : offset;
  return { rows, total };
}
