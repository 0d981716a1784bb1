/**
 * Abuse, as an attacker tried it: the database's write limits (public.check_request, the
 * pre-request function, which reads request.path) dodged by spelling the path another way
 * (percent-escapes, extra slashes, a query string) or by writing the tables directly;
 * password guessing on the sign-in endpoint (GoTrue's per-address /token bucket, config.toml
 * auth.rate_limit.token_refresh, here 1 per 5 min), and telling known e-mails from unknown
 * ones by the answer's time. A server of its own (PGlite) behind one trusted proxy, so each
 * test picks its client address with X-Forwarded-For; write limits lowered by an admin.
 * The paths go out verbatim (node:http): fetch would tidy some of them first.
 */
import { request } from 'node:http';
import { rmSync } from 'node:fs';
import { createClient } from '@supabase/supabase-js';
import { call, startChildServer, type ChildServer } from './child-server';
import { adminToken, setRequestLimit } from './request-limits';

let s: ChildServer;
const victim = { email: 'victim.admin@test.local', password: 'the-right-password-1' };
const other = { email: 'other.person@test.local', password: 'another-password-2' };
const admin = { email: 'limits.admin@test.local', password: 'limits-admin-password-1' };
let providerId: string;
let adminJwt: string;

beforeAll(async () => {
  // One trusted proxy: each test picks its client with X-Forwarded-For.
  s = await startChildServer({ args: ['--no-seed', '--trust-proxy', '1'], env: { SUPABASE_AUTH_RATE_LIMIT_TOKEN_REFRESH: '1' } });
  for (const who of [victim, other]) {
    const r = await call(s, s.serviceRoleKey, '/auth/v1/admin/users', { method: 'POST', body: { ...who, email_confirm: true } });
    expect(r.status).toBe(200);
  }
  const created = await call(s, s.serviceRoleKey, '/auth/v1/admin/users', {
    method: 'POST',
    body: { ...admin, email_confirm: true, app_metadata: { role: 'admin' } },
  });
  expect(created.status).toBe(200);
  adminJwt = await adminToken(s, admin);
  const p = await call(s, s.serviceRoleKey, '/rest/v1/service_providers', {
    method: 'POST',
    headers: { Prefer: 'return=representation', Accept: 'application/vnd.pgrst.object+json' },
    body: {
      name: 'Limits Attack',
      mobile: '9876500002',
      category: '🔧 प्लंबर',
      address: 'Lalbagh, Sitapur',
      experience: 3,
      status: 'approved',
    },
  });
  expect(p.status).toBe(201);
  providerId = (p.json as { id: string }).id;
}, 120_000);

afterAll(async () => {
  await s?.stop();
  if (s) rmSync(s.dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: unknown;
}

/** A request with the path exactly as given (no URL normalisation on the client side). */
function send(method: string, path: string, body: unknown, headers: Record<string, string> = {}, key = s.anonKey): Promise<Answer> {
  const url = new URL(s.url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          apikey: key,
          Authorization: `Bearer ${key}`,
          ...(payload !== undefined ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)) } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          let json: unknown = text;
          try {
            json = text === '' ? null : JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('write limits in the database: every spelling of a write function is counted, or refused', () => {
  let n = 0;
  /** A new device each call: a report is one per device, so a repeat would be refused for that. */
  const device = () => `limits-attack-device-${++n}`.padEnd(24, '0');
  const click = () => ({ p_provider_id: providerId, p_click_type: 'call', p_device_token: device() });
  const report = () => ({ p_provider_id: providerId, p_reason: 'closed', p_details: null, p_device_token: device() });
  const canonical = { 'addr:click': ['/rest/v1/rpc/track_click', click], 'addr:report': ['/rest/v1/rpc/report_provider', report] } as const;
  /** A client address of its own for each case (one trusted proxy: the last X-Forwarded-For entry). */
  const freshAddress = () => `203.0.113.${++n}`;

  // Each spelling PostgREST may route to the function. The pre-request function sees
  // request.path as sent (PostgREST's raw path), so it must count these too.
  const variants: [keyof typeof canonical, string][] = [
    ['addr:click', '/rest/v1/rpc/track%5Fclick'],
    ['addr:click', '/rest/v1/rpc/track%5fclick'],
    ['addr:click', '/rest/v1/rpc/%74rack_click'],
    ['addr:click', '/rest/v1/rpc/track_click?p_note=x'],
    ['addr:click', '/rest/v1/rpc/track_click/'],
    ['addr:click', '/rest/v1//rpc/track_click'],
    ['addr:click', '/rest/v1/rpc//track_click'],
    ['addr:click', '/rest/v1/rpc/./track_click'],
    ['addr:click', '/rest/v1/rpc/../rpc/track_click'],
    ['addr:click', '/rest/v1/%72pc/track_click'],
    ['addr:click', '/rest/v1/rpc/TRACK_CLICK'],
    ['addr:report', '/rest/v1/rpc/report%5Fprovider'],
    ['addr:report', '/rest/v1/rpc/%72eport_provider'],
  ];

  test.each(variants)('%s: POST %s is either refused or uses up the budget of the canonical call', async (limit, path) => {
    await setRequestLimit(s, adminJwt, limit, 1, 3600);
    const [canonicalPath, body] = canonical[limit];
    const client = { 'X-Forwarded-For': freshAddress() };
    const first = await send('POST', path, body(), client);
    expect(first.status).toBeLessThan(500);
    const second = await send('POST', canonicalPath, body(), client);
    if (first.status < 300) {
      // it reached the function: the database must have counted it
      expect([path, second.status, second.json]).toEqual([
        path,
        429,
        expect.objectContaining({ code: 'PT429', details: limit, hint: expect.stringMatching(/^retry after \d+ seconds$/) }),
      ]);
    } else {
      // refused before the function (404 or 400): not a way round, and nothing counted
      expect(second.status).toBeLessThan(300);
    }
  });

  test('direct table writes (one row or many) are refused and store nothing; reads are never counted', async () => {
    await setRequestLimit(s, adminJwt, 'addr:click', 1, 3600);
    const client = { 'X-Forwarded-For': freshAddress() };
    const rows = (k: number) => Array.from({ length: k }, () => ({ provider_id: providerId, click_type: 'call' }));
    const count = async () =>
      Number(
        (
          await call(s, s.serviceRoleKey, '/rest/v1/click_tracking?select=provider_id&limit=0', { headers: { Prefer: 'count=exact' } })
        ).headers
          .get('content-range')!
          .split('/')[1],
      );
    const before = await count();
    for (const path of ['/rest/v1/click_tracking', '/rest/v1/click%5Ftracking']) {
      for (const body of [rows(1)[0], rows(6)]) {
        const r = await send('POST', path, body, client);
        // anon has no write grant (401); an escaped path is refused before that (400 22023)
        expect([path, r.status]).toEqual([path, path.includes('%') ? 400 : 401]);
      }
    }
    expect(await count()).toBe(before);
    for (let i = 0; i < 3; i++) {
      expect((await send('POST', '/rest/v1/rpc/search_providers', {}, client)).status).toBe(200);
    }
    expect((await send('POST', '/rest/v1/rpc/track_click', click(), client)).status).toBe(204);
    expect((await send('POST', '/rest/v1/rpc/track_click', click(), client)).status).toBe(429);
  });

  afterAll(async () => {
    await setRequestLimit(s, adminJwt, 'addr:click', 600, 3600);
    await setRequestLimit(s, adminJwt, 'addr:report', 60, 3600);
  });
});

describe('sign-in limits: GoTrue’s /token bucket per client address (30, then token_refresh per 5 min)', () => {
  function signIn(email: string, password: string, client: string): Promise<Answer> {
    return send(
      'POST',
      '/auth/v1/token?grant_type=password',
      { email, password },
      { 'X-Forwarded-For': client, 'X-Supabase-Api-Version': '2024-01-01' },
    );
  }

  test('the 31st sign-in from one address is GoTrue’s 429, even with the right password; other addresses are heard', async () => {
    const client = '198.51.100.1';
    for (let i = 1; i <= 30; i++) {
      const r = await signIn(i % 2 ? victim.email : `nobody-${i}@test.local`, `wrong-${i}`, client);
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
    const over = await signIn(victim.email, victim.password, client);
    expect(over.status).toBe(429);
    expect(over.json).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    expect(over.headers['x-supabase-api-version']).toBe('2024-01-01');

    // supabase-js hands it back as status 429 with GoTrue's code
    const js = createClient(s.url, s.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { 'X-Forwarded-For': client } },
    });
    const { data, error } = await js.auth.signInWithPassword(victim);
    expect(data.session).toBeNull();
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');

    // another address signs in
    expect((await signIn(victim.email, victim.password, '198.51.100.2')).status).toBe(200);
    // IPv6: one client is a /64 (a household or a phone), however many addresses it uses
    for (let i = 1; i <= 30; i++) expect((await signIn(`v6-${i}@test.local`, 'guess', `2001:db8:5:6::${i}`)).status).toBe(400);
    expect((await signIn('v6-31@test.local', 'guess', '2001:db8:5:6:ffff::9')).status).toBe(429);
  }, 60_000);

  test('parallel guesses from one address: 30 are answered, the rest refused', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(victim.email, `parallel-${i}`, '192.0.2.100')));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array<number>(30).fill(400), ...Array<number>(10).fill(429)]);
  }, 60_000);

  test('timing: an unknown e-mail takes as long as a known one with a wrong password', async () => {
    let n = 0; // a new address each time: the /token bucket must not cut either series short
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const timed = async (email: string): Promise<number> => {
      const t0 = performance.now();
      const r = await signIn(email, 'not-the-password', `192.0.${3 + Math.floor(n / 250)}.${n++ % 250}`);
      expect(r.status).toBe(400);
      return performance.now() - t0;
    };
    for (let i = 0; i < 2; i++) {
      await timed(victim.email);
      await timed(`warm-${i}@test.local`);
    }
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so load from other processes falls on both series alike.
    for (let i = 0; i < 15; i++) {
      known.push(await timed(victim.email));
      unknown.push(await timed(`nobody-timing-${i}@test.local`));
    }
    const ratio = median(unknown) / median(known);
    console.log(
      `sign-in timing, median of 15: known e-mail + wrong password ${median(known).toFixed(1)} ms, unknown e-mail ${median(unknown).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`,
    );
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  }, 60_000);
});
