/**
 * A data page's first reads, started by the entry (startup-preload.ts) as soon as config.json
 * says where the data service is, for the remote's own same read to take once (takeEarlyRead
 * in @city/shared's public-rest). Imports only '@city/shared/contracts' (plain code, no shared
 * singleton: the share scope is not negotiated yet).
 */
import { buildPublicRequest, REMOTE_PARAMS, startEarlyRead, type PublicTarget } from '@city/shared/contracts';

/** The directory's filters other than the text: with any of them, no early search (see below). */
const DIRECTORY = REMOTE_PARAMS.mf_directory;
const SEARCH_FILTER_PARAMS = [DIRECTORY.category, DIRECTORY.minRating, DIRECTORY.verified, DIRECTORY.sort, DIRECTORY.available];

/**
 * The first reads of a page, started here for the remote's own reads to take (takeEarlyRead in
 * @city/shared's public-rest): the profile's row, rating summary and first reviews, a search's
 * first page. They must be the very requests the remotes make (mf-provider-profile/src/api,
 * mf-directory/src/api/search.ts); one that differs is only not taken, and the remote asks
 * itself, as without this. A category list needs the catalogue's stored value (not in the
 * entry chunk): not started here.
 */
export function earlyReadsFor(pathname: string, search: string): PublicTarget[] {
  const profile = /^\/provider\/([0-9a-f-]{36})\/?$/i.exec(pathname);
  if (profile) {
    const id = profile[1]!;
    return [
      { table: 'service_providers', query: { select: '*', id: `eq.${id}` } },
      { rpc: 'get_average_ratings', args: { p_provider_ids: [id] } },
      {
        table: 'reviews',
        query: {
          select: 'id,provider_id,review_text,created_at',
          provider_id: `eq.${id}`,
          order: 'created_at.desc,id.desc',
          offset: '0',
          limit: '20',
        },
      },
    ];
  }
  if (pathname !== '/') return [];
  const params = new URLSearchParams(search);
  if (SEARCH_FILTER_PARAMS.some((name) => params.has(name))) return [];
  const query = (params.get(DIRECTORY.query) ?? '')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim()
    .slice(0, 100)
    .trim();
  if (query === '') return [];
  const args = {
    p_query: query,
    p_category: null,
    p_min_rating: 0,
    p_verified: 'all',
    p_sort: 'rating_desc',
    p_limit: 20,
    p_offset: 0,
  };
  return [{ rpc: 'search_providers', args }];
}

/** Starts the page's first reads as soon as config.json has said where the data service is. */
export function startEarlyReads(config: Promise<Response>, targets: PublicTarget[]): void {
  if (targets.length === 0) return;
  void config
    .then(async (res) => {
      if (!res.ok) return;
      const { supabaseUrl, supabaseAnonKey } = (await res.clone().json()) as { supabaseUrl?: unknown; supabaseAnonKey?: unknown };
      if (typeof supabaseUrl !== 'string' || typeof supabaseAnonKey !== 'string' || !/^https?:/.test(supabaseUrl)) return;
      for (const target of targets) startEarlyRead(buildPublicRequest(target, { supabaseUrl, supabaseAnonKey }));
    })
    .catch(() => undefined); // a bad config.json is reported by its real reader
}
