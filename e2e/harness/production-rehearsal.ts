/**
 * The production rehearsal (issue 24 item 3): the site deployed the way README's production
 * steps say, on this machine. Nothing of `npm start`'s Site:
 *
 * - the backend (supabase/local) in its own process on its own origin, with production settings:
 *   the database's pre-request limits (migration 0011) as shipped, supabase/config.toml's auth
 *   limits as they are (the local server has no limiter of its own);
 * - the shell is `npm run serve` (shell/server/serve.ts) in its own process, configured by its
 *   environment only;
 * - each remote's dist/ is plain files on its own origin, answered by a tiny static host with a
 *   CDN's headers (docs/adding-a-module.md, "On a static host or CDN"), not by StaticServer.
 *
 * Its `break` options make a deliberately broken deployment for `npm run check:deploy`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@city/shared/contracts';
import { startBackendProcess, type BackendProcess } from './backend-process';
import { E2E_REHEARSAL_BACKEND_PORT, E2E_REHEARSAL_PORT_BASE } from './ports';

const repoRoot = join(__dirname, '..', '..');

/** A static host's content types (the table of docs/adding-a-module.md). */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.map': 'application/json; charset=utf-8',
};
const HASHED = /\.[0-9a-f]{8}\.(js|css)$|[0-9a-f]{16}\.woff2$/;

/**
 * A CDN in front of one remote's dist/: GET and HEAD of files, CORS open (unless `cors` is
 * false), hashed names immutable, everything else no-cache with an ETag, nosniff.
 */
async function startStaticHost(root: string, port: number, opts: { cors?: boolean } = {}): Promise<Server> {
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = join(root, normalize(pathname));
    if (opts.cors !== false) res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile())
      return void res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    const body = readFileSync(file);
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const cache = HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
    if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { ETag: etag, 'Cache-Control': cache }).end();
    res
      .writeHead(200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Content-Length': String(body.length),
        'Cache-Control': cache,
        'X-Content-Type-Options': 'nosniff',
        ETag: etag,
      })
      .end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

export interface Rehearsal {
  /** The shell's public origin (`npm run serve`). */
  url: string;
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The backend's data folder (its SMS outbox). */
  dataDir: string;
  /** remotes.json as configured: each remote's manifest on its static host. */
  remotes: Record<RemoteName, string>;
  backend: BackendProcess;
  stop(): Promise<void>;
}

export interface RehearsalOptions {
  /** Another data folder name than the default. */
  name?: string;
  /** Serve this remote without CORS (a broken static host). */
  remoteWithoutCors?: RemoteName;
  /** Give the shell this anon key instead of the backend's (a wrong key in the environment). */
  anonKey?: string;
  /** Start on these ports instead (a second rehearsal beside the first): shell, then remotes. */
  portBase?: number;
  /** Use this rehearsal's backend (and leave it running on stop) instead of starting one. */
  backendOf?: Rehearsal;
}

async function until(what: string, ok: () => Promise<boolean>, child: ChildProcess, log: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}:\n${log().slice(-4000)}`);
    if (await ok().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not start in time:\n${log().slice(-4000)}`);
}

/** Starts the whole rehearsal; resolves once the shell's /healthz answers. */
export async function startRehearsal(opts: RehearsalOptions = {}): Promise<Rehearsal> {
  const portBase = opts.portBase ?? E2E_REHEARSAL_PORT_BASE;
  const shellOrigin = `http://localhost:${portBase}`;
  let dataDir: string;
  let backend: BackendProcess;
  if (opts.backendOf) {
    ({ dataDir, backend } = opts.backendOf);
  } else {
    dataDir = join(repoRoot, 'e2e', '.tmp', `rehearsal-${opts.name ?? 'db'}-${process.pid}`);
    rmSync(dataDir, { recursive: true, force: true });
    backend = await startBackendProcess({
      port: E2E_REHEARSAL_BACKEND_PORT,
      dataDir,
      // A second rehearsal on the next ports may share it.
      corsOrigins: [shellOrigin, `http://localhost:${portBase + 10}`],
      production: true,
    });
  }

  const hosts: Server[] = [];
  const remotes = {} as Record<RemoteName, string>;
  let shell: ChildProcess | null = null;
  const stop = async () => {
    if (shell && shell.exitCode === null && shell.signalCode === null) {
      const exited = new Promise((resolve) => shell!.once('exit', resolve));
      shell.kill('SIGTERM');
      await exited;
    }
    await Promise.all(hosts.map((h) => new Promise((resolve) => h.close(resolve))));
    if (!opts.backendOf) await backend.stop();
  };
  try {
    for (const [i, name] of REMOTE_NAMES.entries()) {
      const port = portBase + 1 + i;
      const dist = join(repoRoot, name.replace(/_/g, '-'), 'dist');
      hosts.push(await startStaticHost(dist, port, { cors: name !== opts.remoteWithoutCors }));
      // Another host name than the shell's: each remote is on an origin of its own.
      remotes[name] = `http://127.0.0.1:${port}/mf-manifest.json`;
    }
    let log = '';
    shell = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'shell', 'server', 'serve.ts')], {
      cwd: repoRoot,
      // The environment only, as an operator sets it (README, "The production server").
      env: {
        PATH: process.env.PATH,
        PORT: String(portBase),
        HOST: '127.0.0.1',
        PUBLIC_ORIGIN: shellOrigin,
        SUPABASE_URL: backend.url,
        SUPABASE_ANON_KEY: opts.anonKey ?? backend.anonKey,
        ...Object.fromEntries(REMOTE_NAMES.map((name) => [`${name.toUpperCase()}_URL`, remotes[name].replace(/mf-manifest\.json$/, '')])),
        OPERATOR_PHONE: '9876543210',
        OPERATOR_WHATSAPP: '919876543210',
        CONTACT_EMAIL: 'help@city.example.in',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    shell.stdout?.on('data', (d: Buffer) => (log = (log + d).slice(-20_000)));
    shell.stderr?.on('data', (d: Buffer) => (log = (log + d).slice(-20_000)));
    await until(
      'npm run serve',
      async () => (await fetch(`${shellOrigin}/healthz`)).ok,
      shell,
      () => log,
    );
  } catch (e) {
    await stop();
    throw e;
  }
  return {
    url: shellOrigin,
    supabaseUrl: backend.url,
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    dataDir,
    remotes,
    backend,
    stop,
  };
}
