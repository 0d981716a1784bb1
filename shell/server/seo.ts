/**
 * What search engines and link previews read from the first HTML response: the head tags of a
 * page (title, description, canonical URL, Open Graph, JSON-LD), a category page's own title and
 * description (`/?category=<id>`), the home page's card. robots.txt and the sitemaps: sitemap.ts.
 * Pure of Node APIs (fetch only), like provider-og.ts.
 */
import { findCategoryById, type Category } from '@city/shared/catalogue';
import { CATEGORY_DETAILS } from '@city/shared/catalogue/details';
import { DEFAULT_LANGUAGE, type Language } from '@city/shared/i18n';
import { resources } from '@city/shared/i18n/resources';
import { REMOTE_PARAMS } from '@city/shared/contracts';
import { BOOT_CONTENT_MARKER } from '../src/app/boot-skeleton-markers';
import enServer from './locales/en.json';
import hiServer from './locales/hi.json';
import { categoryPageUrl } from './sitemap';

const SERVER_TEXT: Record<Language, typeof enServer> = { en: enServer, hi: hiServer };
const LOCALE_TAG: Record<Language, string> = { hi: 'hi_IN', en: 'en_IN' };

/** Escapes text for an HTML attribute value or element content. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

export const fill = (template: string, vars: Record<string, string>) =>
  template.replace(/{{\s*(\w+)\s*}}/g, (_, k: string) => vars[k] ?? '');

/**
 * A JSON-LD block. The JSON is escaped so that nothing in it can end the script element or open
 * a comment (`</script>`, `<!--`): every `<`, `>` and `&` becomes a \\u escape, which JSON
 * parsers read back as the same character. Browsers do not execute application/ld+json, so
 * the CSP's script-src does not apply to it.
 */
export function jsonLdScript(data: unknown): string {
  return `<script type="application/ld+json">${jsonForScript(data)}</script>`;
}

/** JSON that no HTML parser can end or comment out inside a <script> data block (see jsonLdScript). */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The link-preview card of a category (shell/scripts/gen-og-images.ts writes one per category). */
export const ogImagePath = (categoryId: string | null) => `/og/${categoryId ?? 'site'}.png`;
const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

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

// ---- the first paint of a list or a search: the boot skeleton's main region

/**
 * Text of the page for the boot skeleton (BOOT_CONTENT_MARKER), in both languages (its language
 * switch shows one): what the page is about, painted from the first HTML. It is the page's
 * largest text, so its early paint stays the largest contentful paint: the app's later heading
 * and cards are smaller (the description is sized for that, shell.css `.boot-skeleton__desc`).
 */
function bootContent(view: 'category' | 'search', parts: Record<Language, { heading: string; description: string }>): string {
  const e = escapeHtml;
  const langs = Object.keys(parts) as Language[];
  const block = (lang: Language) =>
    `<div class="boot-skeleton__lang" data-boot-lang="${lang}" lang="${lang}">` +
    `<h1 class="boot-skeleton__title">${e(parts[lang].heading)}</h1><p class="boot-skeleton__desc">${e(parts[lang].description)}</p></div>`;
  return `<div class="boot-skeleton__content" data-boot-view="${view}">${langs.map(block).join('')}</div>`;
}

/** A category list's name and description (the same as its meta description). */
export function categoryBootContent(category: Category): string {
  const part = (lang: Language) => ({ heading: category[lang], description: categoryPageContent(category, lang).description });
  return bootContent('category', { hi: part('hi'), en: part('en') });
}

/** The text a search of `?q=` is for, as the directory sends it (spaces collapsed, cut to 100), or ''. */
export function searchQueryFromSearch(search: string): string {
  return (new URLSearchParams(search).get(REMOTE_PARAMS.mf_directory.query) ?? '')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim()
    .slice(0, 100)
    .trim();
}

/** A search's heading and what it looks for. */
export function searchBootContent(query: string): string {
  const part = (lang: Language) => ({
    heading: fill(SERVER_TEXT[lang].search.heading, { query }),
    description: fill(SERVER_TEXT[lang].search.description, { query }),
  });
  return bootContent('search', { hi: part('hi'), en: part('en') });
}

/** `html` with `content` where the boot skeleton takes the page's text (unchanged without the marker). */
export function withBootContent(html: string, content: string): string {
  return html.includes(BOOT_CONTENT_MARKER) ? html.replace(BOOT_CONTENT_MARKER, () => content) : html;
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
