/**
 * What search engines and link previews read from the first HTML response, and the files they
 * ask for: a category page's own title and description (`/?category=<id>`), JSON-LD blocks,
 * robots.txt and the sitemaps. Pure of Node APIs (fetch only) like provider-og.ts, so an edge
 * function in front of a static host can run them unchanged; scripts/gen-seo-files.ts writes
 * robots.txt and the sitemaps as static files for a deploy without one.
 */
import { CATEGORIES, findCategoryById, type Category } from '@city/shared/catalogue';
import { CATEGORY_DETAILS } from '@city/shared/catalogue/details';
import { DEFAULT_LANGUAGE, type Language } from '@city/shared/i18n';
import { resources } from '@city/shared/i18n/resources';
import enServer from './locales/en.json';
import hiServer from './locales/hi.json';

const SERVER_TEXT: Record<Language, typeof enServer> = { en: enServer, hi: hiServer };
const LOCALE_TAG: Record<Language, string> = { hi: 'hi_IN', en: 'en_IN' };

/** Escapes text for an HTML attribute value or element content. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** Escapes text for XML content (sitemaps). */
export const escapeXml = escapeHtml;

export const fill = (template: string, vars: Record<string, string>) =>
  template.replace(/{{\s*(\w+)\s*}}/g, (_, k: string) => vars[k] ?? '');

/**
 * A JSON-LD block. The JSON is escaped so that nothing in it can end the script element or open
 * a comment (`</script>`, `<!--`): every `<`, `>` and `&` becomes a \\u escape, which JSON
 * parsers read back as the same character. Browsers do not execute application/ld+json, so
 * the CSP's script-src does not apply to it.
 */
export function jsonLdScript(data: unknown): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/ld+json">${json}</script>`;
}

/** The link-preview card of a category (shell/scripts/gen-og-images.ts writes one per category). */
export const ogImagePath = (categoryId: string | null) => `/og/${categoryId ?? 'site'}.png`;
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export interface HeadTags {
  /** The document <title>. */
  pageTitle: string;
  description: string;
  /** og:title / twitter:title. */
  title: string;
  site: string;
  pageUrl: string | null;
  imageUrl: string | null;
  imageAlt: string;
  lang: Language;
  /** Extra <head> markup (already escaped), e.g. JSON-LD. */
  extra?: string[];
  robots?: string;
}

const isHttpUrl = (s: string) => {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * The HTML with its title, description, canonical URL, Open Graph and Twitter tags replaced by
 * these (all values escaped; existing og:/twitter:/canonical/robots tags removed, never
 * duplicated) and <html lang> set. Replacement callbacks, never replacement strings: `$&` in a
 * provider's name stays text.
 */
export function applyHeadTags(html: string, h: HeadTags): string {
  const e = escapeHtml;
  const url = h.pageUrl && isHttpUrl(h.pageUrl) ? h.pageUrl : null;
  const image = h.imageUrl && isHttpUrl(h.imageUrl) ? h.imageUrl : null;
  const tags = [
    ...(h.robots ? [`<meta name="robots" content="${e(h.robots)}" />`] : []),
    ...(url ? [`<link rel="canonical" href="${e(url)}" />`] : []),
    `<meta property="og:title" content="${e(h.title)}" />`,
    `<meta property="og:description" content="${e(h.description)}" />`,
    ...(url ? [`<meta property="og:url" content="${e(url)}" />`] : []),
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${e(h.site)}" />`,
    `<meta property="og:locale" content="${LOCALE_TAG[h.lang]}" />`,
    ...(image
      ? [
          `<meta property="og:image" content="${e(image)}" />`,
          `<meta property="og:image:type" content="image/png" />`,
          `<meta property="og:image:width" content="${OG_IMAGE_SIZE.width}" />`,
          `<meta property="og:image:height" content="${OG_IMAGE_SIZE.height}" />`,
          `<meta property="og:image:alt" content="${e(h.imageAlt)}" />`,
        ]
      : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${e(h.title)}" />`,
    `<meta name="twitter:description" content="${e(h.description)}" />`,
    ...(image ? [`<meta name="twitter:image" content="${e(image)}" />`] : []),
    ...(h.extra ?? []),
  ];
  let out = html.replace(/[ \t]*<meta\s[^>]*(?:property|name)\s*=\s*["'](?:og|twitter):[^"']*["'][^>]*>[ \t]*\r?\n?/gi, () => '');
  out = out.replace(/[ \t]*<link\s[^>]*rel\s*=\s*["']canonical["'][^>]*>[ \t]*\r?\n?/gi, () => '');
  out = out.replace(/[ \t]*<meta\s+name\s*=\s*["']robots["'][^>]*>[ \t]*\r?\n?/gi, () => '');
  out = out.replace(/[ \t]*<script\s+type\s*=\s*["']application\/ld\+json["'][^>]*>[\s\S]*?<\/script>[ \t]*\r?\n?/gi, () => '');
  if (/<meta\s+name\s*=\s*["']description["'][^>]*>/i.test(out)) {
    out = out.replace(/<meta\s+name\s*=\s*["']description["'][^>]*>/i, () => `<meta name="description" content="${e(h.description)}" />`);
  } else {
    tags.unshift(`<meta name="description" content="${e(h.description)}" />`);
  }
  if (/<title[^>]*>[\s\S]*?<\/title>/i.test(out)) {
    out = out.replace(/<title[^>]*>[\s\S]*?<\/title>/i, () => `<title>${e(h.pageTitle)}</title>`);
  } else {
    tags.unshift(`<title>${e(h.pageTitle)}</title>`);
  }
  out = out.replace(/<html\b([^>]*?)\slang\s*=\s*["'][^"']*["']/i, (_, before: string) => `<html${before} lang="${h.lang}"`);
  const block = tags.map((t) => `    ${t}\n`).join('');
  return /<\/head>/i.test(out) ? out.replace(/<\/head>/i, () => `${block}  </head>`) : `${block}${out}`;
}

// ---- category pages: /?category=<id>

/** The catalogue category a home URL's query selects (`?category=<id>`), or null. */
export function categoryFromSearch(search: string): Category | null {
  const id = new URLSearchParams(search).get('category');
  return id ? (findCategoryById(id) ?? null) : null;
}

/** The URL of a category's list on the public site. */
export const categoryPageUrl = (publicOrigin: string, id: string) => `${publicOrigin}/?category=${encodeURIComponent(id)}`;

/** A category page's title and description in a language (the directory sets the same title). */
export function categoryPageContent(category: Category, lang: Language = DEFAULT_LANGUAGE) {
  const text = SERVER_TEXT[lang];
  const site = resources[lang].common.app.name;
  const name = category[lang];
  const title = fill(text.category.title, { category: name });
  const description = fill(text.category.description, {
    category: name,
    description: CATEGORY_DETAILS[category.id]?.desc[lang] ?? '',
  }).trim();
  return { title, pageTitle: `${title} | ${site}`, description, site };
}

/** index.html with a category page's own title, description, canonical URL and preview card. */
export function renderCategoryHead(html: string, category: Category, lang: Language, publicOrigin: string): string {
  const { title, pageTitle, description, site } = categoryPageContent(category, lang);
  return applyHeadTags(html, {
    pageTitle,
    title,
    description,
    site,
    lang,
    pageUrl: categoryPageUrl(publicOrigin, category.id),
    imageUrl: `${publicOrigin}${ogImagePath(category.id)}`,
    imageAlt: fill(SERVER_TEXT[lang].page.image_alt, { category: category[lang], site }),
  });
}

// ---- the home page: /

/** The HTML's current meta description, unescaped enough to be escaped again, or ''. */
function currentDescription(html: string): string {
  const m = /<meta\s+name\s*=\s*["']description["']\s+content\s*=\s*"([^"]*)"/i.exec(html);
  return (m?.[1] ?? '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** index.html with the site's preview tags (the site card as og:image) and canonical URL; title and description kept. */
export function renderHomeHead(html: string, lang: Language, publicOrigin: string): string {
  const site = resources[lang].common.app.name;
  const title = `${site} | ${resources[lang].common.app.slogan}`;
  const pageTitle = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.trim();
  return applyHeadTags(html, {
    pageTitle: pageTitle ? pageTitle.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>') : title,
    title,
    description: currentDescription(html) || title,
    site,
    lang,
    pageUrl: `${publicOrigin}/`,
    imageUrl: `${publicOrigin}${ogImagePath(null)}`,
    imageAlt: site,
  });
}

// ---- robots.txt and sitemaps

/** Paths crawlers should leave alone: the operator's pages. */
export const DISALLOWED_PATHS = ['/admin', '/admin-login'];

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
export const SITEMAP_PAGE_SIZE = 50_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

export function sitemapIndexXml(publicOrigin: string, providerPages: number): string {
  const files = ['sitemap-categories.xml', ...Array.from({ length: providerPages }, (_, i) => `sitemap-providers-${i + 1}.xml`)];
  return (
    XML_HEAD +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    files.map((f) => `<sitemap><loc>${escapeXml(`${publicOrigin}/${f}`)}</loc></sitemap>\n`).join('') +
    '</sitemapindex>\n'
  );
}

export function urlsetXml(urls: readonly string[]): string {
  let out = XML_HEAD + '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  for (const u of urls) out += `<url><loc>${escapeXml(u)}</loc></url>\n`;
  return out + '</urlset>\n';
}

/** The home page and every catalogue category's list. */
export function categorySitemapXml(publicOrigin: string): string {
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
