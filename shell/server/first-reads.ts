/**
 * A data page's first reads, answered in its first HTML: the serving step reads them (as the
 * anon role, the very requests the remotes make: mf-provider-profile/src/api,
 * mf-directory/src/api/search.ts) and writes the answers into the page as JSON
 * (FIRST_READS_ELEMENT_ID); the entry chunk hands them to @city/shared's public-rest
 * (takeFirstReadsFromDocument), so the remote's same read is answered at once, with no request
 * and no round trip after config.json. A request that differs is only not taken: the remote then
 * asks itself. Pure of Node APIs (fetch only), like provider-og.ts.
 */
import {
  buildPublicRequest,
  earlyReadKey,
  FIRST_READS_ELEMENT_ID,
  PROFILE_PROVIDER_COLUMNS,
  REMOTE_PARAMS,
  type FirstReads,
  type PublicTarget,
} from '@city/shared/contracts';
import { findCategoryById, storedCategoryValue } from '@city/shared/catalogue';
import { jsonForScript } from './seo';

const DIRECTORY = REMOTE_PARAMS.mf_directory;
/** The directory's filters other than the text and the category. */
const OTHER_FILTER_PARAMS = [DIRECTORY.minRating, DIRECTORY.verified, DIRECTORY.sort, DIRECTORY.available];

/** The first reads of a page: the profile's row, rating summary and first reviews; a category list's or a search's first page. */
export function firstReadTargets(pathname: string, search: string): PublicTarget[] {
  const profile = /^\/provider\/([0-9a-f-]{36})\/?$/i.exec(pathname);
  if (profile) {
    const id = profile[1]!;
    return [
      { table: 'service_providers', query: { select: PROFILE_PROVIDER_COLUMNS, id: `eq.${id}` } },
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
  // Other filters: the directory's request differs (not worth mirroring every combination).
  if (OTHER_FILTER_PARAMS.some((name) => params.has(name))) return [];
  const slug = params.get(DIRECTORY.category);
  // A category wins over the text (the directory's rule); only catalogue categories are read here.
  const category = slug === null ? null : findCategoryById(slug);
  if (slug !== null && !category) return [];
  const query = category
    ? null
    : (params.get(DIRECTORY.query) ?? '')
        .replace(/[\s\p{Cc}]+/gu, ' ')
        .trim()
        .slice(0, 100)
        .trim() || null;
  if (!category && !query) return [];
  // The same arguments, in the same order, as mf-directory/src/api/search.ts sends.
  const args = {
    p_query: query,
    p_category: category ? storedCategoryValue(category) : null,
    p_min_rating: 0,
    p_verified: 'all',
    p_sort: 'rating_desc',
    p_limit: 20,
    p_offset: 0,
  };
  return [{ rpc: 'search_providers', args }];
}

export interface FirstReadsOptions {
  supabaseUrl: string;
  supabaseAnonKey: string;
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
        return res.status === 200 ? { key: earlyReadKey(request), status: 200, body: await res.text() } : null;
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
