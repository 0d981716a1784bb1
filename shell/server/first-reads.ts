/**
 * A data page's first reads, answered in its first HTML: the serving step reads them as the
 * anon role, with the requests the remotes make (declared once in @city/shared's
 * contracts/page-reads.ts: the directory's searchProvidersRead, the profile's reads), and
 * writes the answers into the page as JSON (FIRST_READS_ELEMENT_ID); the entry chunk hands
 * them to @city/shared's public-rest (takeFirstReadsFromDocument), so the remote's same read is
 * answered at once, with no request and no round trip after config.json.
 */
import {
  buildPublicRequest,
  DEFAULT_FILTERS,
  firstReadKey,
  FIRST_READS_ELEMENT_ID,
  profileFirstReads,
  readDirectoryUrl,
  searchProvidersRead,
  type FirstReads,
  type PublicTarget,
} from '@city/shared/contracts';
import { findCategoryById, storedCategoryValue } from '@city/shared/catalogue';
import { jsonForScript } from './seo';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// `/provider/<id>`, case-insensitive as the route manifest matches it, a trailing slash ignored.
const PROFILE_PATH = /^\/provider\/([^/]+)\/?$/i;

/** The provider id of a profile path (`/provider/<uuid>`, optional trailing slash), or null. */
export function providerIdFromPath(pathname: string): string | null {
  const m = PROFILE_PATH.exec(pathname);
  const id = m?.[1] ? safeDecode(m[1]) : null;
  return id && UUID_RE.test(id) ? id.toLowerCase() : null;
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

/** The data service as the browser reaches it (config.json): the first reads' keys are its URLs. */
export interface DataService {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

const sameFilters = (a: typeof DEFAULT_FILTERS, b: typeof DEFAULT_FILTERS) =>
  a.minRating === b.minRating && a.verified === b.verified && a.sort === b.sort && a.available === b.available;

/** The first reads of a page: the profile's row, rating summary and first reviews; a category list's or a search's first page. */
export function firstReadTargets(pathname: string, search: string): PublicTarget[] {
  const id = providerIdFromPath(pathname);
  if (id) return profileFirstReads(id);
  if (pathname !== '/') return [];
  const url = readDirectoryUrl(new URLSearchParams(search));
  // Only a list's or a search's first page with the default filters (what shared links open).
  if (!sameFilters(url.filters, DEFAULT_FILTERS)) return [];
  // A category wins over the text (the directory's rule); only catalogue categories are read here.
  const category = url.categorySlug === null ? null : findCategoryById(url.categorySlug);
  if (url.categorySlug !== null && !category) return [];
  if (!category && !url.query) return [];
  return [
    searchProvidersRead({ ...url.filters, query: category ? '' : url.query, category: category ? storedCategoryValue(category) : null }),
  ];
}

export interface FirstReadsOptions extends DataService {
  /** Give up after this long: the page is served without them (default 1500 ms). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Reads the targets as the browser would (the same URL, headers and body: the same key) and
 * keeps each answer that came back 200. Null when none did (the database down or slow: the page
 * is served without them, never later).
 */
export async function readFirstReads(
  targets: PublicTarget[],
  { supabaseUrl, supabaseAnonKey, timeoutMs = 1500, fetch: fetchImpl = fetch }: FirstReadsOptions,
): Promise<FirstReads | null> {
  if (targets.length === 0) return null;
  const signal = AbortSignal.timeout(timeoutMs);
  const answers = await Promise.all(
    targets.map(async (target) => {
      const request = buildPublicRequest(target, { supabaseUrl, supabaseAnonKey });
      try {
        const res = await fetchImpl(request.url, { ...request.init, signal });
        return res.status === 200 ? { key: firstReadKey(request), status: 200, body: await res.text() } : null;
      } catch {
        return null;
      }
    }),
  );
  const reads = answers.filter((a): a is FirstReads['reads'][number] => a !== null);
  return reads.length > 0 ? { at: Date.now(), reads } : null;
}

/**
 * The HTML with the first reads as a JSON data block before </body> (not executed: no CSP
 * hash needed). Escaped so that nothing in the data can end the element or open a comment.
 */
export function withFirstReads(html: string, reads: FirstReads | null): string {
  if (!reads) return html;
  const block = `<script type="application/json" id="${FIRST_READS_ELEMENT_ID}">${jsonForScript(reads)}</script>`;
  return /<\/body>/i.test(html) ? html.replace(/<\/body>/i, () => `${block}</body>`) : `${html}${block}`;
}

/** The parsed answer of one read among the first reads; undefined when it did not come. */
export function firstReadAnswer(reads: FirstReads | null, target: PublicTarget, dataService: DataService): unknown {
  const key = firstReadKey(buildPublicRequest(target, dataService));
  const read = reads?.reads.find((r) => r.key === key);
  if (!read) return undefined;
  try {
    return JSON.parse(read.body) as unknown;
  } catch {
    return undefined;
  }
}
