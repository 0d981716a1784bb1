/**
 * Pure logic of the service worker's data cache (docs/offline.md): which requests to the
 * Supabase API are kept for offline reading, under which key, and how many of each.
 *
 * Only anonymous reads: a request whose bearer token is the public key itself (supabase-js
 * without a session). A signed-in operator's or provider's answers are never stored.
 * supabase-js sends rpc calls as POST with a JSON body, and Cache Storage keys only GET
 * requests: a POST is stored under a GET key made of its URL and body.
 */

/** The read-only functions the app calls (rpc): every other POST is a write and passes through. */
export const READ_RPCS: Readonly<Record<string, number>> = {
  // category lists and searches: the last 30 (a list's first page is one request)
  search_providers: 30,
  // a profile's rating summary and this device's rating: the last 20 profiles (x2 for lists)
  get_average_ratings: 40,
  get_device_ratings: 40,
};

/** Table reads (GET /rest/v1/<table>): the profile's row and first page of reviews, ads. */
export const READ_TABLES: Readonly<Record<string, number>> = {
  service_providers: 20,
  reviews: 20,
  advertisements: 5,
};

export const SAVED_AT_HEADER = 'x-city-saved-at';

export interface DataRoute {
  /** Cache Storage name (one per kind, so that each keeps its own last N). */
  cacheName: string;
  maxEntries: number;
}

/** The route of a request to the data service, or null when it is not an anonymous read to keep. */
export function dataRoute(url: URL, method: string, headers: { get(name: string): string | null }): DataRoute | null {
  const apikey = headers.get('apikey');
  const auth = headers.get('authorization');
  if (!apikey || (auth !== null && auth !== `Bearer ${apikey}`)) return null;
  const rpc = /^\/rest\/v1\/rpc\/([a-z_]+)$/.exec(url.pathname);
  if (rpc) {
    const max = READ_RPCS[rpc[1]!];
    return max && (method === 'POST' || method === 'GET') ? { cacheName: `city-data-${rpc[1]}`, maxEntries: max } : null;
  }
  const table = /^\/rest\/v1\/([a-z_]+)$/.exec(url.pathname);
  if (table && method === 'GET') {
    const max = READ_TABLES[table[1]!];
    return max ? { cacheName: `city-data-${table[1]}`, maxEntries: max } : null;
  }
  return null;
}

/** The GET URL a request is stored under: its URL, plus its body for a POST (same body, same key). */
export function dataCacheKey(url: string, method: string, body: string): string {
  if (method !== 'POST') return url;
  const u = new URL(url);
  u.searchParams.append('__body', body);
  return u.href;
}
