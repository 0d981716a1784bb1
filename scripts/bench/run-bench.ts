/**
 * npm run bench: the performance budgets of docs/performance.md, measured.
 *
 *   npm run bench -- [--no-build] [--runs 5] [--providers 50000] [--fresh-db] [--seconds 10]
 *                    [--frontend-only] [--pages home,list,search,profile,single] [--no-phone-fonts]
 *
 * --frontend-only: no HTTP bench and no database-time step (a front-end iteration, ~3 min
 * with --pages home); --pages: which pages run Lighthouse and first-render JS (default all five; `single` is `/`
 * of the one-bundle build; the real-throttled LCP runs on those of home and profile chosen).
 * The browsers have Noto Sans Devanagari as a system font, as Android phones do
 * (phone-fonts.ts), and `/` is measured once more without it; --no-phone-fonts: never.
 *
 * 1. Builds the production bundles (turbo) and the same app as one bundle without Module
 *    Federation (single-bundle/rspack.config.ts).
 * 2. Starts the local backend (its CLI, own process) seeded with --providers providers, the
 *    shell as production serves it (`npm run serve`, shell/server/serve.ts, own process,
 *    configured by its environment) and each remote on its own origin (shell/server/site.ts's
 *    static servers), each origin behind a gzip proxy as a real host would serve it.
 * 3. Measures, on every landing page (`/`, a category list, a search, a provider profile):
 *    first-render JS by file (network log); Lighthouse (the installed version, which the
 *    report names; default mobile config, simulated throttling), median of --runs; on `/`
 *    also everything downloaded in its first 30 s, the federation runtime + container code
 *    and the one-bundle ratio (a figure); LCP with real throttling over CDP (Slow 4G, 4x CPU);
 *    HTTP req/s + p99 of the backend (supabase's bench:http against this server);
 *    database time of the list and search queries (p50/p99).
 * 4. Prints a markdown report and writes it to .tmp/bench/report.md (and --out if given),
 *    then one PASS/FAIL line per budget.
 *
 * Ports: site 3300-3305 (the composed site's shell, unused, then one per remote), one-bundle
 * build right after them (3306), gzip proxies 3310-3316 (the shell, the remotes, the one-bundle
 * build last), `npm run serve` 3320, backend 54600 (apart from npm start's and e2e's); all
 * moved by BENCH_PORT_OFFSET when another checkout on the machine runs its bench.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { rspack } from '@rspack/core';
import { REMOTE_NAMES } from '@city/shared/contracts';
import { resolveChromium } from '../../e2e/harness/chromium';
import { startBackendProcess, type BackendProcess } from '../../e2e/harness/backend-process';
import { remoteUrlVariable } from '../../shell/server/serve-config';
import { Site } from '../../shell/server/site';
import { StaticServer } from '../../shell/server/static-server';
import { run } from '../run';
import { GzipProxy } from './gzip-proxy';
import { firstRenderScripts, lighthouseRuns, median, realThrottledLcp, type LighthouseRun, type ScriptFile } from './browser';
import { SINGLE_BUNDLE_DIST, singleBundleConfig } from './single-bundle/rspack.config';
import { measureDbTime } from './db-time';
import { phoneFontsConfig } from './phone-fonts';

const repoRoot = join(__dirname, '..', '..');
/** The Lighthouse that measures: its figures differ between majors, so the report names it. */
const LIGHTHOUSE_VERSION = (
  JSON.parse(readFileSync(join(repoRoot, 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as { version: string }
).version;
const benchDir = join(repoRoot, '.tmp', 'bench');

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean' },
    runs: { type: 'string', default: '5' },
    'lcp-runs': { type: 'string' },
    providers: { type: 'string', default: '50000' },
    'fresh-db': { type: 'boolean' },
    seconds: { type: 'string', default: '10' },
    out: { type: 'string' },
    'frontend-only': { type: 'boolean' },
    pages: { type: 'string', default: 'home,list,search,profile,single' },
    'no-phone-fonts': { type: 'boolean' },
  },
});
const FRONTEND_ONLY = values['frontend-only'] === true;
const PAGE_KEYS = ['home', 'list', 'search', 'profile', 'single'] as const;
/** The landing pages every budget applies to (issue 19): people arrive on shared links, not only on `/`. */
const LANDING = ['home', 'list', 'search', 'profile'] as const;
type LandingKey = (typeof LANDING)[number];
/** The search measured on `/?q=`. */
const SEARCH_QUERY = 'plumber';
type PageKey = (typeof PAGE_KEYS)[number];
const PAGES = new Set(
  values
    .pages!.split(',')
    .map((p) => p.trim())
    .filter(Boolean),
);
for (const page of PAGES) {
  if (!(PAGE_KEYS as readonly string[]).includes(page)) {
    console.error(`--pages: unknown page "${page}" (choose from ${PAGE_KEYS.join(', ')}, comma-separated)`);
    process.exit(2);
  }
}
if (PAGES.size === 0) {
  console.error(`--pages: name at least one of ${PAGE_KEYS.join(', ')}`);
  process.exit(2);
}
const runsPage = (page: PageKey) => PAGES.has(page);
const RUNS = Number(values.runs);
const LCP_RUNS = Number(values['lcp-runs'] ?? values.runs);
const PROVIDERS = Number(values.providers);

// Counted from REMOTE_NAMES, so another remote does not land on the one-bundle build's ports.
const OFF = Number(process.env.BENCH_PORT_OFFSET ?? 0);
const PORTS = {
  shell: 3300 + OFF,
  single: 3300 + OFF + REMOTE_NAMES.length + 1,
  proxyBase: 3310 + OFF,
  serve: 3320 + OFF,
  backend: 54600 + OFF,
};
const SINGLE_PROXY = REMOTE_NAMES.length + 1;

const BUDGET = {
  score: 95,
  lcpMs: 2000,
  tbtMs: 150,
  /** CLS must stay below this. */
  cls: 0.05,
  /** Real-throttled (CDP) LCP of the profile. */
  realLcpMs: 2500,
  /** First-render JS of each landing page. */
  firstRenderKiB: 170,
  /** Everything `/` downloads in its first 30 s (any type, gzip on the wire). */
  first30sKiB: 240,
  first30sMs: 30_000,
  /** The federation runtime and container code on `/`: the shell's entry chunk + each remoteEntry.js. */
  federationKiB: 40,
  dbMs: 50,
};

const kib = (bytes: number) => bytes / 1024;
const fmtKiB = (bytes: number) => kib(bytes).toFixed(1);
const ok = (pass: boolean) => (pass ? 'PASS' : '**FAIL**');

function log(msg: string) {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);
}

async function buildSingleBundle(): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    rspack(singleBundleConfig()).run((err, stats) => {
      if (err) return reject(err);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ preset: 'errors-only' })));
      resolve();
    });
  });
}

/**
 * A data folder seeded with PROVIDERS providers, kept between runs. Its name carries a hash of
 * the migrations, the platform SQL and the seed: migrations are edited in place during
 * development and applied ones are not re-run, so a changed schema gets a new database.
 * --fresh-db: a new one regardless.
 */
function dataDirFor(providers: number): string {
  const hash = createHash('sha256');
  const migrations = join(repoRoot, 'supabase', 'migrations');
  for (const file of readdirSync(migrations)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    hash.update(readFileSync(join(migrations, file)));
  hash.update(readFileSync(join(repoRoot, 'supabase', 'local', 'platform.sql')));
  hash.update(readFileSync(join(repoRoot, 'supabase', 'seed', 'seed.ts')));
  const prefix = `db-${providers}-`;
  const name = `${prefix}${hash.digest('hex').slice(0, 12)}${values['fresh-db'] ? `-${Date.now()}` : ''}`;
  // Databases of older schemas are of no further use (and ~0.5 GB each).
  for (const old of readdirSync(benchDir).filter((d) => d.startsWith(prefix) && d !== name))
    rmSync(join(benchDir, old), { recursive: true, force: true });
  const dir = join(benchDir, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

async function startBackendSeeded(dataDir: string, corsOrigins: string[]): Promise<BackendProcess> {
  // The CLI seeds a new database only; --providers sets how many. startBackendProcess passes no
  // --providers, so a first run seeds through the CLI here and stops.
  if (!existsSync(join(dataDir, 'pgdata', 'PG_VERSION'))) {
    log(`seeding ${PROVIDERS} providers into ${dataDir} (first run only, about a minute) ...`);
    const seeded = await run(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'supabase', 'local', 'cli.ts'), 'reset', '--providers', String(PROVIDERS)],
      {
        cwd: join(repoRoot, 'supabase'),
        env: { SUPABASE_DATA_DIR: dataDir },
        capture: true,
      },
    );
    if (seeded.code !== 0) throw new Error('seeding failed');
  }
  return startBackendProcess({ port: PORTS.backend, dataDir, corsOrigins, timeoutMs: 15 * 60_000 });
}

/** `npm run serve` in its own process with this environment only; resolves once /healthz answers. */
async function startServe(env: Record<string, string>, url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '..', '..', 'shell', 'server', 'serve.ts')], {
    env: { PATH: process.env.PATH ?? '', ...env },
    // The request log goes nowhere: the bench reads the pages, not the log.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm run serve exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('npm run serve did not start in time');
}

interface HttpRow {
  name: string;
  rps: string;
  p50: string;
  p99: string;
  errors: string;
}

async function httpBench(backend: BackendProcess): Promise<{ rows: HttpRow[]; header: string }> {
  const res = await run(
    'npm',
    ['run', 'bench:http', '-w', '@city/supabase', '--', '--url', backend.url, '--key', backend.anonKey, '--seconds', values.seconds!],
    {
      cwd: repoRoot,
      capture: true,
    },
  );
  if (res.code !== 0) throw new Error('bench:http failed');
  const lines = res.output.split('\n');
  const headerAt = lines.findIndex((l) => l.startsWith('scenario'));
  const rows = lines
    .slice(headerAt + 1)
    .map((l) => l.match(/^(.*?)\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(\d+)\s*$/))
    .filter((m): m is RegExpMatchArray => m !== null)
    .map((m) => ({ name: m[1]!.trim(), rps: m[2]!, p50: m[3]!, p99: m[4]!, errors: m[6]! }));
  return { rows, header: lines[headerAt - 1]?.trim() ?? '' };
}

function summariseLighthouse(runs: LighthouseRun[]) {
  return {
    score: median(runs.map((r) => r.score)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
    totalBytes: median(runs.map((r) => r.totalBytes)),
    fcpMs: median(runs.map((r) => r.fcpMs)),
    scores: runs.map((r) => r.score),
    // TBT varies more between runs than between builds: every run's is printed beside the median.
    tbts: runs.map((r) => Math.round(r.tbtMs)),
  };
}

async function main(): Promise<void> {
  mkdirSync(benchDir, { recursive: true });
  const started = Date.now();
  if (!values['no-build']) {
    log('building production bundles (turbo) ...');
    // --force: turbo's build inputs do not list shared/build (the preset), so a preset change could
    // otherwise be measured on stale cached bundles.
    const build = await run('npx', ['turbo', 'run', 'build', '--force', '--output-logs=errors-only']);
    if (build.code !== 0) process.exit(build.code);
  }
  log('building the one-bundle comparison (no federation) ...');
  await buildSingleBundle();

  const proxyUrl = (i: number) => `http://localhost:${PORTS.proxyBase + i}`;
  // The shell, each remote and the one-bundle build (CORS origins of the backend).
  const origins = Array.from({ length: SINGLE_PROXY + 1 }, (_, i) => [proxyUrl(i), proxyUrl(i).replace('localhost', '127.0.0.1')]).flat();
  const dataDir = dataDirFor(PROVIDERS);
  log('starting the backend ...');
  const backend = await startBackendSeeded(dataDir, origins);
  const site = new Site({ supabaseUrl: backend.url, supabaseAnonKey: backend.anonKey, shellPort: PORTS.shell });
  // The shell: `npm run serve` (production's server), started below once the remotes' URLs are known.
  const serveUrl = `http://localhost:${PORTS.serve}`;
  const proxies: GzipProxy[] = [new GzipProxy(PORTS.proxyBase, serveUrl)];
  REMOTE_NAMES.forEach((name, i) => {
    const proxy = new GzipProxy(PORTS.proxyBase + i + 1, site.remotes[name].url);
    proxies.push(proxy);
    site.setRemoteEntry(name, `${proxy.url}/mf-manifest.json`);
  });
  const singleRuntime = JSON.stringify({ ...site.runtimeConfig() });
  const single = new StaticServer({
    root: SINGLE_BUNDLE_DIST,
    port: PORTS.single,
    spaFallback: true,
    routes: {
      '/config.json': () => ({ type: 'application/json; charset=utf-8', body: singleRuntime }),
      '/remotes.json': () => ({ type: 'application/json; charset=utf-8', body: JSON.stringify(site.manifest) }),
    },
  });
  proxies.push(new GzipProxy(PORTS.proxyBase + SINGLE_PROXY, single.url));

  const report: string[] = [];
  let budgetVerdicts: string[] = [];
  let serve: ChildProcess | null = null;
  try {
    await site.start();
    await single.start();
    await Promise.all(proxies.map((p) => p.start()));
    serve = await startServe(
      {
        PORT: String(PORTS.serve),
        HOST: '127.0.0.1',
        PUBLIC_ORIGIN: proxies[0]!.url,
        SUPABASE_URL: backend.url,
        SUPABASE_ANON_KEY: backend.anonKey,
        OPERATOR_PHONE: String(site.runtimeConfig().operatorPhone),
        OPERATOR_WHATSAPP: String(site.runtimeConfig().operatorWhatsapp),
        CONTACT_EMAIL: String(site.runtimeConfig().contactEmail),
        SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/',
        SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/',
        SOCIAL_YOUTUBE_URL: 'https://www.youtube.com/',
        ...Object.fromEntries(REMOTE_NAMES.map((name, i) => [remoteUrlVariable(name), `${proxies[i + 1]!.url}/`])),
      },
      serveUrl,
    );
    const siteUrl = proxies[0]!.url;
    const singleUrl = proxies[SINGLE_PROXY]!.url;
    const remoteOfOrigin = new Map<string, string>([[new URL(siteUrl).origin, 'shell']]);
    REMOTE_NAMES.forEach((name, i) => remoteOfOrigin.set(new URL(proxies[i + 1]!.url).origin, name));

    const headers = { apikey: backend.anonKey };
    const slug = (
      (await (await fetch(`${backend.url}/rest/v1/service_categories?select=slug&order=sort_order&limit=1`, { headers })).json()) as {
        slug: string;
      }[]
    )[0]!.slug;
    const providerId = (
      (await (await fetch(`${backend.url}/rest/v1/service_providers?select=id&order=rating_count.desc&limit=1`, { headers })).json()) as {
        id: string;
      }[]
    )[0]!.id;
    const pages: Record<LandingKey, string> = {
      home: '/',
      list: `/?category=${encodeURIComponent(slug)}`,
      search: `/?q=${encodeURIComponent(SEARCH_QUERY)}`,
      profile: `/provider/${providerId}`,
    };

    const chrome = await resolveChromium(benchDir);
    log(`Chromium: ${chrome}`);
    // The browsers see Noto Sans Devanagari as a system font, as Android phones do (phone-fonts.ts).
    const phoneFonts = values['no-phone-fonts'] ? null : phoneFontsConfig(benchDir);
    if (phoneFonts) process.env.FONTCONFIG_FILE = phoneFonts;

    // ---- first-render JS (each landing page; `/` also watched for 30 s, and as one bundle)
    log('first-render JS of / (federated, watched 30 s, then one bundle) ...');
    const READY: Record<LandingKey, string> = {
      home: '.directory-categories__grid',
      list: '.directory-card',
      search: '.directory-card',
      profile: '.provider-profile__name',
    };
    const fedRun = await firstRenderScripts(chrome, siteUrl + '/', READY.home, { windowMs: BUDGET.first30sMs });
    const oneRun = await firstRenderScripts(chrome, singleUrl + '/', READY.home);
    const fed = fedRun.first;
    const one = oneRun.first;
    const byModule = new Map<string, ScriptFile[]>();
    for (const f of fed) {
      const key = remoteOfOrigin.get(f.origin) ?? f.origin;
      byModule.set(key, [...(byModule.get(key) ?? []), f]);
    }
    const sum = (files: { transferBytes: number }[]) => files.reduce((a, f) => a + f.transferBytes, 0);
    const fedAllBytes = sum(fed);
    const oneBytes = sum(one);
    const ratio = fedAllBytes / oneBytes;
    const first30sBytes = sum(fedRun.all);
    const first30sByType = new Map<string, number>();
    for (const d of fedRun.all) first30sByType.set(d.type, (first30sByType.get(d.type) ?? 0) + d.transferBytes);
    // The federation runtime and container code: the shell's entry chunk (the runtime, the
    // start-up preload, nothing shared) and each container's remoteEntry.js.
    const federationFiles = fed.filter(
      (f) => (remoteOfOrigin.get(f.origin) === 'shell' && /^main\.[0-9a-f]+\.js$/.test(f.file)) || /(^|\/)remoteEntry\.js$/.test(f.file),
    );
    const federationBytes = sum(federationFiles);
    const firstRender: Partial<Record<LandingKey, ScriptFile[]>> = { home: fed };
    for (const key of LANDING) {
      if (key === 'home' || !runsPage(key)) continue;
      log(`first-render JS of ${pages[key]} ...`);
      firstRender[key] = (await firstRenderScripts(chrome, siteUrl + pages[key], READY[key])).first;
    }

    // ---- Lighthouse
    const lh: Partial<Record<PageKey, ReturnType<typeof summariseLighthouse>>> = {};
    for (const [key, path] of Object.entries(pages) as [keyof typeof pages, string][]) {
      if (!runsPage(key)) continue;
      log(`Lighthouse x${RUNS}: ${path} ...`);
      lh[key] = summariseLighthouse(await lighthouseRuns(chrome, siteUrl + path, RUNS));
    }
    if (runsPage('single')) {
      log(`Lighthouse x${RUNS}: one bundle / ...`);
      lh.single = summariseLighthouse(await lighthouseRuns(chrome, singleUrl + '/', RUNS));
    }
    // The same `/` on a device without any Devanagari font: the web font downloads and the text repaints.
    let homeNoFont: ReturnType<typeof summariseLighthouse> | null = null;
    if (phoneFonts && runsPage('home')) {
      const runs = Math.min(RUNS, 3);
      log(`Lighthouse x${runs}: / without a Devanagari system font ...`);
      delete process.env.FONTCONFIG_FILE;
      homeNoFont = summariseLighthouse(await lighthouseRuns(chrome, siteUrl + '/', runs));
      process.env.FONTCONFIG_FILE = phoneFonts;
    }

    // ---- real throttling (on the pages of home and profile that --pages chose)
    const realLcp: Partial<Record<LandingKey, number[]>> = {};
    for (const [key, path] of [
      ['home', pages.home],
      ['profile', pages.profile],
    ] as const) {
      if (!runsPage(key)) continue;
      log(`real-throttled LCP x${LCP_RUNS}: ${path} ...`);
      realLcp[key] = await realThrottledLcp(chrome, siteUrl + path, LCP_RUNS);
    }

    // ---- backend over HTTP
    let http: Awaited<ReturnType<typeof httpBench>> | null = null;
    if (!FRONTEND_ONLY) {
      log(`HTTP bench (supabase bench:http, ${values.seconds} s per scenario) ...`);
      http = await httpBench(backend);
    }

    await Promise.all(proxies.map((p) => p.stop()));
    await single.stop();
    await site.stop();
    await backend.stop();

    // ---- database time (server stopped: PGlite opened here on the same folder)
    let db: Awaited<ReturnType<typeof measureDbTime>> | null = null;
    if (!FRONTEND_ONLY) {
      log('database time of list and search queries ...');
      db = await measureDbTime(dataDir);
    }

    // ---- report
    const date = new Date().toISOString().replace('T', ' ').slice(0, 16);
    report.push(`# Performance bench: ${date} UTC`, '');
    report.push(
      `Command: \`npm run bench${process.argv.slice(2).length ? ' -- ' + process.argv.slice(2).join(' ') : ''}\`; ${db ? `${db.providers} approved providers (${PROVIDERS} seeded)` : `${PROVIDERS} providers seeded`}; ` +
        `Lighthouse ${LIGHTHOUSE_VERSION} default mobile config (simulated Slow 4G, 4x CPU), median of ${RUNS}; each origin gzip-served.`,
      '',
    );
    const skippedSteps = [
      ...(FRONTEND_ONLY ? ['the backend HTTP bench and the database-time step (--frontend-only)'] : []),
      ...(PAGES.size < PAGE_KEYS.length
        ? [`Lighthouse on ${PAGE_KEYS.filter((k) => !runsPage(k)).join(', ')} (--pages ${[...PAGES].join(',')})`]
        : []),
    ];
    if (skippedSteps.length) report.push(`**Quick run, not a full bench.** Skipped: ${skippedSteps.join('; ')}.`, '');
    const notRun = (why: string) => `not run (${why}) | |`;
    report.push('## Budgets', '', '| Budget | Target | Measured | Met |', '|---|---|---|---|');
    const verdicts: string[] = [];
    const row = (name: string, target: string, measured: string | null, pass: boolean, why = '--pages') => {
      if (measured === null) {
        report.push(`| ${name} | ${target} | ${notRun(why)} |`);
        verdicts.push(`SKIP  ${name}`);
        return;
      }
      report.push(`| ${name} | ${target} | ${measured} | ${ok(pass)} |`);
      verdicts.push(`${pass ? 'PASS' : 'FAIL'}  ${name}: ${measured.replace(/\*\*/g, '')} (target ${target})`);
    };
    const PAGE_LABEL: Record<LandingKey, string> = {
      home: '`/`',
      list: `\`${pages.list}\``,
      search: `\`${pages.search}\``,
      profile: '`/provider/:id`',
    };
    for (const key of LANDING) {
      const r = lh[key];
      const label = PAGE_LABEL[key];
      row(
        `Lighthouse performance, ${label}`,
        `>= ${BUDGET.score}`,
        r ? `${r.score} (runs ${r.scores.join(', ')})` : null,
        !!r && r.score >= BUDGET.score,
      );
      row(
        `LCP, ${label} (Lighthouse)`,
        `<= ${BUDGET.lcpMs / 1000} s`,
        r ? `${(r.lcpMs / 1000).toFixed(2)} s` : null,
        !!r && r.lcpMs <= BUDGET.lcpMs,
      );
      row(
        `TBT, ${label} (Lighthouse)`,
        `<= ${BUDGET.tbtMs} ms`,
        r ? `${r.tbtMs.toFixed(0)} ms (runs ${r.tbts.join(', ')})` : null,
        !!r && r.tbtMs <= BUDGET.tbtMs,
      );
      row(`CLS, ${label} (Lighthouse)`, `< ${BUDGET.cls}`, r ? r.cls.toFixed(3) : null, !!r && r.cls < BUDGET.cls);
      const js = firstRender[key];
      row(
        `First-render JS, ${label} (gzip, every origin)`,
        `<= ${BUDGET.firstRenderKiB} KiB`,
        js ? `${fmtKiB(sum(js))} KiB` : null,
        !!js && kib(sum(js)) <= BUDGET.firstRenderKiB,
      );
    }
    const profileReal = realLcp.profile;
    row(
      'Real-throttled LCP, `/provider/:id` (CDP, median)',
      `<= ${BUDGET.realLcpMs / 1000} s`,
      profileReal ? `${(median(profileReal) / 1000).toFixed(2)} s` : null,
      !!profileReal && median(profileReal) <= BUDGET.realLcpMs,
    );
    row(
      `Everything \`/\` downloads in its first ${BUDGET.first30sMs / 1000} s (gzip, any type)`,
      `<= ${BUDGET.first30sKiB} KiB`,
      `${fmtKiB(first30sBytes)} KiB (${[...first30sByType]
        .sort((x, y) => y[1] - x[1])
        .map(([type, bytes]) => `${type} ${fmtKiB(bytes)}`)
        .join(', ')})`,
      kib(first30sBytes) <= BUDGET.first30sKiB,
    );
    row(
      'Federation runtime + container code on `/` (shell `main.js` + each `remoteEntry.js`, gzip)',
      `<= ${BUDGET.federationKiB} KiB`,
      `${fmtKiB(federationBytes)} KiB (${federationFiles.map((f) => `${remoteOfOrigin.get(f.origin) ?? f.origin} ${f.file} ${fmtKiB(f.transferBytes)}`).join(', ')})`,
      kib(federationBytes) <= BUDGET.federationKiB,
    );
    report.push(
      `| Federation ratio (figure, no budget): all first-render JS of \`/\` vs the same app as one bundle | | ${ratio.toFixed(2)}x (${fmtKiB(fedAllBytes)} / ${fmtKiB(oneBytes)} KiB) | |`,
    );
    if (db) {
      const listP99 = Math.max(db.timings[0]!.p99, db.timings[1]!.p99);
      const searchP99 = db.timings[2]!.p99;
      row(
        `Category list, database time at ${db.providers} providers (p99)`,
        `<= ${BUDGET.dbMs} ms`,
        `${listP99.toFixed(1)} ms (p50 ${db.timings[0]!.p50.toFixed(1)})`,
        listP99 <= BUDGET.dbMs,
      );
      row(
        `Search, database time at ${db.providers} providers (p99)`,
        `<= ${BUDGET.dbMs} ms`,
        `${searchP99.toFixed(1)} ms (p50 ${db.timings[2]!.p50.toFixed(1)})`,
        searchP99 <= BUDGET.dbMs,
      );
    } else {
      row('Category list, database time (p99)', `<= ${BUDGET.dbMs} ms`, null, false, '--frontend-only');
      row('Search, database time (p99)', `<= ${BUDGET.dbMs} ms`, null, false, '--frontend-only');
    }
    report.push('');
    budgetVerdicts = verdicts;

    report.push('## Lighthouse (median)', '', '| Page | Score | LCP | TBT | CLS | FCP | Total bytes |', '|---|---|---|---|---|---|---|');
    const lhRow = (name: string, r: ReturnType<typeof summariseLighthouse>) =>
      `| ${name} | ${r.score} (${r.scores.join(', ')}) | ${(r.lcpMs / 1000).toFixed(2)} s | ${r.tbtMs.toFixed(0)} ms (${r.tbts.join(', ')}) | ${r.cls.toFixed(3)} | ${(r.fcpMs / 1000).toFixed(2)} s | ${fmtKiB(r.totalBytes)} KiB |`;
    const lhNames: Record<PageKey, string> = {
      home: '`/`',
      list: `category list \`${pages.list}\``,
      search: `search \`${pages.search}\``,
      profile: 'provider profile `/provider/:id`',
      single: '`/`, one bundle, no federation',
    };
    for (const key of PAGE_KEYS) {
      const r = lh[key];
      report.push(r ? lhRow(lhNames[key], r) : `| ${lhNames[key]} | not run (--pages) | | | | | |`);
    }
    if (homeNoFont) report.push(lhRow('`/` on a device with no Devanagari font (web font downloaded, text repainted)', homeNoFont));
    report.push(
      '',
      phoneFonts
        ? 'Fonts: the browsers have Noto Sans Devanagari as a system font, as Android phones do (scripts/bench/phone-fonts.ts); the last row is without it. `--no-phone-fonts`: all without it.'
        : 'Fonts: no Devanagari system font (--no-phone-fonts): every page downloads the web font.',
      '',
    );

    report.push(
      '## LCP with real throttling (CDP: Slow 4G 562.5 ms RTT / 1.47 Mbit/s, 4x CPU)',
      '',
      '| Page | Median | Runs |',
      '|---|---|---|',
    );
    for (const [key, name] of [
      ['home', '`/`'],
      ['profile', 'provider profile'],
    ] as const) {
      const runs = realLcp[key];
      report.push(
        runs
          ? `| ${name} | ${(median(runs) / 1000).toFixed(2)} s | ${runs.map((v) => (v / 1000).toFixed(2)).join(', ')} |`
          : `| ${name} | not run (--pages) | |`,
      );
    }
    report.push('');

    report.push(
      '## First-render JavaScript of `/` (network log, gzip bytes on the wire)',
      '',
      "Scripts requested before the category grid is React's (hydrated or rendered); what the app defers past that is listed after.",
      '',
      '| Module | File | KiB |',
      '|---|---|---|',
    );
    for (const [module, files] of byModule) {
      for (const f of [...files].sort((a, b) => b.transferBytes - a.transferBytes))
        report.push(`| ${module} | ${f.file} | ${fmtKiB(f.transferBytes)} |`);
    }
    report.push(`| **all** | | **${fmtKiB(fedAllBytes)}** |`, '');
    for (const key of LANDING) {
      const js = firstRender[key];
      if (key === 'home' || !js) continue;
      report.push(
        `First-render JavaScript of \`${pages[key]}\` (scripts requested before \`${READY[key]}\` is React's): ${fmtKiB(sum(js))} KiB`,
        '',
        '| Module | File | KiB |',
        '|---|---|---|',
        ...[...js]
          .sort((x, y) => y.transferBytes - x.transferBytes)
          .map((f) => `| ${remoteOfOrigin.get(f.origin) ?? f.origin} | ${f.file} | ${fmtKiB(f.transferBytes)} |`),
        '',
      );
    }
    report.push(
      'One bundle without federation (same sources, same preset minus ModuleFederationPlugin):',
      '',
      '| File | KiB |',
      '|---|---|',
    );
    for (const f of [...one].sort((a, b) => b.transferBytes - a.transferBytes)) report.push(`| ${f.file} | ${fmtKiB(f.transferBytes)} |`);
    report.push(`| **all** | **${fmtKiB(oneBytes)}** |`, '');
    const laterRows = (files: ScriptFile[]) =>
      [...files]
        .sort((a, b) => b.transferBytes - a.transferBytes)
        .map((f) => `| ${remoteOfOrigin.get(f.origin) ?? 'one bundle'} | ${f.file} | ${fmtKiB(f.transferBytes)} |`);
    report.push(
      'Loaded after the first render, within 4 s of idle (federated: ' +
        fmtKiB(sum(fedRun.later)) +
        ' KiB; one bundle: ' +
        fmtKiB(sum(oneRun.later)) +
        ' KiB):',
      '',
      '| Module | File | KiB |',
      '|---|---|---|',
      ...laterRows(fedRun.later),
      ...laterRows(oneRun.later),
      '',
    );

    if (http) {
      report.push(`## Backend over HTTP (${http.header})`, '', '| Scenario | req/s | p50 ms | p99 ms | errors |', '|---|---|---|---|---|');
      for (const r of http.rows) report.push(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`);
    } else {
      report.push('## Backend over HTTP', '', 'Skipped (--frontend-only).');
    }
    report.push('');
    if (db) {
      report.push(
        `## Database time (PGlite in process, role anon, ${db.timings[0]?.samples} samples each)`,
        '',
        '| Query | p50 ms | p99 ms | max ms | rows |',
        '|---|---|---|---|---|',
      );
      for (const t of db.timings)
        report.push(`| ${t.name} | ${t.p50.toFixed(2)} | ${t.p99.toFixed(2)} | ${t.max.toFixed(2)} | ${t.rows} |`);
      report.push('', 'Search by query:', '', '| Query | p50 ms | p99 ms |', '|---|---|---|');
      for (const t of db.perQuery) report.push(`| ${t.name.replace('search ', '')} | ${t.p50.toFixed(1)} | ${t.p99.toFixed(1)} |`);
    } else {
      report.push('## Database time', '', 'Skipped (--frontend-only).');
    }
    report.push(
      '',
      `Total bench time: ${((Date.now() - started) / 60_000).toFixed(1)} min. Machine load (1 min avg) at the end: ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}.`,
      '',
    );
  } finally {
    if (serve && serve.exitCode === null) {
      const exited = new Promise((resolve) => serve!.once('exit', resolve));
      serve.kill('SIGTERM');
      await exited;
    }
    await Promise.all(proxies.map((p) => p.stop().catch(() => undefined)));
    await single.stop().catch(() => undefined);
    await site.stop().catch(() => undefined);
    await backend.stop().catch(() => undefined);
  }
  const text = report.join('\n');
  console.log('\n' + text);
  writeFileSync(join(benchDir, 'report.md'), text);
  if (values.out) writeFileSync(values.out, text);
  log(`report written to ${join(benchDir, 'report.md')}`);
  console.log('\nBudgets:\n' + budgetVerdicts.map((v) => `  ${v}`).join('\n'));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
