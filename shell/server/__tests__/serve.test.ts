/**
 * @jest-environment node
 *
 * `npm run serve` as it runs in production: the real process (shell/server/serve.ts), configured
 * by its environment, against the real local backend (its CLI in its own process, with the demo
 * data). The shell's build is a small fixture, so this runs before `npm run build` (npm test
 * runs jest first); the pages' code is the one `npm start` runs (shell-site.ts), compared below.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIRST_READS_ELEMENT_ID, REMOTE_NAMES } from '@city/shared/contracts';
import { BOOT_CONTENT_MARKER } from '../../src/app/boot-skeleton-markers';
import { remoteUrlVariable, serveConfigFrom } from '../serve-config';
import { createShellSite, jsonResponse } from '../shell-site';

jest.setTimeout(180_000);

const repoRoot = join(__dirname, '..', '..', '..');
const SERVE = join(repoRoot, 'shell', 'server', 'serve.ts');
const PUBLIC_ORIGIN = 'https://city.example.in';

/** The shell's build as far as the server reads it: the two documents, a hashed chunk, the worker. */
const dist = mkdtempSync(join(tmpdir(), 'serve-dist-'));
const page = (main: string) => `<!doctype html>
<html lang="hi">
  <head>
    <meta charset="utf-8" />
    <title>शहर सेवा</title>
    <meta name="description" content="आपका शहर, आपकी सेवाएं" />
    <script defer src="/main.0123abcd.js"></script>
  </head>
  <body>
    <div id="root">${main}</div>
  </body>
</html>
`;
writeFileSync(join(dist, 'index.html'), page('<main>home</main>'));
writeFileSync(join(dist, 'shell.html'), page(`<main>${BOOT_CONTENT_MARKER}</main>`));
writeFileSync(join(dist, 'main.0123abcd.js'), 'console.log("shell")');
writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');

// ---- the real local backend, in its own process

interface Backend {
  url: string;
  anonKey: string;
  child: ChildProcess;
  dataDir: string;
}

/**
 * The backend's server.json once this process wrote it (supabase/local/server-info.ts reads it
 * the same way; not imported: the shell's tests stay inside the shell and @city/shared).
 */
function serverInfo(dataDir: string, pid: number | undefined): { url: string; anonKey: string } | null {
  const file = join(dataDir, 'server.json');
  if (!existsSync(file)) return null;
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as { url: string; anonKey: string; pid: number };
    return info.pid === pid ? info : null;
  } catch {
    return null; // half written
  }
}

async function startBackend(): Promise<Backend> {
  const dataDir = mkdtempSync(join(tmpdir(), 'serve-backend-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'supabase', 'local', 'cli.ts'), 'serve', '--port', '0', '--data-dir', dataDir, '--quiet'],
    { cwd: join(repoRoot, 'supabase'), env: { ...process.env, DATABASE_URL: '' }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d));
  // Started when it has written its server.json (migrations and the demo seed done).
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the backend exited with ${child.exitCode}: ${stderr}`);
    const info = serverInfo(dataDir, child.pid);
    if (info) return { url: info.url, anonKey: info.anonKey, child, dataDir };
    await new Promise((r) => setTimeout(r, 100));
  }
}

// ---- serve.ts as a process

interface Serve {
  child: ChildProcess;
  /** stdout, one parsed JSON line each (the request log and the server's events). */
  lines: Record<string, unknown>[];
  stderr: () => string;
  exit: Promise<number | null>;
  /** The first line from `from` on that matches. */
  line(match: (l: Record<string, unknown>) => boolean, from?: number): Promise<Record<string, unknown>>;
  url: () => string;
}

function startServe(env: Record<string, string>): Serve {
  // Only what the test gives: none of the runner's own variables may configure it.
  const child = spawn(process.execPath, ['--import', 'tsx', SERVE], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const parts = pending.split('\n');
    pending = parts.pop()!;
    for (const part of parts) lines.push(JSON.parse(part) as Record<string, unknown>);
    for (const wake of waiters) wake();
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let port = 0;
  const serve: Serve = {
    child,
    lines,
    stderr: () => stderr,
    exit,
    line: (match, from = 0) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.slice(from).find(match);
          if (!found) return;
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
        void exit.then((code) => {
          if (!waiters.has(check)) return;
          waiters.delete(check);
          reject(new Error(`serve exited (${code}) before the line came: ${stderr}`));
        });
      }),
    url: () => `http://127.0.0.1:${port}`,
  };
  void serve
    .line((l) => l.msg === 'listening')
    .then(
      (l) => (port = Number(l.port)),
      () => undefined,
    );
  return serve;
}

const configured = (backend: Backend, extra: Record<string, string> = {}) => ({
  SHELL_DIST: dist,
  PORT: '0',
  HOST: '127.0.0.1',
  PUBLIC_ORIGIN,
  SUPABASE_URL: backend.url,
  SUPABASE_ANON_KEY: backend.anonKey,
  OPERATOR_PHONE: '9876543210',
  OPERATOR_WHATSAPP: '919876543210',
  ...Object.fromEntries(REMOTE_NAMES.map((name) => [remoteUrlVariable(name), `https://cdn.example.in/${name}/`])),
  ...extra,
});

/** One request on its own connection; the body as text (gzip when asked: length only). */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string; bytes: number }>((resolve, reject) => {
    request(url, { agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({ status: res.statusCode!, headers: res.headers, body: raw.toString('utf8'), bytes: raw.length });
      });
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const stopped = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
};

let backend: Backend;
let serve: Serve;
let providerId: string;

beforeAll(async () => {
  backend = await startBackend();
  const rows = (await (
    await fetch(`${backend.url}/rest/v1/service_providers?select=id&order=id&limit=1`, {
      headers: { apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}` },
    })
  ).json()) as { id: string }[];
  providerId = rows[0]!.id;
  serve = startServe(configured(backend));
  await serve.line((l) => l.msg === 'listening');
});

afterAll(async () => {
  if (serve) await stopped(serve.child);
  if (backend) {
    await stopped(backend.child);
    rmSync(backend.dataDir, { recursive: true, force: true });
  }
});

describe('npm run serve: refuses to start when the environment is wrong', () => {
  it('without configuration: one line per missing variable, exit code 1', async () => {
    const s = startServe({ SHELL_DIST: dist });
    expect(await s.exit).toBe(1);
    const expected = serveConfigFrom({ SHELL_DIST: dist }, dist);
    if (expected.ok) throw new Error('an empty environment was accepted');
    expect(s.stderr().trim().split('\n')).toEqual([
      ...expected.problems,
      `npm run serve: not started (${expected.problems.length} problem(s); see README.md, "The production server")`,
    ]);
    for (const name of ['PUBLIC_ORIGIN', 'SUPABASE_URL', 'SUPABASE_ANON_KEY', 'OPERATOR_PHONE', 'OPERATOR_WHATSAPP', 'MF_DIRECTORY_URL'])
      expect(s.stderr()).toContain(`${name} is not set`);
    expect(s.lines).toEqual([]);
  });

  it('with malformed values: one line each, exit code 1, nothing listening', async () => {
    const env = configured(backend, {
      PORT: 'eighty',
      PUBLIC_ORIGIN: 'city.example.in',
      SUPABASE_ANON_KEY: 'not-a-key',
      MF_ADS_URL: 'ftp://ads.example.in',
      OPERATOR_PHONE: '12345',
      TRUST_PROXY: 'yes',
    });
    const s = startServe(env);
    expect(await s.exit).toBe(1);
    expect(s.stderr().trim().split('\n')).toEqual([
      'PORT must be a port number (0-65535), not "eighty"',
      'PUBLIC_ORIGIN: The public origin "city.example.in" is not a URL (expected e.g. https://city.example.in)',
      "SUPABASE_ANON_KEY must be the project's anon key (a JWT whose role is anon) or its publishable key (sb_publishable_...)",
      'MF_ADS_URL must be an http(s) URL (where mf_ads\'s build is deployed), not "ftp://ads.example.in"',
      'OPERATOR_PHONE must be 10 digits (e.g. 9876543210), not "12345"',
      'TRUST_PROXY must be true, false or the number of proxies in front (0-10), not "yes"',
      'npm run serve: not started (6 problem(s); see README.md, "The production server")',
    ]);
    expect(s.lines).toEqual([]);
  });
});

describe('npm run serve: answering', () => {
  it('GET /healthz: 200 with a tiny JSON body, never cached', async () => {
    const res = await get(`${serve.url()}/healthz`);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('config.json and remotes.json from the environment', async () => {
    const config = JSON.parse((await get(`${serve.url()}/config.json`)).body) as Record<string, unknown>;
    expect(config).toEqual({
      supabaseUrl: backend.url,
      supabaseAnonKey: backend.anonKey,
      operatorPhone: '9876543210',
      operatorWhatsapp: '919876543210',
      socialLinks: {},
    });
    const remotes = JSON.parse((await get(`${serve.url()}/remotes.json`)).body) as Record<string, string>;
    expect(remotes.mf_directory).toBe('https://cdn.example.in/mf_directory/mf-manifest.json');
  });

  it("a profile's first HTML has its preview tags, JSON-LD and first reads, as npm start's server writes it", async () => {
    const res = await get(`${serve.url()}/provider/${providerId}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain(`<meta property="og:url" content="${PUBLIC_ORIGIN}/provider/${providerId}" />`);
    expect(res.body).toMatch(/<meta property="og:title" content="[^"]+" \/>/);
    expect(res.body).toContain(`<meta property="og:image" content="${PUBLIC_ORIGIN}/og/`);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.body)![1]!) as Record<string, unknown>;
    expect(ld).toMatchObject({ '@type': 'LocalBusiness', url: `${PUBLIC_ORIGIN}/provider/${providerId}` });
    const reads = new RegExp(`<script type="application/json" id="${FIRST_READS_ELEMENT_ID}">(.*?)</script>`, 's').exec(res.body);
    expect((JSON.parse(reads![1]!) as { reads: unknown[] }).reads).toHaveLength(3);
    expect(res.body).toContain('boot-skeleton__title');
    // The connection to the data service opens while the HTML is read (data-preconnect.ts).
    expect(res.body).toContain(`<link rel="preconnect" href="${new URL(backend.url).origin}" crossorigin>`);

    // The same page from the code `npm start` runs (site.ts builds the shell with createShellSite).
    const local = createShellSite({
      dist,
      port: 0,
      supabaseUrl: backend.url,
      supabaseAnonKey: backend.anonKey,
      publicOrigin: PUBLIC_ORIGIN,
      shellOrigin: PUBLIC_ORIGIN,
      config: () => jsonResponse({}),
      remotesJson: () => jsonResponse({}),
      remoteUrls: () => [],
    });
    await local.server.start();
    try {
      const same = await get(`${local.server.url}/provider/${providerId}`);
      // Only the time of the first reads differs.
      const norm = (html: string) => html.replace(/"at":\d+/, '"at":0');
      expect(norm(res.body)).toBe(norm(same.body));
    } finally {
      await local.server.stop();
    }
  });

  it('cache headers a CDN can honour', async () => {
    const cache = async (path: string) => (await get(`${serve.url()}${path}`)).headers['cache-control'];
    expect(await cache('/main.0123abcd.js')).toBe('public, max-age=31536000, immutable');
    // Pages: a CDN keeps them a minute, a browser asks again.
    expect(await cache(`/provider/${providerId}`)).toBe('public, max-age=0, s-maxage=60');
    expect(await cache('/')).toBe('public, max-age=0, s-maxage=60');
    expect(await cache('/?category=plumber')).toBe('public, max-age=0, s-maxage=60');
    expect(await cache('/contact')).toBe('public, max-age=0, s-maxage=60');
    // Not found: never kept.
    expect(await cache('/provider/00000000-0000-4000-8000-000000000000')).toBe('no-cache');
    expect(await cache('/no/such/page')).toBe('no-cache');
    expect(await cache('/robots.txt')).toBe('public, max-age=3600');
    expect(await cache('/sitemap.xml')).toBe('public, max-age=3600');
    // What changes with a deploy or a restart: revalidated every time, with a validator.
    expect(await cache('/sw.js')).toBe('no-cache');
    const config = await get(`${serve.url()}/config.json`);
    expect(config.headers['cache-control']).toBe('no-cache');
    expect((await get(`${serve.url()}/config.json`, { 'If-None-Match': String(config.headers.etag) })).status).toBe(304);
    expect(await cache('/remotes.json')).toBe('no-cache');
  });

  it('logs one JSON line per request: the path without its query, no header value', async () => {
    const from = serve.lines.length;
    const secrets = {
      Authorization: 'Bearer secret-token-1',
      apikey: 'secret-apikey-2',
      Cookie: 'sid=secret-cookie-3',
      'X-Phone': '9123456780',
      'User-Agent': 'secret-agent-4',
      'X-Forwarded-For': '203.0.113.7',
    };
    const res = await get(`${serve.url()}/?q=9876543210+plumber&token=secret-5`, { ...secrets, 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(200);
    const line = await serve.line((l) => l.path === '/', from);
    expect(Object.keys(line).sort()).toEqual(['bytes', 'client', 'method', 'ms', 'path', 'status', 'time']);
    expect(line).toMatchObject({ method: 'GET', path: '/', status: 200, bytes: res.bytes });
    expect(typeof line.ms).toBe('number');
    // X-Forwarded-For is not believed without TRUST_PROXY: the socket's network.
    expect(line.client).toBe('127.0.0.0/24');
    const text = JSON.stringify(serve.lines.slice(from));
    for (const secret of ['9876543210', '9123456780', 'secret', 'plumber', '203.0.113']) expect(text).not.toContain(secret);
  });
});

/** The backend behind a gate: a profile's data read waits until the test opens it. */
function gatedBackend(target: string): { server: Server; url: () => string; arrived: Promise<void>; open: () => void } {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  let arrive!: () => void;
  const arrived = new Promise<void>((r) => (arrive = r));
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const forward = () => {
      const out = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: req.url,
          method: req.method,
          headers: { ...req.headers, host: upstream.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
        },
      );
      out.on('error', () => res.destroy());
      req.pipe(out);
    };
    if (req.url?.startsWith('/rest/v1/service_providers')) {
      arrive();
      void gate.then(forward);
    } else forward();
  });
  return { server, url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`, arrived, open };
}

describe('npm run serve: behind a proxy, and stopping', () => {
  it('believes X-Forwarded-For with TRUST_PROXY; on SIGTERM finishes the request in flight, then exits 0', async () => {
    const gated = gatedBackend(backend.url);
    await new Promise<void>((r) => gated.server.listen(0, '127.0.0.1', r));
    const s = startServe(configured(backend, { SUPABASE_URL: gated.url(), TRUST_PROXY: '1', SHUTDOWN_GRACE_SECONDS: '60' }));
    try {
      await s.line((l) => l.msg === 'listening');
      await get(`${s.url()}/healthz`, { 'X-Forwarded-For': '198.51.100.1, 203.0.113.7' });
      // The proxy's own entry (the last), as a network.
      expect((await s.line((l) => l.path === '/healthz')).client).toBe('203.0.113.0/24');

      const url = s.url();
      const slow = get(`${url}/provider/${providerId}`);
      await gated.arrived;
      s.child.kill('SIGTERM');
      await s.line((l) => l.msg === 'draining');
      // No new connection once draining.
      await expect(get(`${url}/healthz`)).rejects.toThrow(/ECONNREFUSED/);
      gated.open();
      const res = await slow;
      expect(res.status).toBe(200);
      expect(res.body).toContain('</html>');
      expect(res.headers.connection).toBe('close');
      expect(await s.exit).toBe(0);
      // In the server's own order: draining, the request answered, stopped (the last line).
      const at = (match: (l: Record<string, unknown>) => boolean) => s.lines.findIndex(match);
      const answered = at((l) => l.path === `/provider/${providerId}`);
      expect(s.lines[answered]).toMatchObject({ status: 200 });
      expect(at((l) => l.msg === 'draining')).toBeLessThan(answered);
      expect(at((l) => l.msg === 'stopped')).toBe(s.lines.length - 1);
      expect(answered).toBeLessThan(s.lines.length - 1);
    } finally {
      await stopped(s.child);
      await new Promise<void>((r) => gated.server.close(() => r()));
    }
  });
});
