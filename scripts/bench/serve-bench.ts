/**
 * npm run bench:serve: what one production server (`npm run serve`) serves, for sizing.
 *
 *   npm run bench:serve -- [--seconds 10] [--concurrency 16] [--warmup 3] [--fresh-db]
 *
 * Starts the local backend with its demo data (its CLI, own process) and the production server
 * (shell/server/serve.ts, own process, configured by the environment as in production), then
 * asks for profile pages (`/provider/:id`, a different approved provider each time) from
 * --concurrency connections in a closed loop for --seconds, after --warmup seconds of the same.
 * A page counts only if it came back 200 with its preview tags, JSON-LD and first reads. Prints
 * pages per second, p50/p99 latency, and the CPU each process used (the server's pages per
 * CPU-second is the figure that does not depend on the backend sharing the machine).
 *
 * Needs the shell's build (npm run build). The backend's data: .tmp/bench/serve-db.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { REMOTE_NAMES } from '@city/shared/contracts';
import { startBackendProcess } from '../../e2e/harness/backend-process';
import { readServerInfo } from '@city/supabase/local/server-info';
import { remoteUrlVariable } from '../../shell/server/serve-config';

const repoRoot = join(__dirname, '..', '..');
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '16' },
    warmup: { type: 'string', default: '3' },
    'fresh-db': { type: 'boolean' },
  },
});
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const WARMUP = Number(values.warmup);

const log = (line: string) => console.log(`[bench:serve] ${line}`);

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line (11 and 12 after the command's name).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function main(): Promise<void> {
  if (!existsSync(join(repoRoot, 'shell', 'dist', 'index.html'))) {
    console.error('shell/dist is missing: run npm run build first');
    process.exit(1);
  }
  const dataDir = join(repoRoot, '.tmp', 'bench', 'serve-db');
  if (values['fresh-db']) rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  const origin = `http://localhost:${port}`;

  log('starting the backend with its demo data ...');
  const backend = await startBackendProcess({ port: await freePort(), dataDir, corsOrigins: [origin] });
  const backendPid = readServerInfo(dataDir)!.pid;

  // The remotes are not asked for by this bench (no browser): any URLs will do.
  const remoteEnv = Object.fromEntries(REMOTE_NAMES.map((name, i) => [remoteUrlVariable(name), `http://localhost:${port + i + 1}/`]));
  const serve = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'shell', 'server', 'serve.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: origin,
      SUPABASE_URL: backend.url,
      SUPABASE_ANON_KEY: backend.anonKey,
      OPERATOR_PHONE: '9876543210',
      OPERATOR_WHATSAPP: '919876543210',
      ...remoteEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The request log is read as production would ship it (a pipe): counted, not kept.
  let logLines = 0;
  let listening: () => void;
  const ready = new Promise<void>((resolve) => (listening = resolve));
  let pending = '';
  serve.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      if (line.includes('"msg":"listening"')) listening();
      else if (line.includes('"path":"/provider/')) logLines += 1;
    }
  });
  const exited = new Promise<number | null>((resolve) => serve.once('exit', (code) => resolve(code)));
  await Promise.race([ready, exited.then((code) => Promise.reject(new Error(`serve exited with ${code}`)))]);

  try {
    const res = await fetch(`${backend.url}/rest/v1/service_providers?select=id&order=id&limit=500`, {
      headers: { apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}` },
    });
    const ids = ((await res.json()) as { id: string }[]).map((r) => r.id);
    if (ids.length === 0) throw new Error('no approved provider in the demo data');
    log(`${ids.length} approved providers; ${CONCURRENCY} connections, ${WARMUP} s warm-up, then ${SECONDS} s`);

    let next = 0;
    const run = async (seconds: number) => {
      const latencies: number[] = [];
      let errors = 0;
      const deadline = performance.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (performance.now() < deadline) {
            const id = ids[next++ % ids.length]!;
            const t0 = performance.now();
            try {
              const page = await fetch(`${origin}/provider/${id}`);
              const html = await page.text();
              const complete =
                page.status === 200 &&
                html.includes('property="og:title"') &&
                html.includes('application/ld+json') &&
                html.includes('id="first-reads"');
              if (complete) latencies.push(performance.now() - t0);
              else errors += 1;
            } catch {
              errors += 1;
            }
          }
        }),
      );
      return { latencies: latencies.sort((a, b) => a - b), errors };
    };

    await run(WARMUP);
    const logBefore = logLines;
    const cpu0 = { serve: cpuSeconds(serve.pid!), backend: cpuSeconds(backendPid), at: performance.now() };
    const { latencies, errors } = await run(SECONDS);
    const elapsed = (performance.now() - cpu0.at) / 1000;
    const serveCpu = cpuSeconds(serve.pid!) - cpu0.serve;
    const backendCpu = cpuSeconds(backendPid) - cpu0.backend;
    // Let the last log lines arrive before counting them.
    await new Promise((r) => setTimeout(r, 200));

    const pages = latencies.length;
    const rate = pages / elapsed;
    const lines = [
      `## npm run serve: profile pages (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
      '',
      `${CONCURRENCY} connections, closed loop, ${elapsed.toFixed(1)} s, ${ids.length} different profiles; each page 200 with its preview tags, JSON-LD and first reads.`,
      '',
      '| pages/s | p50 ms | p99 ms | errors | server CPU (cores) | pages per server CPU-second | backend CPU (cores) |',
      '|---|---|---|---|---|---|---|',
      `| ${rate.toFixed(0)} | ${percentile(latencies, 50).toFixed(1)} | ${percentile(latencies, 99).toFixed(1)} | ${errors} | ${(serveCpu / elapsed).toFixed(2)} | ${(pages / serveCpu).toFixed(0)} | ${(backendCpu / elapsed).toFixed(2)} |`,
      '',
      `Machine: ${cpus().length} cores, load average (1 min) at the end ${loadavg()[0]!.toFixed(2)}; the backend (local, PGlite), the server and this load generator share them.`,
      `Request log lines written while measuring: ${logLines - logBefore} (pages answered: ${pages + errors}).`,
    ];
    console.log(`\n${lines.join('\n')}\n`);
  } finally {
    serve.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) console.error(`[bench:serve] serve exited with ${code} after SIGTERM`);
    await backend.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
