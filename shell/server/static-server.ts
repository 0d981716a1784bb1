import { createReadStream, existsSync, statSync } from 'node:fs';
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
};

/** A response computed per request (config.json, remotes.json, the HTML with OG tags). */
export type DynamicRoute = (req: IncomingMessage) => Promise<{ status?: number; type: string; body: string } | null> | { status?: number; type: string; body: string } | null;

export interface StaticServerOptions {
  /** Folder of a production build (dist/). */
  root: string;
  port: number;
  host?: string;
  /** Unknown paths get index.html (the shell's client-side routes). */
  spaFallback?: boolean;
  /** Exact pathnames answered by code instead of files. */
  routes?: Record<string, DynamicRoute>;
  /** With spaFallback: may answer a client-side route with its own HTML (e.g. OG tags); null = index.html. */
  fallbackRoute?: DynamicRoute;
  /** Extra headers on every response (security headers); a function is asked per request. */
  headers?: Record<string, string> | ((req: IncomingMessage) => Record<string, string>);
}

/** Hashed file names never change content: cache them for a year; everything else revalidates. */
const isHashed = (path: string) => /\.[0-9a-f]{8}\.(js|css)$/.test(path) || /[0-9a-f]{16}\.woff2$/.test(path);

export class StaticServer {
  private server: Server | null = null;
  constructor(private readonly opts: StaticServerOptions) {}

  get url(): string {
    return `http://localhost:${this.opts.port}`;
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

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const extra = typeof this.opts.headers === 'function' ? this.opts.headers(req) : (this.opts.headers ?? {});
    for (const [k, v] of Object.entries(extra)) res.setHeader(k, v);
    // Remotes' chunks and manifests are fetched cross-origin by the shell's page.
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const route = this.opts.routes?.[pathname];
    if (route) {
      try {
        const out = await route(req);
        if (out) {
          res.writeHead(out.status ?? 200, { 'Content-Type': out.type, 'Cache-Control': 'no-cache' }).end(req.method === 'HEAD' ? undefined : out.body);
          return;
        }
      } catch (e) {
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(e));
        return;
      }
    }
    const file = this.resolveFile(pathname);
    if (!file) {
      if (this.opts.spaFallback && !extname(pathname)) {
        const out = this.opts.fallbackRoute ? await this.opts.fallbackRoute(req) : null;
        if (out) {
          res.writeHead(out.status ?? 200, { 'Content-Type': out.type, 'Cache-Control': 'no-cache' }).end(out.body);
          return;
        }
        this.sendFile(res, join(this.opts.root, 'index.html'), req.method === 'HEAD');
        return;
      }
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    this.sendFile(res, file, req.method === 'HEAD');
  }

  private resolveFile(pathname: string): string | null {
    const rel = normalize(pathname === '/' ? '/index.html' : pathname);
    const full = join(this.opts.root, rel);
    if (!full.startsWith(this.opts.root + sep) && full !== this.opts.root) return null;
    if (!existsSync(full) || !statSync(full).isFile()) return null;
    return full;
  }

  private sendFile(res: ServerResponse, file: string, headOnly: boolean): void {
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': isHashed(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
    if (headOnly) {
      res.end();
      return;
    }
    // A file removed mid-request (e.g. during a rebuild) must fail this response, not the server.
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  }
}
