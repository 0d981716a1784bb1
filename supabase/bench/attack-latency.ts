/**
 * Latency of a normal read while one visitor attacks (not a test; figures vary with
 * the machine's load):
 *
 *   npm run bench:attack -w @city/supabase -- [--providers 600] [--seconds 6] [--parallel 3]
 *
 * Starts a throw-away PGlite server in a child process (fresh folder, seeded, plus the
 * test-only stall_probe function), then for each scenario fires the attack from
 * --parallel loops at once for --seconds while a normal GET
 * (/rest/v1/service_providers?select=id,name&limit=20) is sent every 100 ms (open loop,
 * latency from its own send). Scenarios: none (baseline), the regex filter
 * `match.(a{1,255}){1,255}`, a 4-level nested select, and a statement that would run
 * 20 s (stall_probe, stopped at the anon deadline or sooner when others wait): the same
 * statement each time (refused at once after two stops), and a new statement text each
 * time (`limit=<n>`: every one has to be stopped).
 * Prints attack requests and statuses, normal GETs, statuses, p50 and worst latency.
 * BENCH_LOG=1 also prints the server's log (its stops and restarts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PACKAGE_DIR } from '../local/paths.ts';
import { addStallProbe } from './stall-probe.ts';

const { values } = parseArgs({
  options: {
    providers: { type: 'string', default: '600' },
    seconds: { type: 'string', default: '6' },
    parallel: { type: 'string', default: '3' },
    port: { type: 'string', default: '54391' },
  },
});
const seconds = Number(values.seconds);
const parallel = Number(values.parallel);
const TARGET_MS = 1500;
const NORMAL = '/rest/v1/service_providers?select=id,name&limit=20';

let shape = 0;
const SCENARIOS: { name: string; path: (() => string) | null }[] = [
  { name: 'baseline (no attack)', path: null },
  { name: 'regex filter', path: () => '/rest/v1/service_providers?select=id&search_text=match.(a{1,255}){1,255}' },
  {
    name: 'nested select (4 levels)',
    path: () => '/rest/v1/service_providers?select=id,service_ratings(service_providers(service_ratings(service_providers(id))))',
  },
  { name: 'slow statement, same each time', path: () => '/rest/v1/rpc/stall_probe?p_ms=20000' },
  { name: 'slow statement, new text each time', path: () => `/rest/v1/rpc/stall_probe?p_ms=20000&limit=${++shape}` },
];

async function startServer(dir: string): Promise<{ url: string; key: string; child: ChildProcess; log: () => string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(PACKAGE_DIR, 'local', 'cli.ts'), 'serve', '--port', values.port!, '--data-dir', dir, '--no-seed', '--quiet'],
    { cwd: PACKAGE_DIR, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DATABASE_URL: '' } },
  );
  let log = '';
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const file = join(dir, 'connection.json');
  const deadline = Date.now() + 5 * 60_000;
  while (!existsSync(file)) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const conn = JSON.parse(readFileSync(file, 'utf8')) as { supabaseUrl: string; supabaseAnonKey: string };
  return { url: conn.supabaseUrl, key: conn.supabaseAnonKey, child, log: () => log };
}

async function request(url: string, key: string, path: string): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  try {
    const res = await fetch(url + path, { headers: { apikey: key, Authorization: `Bearer ${key}` }, signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - t0 };
  } catch {
    return { status: 0, ms: performance.now() - t0 }; // network error or our 30 s bound
  }
}

function histogram(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return (
    [...counts]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}x${n}`)
      .join(' ') || '-'
  );
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

async function runScenario(
  url: string,
  key: string,
  attack: (() => string) | null,
): Promise<{ attacks: number[]; normal: { status: number; ms: number }[] }> {
  const end = performance.now() + seconds * 1000;
  const attacks: number[] = [];
  const loops = attack
    ? Array.from({ length: parallel }, async () => {
        while (performance.now() < end) attacks.push((await request(url, key, attack())).status);
      })
    : [];
  const normal: Promise<{ status: number; ms: number }>[] = [];
  // Open loop: one normal GET every 100 ms whatever the previous ones are doing.
  for (let next = performance.now(); next < end; next += 100) {
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    normal.push(request(url, key, NORMAL));
  }
  const answered = await Promise.all(normal);
  await Promise.all(loops);
  return { attacks, normal: answered };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'city-attack-'));
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    console.log(`seeding ${values.providers} providers in ${dir} ...`);
    const reset = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(PACKAGE_DIR, 'local', 'cli.ts'), 'reset', '--data-dir', dir, '--providers', values.providers!],
      {
        cwd: PACKAGE_DIR,
        env: { ...process.env, DATABASE_URL: '' },
        encoding: 'utf8',
      },
    );
    if (reset.status !== 0) throw new Error(`reset failed:\n${reset.stdout}\n${reset.stderr}`);
    await addStallProbe(dir);
    server = await startServer(dir);
    const { url, key } = server;
    for (let i = 0; i < 20; i++) await request(url, key, NORMAL); // warm
    console.log(`\n${seconds} s per scenario, ${parallel} attack loops, a normal GET every 100 ms: ${NORMAL}\n`);
    const rows: string[][] = [['scenario', 'attack requests', 'normal GETs', 'p50 ms', 'worst ms', `worst < ${TARGET_MS} ms`]];
    for (const s of SCENARIOS) {
      const before = (server.log().match(/restarting the PGlite worker/g) ?? []).length;
      const r = await runScenario(url, key, s.path);
      const restarts = (server.log().match(/restarting the PGlite worker/g) ?? []).length - before;
      const sorted = r.normal.map((n) => n.ms).sort((a, b) => a - b);
      const worst = sorted[sorted.length - 1] ?? NaN;
      rows.push([
        s.name,
        s.path ? `${r.attacks.length} (${histogram(r.attacks)})${restarts ? `, ${restarts} worker restarts` : ''}` : '-',
        `${r.normal.length} (${histogram(r.normal.map((n) => n.status))})`,
        pct(sorted, 50).toFixed(0),
        worst.toFixed(0),
        worst < TARGET_MS && r.normal.every((n) => n.status === 200) ? 'yes' : 'NO',
      ]);
      await new Promise((r2) => setTimeout(r2, 1500)); // let a restart settle between scenarios
    }
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
    for (const row of rows) console.log(row.map((c, i) => c.padEnd(widths[i]!)).join('  '));
    if (process.env.BENCH_LOG) console.log(server.log());
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await new Promise((r) => server!.child.once('exit', r));
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
