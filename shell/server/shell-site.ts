/**
 * The shell's server: its build (dist/) plus everything its first HTML needs from the database
 * (a profile's preview tags, JSON-LD and first reads, a category's title, the sitemaps).
 * One code for both ways it runs: `npm start` and e2e (site.ts: with the local backend and the
 * remotes beside it) and production (serve.ts: the shell alone, configured by the environment).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { matchRoute, REMOTE_PARAMS, routeNeedsDataAtOnce } from '@city/shared/contracts';
import { securityHeaders, serviceWorkerHeaders } from './security-headers';
import { StaticServer, type DynamicResponse, type DynamicRoute, type FinishedRequest } from './static-server';
import { providerOgRoute, publicOriginOf } from './provider-og';
import { pageOrNotFoundRoute } from './not-found';
import {
  categoryBootContent,
  categoryFromSearch,
  renderCategoryHead,
  renderHomeHead,
  searchBootContent,
  searchQueryFromSearch,
  withBootContent,
} from './seo';
import { buildSitemaps, fetchApprovedProviderIds, robotsTxt } from './sitemap';
import { SitemapCache } from './sitemap-cache';
import { firstReadTargets, readFirstReads, withFirstReads } from './first-reads';
import { readProfile } from './profile-reads';
import { dataServicePreconnect } from './data-preconnect';

/** One route of the site: a path (`:id`, `:n` and `*` are patterns) and what answers it. */
type SiteRoute = [path: string, answer: DynamicRoute];

/**
 * The StaticServer's routes from the table: exact paths as they are, `:n` (the provider
 * sitemaps) one per file served, and `:id`/`*` (client-side routes, no file extension) tried in
 * order for any other path, the first answer wins (null: the next).
 */
function serverRoutes(routes: SiteRoute[]): { exact: Record<string, DynamicRoute>; fallback: DynamicRoute } {
  const exact: Record<string, DynamicRoute> = {};
  const patterns: DynamicRoute[] = [];
  for (const [path, answer] of routes) {
    if (path.includes(':n')) for (let n = 1; n <= MAX_PROVIDER_SITEMAPS; n++) exact[path.replace(':n', String(n))] = answer;
    else if (path.includes(':id') || path === '*') patterns.push(answer);
    else exact[path] = answer;
  }
  const fallback: DynamicRoute = async (req) => {
    for (const answer of patterns) {
      const out = await answer(req);
      if (out) return out;
    }
    return null;
  };
  return { exact, fallback };
}

/** Provider sitemap files served (50,000 URLs each): room for 2 million approved providers. */
const MAX_PROVIDER_SITEMAPS = 40;
/** robots.txt and the sitemaps: crawlers and CDNs may keep them an hour (the cache's period). */
const SEO_CACHE = 'public, max-age=3600';
/**
 * A page (200 HTML): a CDN may keep it a minute (`s-maxage`), a browser asks again every time
 * (`max-age=0`). A profile link shared in a busy group then costs one render per minute per
 * CDN node, not one per visitor; the first reads inside are at most a minute old (the app
 * believes them for 5: FIRST_READS_MAX_AGE_MS). A browser never keeps a page, so a visitor who
 * has just rated sees their rating on reload (unless a CDN served the page within that minute).
 * No page depends on a cookie or a header: the URL is the whole cache key. A 404 and a page
 * served without its data (the database too slow) stay `no-cache`.
 */
const HTML_CACHE = 'public, max-age=0, s-maxage=60';

const HTML = 'text/html; charset=utf-8';

/** A JSON answer with a strong ETag (config.json, remotes.json: revalidated, rarely changed). */
export function jsonResponse(body: unknown): DynamicResponse {
  const text = JSON.stringify(body, null, 2);
  return { type: 'application/json; charset=utf-8', body: text, etag: `"${createHash('sha1').update(text).digest('base64url')}"` };
}

/** The CSP hashes of the prerender guard script (shell/prerender writes them); none for a build without it. */
function prerenderScriptHashes(dist: string): string[] {
  const file = join(dist, 'prerender.json');
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as { scriptHashes?: string[] }).scriptHashes ?? [];
}

/**
 * A file's text, read again only when it changes: the pages are built from index.html and
 * shell.html on every request, and a rebuild under a running `npm start` must show.
 */
function textFile(): (file: string) => string {
  const cache = new Map<string, { mtimeMs: number; text: string }>();
  return (file) => {
    const { mtimeMs } = statSync(file);
    const hit = cache.get(file);
    if (hit?.mtimeMs === mtimeMs) return hit.text;
    const text = readFileSync(file, 'utf8');
    cache.set(file, { mtimeMs, text });
    return text;
  };
}

/**
 * The security headers of every response of the site (the shell's, and locally each remote's:
 * site.ts), with the worker's own policy for /sw.js. Per request: remotes.json can be
 * repointed at run time (site.ts), and the policy follows.
 */
export function siteHeaders(opts: {
  dist: string;
  shellOrigin: string;
  supabaseUrl: string;
  remoteUrls: () => readonly string[];
}): (req?: IncomingMessage) => Record<string, string> {
  const inlineScriptHashes = prerenderScriptHashes(opts.dist);
  return (req) =>
    (req?.url?.split('?')[0] === '/sw.js' ? serviceWorkerHeaders : securityHeaders)({
      shellOrigin: opts.shellOrigin,
      moduleOrigins: opts.remoteUrls(),
      supabaseUrl: opts.supabaseUrl,
      inlineScriptHashes,
    });
}

export interface ShellSiteOptions {
  /** The shell's production build (shell/dist). */
  dist: string;
  port: number;
  host?: string;
  supabaseUrl: string;
  supabaseAnonKey: string;
  /**
   * The site's public origin, scheme, host and port (og:url, canonical links, the sitemaps).
   * Never taken from the request's Host or X-Forwarded-Host: a forged one would end up in
   * previews that chat apps cache.
   */
  publicOrigin: string;
  /** The origin the page is served from, for the CSP (the public origin in production). */
  shellOrigin: string;
  /** config.json, asked per request. */
  config: DynamicRoute;
  /** remotes.json, asked per request. */
  remotesJson: DynamicRoute;
  /** The remotes' manifest URLs now: their origins go into the CSP. */
  remoteUrls: () => readonly string[];
  onResponse?: (done: FinishedRequest) => void;
}

export interface ShellSite {
  server: StaticServer;
  /** The sitemaps, rebuilt from the database at most once an hour. */
  sitemaps: SitemapCache;
}

export function createShellSite(opts: ShellSiteOptions): ShellSite {
  const { dist, supabaseUrl, supabaseAnonKey } = opts;
  const publicOrigin = publicOriginOf(opts.publicOrigin);
  const read = textFile();
  // Every path but `/` gets the build's shell.html (header + translated loading state, no home
  // markup: shell/prerender), or index.html for a build without it.
  const shellHtml = () => read(existsSync(join(dist, 'shell.html')) ? join(dist, 'shell.html') : join(dist, 'index.html'));
  const indexHtml = () => read(join(dist, 'index.html'));

  const headers = siteHeaders(opts);
  // A page whose first reads did not come (the database too slow): no CDN keeps it.
  const page = (body: string, complete: boolean): DynamicResponse => ({ type: HTML, body, ...(complete ? {} : { cache: 'no-cache' }) });

  const sitemaps = new SitemapCache(() =>
    buildSitemaps(publicOrigin, (after) => fetchApprovedProviderIds(supabaseUrl, supabaseAnonKey, after)),
  );
  // The data service as the browser reaches it (config.json): the first reads' keys are its URLs.
  const dataService = { supabaseUrl, supabaseAnonKey };
  const withDataServicePreconnect = dataServicePreconnect(supabaseUrl);

  // `/`: the prerendered home. A category's list (?category=<id>) gets its own title, description
  // and preview card; a list or a search gets its text where the boot skeleton paints it (seo.ts)
  // and its first page (first-reads.ts). The head is rewritten once per build of index.html.
  let home: { html: string; out: string } | null = null;
  const homeHead = (html: string) => {
    if (home?.html !== html) home = { html, out: renderHomeHead(html, 'hi', publicOrigin) };
    return home.out;
  };
  const homePage: DynamicRoute = async (req) => {
    const search = new URL(req.url ?? '/', 'http://x').search;
    const category = categoryFromSearch(search);
    const html = indexHtml();
    if (category) {
      const reads = await readFirstReads(firstReadTargets('/', search), dataService);
      const head = withDataServicePreconnect(renderCategoryHead(html, category, 'hi', publicOrigin), '/', search);
      const body = withBootContent(head, categoryBootContent(category));
      return page(withFirstReads(body, reads), reads !== null);
    }
    // A category wins over the text (the directory's rule), also one not in the catalogue.
    const query = new URLSearchParams(search).has(REMOTE_PARAMS.mf_directory.category) ? '' : searchQueryFromSearch(search);
    if (!query) return page(homeHead(html), true);
    const reads = await readFirstReads(firstReadTargets('/', search), dataService);
    const head = withDataServicePreconnect(homeHead(html), '/', search);
    return page(withFirstReads(withBootContent(head, searchBootContent(query)), reads), reads !== null);
  };

  // `/provider/:id`: chat apps read Open Graph tags from the first HTML, so the profile's first
  // reads come first (profile-reads.ts) and the preview is taken from them. 404 if not listed.
  const profilePage = providerOgRoute({
    publicOrigin,
    indexHtml: () => withDataServicePreconnect(shellHtml(), '/provider/:id', ''),
    lang: 'hi',
    readProfile: (id) => readProfile(id, dataService),
  });

  // Every other path: shell.html, which the app renders (with the data service's preconnect on a
  // page that reads at once: the signed-in pages); a 404 with it where no route matches.
  const signedInPage: DynamicRoute = (req) => {
    const { pathname, search } = new URL(req.url ?? '/', 'http://x');
    return routeNeedsDataAtOnce(matchRoute(pathname), search) ? page(withDataServicePreconnect(shellHtml(), pathname, search), true) : null;
  };
  const otherPage = pageOrNotFoundRoute(signedInPage, shellHtml);

  const sitemap: DynamicRoute = async (req) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    let file;
    try {
      file = await sitemaps.get(path);
    } catch {
      return { status: 503, type: 'text/plain; charset=utf-8', body: 'The sitemap is not available right now.', cache: 'no-store' };
    }
    return file
      ? { type: 'application/xml; charset=utf-8', body: file.body, etag: file.etag, cache: SEO_CACHE }
      : { status: 404, type: 'text/plain; charset=utf-8', body: 'Not found' };
  };

  // For a load balancer: this process answers. The database is not asked: every page is still
  // served while it is down (without its data), so taking instances out of service would turn a
  // database blip into an outage. 503 once draining (SIGTERM).
  const healthz: DynamicRoute = () => ({
    status: server.draining ? 503 : 200,
    type: 'application/json; charset=utf-8',
    body: JSON.stringify({ status: server.draining ? 'draining' : 'ok' }),
    cache: 'no-store',
  });

  // The site, top to bottom (shell/server/README.md has the same table). A file of the build
  // (hashed assets, sw.js, icons) is served as the file before any of these.
  const routes: SiteRoute[] = [
    // Reads a list's or a search's first page; answers index.html with the category's head, the
    // boot text and the first reads.
    ['/', homePage],
    // Reads the provider, its ratings and first reviews; answers shell.html with the preview
    // tags, JSON-LD, the provider as text and the first reads; 404 when not listed.
    ['/provider/:id', profilePage],
    // Reads nothing: where the sitemap is.
    ['/robots.txt', () => ({ type: 'text/plain; charset=utf-8', body: robotsTxt(publicOrigin), cache: SEO_CACHE })],
    // Read from the approved providers' ids at most hourly: the index, the categories, 50,000 profiles a file.
    ['/sitemap.xml', sitemap],
    ['/sitemap-categories.xml', sitemap],
    ['/sitemap-providers-:n.xml', sitemap],
    // Read nothing: the runtime config and where each remote is, from the environment.
    ['/config.json', opts.config],
    ['/remotes.json', opts.remotesJson],
    ['/healthz', healthz],
    // Reads nothing: shell.html, which the app renders; a 404 with it where no route matches.
    ['*', otherPage],
  ];
  const { exact, fallback } = serverRoutes(routes);

  const server: StaticServer = new StaticServer({
    root: dist,
    port: opts.port,
    ...(opts.host ? { host: opts.host } : {}),
    spaFallback: true,
    fallbackFile: 'shell.html',
    headers,
    htmlCache: HTML_CACHE,
    ...(opts.onResponse ? { onResponse: opts.onResponse } : {}),
    routes: exact,
    fallbackRoute: fallback,
  });
  return { server, sitemaps };
}
