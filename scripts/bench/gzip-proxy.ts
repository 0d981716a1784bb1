import { createServer, request, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript)|image\/svg)/;

/**
 * What a CDN or any production web host does in front of the static builds: gzip text
 * responses. The local StaticServer sends files uncompressed; without this, Lighthouse and
 * the network log would measure bytes no real visitor downloads. Everything else (status,
 * headers, caching) is passed through unchanged.
 */
export class GzipProxy {
  private server: Server | null = null;
  constructor(
    private readonly port: number,
    private readonly target: string,
  ) {}

  get url(): string {
    return `http://localhost:${this.port}`;
  }

  async start(): Promise<void> {
    const target = new URL(this.target);
    const server = createServer((req, res) => {
      const upstream = request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: target.host, 'accept-encoding': 'identity' },
        },
        (up) => {
          const chunks: Buffer[] = [];
          up.on('data', (c: Buffer) => chunks.push(c));
          up.on('end', () => {
            let body = Buffer.concat(chunks);
            const headers = { ...up.headers };
            const type = String(headers['content-type'] ?? '');
            const accepts = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
            if (accepts && COMPRESSIBLE.test(type) && body.length > 0) {
              body = gzipSync(body, { level: 9 });
              headers['content-encoding'] = 'gzip';
              headers.vary = 'Accept-Encoding';
            }
            delete headers['transfer-encoding'];
            headers['content-length'] = String(body.length);
            res.writeHead(up.statusCode ?? 502, headers);
            res.end(req.method === 'HEAD' ? undefined : body);
          });
          up.on('error', () => res.destroy());
        },
      );
      upstream.on('error', () => {
        res.writeHead(502).end();
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
