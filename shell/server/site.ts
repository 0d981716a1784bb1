import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { REMOTE_NAMES, REMOTE_PARAMS, type RemoteName, type RemotesManifest } from '@city/shared/contracts';
import { securityHeaders, serviceWorkerHeaders } from './security-headers';
import { StaticServer, type DynamicRoute } from './static-server';
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

/** Provider sitemap files served (50,000 URLs each): room for 2 million approved providers. */
const MAX_PROVIDER_SITEMAPS = 40;
/** robots.txt and the sitemaps: crawlers and CDNs may keep them an hour (the cache's period). */
const SEO_CACHE = 'public, max-age=3600';

const repoRoot = join(__dirname, '..', '..');

/** Where each module's production build lives, and its default port. */
const MODULES: Record<'shell' | RemoteName, { dist: string; port: number }> = {
  shell: { dist: join(repoRoot, 'shell', 'dist'), port: 3000 },
  mf_directory: { dist: join(repoRoot, 'mf-directory', 'dist'), port: 3001 },
  mf_provider_profile: { dist: join(repoRoot, 'mf-provider-profile', 'dist'), port: 3002 },
  mf_registration: { dist: join(repoRoot, 'mf-registration', 'dist'), port: 3003 },
  mf_ads: { dist: join(repoRoot, 'mf-ads', 'dist'), port: 3004 },
  mf_admin: { dist: join(repoRoot, 'mf-admin', 'dist'), port: 3005 },
};

export interface SiteOptions {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** Port of the shell; remotes take the next five unless given. */
  shellPort?: number;
  remotePorts?: Partial<Record<RemoteName, number>>;
  /**
   * The site's public origin (e.g. https://city.example.in), used for og:url in link
   * previews. Defaults to the shell's own origin, http://localhost:<shellPort>.
   */
  publicOrigin?: string;
}

/** The CSP hashes of the prerender guard script (shell/prerender writes them); none for a build without it. */
function prerenderScriptHashes(shellDist: string): string[] {
  const file = join(shellDist, 'prerender.json');
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as { scriptHashes?: string[] }).scriptHashes ?? [];
}

/**
 * The HTML for every path but `/` (a profile, a static page, admin, not found): the build's
 * shell.html (header + translated loading state, no home markup: shell/prerender), or
 * index.html for a build without it. Read per request: a rebuild changes it.
 */
function shellHtml(shellDist: string): string {
  const shell = join(shellDist, 'shell.html');
  return readFileSync(existsSync(shell) ? shell : join(shellDist, 'index.html'), 'utf8');
}

const json = (body: unknown) => ({ type: 'application/json; charset=utf-8', body: JSON.stringify(body, null, 2) });

/**
 * The composed site as separate deployments would serve it: the shell and each remote on its
 * own origin (port). config.json and remotes.json are generated, so the same builds run
 * against any backend; each remote can be stopped and restarted alone (used by e2e).
 */
export class Site {
  readonly shell: StaticServer;
  readonly remotes: Record<RemoteName, StaticServer>;
  private remotesManifest: RemotesManifest;
  private configOverride: (() => ReturnType<DynamicRoute>) | null = null;
  private remotesOverride: (() => ReturnType<DynamicRoute>) | null = null;
  /** The sitemaps, rebuilt from the database at most once an hour. */
  readonly sitemaps: SitemapCache;

  constructor(private readonly opts: SiteOptions) {
    const shellPort = opts.shellPort ?? MODULES.shell.port;
    const portOf = (name: RemoteName, i: number) => opts.remotePorts?.[name] ?? shellPort + i + 1;
    const shellOrigin = `http://localhost:${shellPort}`;
    // Per request: remotes.json can be repointed at run time (setRemoteEntry), and the policy follows.
    const inlineScriptHashes = prerenderScriptHashes(MODULES.shell.dist);
    const headers = (req?: IncomingMessage) =>
      (req?.url?.split('?')[0] === '/sw.js' ? serviceWorkerHeaders : securityHeaders)({
        shellOrigin,
        moduleOrigins: Object.values(this.remotesManifest),
        supabaseUrl: this.opts.supabaseUrl,
        inlineScriptHashes,
      });
    const configRoute: DynamicRoute = () => (this.configOverride ? this.configOverride() : json(this.runtimeConfig()));
    this.remotes = Object.fromEntries(
      REMOTE_NAMES.map((name, i) => [
        name,
        new StaticServer({ root: MODULES[name].dist, port: portOf(name, i), headers, routes: { '/config.json': configRoute } }),
      ]),
    ) as Record<RemoteName, StaticServer>;
    this.remotesManifest = Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, `${this.remotes[name].url}/mf-manifest.json`]),
    ) as RemotesManifest;
    const publicOrigin = publicOriginOf(opts.publicOrigin ?? shellOrigin);
    this.sitemaps = new SitemapCache(() =>
      buildSitemaps(publicOrigin, (after) => fetchApprovedProviderIds(opts.supabaseUrl, opts.supabaseAnonKey, after)),
    );
    const sitemapRoute: DynamicRoute = async (req) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      let file;
      try {
        file = await this.sitemaps.get(path);
      } catch {
        return { status: 503, type: 'text/plain; charset=utf-8', body: 'The sitemap is not available right now.', cache: 'no-store' };
      }
      return file
        ? { type: 'application/xml; charset=utf-8', body: file.body, etag: file.etag, cache: SEO_CACHE }
        : { status: 404, type: 'text/plain; charset=utf-8', body: 'Not found' };
    };
    const sitemapRoutes: Record<string, DynamicRoute> = { '/sitemap.xml': sitemapRoute, '/sitemap-categories.xml': sitemapRoute };
    for (let n = 1; n <= MAX_PROVIDER_SITEMAPS; n++) sitemapRoutes[`/sitemap-providers-${n}.xml`] = sitemapRoute;
    const indexHtml = () => readFileSync(join(MODULES.shell.dist, 'index.html'), 'utf8');
    // The data service as the browser reaches it (config.json): the first reads' keys are its URLs.
    const dataService = { supabaseUrl: opts.supabaseUrl, supabaseAnonKey: opts.supabaseAnonKey };
    // `/` is the hot path: its head is rewritten once per build of index.html, not per request.
    let home: { html: string; out: string } | null = null;
    const homeHead = (html: string) => {
      if (home?.html !== html) home = { html, out: renderHomeHead(html, 'hi', publicOrigin) };
      return home.out;
    };
    this.shell = new StaticServer({
      root: MODULES.shell.dist,
      port: shellPort,
      spaFallback: true,
      fallbackFile: 'shell.html',
      headers,
      // Chat apps read Open Graph tags from the first HTML response: render them for profiles.
      // A path no route matches (or a profile no provider has) is a 404 with the same page,
      // which the app renders as its not-found page.
      fallbackRoute: pageOrNotFoundRoute(
        providerOgRoute({
          publicOrigin: opts.publicOrigin ?? shellOrigin,
          supabaseUrl: opts.supabaseUrl,
          supabaseAnonKey: opts.supabaseAnonKey,
          indexHtml: () => shellHtml(MODULES.shell.dist),
          lang: 'hi',
          firstReads: (pathname) => readFirstReads(firstReadTargets(pathname, ''), dataService),
        }),
        () => shellHtml(MODULES.shell.dist),
      ),
      routes: {
        // A category's list (/?category=<id>) gets its own title, description and preview card in
        // the first HTML; any other `/` is the prerendered index.html with the site's card.
        // A list or a search also gets its text where the boot skeleton paints it (seo.ts).
        '/': async (req) => {
          const search = new URL(req.url ?? '/', 'http://x').search;
          const category = categoryFromSearch(search);
          const html = indexHtml();
          if (category) {
            const reads = await readFirstReads(firstReadTargets('/', search), dataService);
            const page = withBootContent(renderCategoryHead(html, category, 'hi', publicOrigin), categoryBootContent(category));
            return { type: 'text/html; charset=utf-8', body: withFirstReads(page, reads) };
          }
          // A category wins over the text (the directory's rule), also one not in the catalogue.
          const query = new URLSearchParams(search).has(REMOTE_PARAMS.mf_directory.category) ? '' : searchQueryFromSearch(search);
          if (!query) return { type: 'text/html; charset=utf-8', body: homeHead(html) };
          // A list's or a search's first page comes with it (first-reads.ts).
          const reads = await readFirstReads(firstReadTargets('/', search), dataService);
          return {
            type: 'text/html; charset=utf-8',
            body: withFirstReads(withBootContent(homeHead(html), searchBootContent(query)), reads),
          };
        },
        '/robots.txt': () => ({ type: 'text/plain; charset=utf-8', body: robotsTxt(publicOrigin), cache: SEO_CACHE }),
        ...sitemapRoutes,
        '/config.json': configRoute,
        '/remotes.json': () => (this.remotesOverride ? this.remotesOverride() : json(this.remotesManifest)),
      },
    });
  }

  get url(): string {
    return this.shell.url;
  }

  /** The deployment's config.json with this backend's URL and public key. */
  runtimeConfig(): Record<string, unknown> {
    const base = JSON.parse(readFileSync(join(MODULES.shell.dist, 'config.json'), 'utf8')) as Record<string, unknown>;
    return { ...base, supabaseUrl: this.opts.supabaseUrl, supabaseAnonKey: this.opts.supabaseAnonKey };
  }

  get manifest(): RemotesManifest {
    return { ...this.remotesManifest };
  }

  /** Points one remote at another build (what a redeploy does), with no shell rebuild. */
  setRemoteEntry(name: RemoteName, manifestUrl: string): void {
    this.remotesManifest = { ...this.remotesManifest, [name]: manifestUrl };
  }

  /** Test hooks: serve a broken or missing config.json / remotes.json. */
  overrideConfig(fn: (() => ReturnType<DynamicRoute>) | null): void {
    this.configOverride = fn;
  }
  overrideRemotes(fn: (() => ReturnType<DynamicRoute>) | null): void {
    this.remotesOverride = fn;
  }

  async start(): Promise<void> {
    await Promise.all([this.shell.start(), ...Object.values(this.remotes).map((r) => r.start())]);
  }

  async stop(): Promise<void> {
    await Promise.all([this.shell.stop(), ...Object.values(this.remotes).map((r) => r.stop())]);
  }
}
