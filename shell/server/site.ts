import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_NAMES, type RemoteName, type RemotesManifest } from '@city/shared/contracts';
import { StaticServer, type DynamicRoute } from './static-server';
import { createShellSite, jsonResponse, siteHeaders } from './shell-site';
import type { SitemapCache } from './sitemap-cache';

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
    const configRoute: DynamicRoute = () => (this.configOverride ? this.configOverride() : jsonResponse(this.runtimeConfig()));
    const remoteUrls = () => Object.values(this.remotesManifest);
    const headers = siteHeaders({ dist: MODULES.shell.dist, shellOrigin, supabaseUrl: opts.supabaseUrl, remoteUrls });
    this.remotes = Object.fromEntries(
      REMOTE_NAMES.map((name, i) => [
        name,
        new StaticServer({ root: MODULES[name].dist, port: portOf(name, i), headers, routes: { '/config.json': configRoute } }),
      ]),
    ) as Record<RemoteName, StaticServer>;
    this.remotesManifest = Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, `${this.remotes[name].url}/mf-manifest.json`]),
    ) as RemotesManifest;
    const shell = createShellSite({
      dist: MODULES.shell.dist,
      port: shellPort,
      supabaseUrl: opts.supabaseUrl,
      supabaseAnonKey: opts.supabaseAnonKey,
      publicOrigin: opts.publicOrigin ?? shellOrigin,
      shellOrigin,
      config: configRoute,
      remotesJson: () => (this.remotesOverride ? this.remotesOverride() : jsonResponse(this.remotesManifest)),
      remoteUrls,
    });
    this.shell = shell.server;
    this.sitemaps = shell.sitemaps;
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
