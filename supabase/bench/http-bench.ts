/**
 * HTTP benchmark of the local server (not a test). Loopback only, 50
 * concurrent keep-alive connections, each scenario bounded in time.
 *
 *   npm run bench:http -w @city/supabase -- [--providers 50000] [--seconds 10]
 *        [--connections 50] [--rate 500] [--pg] [--url http://127.0.0.1:54321 --key <anon key>]
 *
 * Without --url it starts a throw-away server (PGlite; --pg: a throw-away
 * PostgreSQL 15 cluster; or DATABASE_URL) in a child process with a fresh data
 * folder seeded with --providers providers. --rate N: open loop, N requests/s
 * offered (latency at that load); default: closed loop (maximum throughput).
 * Scenarios: single-row read (select * by id + .single()), the directory list
 * (search_providers for a category, rating_desc) and a text search.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PACKAGE_DIR } from '../local/paths.ts';
import { startCluster } from '../scripts/pg-cluster.mjs';

const { values } = parseArgs({
  options: {
    providers: { type: 'string', default: '50000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    url: { type: 'string' },
    key: { type: 'string' },
    port: { type: 'string', default: '54390' },
    rate: { type: 'string' },
    pg: { type: 'boolean' },
    only: { type: 'string' },
  },
});
/** --only single,list,search: run a subset of the scenarios. */
const only = new Set((values.only ?? 'single,list,search').split(',').map((x) => x.trim()));

const seconds = Number(values.seconds);
const connections = Number(values.connections);
/** Open loop: requests offered per second (latency at that load); unset = closed loop (max throughput). */
const rate = values.rate !== undefined ? Number(values.rate) : undefined;

interface Result {
  name: string;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
}

async function startServer(): Promise<{ url: string; key: string; child: ChildProcess; dir: string; cleanup: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'city-bench-'));
  // --pg: a throw-away PostgreSQL 15 cluster instead of PGlite.
  const cluster = values.pg ? startCluster() : undefined;
  const env = { ...process.env, ...(cluster ? { DATABASE_URL: cluster.url } : {}) };
  const port = values.port!;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(PACKAGE_DIR, 'local', 'cli.ts'),
      'serve',
      '--port',
      port,
      '--providers',
      values.providers!,
      '--data-dir',
      dir,
      '--quiet',
    ],
    { cwd: PACKAGE_DIR, stdio: ['ignore', 'inherit', 'inherit'], env },
  );
  const file = join(dir, 'connection.json');
  const deadline = Date.now() + 15 * 60_000;
  while (!existsSync(file)) {
    if (child.exitCode !== null) throw new Error('server exited');
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  const conn = JSON.parse(readFileSync(file, 'utf8')) as { supabaseUrl: string; supabaseAnonKey: string };
  return { url: conn.supabaseUrl, key: conn.supabaseAnonKey, child, dir, cleanup: () => cluster?.stop() };
}

function request(agent: http.Agent, url: URL, key: string, method: string, body: string | null, accept?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: {
          apikey: key,
          Authorization: `Bearer ${key}`,
          ...(body ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } : {}),
          ...(accept ? { Accept: accept } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

async function scenario(
  name: string,
  base: string,
  key: string,
  make: (i: number) => { path: string; method: string; body: string | null; accept?: string },
): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let i = 0;
  // warm-up
  for (let w = 0; w < 20; w++) {
    const r = make(i++);
    await request(agent, new URL(base + r.path), key, r.method, r.body, r.accept);
  }
  const started = performance.now();
  const end = started + seconds * 1000;
  if (rate !== undefined) {
    // Open loop: request k is due at started + k / rate; latency counts from the due time
    // (so queueing behind a slow server is measured, not hidden).
    const inflight: Promise<void>[] = [];
    let k = 0;
    while (performance.now() < end) {
      const now = performance.now();
      while (started + (k * 1000) / rate <= now) {
        const due = started + (k * 1000) / rate;
        const r = make(i++);
        k++;
        inflight.push(
          request(agent, new URL(base + r.path), key, r.method, r.body, r.accept).then(
            (status) => {
              if (status >= 400) errors++;
              latencies.push(performance.now() - due);
            },
            () => {
              errors++;
              latencies.push(performance.now() - due);
            },
          ),
        );
      }
      await new Promise((res) => setTimeout(res, 1));
    }
    await Promise.all(inflight);
  } else
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < end) {
          const r = make(i++);
          const t0 = performance.now();
          try {
            const status = await request(agent, new URL(base + r.path), key, r.method, r.body, r.accept);
            if (status >= 400) errors++;
          } catch {
            errors++;
          }
          latencies.push(performance.now() - t0);
        }
      }),
    );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return {
    name,
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies[latencies.length - 1] ?? 0,
  };
}

async function main(): Promise<void> {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let base = values.url;
  let key = values.key;
  if (!base) {
    console.log(`starting a throw-away server (${values.pg ? 'PostgreSQL 15' : 'PGlite'}) with ${values.providers} providers ...`);
    const t0 = Date.now();
    server = await startServer();
    base = server.url;
    key = server.key;
    console.log(`server ready in ${((Date.now() - t0) / 1000).toFixed(1)} s at ${base}`);
  }
  if (!key) throw new Error('--key is required with --url');
  const u = new URL(base);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(u.hostname)) throw new Error('loopback only');
  try {
    const idsRes = await fetch(`${base}/rest/v1/service_providers?select=id&limit=500`, { headers: { apikey: key } });
    const ids = ((await idsRes.json()) as { id: string }[]).map((r) => r.id);
    const catsRes = await fetch(`${base}/rest/v1/service_categories?select=stored_value&order=sort_order&limit=24`, {
      headers: { apikey: key },
    });
    const cats = ((await catsRes.json()) as { stored_value: string }[]).map((r) => r.stored_value);
    const queries = ['plumber', 'plambar', 'बिजली', 'sharma', 'ac repair', 'tutor', '98', 'parlour', 'राम', 'carpenter'];
    if (ids.length === 0 || cats.length === 0) throw new Error('no seed data');
    const results: Result[] = [];
    if (only.has('single'))
      results.push(
        await scenario('single-row read (service_providers?id=eq.X, .single())', base, key, (i) => ({
          path: `/rest/v1/service_providers?select=*&id=eq.${ids[i % ids.length]}`,
          method: 'GET',
          body: null,
          accept: 'application/vnd.pgrst.object+json',
        })),
      );
    if (only.has('list'))
      results.push(
        await scenario('directory list (rpc/search_providers, category, rating_desc)', base, key, (i) => ({
          path: '/rest/v1/rpc/search_providers',
          method: 'POST',
          body: JSON.stringify({ p_category: cats[i % cats.length], p_sort: 'rating_desc', p_limit: 20, p_offset: 0 }),
        })),
      );
    if (only.has('search'))
      results.push(
        await scenario('search (rpc/search_providers, p_query)', base, key, (i) => ({
          path: '/rest/v1/rpc/search_providers',
          method: 'POST',
          body: JSON.stringify({ p_query: queries[i % queries.length], p_limit: 20 }),
        })),
      );
    console.log(
      `\n${connections} connections, ${seconds} s per scenario, ${values.url ? base : `${values.providers} providers`}, ` +
        (rate !== undefined ? `open loop at ${rate} req/s offered` : 'closed loop (max throughput)'),
    );
    console.log(
      'scenario'.padEnd(62),
      'req/s'.padStart(8),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'max ms'.padStart(8),
      'errors'.padStart(7),
    );
    for (const r of results) {
      console.log(
        r.name.padEnd(62),
        r.rps.toFixed(0).padStart(8),
        r.p50.toFixed(1).padStart(8),
        r.p99.toFixed(1).padStart(8),
        r.max.toFixed(1).padStart(8),
        String(r.errors).padStart(7),
      );
    }
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await new Promise((r) => server!.child.once('exit', r));
      rmSync(server.dir, { recursive: true, force: true });
      server.cleanup();
    }
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
