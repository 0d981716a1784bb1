/**
 * robots.txt and the sitemaps (an index, the categories, the approved providers in files of at
 * most 50,000 URLs), from the database over the public REST API. Pure of Node APIs (fetch only):
 * the serving step (shell-site.ts, cached by sitemap-cache.ts) and scripts/gen-seo-files.ts
 * (static files) run them unchanged.
 */
import { CATEGORIES } from '@city/shared/catalogue';

/** Escapes text for XML content. */
function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

/** The URL of a category's list on the public site. */
export const categoryPageUrl = (publicOrigin: string, id: string) => `${publicOrigin}/?category=${encodeURIComponent(id)}`;

/** Paths crawlers should leave alone: the operator's pages. */
const DISALLOWED_PATHS = ['/admin', '/admin-login'];

export function robotsTxt(publicOrigin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${publicOrigin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** URLs per sitemap file (the protocol allows 50,000). */
const SITEMAP_PAGE_SIZE = 50_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function sitemapIndexXml(publicOrigin: string, providerPages: number): string {
  const files = ['sitemap-categories.xml', ...Array.from({ length: providerPages }, (_, i) => `sitemap-providers-${i + 1}.xml`)];
  return (
    XML_HEAD +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    files.map((f) => `<sitemap><loc>${escapeXml(`${publicOrigin}/${f}`)}</loc></sitemap>\n`).join('') +
    '</sitemapindex>\n'
  );
}

function urlsetXml(urls: readonly string[]): string {
  let out = XML_HEAD + '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  for (const u of urls) out += `<url><loc>${escapeXml(u)}</loc></url>\n`;
  return out + '</urlset>\n';
}

/** The home page and every catalogue category's list. */
function categorySitemapXml(publicOrigin: string): string {
  return urlsetXml([`${publicOrigin}/`, ...CATEGORIES.map((c) => categoryPageUrl(publicOrigin, c.id))]);
}

export interface ProviderIdPage {
  ids: string[];
  /** The last id of this batch: the next batch starts after it. Null when there are no more. */
  next: string | null;
}

/** Rows per REST request: PostgREST (and the local server) return at most 1000. */
export const PROVIDER_BATCH = 1000;

/**
 * One batch of approved provider ids, in id order after `after`, over the public REST API with
 * the anon key (RLS: approved rows only; the status filter is repeated so the query plan can use
 * it). Keyset paging on the primary key: every batch is one index range scan, however deep.
 */
export async function fetchApprovedProviderIds(
  supabaseUrl: string,
  anonKey: string,
  after: string | null,
  {
    fetch: fetchImpl = fetch,
    timeoutMs = 10_000,
    batch = PROVIDER_BATCH,
  }: { fetch?: typeof fetch; timeoutMs?: number; batch?: number } = {},
): Promise<ProviderIdPage> {
  const base = supabaseUrl.replace(/\/+$/, '');
  const url =
    `${base}/rest/v1/service_providers?select=id&status=eq.approved&order=id.asc&limit=${batch}` +
    (after ? `&id=gt.${encodeURIComponent(after)}` : '');
  const res = await fetchImpl(url, {
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, Accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!res.ok) throw new Error(`provider ids: HTTP ${res.status}`);
  const rows = (await res.json()) as { id: string }[];
  const ids = rows.map((r) => r.id);
  return { ids, next: ids.length === batch ? ids[ids.length - 1]! : null };
}

export interface SitemapFiles {
  /** By path: '/sitemap.xml', '/sitemap-categories.xml', '/sitemap-providers-1.xml', ... */
  files: Map<string, string>;
  providers: number;
}

/** Every sitemap file, from one pass over the approved providers' ids. */
export async function buildSitemaps(
  publicOrigin: string,
  nextIds: (after: string | null) => Promise<ProviderIdPage>,
  pageSize = SITEMAP_PAGE_SIZE,
): Promise<SitemapFiles> {
  const files = new Map<string, string>();
  let page: string[] = [];
  let pages = 0;
  let providers = 0;
  const flush = () => {
    pages += 1;
    files.set(`/sitemap-providers-${pages}.xml`, urlsetXml(page.map((id) => `${publicOrigin}/provider/${id}`)));
    page = [];
  };
  let after: string | null = null;
  do {
    const batch = await nextIds(after);
    for (const id of batch.ids) {
      page.push(id);
      providers += 1;
      if (page.length === pageSize) flush();
    }
    after = batch.next;
  } while (after);
  if (page.length > 0 || pages === 0) flush();
  files.set('/sitemap-categories.xml', categorySitemapXml(publicOrigin));
  files.set('/sitemap.xml', sitemapIndexXml(publicOrigin, pages));
  return { files, providers };
}
