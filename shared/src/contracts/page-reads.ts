// The reads a page makes first, declared once: the remote that owns the page sends them
// (mf-directory/src/api/search.ts, mf-provider-profile/src/api) and the serving layer answers
// the same ones in the first HTML (shell/server/first-reads.ts). Both build the request from
// these functions, so they are the same request by construction, and the remote takes the
// server's answer (public-rest-request.ts: the request is the key). Change a read here, and both
// change; its owner decides (the directory's search, the profile's reads).
import { REMOTE_PARAMS } from './routes';
import type { PublicTarget } from './public-rest-request';

/** Sort orders the database knows (spec section 4). */
export const PROVIDER_SORTS = ['rating_desc', 'newly_added'] as const;
export type ProviderSort = (typeof PROVIDER_SORTS)[number];

/** Verified filter (spec section 9); 'unverified' is the spec's non-verified. */
export const VERIFIED_FILTERS = ['all', 'verified', 'unverified'] as const;
export type VerifiedFilter = (typeof VERIFIED_FILTERS)[number];

/** Rows per page of a category list or search. */
export const SEARCH_PAGE_SIZE = 20;

/** Longest query sent; the database cuts at 100 characters as well. */
export const MAX_SEARCH_QUERY_LENGTH = 100;

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

export interface DirectoryFilters {
  minRating: number;
  verified: VerifiedFilter;
  sort: ProviderSort;
  /** Only providers not on leave today. */
  available: boolean;
  /**
   * Only providers who serve the visitor's place (issue 27; `near=1`). Applies only with a place
   * (SearchRequest.place). Optional: older builds do not know it.
   */
  servesOnly?: boolean;
}

export const DEFAULT_FILTERS: DirectoryFilters = { minRating: 0, verified: 'all', sort: 'rating_desc', available: false };

const DIRECTORY = REMOTE_PARAMS.mf_directory;

/** What a directory URL asks for, normalised; unknown or malformed values fall back to defaults. */
export interface DirectoryUrl {
  /** The `category` parameter as given (a catalogue id, `others`, or anything). */
  categorySlug: string | null;
  /** Normalised search text ('' when none). */
  query: string;
  filters: DirectoryFilters;
  showAllServices: boolean;
}

/** Reads the directory's parameters: the directory's state and the server's first read both start here. */
export function readDirectoryUrl(params: URLSearchParams): DirectoryUrl {
  const verified = params.get(DIRECTORY.verified);
  return {
    categorySlug: params.get(DIRECTORY.category) || null,
    query: normaliseSearchQuery(params.get(DIRECTORY.query)),
    filters: {
      minRating: normaliseMinRating(params.get(DIRECTORY.minRating)),
      verified: verified === 'verified' || verified === 'unverified' ? verified : 'all',
      sort: params.get(DIRECTORY.sort) === 'newly_added' ? 'newly_added' : 'rating_desc',
      available: params.get(DIRECTORY.available) === '1',
      servesOnly: params.get(DIRECTORY.servesOnly) === '1',
    },
    showAllServices: params.get(DIRECTORY.allServices) === 'all',
  };
}

export interface SearchRequest extends DirectoryFilters {
  /** Free text: name, business name, mobile number or category ('' for none). */
  query: string;
  /** A stored category value, or 'OTHERS' (the free-text providers); null for all. */
  category: string | null;
  limit?: number;
  offset?: number;
  /**
   * The visitor's place (issue 27): who serves it first, by distance. The server reads its
   * centre; no position is sent. The serving layer's first read has none (it cannot know the
   * visitor's phone): the remote reads again with it after hydration.
   */
  place?: { kind: string; code: string } | null;
}

/** One page of a category list or a search (rpc search_providers, supabase/migrations). */
export function searchProvidersRead(request: SearchRequest): PublicTarget {
  const query = normaliseSearchQuery(request.query);
  return {
    rpc: 'search_providers',
    args: {
      p_query: query === '' ? null : query,
      p_category: request.category?.trim() || null,
      p_min_rating: normaliseMinRating(request.minRating),
      p_verified: request.verified,
      p_sort: request.sort,
      p_limit: Math.min(100, Math.max(1, Math.floor(request.limit ?? SEARCH_PAGE_SIZE))),
      p_offset: Math.max(0, Math.floor(request.offset ?? 0)),
      // Sent only when asked for, so the call is the same as before otherwise.
      ...(request.available ? { p_available: true } : {}),
      ...(request.place ? { p_place_kind: request.place.kind, p_place_code: request.place.code } : {}),
      ...(request.place && request.servesOnly ? { p_serves_only: true } : {}),
    },
  };
}

/**
 * The columns of a provider row the profile reads: every public column (ProviderFields), and
 * (issue 27) its place and, for a 'list' of served places, their names, embedded through the
 * foreign keys (PostgREST resource embedding), so a landing profile needs no request more. The
 * place's key is named: service_providers and places are also joined through provider_serves
 * (many-to-many). Not the place's parent: places' own foreign key to itself is composite, and
 * PostgREST cannot tell its two directions apart by a hint (one constraint, both ways).
 */
export const PROFILE_PROVIDER_COLUMNS =
  '*,place:places!service_providers_place_fkey(kind,code,name_en,name_hi,lat,lon),serves:provider_serves(place:places(kind,code,name_en,name_hi))';

/** A provider's row (empty when the id is unknown or not listed). */
export const providerRowRead = (id: string): PublicTarget => ({
  table: 'service_providers',
  query: { select: PROFILE_PROVIDER_COLUMNS, id: `eq.${id}` },
});

/** Average and count of each provider's ratings (providers nobody rated are absent). */
export const averageRatingsRead = (providerIds: readonly string[]): PublicTarget => ({
  rpc: 'get_average_ratings',
  args: { p_provider_ids: [...providerIds] },
});

export const REVIEWS_PAGE_SIZE = 20;

/**
 * The columns of a review the public reads (named: a new column is not public by default): its
 * text and date, the first name its writer chose and the stars of that phone's rating, the
 * owner's reply while shown (migration 0015). One request: all are columns of reviews.
 */
const REVIEW_COLUMNS = 'id,provider_id,review_text,created_at,reviewer_name,rating,reply_text,replied_at';

/** A page of a provider's reviews, newest first. */
export const reviewsRead = (providerId: string, { offset = 0, limit = REVIEWS_PAGE_SIZE } = {}): PublicTarget => ({
  table: 'reviews',
  query: {
    select: REVIEW_COLUMNS,
    provider_id: `eq.${providerId}`,
    order: 'created_at.desc,id.desc',
    offset: String(offset),
    limit: String(limit),
  },
});

/** A profile's first reads, in the order the serving layer reads them: the row first. */
export const profileFirstReads = (id: string): PublicTarget[] => [providerRowRead(id), averageRatingsRead([id]), reviewsRead(id)];
