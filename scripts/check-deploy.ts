/**
 * npm run check:deploy -- --site https://city.example.in: checks a live deployment from the
 * outside, as a browser, a crawler and an attacker with the public anon key see it. One line per
 * check (PASS or FAIL, what, and why when it fails); exit code 1 when any check fails.
 *
 *   npm run check:deploy -- --site URL [--migrations DIR] [--no-limits]
 *
 * --migrations: the folder of migrations the database must have applied (default: this repo's
 * supabase/migrations). --no-limits: skip the 429 check, which spends one hour's quota of taps
 * (addr:click, 600) of the address it runs from and records one "view" of the listed profile.
 *
 * Nothing is written: every write it tries (as anon) must be refused, and is made so that it
 * would change no row if it were accepted (an empty insert, an update and a delete whose filter
 * matches nothing). It lives in scripts/ and not in shell/server/ because it checks the whole
 * deployment (static hosts, the shell, Supabase) and the repo's migrations, and imports only
 * the shared contracts.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseRemotesManifest, parseRuntimeConfig, REMOTE_NAMES, type RemotesManifest, type RuntimeConfig } from '@city/shared/contracts';

export interface CheckLine {
  ok: boolean;
  what: string;
  /** Why it failed (or a figure when it passed). */
  detail?: string;
}

export interface CheckOptions {
  site: string;
  migrationsDir?: string;
  limits?: boolean;
}

/**
 * The tables of the api (public schema), each with a NOT NULL column that is not an identity
 * (PostgreSQL refuses to write an identity column before it looks at grants). The write probes
 * set only that column to null, so even a table that wrongly granted the write stores nothing
 * (23502 instead of 401). OpenAPI adds any other table, with a required column of its own.
 */
const KNOWN_TABLES: Record<string, string> = {
  advertisements: 'media_type',
  audit_log: 'action',
  category_stats: 'category',
  click_tracking: 'provider_id',
  provider_change_requests: 'provider_id',
  reports: 'provider_id',
  reviews: 'provider_id',
  search_words: 'word',
  service_categories: 'stored_value',
  service_category_keywords: 'keyword',
  service_providers: 'name',
  service_ratings: 'provider_id',
};

/** What anon must not read: [what, path, extra headers]. Each must answer an error. */
const PRIVATE_PROBES: [string, string, Record<string, string>?][] = [
  ['ratings (phone and device hashes)', '/rest/v1/service_ratings?select=phone_hash,device_hash&limit=1'],
  ['clicks (device hashes)', '/rest/v1/click_tracking?select=device_hash&limit=1'],
  ['reports', '/rest/v1/reports?select=*&limit=1'],
  ['the audit log', '/rest/v1/audit_log?select=*&limit=1'],
  ['owners\u2019 change requests', '/rest/v1/provider_change_requests?select=*&limit=1'],
  ['a provider\u2019s identity number', '/rest/v1/service_providers?select=aadhaar&limit=1'],
  ['the private schema', '/rest/v1/request_limits?select=*&limit=1', { 'Accept-Profile': 'private' }],
];

const REPO_MIGRATIONS = join(__dirname, '..', 'supabase', 'migrations');
const NO_ID = '00000000-0000-4000-8000-000000000000';

const header = (res: Response, name: string) => res.headers.get(name) ?? '';
const revalidated = (cache: string) => /\bno-cache\b|\bno-store\b|\bmax-age=0\b/.test(cache);
const corsFor = (res: Response, origin: string) => ['*', origin].includes(header(res, 'access-control-allow-origin'));

export async function checkDeploy(opts: CheckOptions): Promise<CheckLine[]> {
  const site = new URL(opts.site).origin;
  const lines: CheckLine[] = [];
  const check = async (what: string, run: () => Promise<string | void>) => {
    try {
      const figure = await run();
      lines.push({ ok: true, what, ...(figure ? { detail: figure } : {}) });
    } catch (e) {
      lines.push({ ok: false, what, detail: (e as Error).message });
    }
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(url, { headers: { Origin: site, ...headers }, redirect: 'manual', signal: AbortSignal.timeout(20_000) });
  const fail = (why: string): never => {
    throw new Error(why);
  };

  // The two runtime files: the rest needs them.
  let config: RuntimeConfig | null = null;
  let remotes: RemotesManifest | null = null;
  await check('config.json is valid', async () => {
    const res = await get(`${site}/config.json`);
    if (res.status !== 200) fail(`${res.status}`);
    config = parseRuntimeConfig(await res.json());
    return config.supabaseUrl;
  });
  await check('remotes.json is valid and names every remote', async () => {
    const res = await get(`${site}/remotes.json`);
    if (res.status !== 200) fail(`${res.status}`);
    remotes = parseRemotesManifest(await res.json());
    const missing = REMOTE_NAMES.filter((n) => !remotes![n]);
    if (missing.length) fail(`missing ${missing.join(', ')}`);
  });

  for (const name of REMOTE_NAMES) {
    await check(`${name}: mf-manifest.json and remoteEntry.js reachable, CORS for ${site}, no-cache`, async () => {
      const manifestUrl = (remotes as RemotesManifest | null)?.[name];
      if (!manifestUrl) fail('not in remotes.json');
      const res = await get(manifestUrl!);
      if (res.status !== 200) fail(`${manifestUrl}: ${res.status}`);
      if (!corsFor(res, site)) fail(`${manifestUrl}: no Access-Control-Allow-Origin for ${site}`);
      if (!revalidated(header(res, 'cache-control'))) fail(`${manifestUrl}: Cache-Control "${header(res, 'cache-control')}", not no-cache`);
      const manifest = (await res.json()) as { metaData?: { name?: string; remoteEntry?: { name?: string; path?: string } } };
      if (manifest.metaData?.name !== name) fail(`${manifestUrl}: its name is ${manifest.metaData?.name}, not ${name}`);
      const entry = manifest.metaData?.remoteEntry;
      const entryUrl = new URL(`${entry?.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry?.name ?? 'remoteEntry.js'}`, manifestUrl)
        .href;
      const js = await get(entryUrl);
      if (js.status !== 200) fail(`${entryUrl}: ${js.status}`);
      if (!corsFor(js, site)) fail(`${entryUrl}: no Access-Control-Allow-Origin for ${site}`);
      if (!revalidated(header(js, 'cache-control'))) fail(`${entryUrl}: Cache-Control "${header(js, 'cache-control')}", not no-cache`);
      if (!/javascript/.test(header(js, 'content-type'))) fail(`${entryUrl}: Content-Type "${header(js, 'content-type')}"`);
      await js.arrayBuffer();
    });
  }

  await check('the Content-Security-Policy lists every remote and the data service', async () => {
    const res = await get(`${site}/`);
    await res.arrayBuffer();
    const csp = header(res, 'content-security-policy');
    if (!csp) fail('no Content-Security-Policy on /');
    const directive = (d: string) => (csp.split(';').find((p) => p.trim().startsWith(`${d} `)) ?? '').trim().split(/\s+/);
    for (const must of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"])
      if (!csp.includes(must)) fail(`the policy has no ${must}`);
    const scripts = directive('script-src');
    for (const url of Object.values((remotes as RemotesManifest | null) ?? {}))
      if (!scripts.includes(new URL(url).origin)) fail(`script-src lacks ${new URL(url).origin}`);
    const supabase = (config as RuntimeConfig | null)?.supabaseUrl;
    if (supabase && !directive('connect-src').some((s) => s === new URL(supabase).origin || s.startsWith(new URL(supabase).origin)))
      fail(`connect-src lacks ${new URL(supabase).origin}`);
  });
  await check('security headers (nosniff, Referrer-Policy, Permissions-Policy, X-Frame-Options)', async () => {
    const res = await get(`${site}/`);
    await res.arrayBuffer();
    const want: Record<string, RegExp> = {
      'x-content-type-options': /^nosniff$/,
      'referrer-policy': /^(strict-origin-when-cross-origin|strict-origin|no-referrer|same-origin)$/,
      'permissions-policy': /microphone=\(self\)/,
      'x-frame-options': /^DENY$/i,
    };
    const wrong = Object.entries(want).filter(([h, re]) => !re.test(header(res, h)));
    if (wrong.length) fail(wrong.map(([h]) => `${h}: "${header(res, h)}"`).join(', '));
  });
  await check('the service worker /sw.js: JavaScript, no-cache', async () => {
    const res = await get(`${site}/sw.js`);
    await res.arrayBuffer();
    if (res.status !== 200) fail(`${res.status}`);
    if (!/javascript/.test(header(res, 'content-type'))) fail(`Content-Type "${header(res, 'content-type')}"`);
    if (!revalidated(header(res, 'cache-control'))) fail(`Cache-Control "${header(res, 'cache-control')}"`);
  });
  await check('the web manifest: application/manifest+json with its icons', async () => {
    const res = await get(`${site}/manifest.webmanifest`);
    if (res.status !== 200) fail(`${res.status}`);
    if (!/application\/manifest\+json/.test(header(res, 'content-type'))) fail(`Content-Type "${header(res, 'content-type')}"`);
    const manifest = (await res.json()) as { name?: string; icons?: { src: string }[] };
    if (!manifest.name || !manifest.icons?.length) fail('no name or no icons');
    for (const icon of manifest.icons ?? []) {
      const i = await get(new URL(icon.src, `${site}/`).href);
      await i.arrayBuffer();
      if (i.status !== 200) fail(`${icon.src}: ${i.status}`);
    }
  });

  // Crawlers: robots.txt, the sitemaps, and a listed profile from them.
  let profileUrl: string | null = null;
  await check('robots.txt and the sitemaps parse', async () => {
    const robots = await get(`${site}/robots.txt`);
    const text = await robots.text();
    const sitemap = /^Sitemap:\s*(\S+)/im.exec(text)?.[1];
    if (robots.status !== 200 || !sitemap) fail(`robots.txt: ${robots.status}, ${sitemap ? '' : 'no Sitemap line'}`);
    const index = await get(sitemap!);
    const xml = await index.text();
    if (index.status !== 200 || !/<sitemapindex[\s>]/.test(xml)) fail(`${sitemap}: ${index.status}, not a sitemap index`);
    const files = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    let urls = 0;
    for (const file of files) {
      const res = await get(file);
      const body = await res.text();
      if (res.status !== 200 || !/<urlset[\s>]/.test(body)) fail(`${file}: ${res.status}, not a urlset`);
      const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      urls += locs.length;
      profileUrl ??= locs.find((l) => /\/provider\/[0-9a-f-]{36}$/.test(l)) ?? null;
    }
    return `${files.length} sitemaps, ${urls} URLs`;
  });
  await check('a listed profile\u2019s first HTML has its preview tags and JSON-LD', async () => {
    if (!profileUrl) fail('no profile in the sitemaps');
    const res = await get(new URL(new URL(profileUrl!).pathname, site).href);
    const html = await res.text();
    if (res.status !== 200) fail(`${profileUrl}: ${res.status}`);
    for (const tag of ['og:title', 'og:url', 'og:image', 'og:description'])
      if (!new RegExp(`<meta property="${tag}" content="[^"]+"`).test(html)) fail(`${profileUrl}: no ${tag}`);
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    if (!ld || (JSON.parse(ld) as { '@type'?: string })['@type'] !== 'LocalBusiness') fail(`${profileUrl}: no LocalBusiness JSON-LD`);
    return profileUrl!;
  });
  await check('a made-up profile id answers 404', async () => {
    const res = await get(`${site}/provider/${NO_ID}`);
    await res.arrayBuffer();
    if (res.status !== 404) fail(`${res.status}`);
  });

  // The data service, as an attacker holding the public key.
  const supabase = (config as RuntimeConfig | null)?.supabaseUrl ?? null;
  const key = (config as RuntimeConfig | null)?.supabaseAnonKey ?? '';
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${supabase}${path}`, {
      ...init,
      headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
      signal: AbortSignal.timeout(20_000),
    });
  let keyAccepted = false;
  await check('the anon key of config.json is accepted by the data service', async () => {
    if (!supabase) fail('no config.json');
    const res = await api('/rest/v1/service_categories?select=slug&limit=1');
    const body = await res.text();
    if (res.status !== 200) fail(`${res.status} ${body.slice(0, 200)}`);
    keyAccepted = true;
  });
  await check('as anon, no table accepts a direct write (POST, PATCH, DELETE)', async () => {
    if (!keyAccepted) fail('not checked: the anon key is refused');
    const tables = { ...KNOWN_TABLES };
    // Supabase answers the api's OpenAPI description to the anon key: any table it lists too.
    const openapi = await api('/rest/v1/', { headers: { Accept: 'application/openapi+json' } }).catch(() => null);
    if (openapi?.ok) {
      const doc = (await openapi.json().catch(() => ({}))) as { definitions?: Record<string, { properties?: Record<string, unknown> }> };
      for (const [table, def] of Object.entries(doc.definitions ?? {})) tables[table] ??= Object.keys(def.properties ?? {})[0] ?? 'id';
    } else await openapi?.arrayBuffer();
    const accepted: string[] = [];
    for (const [table, column] of Object.entries(tables)) {
      // Would store nothing if the grant were there: a null in a NOT NULL column, a filter that
      // matches no row. Refused, as it must be: 401 (anon has no grant) or 403.
      const none = `${column}=is.null&${column}=not.is.null`;
      const tries: [string, string, string][] = [
        ['POST', `/rest/v1/${table}?columns=${column}`, JSON.stringify([{ [column]: null }])],
        ['PATCH', `/rest/v1/${table}?${none}`, JSON.stringify({ [column]: null })],
        ['DELETE', `/rest/v1/${table}?${none}`, ''],
      ];
      for (const [method, path, body] of tries) {
        const res = await api(path, { method, body: body || undefined, headers: { Prefer: 'return=minimal' } });
        const text = await res.text();
        if (![401, 403, 404, 405].includes(res.status)) accepted.push(`${method} ${table}: ${res.status} ${text.slice(0, 150)}`);
      }
    }
    if (accepted.length) fail(accepted.join(', '));
    return `${Object.keys(tables).length} tables`;
  });
  await check('as anon, no private column or table is readable', async () => {
    if (!keyAccepted) fail('not checked: the anon key is refused');
    const readable: string[] = [];
    for (const [what, path, headers] of PRIVATE_PROBES) {
      const res = await api(path, { headers });
      const body = await res.text();
      // An error: no grant (401/403), no such column (400), no such schema (406).
      if (res.status < 300) readable.push(`${what}: ${res.status} ${body.slice(0, 80)}`);
    }
    if (readable.length) fail(readable.join(', '));
    return `${PRIVATE_PROBES.length} probes`;
  });
  if (opts.limits !== false)
    await check('the pre-request limits answer 429 (taps from one address)', async () => {
      if (!keyAccepted) fail('not checked: the anon key is refused');
      const res = await api('/rest/v1/service_providers?select=id&limit=1');
      const [row] = (res.ok ? await res.json() : []) as { id: string }[];
      if (!row) fail(`no listed provider to tap (${res.status})`);
      const token = randomBytes(24).toString('base64url');
      let sent = 0;
      let limited: { status: number; code?: string } | null = null;
      const other: string[] = [];
      // addr:click allows 600 an hour: the 601st tap from this address is refused.
      const worker = async () => {
        while (!limited && sent < 700 && other.length === 0) {
          sent += 1;
          const r = await api('/rest/v1/rpc/track_click', {
            method: 'POST',
            body: JSON.stringify({ p_provider_id: row!.id, p_click_type: 'view', p_device_token: token }),
          });
          const text = await r.text();
          if (r.status === 429) limited = { status: 429, code: (JSON.parse(text) as { code?: string }).code };
          else if (r.status >= 300) other.push(`${r.status} ${text.slice(0, 120)}`);
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      if (other.length) fail(other[0]!);
      if (!limited) fail(`no 429 after ${sent} taps`);
      return `429 after ${sent} taps`;
    });
  await check('the migrations applied are the repo\u2019s', async () => {
    if (!keyAccepted) fail('not checked: the anon key is refused');
    const res = await api('/rest/v1/rpc/applied_migrations', { method: 'POST', body: '{}' });
    const text = await res.text();
    if (res.status !== 200) fail(`applied_migrations(): ${res.status} ${text.slice(0, 200)} (migration 0014 not applied?)`);
    const applied = new Set((JSON.parse(text) as { version: string; name: string }[]).map((m) => `${m.version}_${m.name}`));
    const repo = readdirSync(opts.migrationsDir ?? REPO_MIGRATIONS)
      .filter((f) => /^[0-9]+_.+\.sql$/.test(f))
      .map((f) => f.replace(/\.sql$/, ''));
    const missing = repo.filter((m) => !applied.has(m));
    const extra = [...applied].filter((m) => !repo.includes(m));
    if (missing.length || extra.length)
      fail(
        [missing.length ? `not applied: ${missing.join(', ')}` : '', extra.length ? `not in the repo: ${extra.join(', ')}` : '']
          .filter(Boolean)
          .join('; '),
      );
    return `${repo.length} migrations`;
  });
  return lines;
}

export const formatLine = (l: CheckLine) => `${l.ok ? 'PASS' : 'FAIL'}  ${l.what}${l.detail ? ` (${l.detail})` : ''}`;

async function main(argv: string[]): Promise<number> {
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const site = arg('--site');
  if (!site || !/^https?:\/\//.test(site)) {
    console.error('usage: npm run check:deploy -- --site https://city.example.in [--migrations DIR] [--no-limits]');
    return 2;
  }
  const lines = await checkDeploy({ site, migrationsDir: arg('--migrations'), limits: !argv.includes('--no-limits') });
  for (const l of lines) console.log(formatLine(l));
  const failed = lines.filter((l) => !l.ok).length;
  console.log(failed ? `${failed} of ${lines.length} checks failed` : `all ${lines.length} checks passed`);
  return failed ? 1 : 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e);
      process.exit(2);
    },
  );
}
