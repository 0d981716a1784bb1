import { createHash } from 'node:crypto';
import type { SitemapFiles } from './sitemap';

export interface CachedFile {
  body: string;
  /** A strong ETag of the body. */
  etag: string;
}

/**
 * The sitemaps, built at most once per `ttlMs` (default 1 h) and shared by every request: a
 * crawler asking for 40 files costs one pass over the providers. After the hour the old files
 * keep being served while one rebuild runs (stale-while-revalidate); a failed rebuild keeps
 * them. Only a first build that fails fails the request.
 */
export class SitemapCache {
  private current: { at: number; files: Map<string, CachedFile>; providers: number } | null = null;
  private building: Promise<void> | null = null;
  builds = 0;

  constructor(
    private readonly build: () => Promise<SitemapFiles>,
    private readonly ttlMs = 60 * 60 * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  private rebuild(): Promise<void> {
    this.building ??= (async () => {
      try {
        this.builds += 1;
        const { files, providers } = await this.build();
        const cached = new Map<string, CachedFile>();
        for (const [path, body] of files) cached.set(path, { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` });
        this.current = { at: this.now(), files: cached, providers };
      } finally {
        this.building = null;
      }
    })();
    return this.building;
  }

  /** The file at `path` ('/sitemap.xml', '/sitemap-providers-2.xml', ...), or null if there is none. */
  async get(path: string): Promise<CachedFile | null> {
    if (!this.current) await this.rebuild();
    else if (this.now() - this.current.at >= this.ttlMs) this.rebuild().catch(() => undefined);
    return this.current!.files.get(path) ?? null;
  }
}
