import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.mp4': 'video/mp4',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
};

/**
 * A response computed per request (config.json, remotes.json, the HTML with OG tags, sitemaps).
 * `cache`: its Cache-Control (default no-cache, or the server's htmlCache for a 200 page);
 * `etag`: a strong ETag, answered with 304 when the request's If-None-Match has it.
 */
export interface DynamicResponse {
  status?: number;
  type: string;
  body: string;
  cache?: string;
  etag?: string;
}
export type DynamicRoute = (req: IncomingMessage) => Promise<DynamicResponse | null> | DynamicResponse | null;

export interface StaticServerOptions {
  /** Folder of a production build (dist/). */
  root: string;
  port: number;
  host?: string;
  /** Unknown paths get index.html (the shell's client-side routes), or `fallbackFile`. */
  spaFallback?: boolean;
  /**
   * With spaFallback: the file (in root) unknown paths get instead of index.html when it exists:
   * the shell's shell.html (its boot skeleton, without the prerendered home page).
   */
  fallbackFile?: string;
  /** Exact pathnames answered by code instead of files. */
  routes?: Record<string, DynamicRoute>;
  /** With spaFallback: may answer a client-side route with its own HTML (e.g. OG tags); null = index.html. */
  fallbackRoute?: DynamicRoute;
  /** Extra headers on every response (security headers); a function is asked per request. */
  headers?: Record<string, string> | ((req: IncomingMessage) => Record<string, string>);
  /**
   * Cache-Control of a 200 HTML answer (a file or a route that sets none): the shell's pages
   * (shell-site.ts). Default no-cache, like every other file whose name has no hash.
   */
  htmlCache?: string;
  /** Called once per request when its response is done or its client gone (the request log). */
  onResponse?: (done: FinishedRequest) => void;
}

/** What the request log may know of a request once answered. */
export interface FinishedRequest {
  req: IncomingMessage;
  status: number;
  /** Body bytes sent (as encoded: gzip when gzipped); 0 for HEAD and 304. */
  bytes: number;
  ms: number;
  /** The client went away before the whole response was sent. */
  aborted: boolean;
}

/** Text is worth compressing: phones on slow connections pay for every byte. */
const COMPRESSIBLE = /^(text\/|application\/json|application\/manifest\+json|image\/svg\+xml)/;
const acceptsGzip = (req: IncomingMessage) => /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));

/** Hashed file names never change content: cache them for a year; everything else revalidates. */
const isHashed = (path: string) => /\.[0-9a-f]{8}\.(js|css)$/.test(path) || /[0-9a-f]{16}\.woff2$/.test(path);

const isHtml = (type: string) => type.startsWith('text/html');
const etagOf = (body: Buffer, suffix = '') => `"${createHash('sha1').update(body).digest('base64url')}${suffix}"`;
const ifNoneMatch = (req: IncomingMessage, etag: string) =>
  String(req.headers['if-none-match'] ?? '')
    .split(',')
    .map((t) => t.trim())
    .includes(etag);

export class StaticServer {
  private server: Server | null = null;
  private isDraining = false;
  /** Responses not yet done: told to close their connection when a drain starts. */
  private readonly active = new Set<ServerResponse>();
  constructor(private readonly opts: StaticServerOptions) {}

  /** Between drain() and the last response: the health check answers 503, connections close. */
  get draining(): boolean {
    return this.isDraining;
  }

  /** The port asked for, or once started the one listened on (port 0: the system picks). */
  get url(): string {
    const address = this.server?.address();
    const port = address && typeof address === 'object' ? address.port : this.opts.port;
    return `http://localhost:${port}`;
  }

  get running(): boolean {
    return this.server !== null;
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.opts.port, this.opts.host ?? '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  /**
   * A graceful stop (SIGTERM): stops accepting connections, lets the requests in flight finish
   * (each answered with `Connection: close`, and idle keep-alive connections closed at once),
   * and after `graceMs` cuts whatever is still open. Resolves when every connection is gone.
   */
  async drain(graceMs: number): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.isDraining = true;
    for (const res of this.active) if (!res.headersSent) res.setHeader('Connection', 'close');
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    await closed;
    clearTimeout(cut);
    this.server = null;
    this.isDraining = false;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    this.active.add(res);
    const { onResponse } = this.opts;
    res.once('close', () => {
      this.active.delete(res);
      if (onResponse) {
        const sent = req.method !== 'HEAD' && res.statusCode !== 304;
        onResponse({
          req,
          status: res.statusCode,
          bytes: sent ? Number(res.getHeader('content-length') ?? 0) || 0 : 0,
          ms: performance.now() - started,
          aborted: !res.writableFinished,
        });
      }
    });
    // Draining: this connection closes after its answer, so the server can stop.
    if (this.isDraining) res.setHeader('Connection', 'close');
    const extra = typeof this.opts.headers === 'function' ? this.opts.headers(req) : (this.opts.headers ?? {});
    for (const [k, v] of Object.entries(extra)) res.setHeader(k, v);
    // Remotes' chunks and manifests are fetched cross-origin by the shell's page.
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request');
      return;
    }
    try {
      const route = this.opts.routes?.[pathname];
      const routed = route ? await route(req) : null;
      if (routed) {
        const status = routed.status ?? 200;
        const cache = routed.cache ?? this.cacheOf(status, routed.type);
        if (routed.etag) {
          res.setHeader('ETag', routed.etag);
          if (ifNoneMatch(req, routed.etag)) {
            res.writeHead(304, { 'Cache-Control': cache, Vary: 'Accept-Encoding' }).end();
            return;
          }
        }
        return this.send(req, res, status, routed.type, routed.body, cache);
      }
      const file = this.resolveFile(pathname);
      if (file) return await this.sendFile(req, res, file);
      if (this.opts.spaFallback && !extname(pathname)) {
        const out = this.opts.fallbackRoute ? await this.opts.fallbackRoute(req) : null;
        if (out) {
          const status = out.status ?? 200;
          return this.send(req, res, status, out.type, out.body, out.cache ?? this.cacheOf(status, out.type));
        }
        const fallback = this.opts.fallbackFile ? join(this.opts.root, this.opts.fallbackFile) : null;
        return await this.sendFile(req, res, fallback && existsSync(fallback) ? fallback : join(this.opts.root, 'index.html'));
      }
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    } catch (e) {
      // A file removed mid-request (e.g. during a rebuild) fails this response, not the server.
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(String(e));
      else res.destroy();
    }
  }

  /** A response's Cache-Control when it names none: htmlCache for a page, else revalidate. */
  private cacheOf(status: number, type: string): string {
    return status === 200 && isHtml(type) && this.opts.htmlCache ? this.opts.htmlCache : 'no-cache';
  }

  private resolveFile(pathname: string): string | null {
    const rel = normalize(pathname === '/' ? '/index.html' : pathname);
    const full = join(this.opts.root, rel);
    if (!full.startsWith(this.opts.root + sep) && full !== this.opts.root) return null;
    if (!existsSync(full) || !statSync(full).isFile()) return null;
    return full;
  }

  /** Build outputs are small: keep each file (its gzip and ETags) in memory until it changes. */
  private readonly files = new Map<string, { mtimeMs: number; raw: Buffer; etag: string; gzip: { body: Buffer; etag: string } | null }>();

  private async sendFile(req: IncomingMessage, res: ServerResponse, file: string): Promise<void> {
    const { mtimeMs } = statSync(file);
    let entry = this.files.get(file);
    if (!entry || entry.mtimeMs !== mtimeMs) {
      const raw = await readFile(file);
      entry = { mtimeMs, raw, etag: etagOf(raw), gzip: null };
      this.files.set(file, entry);
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const cache = isHashed(file) ? 'public, max-age=31536000, immutable' : this.cacheOf(200, type);
    // A validator for everything revalidated (no-cache): a browser or CDN asking again gets a
    // 304 without the body. The gzip body is another representation: another ETag.
    const gzipped = acceptsGzip(req) && COMPRESSIBLE.test(type);
    if (gzipped) {
      const raw = entry.raw;
      entry.gzip ??= (() => {
        const body = gzipSync(raw, { level: 9 });
        return { body, etag: etagOf(raw, '-gz') };
      })();
    }
    const etag = gzipped ? entry.gzip!.etag : entry.etag;
    res.setHeader('ETag', etag);
    if (ifNoneMatch(req, etag)) {
      res.writeHead(304, { 'Cache-Control': cache, Vary: 'Accept-Encoding' }).end();
      return;
    }
    return gzipped
      ? this.write(req, res, 200, type, cache, entry.gzip!.body, true)
      : this.write(req, res, 200, type, cache, entry.raw, false);
  }

  private send(req: IncomingMessage, res: ServerResponse, status: number, type: string, body: string, cache: string): void {
    const raw = Buffer.from(body);
    if (acceptsGzip(req) && COMPRESSIBLE.test(type) && raw.length > 512)
      return this.write(req, res, status, type, cache, gzipSync(raw), true);
    return this.write(req, res, status, type, cache, raw, false);
  }

  private write(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    type: string,
    cache: string,
    body: Buffer,
    gzipped: boolean,
  ): void {
    res.writeHead(status, {
      'Content-Type': type,
      'Cache-Control': cache,
      'Content-Length': String(body.length),
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
      ...(gzipped ? { 'Content-Encoding': 'gzip' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}
