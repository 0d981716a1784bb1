/**
 * Link previews for /provider/:id. Chat apps (WhatsApp, Telegram, ...) do not run JavaScript,
 * so the first HTML response of a profile URL must already carry the Open Graph tags: the
 * serving layer reads the provider from the database (as the anon role: approved providers
 * only) and injects the tags into the shell's index.html.
 *
 * Production does the same with an edge function in front of the static shell (e.g. a
 * Netlify/Cloudflare/Vercel edge function on /provider/*): fetch index.html from the static
 * host, call fetchProviderForOg with the project URL and anon key, return
 * renderProviderOgTags(...). Both functions are pure of Node APIs (fetch only), so they run
 * there unchanged.
 */
import { categoryLabel } from '@city/shared/catalogue';
import { DEFAULT_LANGUAGE, type Language } from '@city/shared/i18n';
import { resources } from '@city/shared/i18n/resources';
import enServer from './locales/en.json';
import hiServer from './locales/hi.json';

/** What a preview needs of a provider (never the mobile number or Aadhaar). */
export interface OgProvider {
  name: string;
  business_name: string | null;
  /** Stored category value: `${icon} ${hi}` or 'OTHERS: text'. */
  category: string;
  avg_rating: number;
  rating_count: number;
  verified?: boolean;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The provider id of a profile path (`/provider/<uuid>`, optional trailing slash), or null. */
export function providerIdFromPath(pathname: string): string | null {
  const m = /^\/provider\/([^/]+)\/?$/.exec(pathname);
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

/** Escapes text for an HTML attribute value or element content. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** One line of plain text: no control characters, collapsed spaces, at most `max` characters. */
function oneLine(s: string, max: number): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it replaces
  const controls = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
  const text = s.replace(controls, ' ').replace(/\s+/g, ' ').trim();
  const chars = [...text];
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

const fill = (template: string, vars: Record<string, string>) => template.replace(/{{\s*(\w+)\s*}}/g, (_, k: string) => vars[k] ?? '');

// The preview's texts belong to the serving layer that writes them (not to the profile remote,
// which never renders them): hi typed as en, so a missing key fails the type check.
const SERVER_TEXT: Record<Language, typeof enServer> = { en: enServer, hi: hiServer };

const LOCALE_TAG: Record<Language, string> = { hi: 'hi_IN', en: 'en_IN' };
const NUMBER_LOCALE: Record<Language, string> = { hi: 'hi-IN', en: 'en-IN' };

/** The texts of a provider's preview in a language. */
export function providerOgContent(provider: OgProvider, lang: Language = DEFAULT_LANGUAGE) {
  const text = SERVER_TEXT[lang];
  const site = resources[lang].common.app.name;
  const name = oneLine(provider.name, 100);
  const business = provider.business_name ? oneLine(provider.business_name, 100) : '';
  const category = oneLine(categoryLabel(provider.category, lang), 80);
  const count = Math.max(0, Math.trunc(Number(provider.rating_count) || 0));
  const rating = new Intl.NumberFormat(NUMBER_LOCALE[lang], { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    Number(provider.avg_rating) || 0,
  );
  const rated =
    count > 0
      ? fill(count === 1 ? text.og.rated_one : text.og.rated_other, {
          category,
          rating,
          count: new Intl.NumberFormat(NUMBER_LOCALE[lang]).format(count),
        })
      : fill(text.og.unrated, { category });
  const description = oneLine([rated, provider.verified ? text.og.verified : '', business].filter(Boolean).join(' · '), 200);
  const title = business && business !== name ? `${name} – ${business}` : name;
  return { title, description, site, pageTitle: `${name} | ${site}` };
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
 * The shell's index.html with a provider's <title>, description, Open Graph and Twitter tags
 * (all values escaped). Existing og:/twitter: tags are replaced, not duplicated. Without a
 * provider (unknown, not approved, or the database unreachable) the HTML is returned unchanged.
 */
export function renderProviderOgTags(html: string, provider: OgProvider | null, lang: Language, pageUrl: string): string {
  if (!provider) return html;
  const { title, description, site, pageTitle } = providerOgContent(provider, lang);
  const e = escapeHtml;
  const tags = [
    `<meta property="og:title" content="${e(title)}" />`,
    `<meta property="og:description" content="${e(description)}" />`,
    ...(isHttpUrl(pageUrl) ? [`<meta property="og:url" content="${e(pageUrl)}" />`] : []),
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${e(site)}" />`,
    `<meta property="og:locale" content="${LOCALE_TAG[lang]}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${e(title)}" />`,
    `<meta name="twitter:description" content="${e(description)}" />`,
  ];

  // Replacement callbacks, never replacement strings: `$&` in a provider's name stays text.
  let out = html.replace(/[ \t]*<meta\s[^>]*(?:property|name)\s*=\s*["'](?:og|twitter):[^"']*["'][^>]*>[ \t]*\r?\n?/gi, () => '');
  out = out.replace(/<meta\s+name\s*=\s*["']description["'][^>]*>/i, () => `<meta name="description" content="${e(description)}" />`);
  if (/<title[^>]*>[\s\S]*?<\/title>/i.test(out)) {
    out = out.replace(/<title[^>]*>[\s\S]*?<\/title>/i, () => `<title>${e(pageTitle)}</title>`);
  } else {
    tags.unshift(`<title>${e(pageTitle)}</title>`);
  }
  out = out.replace(/<html\b([^>]*?)\slang\s*=\s*["'][^"']*["']/i, (_, before: string) => `<html${before} lang="${lang}"`);
  const block = tags.map((t) => `    ${t}\n`).join('');
  return /<\/head>/i.test(out) ? out.replace(/<\/head>/i, () => `${block}  </head>`) : `${block}${out}`;
}

/**
 * The site's public origin (scheme, host and port) from configuration, checked once at start:
 * an http(s) URL with nothing after the host. Throws with the reason otherwise.
 */
export function publicOriginOf(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`The public origin ${JSON.stringify(value)} is not a URL (expected e.g. https://city.example.in)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`The public origin ${JSON.stringify(value)} must be http or https`);
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`The public origin ${JSON.stringify(value)} must be only scheme, host and port (e.g. https://city.example.in)`);
  }
  return url.origin;
}

/** A profile's canonical URL on the public site. */
export const providerPageUrl = (publicOrigin: string, id: string) => `${publicOrigin}/provider/${id}`;

export interface ProviderOgRouteOptions {
  /**
   * The site's public origin as configured. og:url is built from it and never from the
   * request's Host header: a forged Host would otherwise put any site into a cached preview.
   */
  publicOrigin: string;
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** The shell's index.html (read per request: a rebuild changes it). */
  indexHtml: () => string;
  lang?: Language;
  fetchProvider?: typeof fetchProviderForOg;
}

/**
 * The answer to a client-side route: a profile path gets the shell's HTML with its preview
 * tags, anything else null (the plain index.html). Only the request's path is read.
 */
export function providerOgRoute({
  publicOrigin,
  supabaseUrl,
  supabaseAnonKey,
  indexHtml,
  lang = DEFAULT_LANGUAGE,
  fetchProvider = fetchProviderForOg,
}: ProviderOgRouteOptions): (req: { url?: string }) => Promise<{ type: string; body: string } | null> {
  const origin = publicOriginOf(publicOrigin);
  return async (req) => {
    const id = providerIdFromPath(new URL(req.url ?? '/', 'http://x').pathname);
    if (!id) return null;
    const html = indexHtml();
    const provider = await fetchProvider(supabaseUrl, supabaseAnonKey, id);
    return { type: 'text/html; charset=utf-8', body: renderProviderOgTags(html, provider, lang, providerPageUrl(origin, id)) };
  };
}

export interface FetchProviderForOgOptions {
  /** Give up after this long and serve the page without a preview (default 1500 ms). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Reads what a preview needs of one approved provider over the public REST API with the anon
 * key (RLS hides pending and rejected ones): the row from /rest/v1/service_providers and its
 * average from /rest/v1/rpc/get_average_ratings. Null for a malformed, unknown or unlisted id,
 * and when the database does not answer in time (the page must still be served). A failed
 * average alone gives a preview without rating.
 */
export async function fetchProviderForOg(
  supabaseUrl: string,
  anonKey: string,
  id: string,
  { timeoutMs = 1500, fetch: fetchImpl = fetch }: FetchProviderForOgOptions = {},
): Promise<OgProvider | null> {
  if (!UUID_RE.test(id)) return null;
  id = id.toLowerCase();
  const base = supabaseUrl.replace(/\/+$/, '');
  const signal = AbortSignal.timeout(timeoutMs);
  const headers = { apikey: anonKey, Authorization: `Bearer ${anonKey}`, Accept: 'application/json' };
  const rowUrl =
    `${base}/rest/v1/service_providers?select=name,business_name,category,verified` +
    `&id=eq.${encodeURIComponent(id)}&status=eq.approved&limit=1`;

  const rowRequest = fetchImpl(rowUrl, { headers, signal }).then(async (res) => {
    if (!res.ok) return null;
    const rows = (await res.json()) as unknown;
    return Array.isArray(rows) && rows.length === 1 ? (rows[0] as Record<string, unknown>) : null;
  });
  const ratingRequest = fetchImpl(`${base}/rest/v1/rpc/get_average_ratings`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ p_provider_ids: [id] }),
    signal,
  })
    .then(async (res) => {
      if (!res.ok) return null;
      const rows = (await res.json()) as unknown;
      return Array.isArray(rows) ? ((rows as Record<string, unknown>[]).find((r) => r.provider_id === id) ?? null) : null;
    })
    .catch(() => null);

  try {
    const [row, rating] = await Promise.all([rowRequest, ratingRequest]);
    if (!row || typeof row.name !== 'string' || typeof row.category !== 'string') return null;
    return {
      name: row.name,
      business_name: typeof row.business_name === 'string' ? row.business_name : null,
      category: row.category,
      verified: row.verified === true,
      avg_rating: Number(rating?.avg_rating ?? 0) || 0,
      rating_count: Number(rating?.rating_count ?? 0) || 0,
    };
  } catch {
    return null;
  }
}
