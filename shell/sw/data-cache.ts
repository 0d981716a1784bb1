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
const READ_RPCS: Readonly<Record<string, number>> = {
  // category lists and searches: the last 30 (a list's first page is one request)
  search_providers: 30,
  // a profile's rating summary and this device's rating: the last 20 profiles (x2 for lists)
  get_average_ratings: 40,
  get_device_ratings: 40,
};

/** Table reads (GET /rest/v1/<table>): the profile's row and first page of reviews, ads. */
const READ_TABLES: Readonly<Record<string, number>> = {
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

/** One read of a page's first reads (shell/server/first-reads.ts), as the data cache keeps it. */
export interface FirstRead {
  method: string;
  url: string;
  body: string;
  answer: string;
}

/**
 * The first reads a page's HTML carries (the serving step's JSON block, keyed "METHOD URL BODY"
 * like firstReadKey): a page whose data came with its HTML made no request for it, so the
 * worker keeps these answers as if it had fetched them (offline, that profile or list is then
 * read from the data cache like any other). Malformed blocks and entries are skipped.
 */
export function firstReadsInHtml(html: string): FirstRead[] {
  const block = /<script type="application\/json" id="first-reads">([^<]*)<\/script>/.exec(html);
  if (!block) return [];
  let data: { reads?: unknown } | null;
  try {
    data = JSON.parse(block[1]!) as { reads?: unknown } | null;
  } catch {
    return [];
  }
  const reads = Array.isArray(data?.reads) ? (data.reads as { key?: unknown; status?: unknown; body?: unknown }[]) : [];
  const out: FirstRead[] = [];
  for (const read of reads) {
    if (typeof read?.key !== 'string' || read.status !== 200 || typeof read.body !== 'string') continue;
    const m = /^([A-Z]+) (\S+) ([\s\S]*)$/.exec(read.key);
    if (!m) continue;
    out.push({ method: m[1]!, url: m[2]!, body: m[3]!, answer: read.body });
  }
  return out;
}

/** A kept page without its first reads: offline, the app then reads the kept data with its "saved on" note. */
export function withoutFirstReads(html: string): string {
  return html.replace(/<script type="application\/json" id="first-reads">[^<]*<\/script>/, '');
}
