/**
 * Abuse, as an attacker tried it: write limits dodged by spelling the path another way
 * (percent-escapes, extra slashes) or by sending many rows in one request; password
 * guessing on the sign-in endpoint (GoTrue's per-address /token bucket, config.toml
 * auth.rate_limit.token_refresh, here 1 per 5 min), and telling known e-mails from unknown
 * ones by the answer's time. A server of its own (PGlite), write limits set per test at run time.
 * The paths go out verbatim (node:http): fetch would tidy some of them first.
 */
import { request } from 'node:http';
import { rmSync } from 'node:fs';
import { createClient } from '@supabase/supabase-js';
import { call, startChildServer, type ChildServer } from './child-server';

let s: ChildServer;
const victim = { email: 'victim.admin@test.local', password: 'the-right-password-1' };
const other = { email: 'other.person@test.local', password: 'another-password-2' };
const NO_PROVIDER = '00000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  // One trusted proxy: each test picks its client with X-Forwarded-For.
  s = await startChildServer({ args: ['--no-seed', '--trust-proxy', '1'], env: { SUPABASE_AUTH_RATE_LIMIT_TOKEN_REFRESH: '1' } });
  for (const who of [victim, other]) {
    const r = await call(s, s.serviceRoleKey, '/auth/v1/admin/users', { method: 'POST', body: { ...who, email_confirm: true } });
    expect(r.status).toBe(200);
  }
}, 120_000);

afterAll(async () => {
  await s?.stop();
  if (s) rmSync(s.dataDir, { recursive: true, force: true });
});

/** Sets limits (a partial object) and forgets every count. */
async function setLimits(limits: Record<string, unknown>): Promise<void> {
  const r = await call(s, s.serviceRoleKey, '/local/v1/rate-limits', { method: 'PUT', body: limits });
  expect(r.status).toBe(200);
}

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

const review = { provider_id: NO_PROVIDER, review_text: 'बढ़िया काम' };
const rating = { provider_id: NO_PROVIDER, device_id: 'attacker-device', rating: 5 };
const click = { provider_id: NO_PROVIDER, click_type: 'call' };
const registration = { p_name: 'हमलावर', p_mobile: '9876543210', p_category: '🔧 प्लंबर', p_address: 'Sitapur', p_experience: 1 };

describe('write limits: every spelling of a write path is counted under its kind', () => {
  // The one-row functions that become the public way in (they need not exist yet: the
  // limiter counts before the database answers, failed attempts included).
  const canonical = {
    registrations: ['/rest/v1/rpc/register_provider', registration],
    reviews: ['/rest/v1/rpc/add_review', { p_provider_id: NO_PROVIDER, p_review_text: 'x', p_device_token: 'tok' }],
    ratings: ['/rest/v1/rpc/rate_provider', { p_provider_id: NO_PROVIDER, p_device_token: 'tok', p_rating: 5 }],
    clicks: ['/rest/v1/rpc/track_click', { p_provider_id: NO_PROVIDER, p_click_type: 'call', p_device_token: 'tok' }],
  } as const;

  const variants: [keyof typeof canonical, string, string, unknown][] = [
    ['reviews', 'POST', '/rest/v1/review%73', review],
    ['reviews', 'POST', '/rest/v1/%72%65%76%69%65%77%73', review],
    ['reviews', 'POST', '/rest/v1//reviews', review],
    ['reviews', 'POST', '/rest/v1/reviews/', review],
    ['reviews', 'POST', '/rest/v1/./reviews', review],
    ['reviews', 'POST', '/rest/v1/%2e/reviews', review],
    ['reviews', 'POST', '/rest/v1/rpc/../reviews', review],
    ['reviews', 'POST', '/%72est/v1/reviews', review],
    ['reviews', 'PATCH', `/rest/v1/reviews?id=eq.${NO_PROVIDER}`, { review_text: 'x' }],
    ['reviews', 'POST', '/rest/v1/rpc/add%5Freview', canonical.reviews[1]],
    ['reviews', 'POST', '/rest/v1/rpc/add_review/', canonical.reviews[1]],
    ['registrations', 'POST', '/rest/v1/rpc/register%5Fprovider', registration],
    ['registrations', 'POST', '/rest/v1//rpc/register%5fprovider//', registration],
    ['registrations', 'POST', '/rest/v1/rpc/%72egister_provider', registration],
    ['ratings', 'POST', '/rest/v1/service%5Fratings', rating],
    ['ratings', 'PATCH', '/rest/v1/service%5Fratings?device_id=eq.attacker-device', { rating: 1 }],
    ['ratings', 'POST', '/rest/v1/rpc/rate%5Fprovider', canonical.ratings[1]],
    ['clicks', 'POST', '/rest/v1/click%5Ftracking', click],
    ['clicks', 'POST', '/rest/v1/click_tracking/', click],
    ['clicks', 'POST', '/rest/v1/rpc/track%5Fclick', canonical.clicks[1]],
  ];

  test.each(variants)('%s: %s %s uses up the budget of the canonical write', async (kind, method, path, body) => {
    await setLimits({ [kind]: { max: 1, windowSeconds: 600 } });
    const first = await send(method, path, body);
    expect(first.status).not.toBe(429);
    expect(first.status).toBeLessThan(500);
    const [canonicalPath, canonicalBody] = canonical[kind];
    const second = await send('POST', canonicalPath, canonicalBody);
    expect(second.status).toBe(429);
    expect(second.json).toMatchObject({ code: 'PGRST429', details: `limit=${kind}; max=1; window=600s` });
    // and the spelling itself is refused now too
    expect((await send(method, path, body)).status).toBe(429);
  });

  test('one budget per kind: old table path and new function count together; an undecodable path is a 400, not a way around', async () => {
    await setLimits({ reviews: { max: 2, windowSeconds: 600 }, registrations: { max: 1, windowSeconds: 600 } });
    for (const path of ['/rest/v1/review%73%E0%A4', '/rest/v1/rpc/register%5Fprovider%', '/rest/v1/rpc/register_provider%ZZ']) {
      const r = await send('POST', path, path.includes('rpc') ? registration : review);
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ code: 'PGRST100' });
    }
    // Names are case-sensitive in the router: another case is not a table, so not a write.
    expect((await send('POST', '/rest/v1/Reviews', review)).status).toBe(404);
    expect((await send('POST', '/rest/v1/reviews', review)).status).not.toBe(429);
    expect((await send('POST', canonical.reviews[0], canonical.reviews[1])).status).not.toBe(429);
    expect((await send('POST', '/rest/v1/reviews', review)).status).toBe(429);
  });

  test('rows, not requests: a 6-row array under a limit of 5 is refused whole and uses up nothing; an rpc call is 1', async () => {
    await setLimits({ reviews: { max: 5, windowSeconds: 600 }, clicks: { max: 5, windowSeconds: 600 } });
    const six = await send(
      'POST',
      '/rest/v1/reviews',
      Array.from({ length: 6 }, () => review),
    );
    expect(six.status).toBe(429);
    expect(six.json).toMatchObject({ code: 'PGRST429', details: 'limit=reviews; max=5; window=600s' });
    expect((six.json as { message: string }).message).toMatch(/6 rows/);
    expect(Number(six.headers['retry-after'])).toBeGreaterThan(590);
    // nothing was taken: 5 rows still fit, then not one more
    expect(
      (
        await send(
          'POST',
          '/rest/v1/review%73',
          Array.from({ length: 5 }, () => review),
        )
      ).status,
    ).not.toBe(429);
    expect((await send('POST', '/rest/v1/reviews', review)).status).toBe(429);

    expect(
      (
        await send(
          'POST',
          '/rest/v1/click%5Ftracking',
          Array.from({ length: 13_000 }, () => click),
        )
      ).status,
    ).toBe(429);
    expect(
      (
        await send(
          'POST',
          '/rest/v1/click_tracking',
          Array.from({ length: 4 }, () => click),
        )
      ).status,
    ).not.toBe(429);
    expect((await send('POST', '/rest/v1/click_tracking', [click, click])).status).toBe(429);

    // An rpc call is one row; the router refuses an array body there (PostgREST's 400).
    await setLimits({ registrations: { max: 2, windowSeconds: 600 } });
    const arr = await send('POST', '/rest/v1/rpc/register_provider', [registration, registration, registration]);
    expect(arr.status).toBe(400);
    expect(arr.json).toMatchObject({ code: 'PGRST102' });
    expect((await send('POST', '/rest/v1/rpc/register_provider', registration)).status).not.toBe(429);
    expect((await send('POST', '/rest/v1/rpc/register_provider', registration)).status).toBe(429);
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
