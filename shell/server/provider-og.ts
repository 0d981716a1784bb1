/**
 * Link previews for /provider/:id. Chat apps (WhatsApp, Telegram, ...) do not run JavaScript,
 * so the first HTML response of a profile URL must already carry the Open Graph tags: the
 * serving layer reads the provider from the database (as the anon role: approved providers
 * only) and injects the tags into the shell's index.html. In production that is `npm run serve`
 * (serve.ts), the same code as `npm start`'s.
 */
import { categoryLabel, parseStoredCategory } from '@city/shared/catalogue';
import { DEFAULT_LANGUAGE, type Language } from '@city/shared/i18n';
import { resources } from '@city/shared/i18n/resources';
import enServer from './locales/en.json';
import hiServer from './locales/hi.json';
import { BOOT_CONTENT_MARKER } from '../src/app/boot-skeleton-markers';
import { applyHeadTags, escapeHtml, fill, jsonLdScript, ogImagePath } from './seo';
import { matchRoute, type FirstReads } from '@city/shared/contracts';
import { withFirstReads } from './first-reads';
import { renderNotFound } from './not-found';

export { escapeHtml };

/**
 * BOOT_CONTENT_MARKER: where the first HTML's boot skeleton (shell/src/app/boot-skeleton.tsx,
 * written by shell/prerender into shell.html) takes a route's own text. The serving step puts
 * the provider's name and facts there, so the text is in the first HTML (for search engines and
 * as the first paint), and the app's first render removes the skeleton with it.
 */
export { BOOT_CONTENT_MARKER };

/**
 * What a profile's first HTML needs of a provider: what the public profile shows (the mobile is
 * the profile's call and WhatsApp number; it goes into the JSON-LD's telephone, as on the page),
 * never Aadhaar or anything unpublished.
 */
export interface OgProvider {
  name: string;
  business_name: string | null;
  /** Stored category value: `${icon} ${hi}` or 'OTHERS: text'. */
  category: string;
  avg_rating: number;
  rating_count: number;
  verified?: boolean;
  /** The address as the profile shows it (the provider's area). */
  address?: string | null;
  /** 10 digits, as stored. */
  mobile?: string | null;
}

/** fetchProviderForOg's answer for an id the database does not list (unknown, pending, rejected, hidden). */
export const PROVIDER_NOT_LISTED = 'not-listed' as const;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// `/provider/<id>`, case-insensitive as the route manifest matches it, a trailing slash ignored.
const PROFILE_PATH = /^\/provider\/([^/]+)\/?$/i;

/** Whether the app renders this path as a profile (whatever the id): the route manifest's match. */
function isProfilePath(pathname: string): boolean {
  return matchRoute(pathname).id === 'provider';
}

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

// The preview's texts belong to the serving layer that writes them (not to the profile remote,
// which never renders them): hi typed as en, so a missing key fails the type check.
const SERVER_TEXT: Record<Language, typeof enServer> = { en: enServer, hi: hiServer };

const NUMBER_LOCALE: Record<Language, string> = { hi: 'hi-IN', en: 'en-IN' };
/**
 * The number formats of each language, made once: building an Intl.NumberFormat costs far more
 * than formatting with it, and a profile's page formats its figures about ten times.
 */
const numberFormats = new Map<Language, { rating: Intl.NumberFormat; count: Intl.NumberFormat }>();
function formatsOf(lang: Language) {
  let formats = numberFormats.get(lang);
  if (!formats) {
    formats = {
      rating: new Intl.NumberFormat(NUMBER_LOCALE[lang], { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      count: new Intl.NumberFormat(NUMBER_LOCALE[lang]),
    };
    numberFormats.set(lang, formats);
  }
  return formats;
}

/** The texts of a provider's preview in a language. */
function providerOgContent(provider: OgProvider, lang: Language = DEFAULT_LANGUAGE) {
  const text = SERVER_TEXT[lang];
  const site = resources[lang].common.app.name;
  const name = oneLine(provider.name, 100);
  const business = provider.business_name ? oneLine(provider.business_name, 100) : '';
  const category = oneLine(categoryLabel(provider.category, lang), 80);
  const count = Math.max(0, Math.trunc(Number(provider.rating_count) || 0));
  const formats = formatsOf(lang);
  const rating = formats.rating.format(Number(provider.avg_rating) || 0);
  const rated =
    count > 0
      ? fill(count === 1 ? text.og.rated_one : text.og.rated_other, {
          category,
          rating,
          count: formats.count.format(count),
        })
      : fill(text.og.unrated, { category });
  const description = oneLine([rated, provider.verified ? text.og.verified : '', business].filter(Boolean).join(' · '), 200);
  const title = business && business !== name ? `${name} – ${business}` : name;
  const ratingText =
    count > 0
      ? fill(count === 1 ? text.page.facts_rated_one : text.page.facts_rated_other, {
          rating,
          count: formats.count.format(count),
        })
      : text.page.facts_unrated;
  const area = provider.address ? oneLine(provider.address, 300) : '';
  return { title, description, site, pageTitle: `${name} | ${site}`, name, business, category, area, ratingText };
}

/** The catalogue id of a stored category (its link-preview card), or null for free text. */
function categoryIdOf(stored: string): string | null {
  const parsed = parseStoredCategory(stored);
  return parsed.kind === 'catalogue' ? parsed.category.id : null;
}

/**
 * schema.org LocalBusiness of a provider: name, category, address (area, India), the profile's
 * phone number, the rating when someone rated. Nothing the public profile does not show.
 */
function providerJsonLd(provider: OgProvider, lang: Language, pageUrl: string, imageUrl: string | null): Record<string, unknown> {
  const { name, business, category, area } = providerOgContent(provider, lang);
  const count = Math.max(0, Math.trunc(Number(provider.rating_count) || 0));
  const avg = Math.round((Number(provider.avg_rating) || 0) * 10) / 10;
  const mobile = provider.mobile && /^[0-9]{10}$/.test(provider.mobile) ? `+91${provider.mobile}` : null;
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': pageUrl,
    url: pageUrl,
    name: business || name,
    ...(business && business !== name ? { employee: { '@type': 'Person', name } } : {}),
    description: category,
    ...(imageUrl ? { image: imageUrl } : {}),
    ...(mobile ? { telephone: mobile } : {}),
    ...(area ? { address: { '@type': 'PostalAddress', streetAddress: area, addressCountry: 'IN' } } : {}),
    ...(count > 0 && avg >= 1
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: avg, ratingCount: count, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}

/**
 * The provider's name and facts as text for the boot skeleton's main region (both languages'
 * facts, shown by the skeleton's language switch like its header). Everything escaped.
 */
function providerBootContent(provider: OgProvider): string {
  const e = escapeHtml;
  const facts = (['hi', 'en'] as const).map((lang) => {
    const c = providerOgContent(provider, lang);
    const parts = [c.category, c.area, c.ratingText].filter(Boolean).map((p) => `<span>${e(p)}</span>`);
    return `<p class="boot-skeleton__facts boot-skeleton__lang" data-boot-lang="${lang}" lang="${lang}">${parts.join(' · ')}</p>`;
  });
  const c = providerOgContent(provider, 'hi');
  const business = c.business && c.business !== c.name ? `<p class="boot-skeleton__business">${e(c.business)}</p>` : '';
  return `<div class="boot-skeleton__content" data-provider-summary=""><h1 class="boot-skeleton__title">${e(c.name)}</h1>${business}${facts.join('')}</div>`;
}

export interface ProviderPageOptions {
  /** Absolute URL of the preview card (og:image); none without it. */
  imageUrl?: string | null;
}

/**
 * The shell's HTML for a provider's profile: <title>, description, canonical URL, Open Graph and
 * Twitter tags (with the category's card as og:image), the LocalBusiness JSON-LD, and the
 * provider's name and facts as text where the boot skeleton takes them. Without a provider
 * (unknown, not approved, or the database unreachable) the HTML is returned unchanged.
 */
export function renderProviderOgTags(
  html: string,
  provider: OgProvider | null,
  lang: Language,
  pageUrl: string,
  { imageUrl = null }: ProviderPageOptions = {},
): string {
  if (!provider) return html;
  const { title, description, site, pageTitle, category } = providerOgContent(provider, lang);
  const out = applyHeadTags(html, {
    pageTitle,
    title,
    description,
    site,
    lang,
    pageUrl,
    imageUrl,
    imageAlt: fill(SERVER_TEXT[lang].page.image_alt, { category, site }),
    extra: [jsonLdScript(providerJsonLd(provider, lang, pageUrl, imageUrl))],
  });
  return out.includes(BOOT_CONTENT_MARKER) ? out.replace(BOOT_CONTENT_MARKER, () => providerBootContent(provider)) : out;
}

/** A profile the database does not list: the app's own not-found page, kept out of search indexes. */
function renderProviderNotListed(html: string): string {
  return renderNotFound(html);
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
const providerPageUrl = (publicOrigin: string, id: string) => `${publicOrigin}/provider/${id}`;

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
  /** The profile's first reads for its first HTML (first-reads.ts); none without it. */
  firstReads?: (pathname: string) => Promise<FirstReads | null>;
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
  firstReads = async () => null,
}: ProviderOgRouteOptions): (req: { url?: string }) => Promise<{ status?: number; type: string; body: string; cache?: string } | null> {
  const origin = publicOriginOf(publicOrigin);
  return async (req) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const id = providerIdFromPath(pathname);
    // A profile path whose id is no UUID: no provider has it (no database read).
    if (!id)
      return isProfilePath(pathname) ? { status: 404, type: 'text/html; charset=utf-8', body: renderProviderNotListed(indexHtml()) } : null;
    const html = indexHtml();
    // The preview's data and the page's first reads, together (both at most ~1.5 s).
    const [provider, reads] = await Promise.all([fetchProvider(supabaseUrl, supabaseAnonKey, id), firstReads(`/provider/${id}`)]);
    const type = 'text/html; charset=utf-8';
    // Not listed (unknown, pending, rejected, hidden): a 404 with the app, which says so. The
    // database not answering is not a 404: the page is served without the provider's data.
    if (provider === PROVIDER_NOT_LISTED) return { status: 404, type, body: renderProviderNotListed(html) };
    const imageUrl = provider ? `${origin}${ogImagePath(categoryIdOf(provider.category))}` : null;
    const body = withFirstReads(renderProviderOgTags(html, provider, lang, providerPageUrl(origin, id), { imageUrl }), reads);
    // Without the provider (the database did not answer in time) the page has no preview: no
    // shared cache should keep it (a CDN would hand it to every chat app for its lifetime).
    return provider ? { type, body } : { type, body, cache: 'no-cache' };
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
): Promise<OgProvider | typeof PROVIDER_NOT_LISTED | null> {
  if (!UUID_RE.test(id)) return PROVIDER_NOT_LISTED;
  id = id.toLowerCase();
  const base = supabaseUrl.replace(/\/+$/, '');
  const signal = AbortSignal.timeout(timeoutMs);
  const headers = { apikey: anonKey, Authorization: `Bearer ${anonKey}`, Accept: 'application/json' };
  const rowUrl =
    `${base}/rest/v1/service_providers?select=name,business_name,category,verified,address,mobile` +
    `&id=eq.${encodeURIComponent(id)}&status=eq.approved&limit=1`;

  const rowRequest = fetchImpl(rowUrl, { headers, signal }).then(async (res) => {
    if (!res.ok) return null;
    const rows = (await res.json()) as unknown;
    if (Array.isArray(rows) && rows.length === 0) return PROVIDER_NOT_LISTED;
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
    if (row === PROVIDER_NOT_LISTED) return PROVIDER_NOT_LISTED;
    if (!row || typeof row.name !== 'string' || typeof row.category !== 'string') return null;
    return {
      name: row.name,
      business_name: typeof row.business_name === 'string' ? row.business_name : null,
      category: row.category,
      verified: row.verified === true,
      address: typeof row.address === 'string' ? row.address : null,
      mobile: typeof row.mobile === 'string' ? row.mobile : null,
      avg_rating: Number(rating?.avg_rating ?? 0) || 0,
      rating_count: Number(rating?.rating_count ?? 0) || 0,
    };
  } catch {
    return null;
  }
}
