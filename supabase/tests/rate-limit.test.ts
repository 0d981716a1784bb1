/**
 * Abuse: per-client limits of anonymous writes. The limiter's rules (pure), then a
 * server of its own (started with low limits) answering 429 + Retry-After, the
 * service-role-only endpoint that changes the limits at run time, and the client
 * address not taken from X-Forwarded-For unless a proxy is trusted.
 */
import { call, startChildServer, type ChildServer } from './child-server';
import {
  clientOf,
  clientKeyOf,
  DEFAULT_RATE_LIMITS,
  LIMIT_KINDS,
  parseLimitsObject,
  parseLimitsSpec,
  RateLimiter,
  writeCostOf,
  writeKindOf,
} from '../local/rate-limit';
import { RestError } from '../local/rest/errors';
import { restTarget } from '../local/rest/target';

describe('RateLimiter (pure)', () => {
  test('a fixed window per kind and client: max requests, then refused with the seconds left, then allowed again', () => {
    let now = 1_000_000;
    const rl = new RateLimiter({ ...DEFAULT_RATE_LIMITS, registrations: { max: 2, windowSeconds: 600 } }, { now: () => now });
    expect(rl.take('registrations', '10.0.0.1').allowed).toBe(true);
    expect(rl.take('registrations', '10.0.0.1').allowed).toBe(true);
    now += 100_500;
    expect(rl.take('registrations', '10.0.0.1')).toEqual({ allowed: false, retryAfterSeconds: 500, limit: { max: 2, windowSeconds: 600 } });
    // another client and another kind are counted apart
    expect(rl.take('registrations', '10.0.0.2').allowed).toBe(true);
    expect(rl.take('reviews', '10.0.0.1').allowed).toBe(true);
    now += 500_000;
    expect(rl.take('registrations', '10.0.0.1').allowed).toBe(true);
  });

  test('memory stays bounded: idle windows expire, and past the cap the oldest go', () => {
    let now = 0;
    const rl = new RateLimiter(DEFAULT_RATE_LIMITS, { now: () => now, maxClients: 1000 });
    for (let i = 0; i < 5000; i++) rl.take('clicks', `10.0.${i >> 8}.${i & 255}`);
    expect(rl.size).toBe(1000);
    now += 601_000;
    rl.take('clicks', '192.168.1.1');
    expect(rl.size).toBe(1);
  });

  test('update() changes limits and forgets counts; restore() goes back to the start limits; max 0 refuses all', () => {
    const rl = new RateLimiter({ ...DEFAULT_RATE_LIMITS, reviews: { max: 1, windowSeconds: 60 } });
    rl.take('reviews', 'a');
    expect(rl.take('reviews', 'a').allowed).toBe(false);
    rl.update({ reviews: { max: 0, windowSeconds: 60 } });
    expect(rl.take('reviews', 'b').allowed).toBe(false);
    rl.update({ reviews: null });
    expect(rl.take('reviews', 'a').allowed).toBe(true);
    expect(rl.restore().reviews).toEqual({ max: 1, windowSeconds: 60 });
    expect(rl.take('reviews', 'a').allowed).toBe(true);
    expect(rl.take('reviews', 'a').allowed).toBe(false);
  });

  test('which requests are limited writes', () => {
    expect(writeKindOf('POST', 'rpc/register_provider')).toBe('registrations');
    expect(writeKindOf('POST', 'reviews')).toBe('reviews');
    expect(writeKindOf('POST', 'service_ratings')).toBe('ratings');
    expect(writeKindOf('PATCH', 'service_ratings')).toBe('ratings');
    expect(writeKindOf('POST', 'click_tracking')).toBe('clicks');
    expect(writeKindOf('GET', 'reviews')).toBeNull();
    expect(writeKindOf('HEAD', 'click_tracking')).toBeNull();
    expect(writeKindOf('POST', 'rpc/search_providers')).toBeNull();
    // the one-row functions, and any write attempt on the old tables
    expect(writeKindOf('POST', 'rpc/add_review')).toBe('reviews');
    expect(writeKindOf('POST', 'rpc/rate_provider')).toBe('ratings');
    expect(writeKindOf('POST', 'rpc/track_click')).toBe('clicks');
    expect(writeKindOf('PATCH', 'reviews')).toBe('reviews');
    expect(writeKindOf('DELETE', 'click_tracking')).toBe('clicks');
    // read as the router reads it: decoded, outer slashes dropped, case kept
    expect(writeKindOf('POST', 'review%73')).toBe('reviews');
    expect(writeKindOf('POST', 'rpc/register%5Fprovider')).toBe('registrations');
    expect(writeKindOf('POST', '/service%5Fratings/')).toBe('ratings');
    expect(writeKindOf('POST', '//rpc/track%5fclick')).toBe('clicks');
    expect(writeKindOf('POST', 'Reviews')).toBeNull();
    expect(writeKindOf('POST', 'rpc/toString')).toBeNull();
    expect(restTarget('rpc//register_provider')).toEqual({ kind: 'rpc', name: '/register_provider' });
    expect(() => writeKindOf('POST', 'review%73%E0%A4')).toThrow(RestError);
  });

  test('rows, not requests: a JSON array POSTed to a table costs its length; anything else costs 1', () => {
    const table = restTarget('reviews');
    expect(writeCostOf('POST', table, JSON.stringify(Array.from({ length: 500 }, () => ({ review_text: 'x' }))))).toBe(500);
    expect(writeCostOf('POST', table, ' \n [{}, {}]')).toBe(2);
    expect(writeCostOf('POST', table, '[]')).toBe(1);
    expect(writeCostOf('POST', table, '{"review_text": "x"}')).toBe(1);
    expect(writeCostOf('POST', table, '[not json')).toBe(1);
    expect(writeCostOf('PATCH', table, '[{}, {}]')).toBe(1);
    expect(writeCostOf('POST', restTarget('rpc/register_provider'), '[{}, {}, {}]')).toBe(1);
  });

  test('a cost: refused whole when it does not fit, taking nothing', () => {
    const rl = new RateLimiter({ ...DEFAULT_RATE_LIMITS, reviews: { max: 5, windowSeconds: 600 } }, { now: () => 0 });
    expect(rl.take('reviews', 'a', 6)).toEqual({ allowed: false, retryAfterSeconds: 600, limit: { max: 5, windowSeconds: 600 } });
    expect(rl.take('reviews', 'a', 3)).toMatchObject({ allowed: true, remaining: 2 });
    expect(rl.take('reviews', 'a', 3).allowed).toBe(false);
    expect(rl.take('reviews', 'a', 2)).toMatchObject({ allowed: true, remaining: 0 });
    expect(rl.take('reviews', 'a').allowed).toBe(false);
  });

  test('several keys at once (sign-ins: client and account); refund() gives back, forget() clears one key', () => {
    let now = 0;
    const rl = new RateLimiter({ ...DEFAULT_RATE_LIMITS, reports: { max: 2, windowSeconds: 900 } }, { now: () => now });
    expect(rl.takeAll('reports', ['client:1', 'account:a']).allowed).toBe(true);
    expect(rl.takeAll('reports', ['client:1', 'account:b']).allowed).toBe(true);
    // client:1 is full: refused, and account:c is not charged for it
    expect(rl.takeAll('reports', ['client:1', 'account:c']).allowed).toBe(false);
    expect(rl.takeAll('reports', ['client:2', 'account:c']).allowed).toBe(true);
    expect(rl.takeAll('reports', ['client:3', 'account:c']).allowed).toBe(true);
    expect(rl.takeAll('reports', ['client:4', 'account:c']).allowed).toBe(false);
    // a right password: the attempt is given back, the account's failures forgotten
    const ok = rl.takeAll('reports', ['client:5', 'account:d']);
    expect(ok.allowed).toBe(true);
    if (ok.allowed) ok.refund();
    rl.forget('reports', 'account:c');
    expect(rl.takeAll('reports', ['client:5', 'account:c']).allowed).toBe(true);
    expect(rl.takeAll('reports', ['client:5', 'account:e']).allowed).toBe(true);
    expect(rl.takeAll('reports', ['client:5', 'account:f']).allowed).toBe(false);
    // a refund into a window that has ended since gives nothing to the next one
    const late = rl.takeAll('reports', ['client:6', 'account:g']);
    now += 901_000;
    rl.takeAll('reports', ['client:6', 'account:h']);
    rl.takeAll('reports', ['client:6', 'account:i']);
    if (late.allowed) late.refund();
    expect(rl.takeAll('reports', ['client:6', 'account:j']).allowed).toBe(false);
    // off: always allowed
    rl.update({ reports: null });
    expect(rl.takeAll('reports', ['client:6', 'account:j']).allowed).toBe(true);
  });

  test('client key: remote address; X-Forwarded-For only behind trusted proxies, read from the right; IPv6 by /64', () => {
    expect(clientOf('::ffff:127.0.0.1', '1.2.3.4', 0)).toBe('127.0.0.1');
    expect(clientOf('10.0.0.9', 'spoofed, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(clientOf('10.0.0.9', 'spoofed, 203.0.113.7, 10.0.0.8', 2)).toBe('203.0.113.7');
    expect(clientOf('10.0.0.9', null, 1)).toBe('10.0.0.9');
    expect(clientKeyOf('2001:db8:abcd:12:1::5')).toBe('2001:db8:abcd:12::/64');
    expect(clientKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });

  test('spec strings: kind=MAX/SECONDS, kind=off, off; mistakes are reported', () => {
    expect(parseLimitsSpec('registrations=3/60,clicks=off')).toEqual({
      ...DEFAULT_RATE_LIMITS,
      registrations: { max: 3, windowSeconds: 60 },
      clicks: null,
    });
    expect(Object.values(parseLimitsSpec('off'))).toEqual(LIMIT_KINDS.map(() => null));
    expect(Object.keys(parseLimitsSpec('off'))).toEqual([...LIMIT_KINDS]);
    expect(parseLimitsObject({ reports: null })).toEqual({ reports: null });
    // Sign-ins, SMS codes and code checks are GoTrue's limits now (config.toml [auth.rate_limit]).
    expect(() => parseLimitsSpec('signins=3/60')).toThrow(/bad rate limit/);
    expect(() => parseLimitsSpec('comments=1/60')).toThrow(/bad rate limit/);
    expect(() => parseLimitsSpec('reviews=1/0')).toThrow(/windowSeconds/);
  });
});

describe('local server limits (own server, low limits)', () => {
  let s: ChildServer;
  let providerId: string;

  beforeAll(async () => {
    s = await startChildServer({
      args: ['--no-seed', '--rate-limits', 'registrations=2/600,reviews=2/600,ratings=3/600,clicks=3/600,reports=2/600'],
    });
    const p = await call(s, s.serviceRoleKey, '/rest/v1/service_providers', {
      method: 'POST',
      headers: { Prefer: 'return=representation', Accept: 'application/vnd.pgrst.object+json' },
      body: {
        name: 'Rate Limit Test',
        mobile: '9876500001',
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
  });

  const registration = (i: number) => ({
    p_name: 'सीमा देवी',
    p_mobile: `98765${String(i).padStart(5, '0')}`,
    p_category: '🔧 प्लंबर',
    p_address: 'Civil Lines, Sitapur',
    p_experience: 2,
  });

  async function rowCount(table: string, column = 'provider_id'): Promise<number> {
    const r = await call(s, s.serviceRoleKey, `/rest/v1/${table}?select=${column}&limit=0`, { headers: { Prefer: 'count=exact' } });
    return Number(r.headers.get('content-range')!.split('/')[1]);
  }

  test('third registration from one client in the window: 429, PostgREST-shaped error, Retry-After, nothing stored', async () => {
    for (const i of [1, 2]) {
      const ok = await call(s, s.anonKey, '/rest/v1/rpc/register_provider', { method: 'POST', body: registration(i) });
      expect(ok.status).toBe(200);
    }
    const before = await rowCount('service_providers', 'id');
    const refused = await call(s, s.anonKey, '/rest/v1/rpc/register_provider', { method: 'POST', body: registration(3) });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 'PGRST429', details: 'limit=registrations; max=2; window=600s' });
    expect((refused.json as { message: string }).message).toMatch(/Too many registrations/);
    const retry = Number(refused.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(590);
    expect(retry).toBeLessThanOrEqual(600);
    expect(await rowCount('service_providers', 'id')).toBe(before);
    // X-Forwarded-For is not believed without --trust-proxy: a forged header does not help
    const forged = await call(s, s.anonKey, '/rest/v1/rpc/register_provider', {
      method: 'POST',
      body: registration(4),
      headers: { 'X-Forwarded-For': '203.0.113.99' },
    });
    expect(forged.status).toBe(429);
    // reads are never limited, nor is the service role
    expect((await call(s, s.anonKey, '/rest/v1/rpc/search_providers', { method: 'POST', body: {} })).status).toBe(200);
    const service = await call(s, s.serviceRoleKey, '/rest/v1/rpc/register_provider', { method: 'POST', body: registration(5) });
    expect(service.status).toBe(200);
  });

  test('reports have their own limit: one client cannot hide a provider alone with three device tokens', async () => {
    const device = (i: number) => `rate-limit-report-device-${i}`.padEnd(22, '0');
    const report = (i: number) =>
      call(s, s.anonKey, '/rest/v1/rpc/report_provider', {
        method: 'POST',
        body: { p_provider_id: providerId, p_reason: 'wrong_number', p_details: null, p_device_token: device(i) },
      });
    for (let i = 0; i < 2; i++) expect((await report(i)).status).toBe(200);
    const third = await report(2);
    expect(third.status).toBe(429);
    expect(third.json).toMatchObject({ code: 'PGRST429', details: 'limit=reports; max=2; window=600s' });
    const rows = await call(s, s.serviceRoleKey, `/rest/v1/reports?select=id&provider_id=eq.${providerId}`);
    expect(rows.json).toHaveLength(2);
    const listed = await call(s, s.anonKey, `/rest/v1/service_providers?select=id&id=eq.${providerId}`);
    expect(listed.json).toEqual([{ id: providerId }]);
  });

  test('reviews, ratings and clicks have their own limits; the browser may read Retry-After (CORS)', async () => {
    const origin = { Origin: 'http://localhost:3000' };
    const token = (i: number) => `rate-limit-test-device-${i}`.padEnd(22, '0');
    const review = (i: number, headers: Record<string, string> = {}) =>
      call(s, s.anonKey, '/rest/v1/rpc/add_review', {
        method: 'POST',
        headers,
        body: { p_provider_id: providerId, p_review_text: `अच्छा ${i}`, p_device_token: token(i) },
      });
    for (let i = 0; i < 2; i++) expect((await review(i)).status).toBe(200);
    const third = await review(2, origin);
    expect(third.status).toBe(429);
    expect(third.headers.get('access-control-expose-headers')).toMatch(/retry-after/);
    const rate = (i: number, rating: number) =>
      call(s, s.anonKey, '/rest/v1/rpc/rate_provider', {
        method: 'POST',
        body: { p_provider_id: providerId, p_device_token: token(i), p_rating: rating },
      });
    for (let i = 0; i < 3; i++) expect((await rate(i, 4)).status).toBe(204);
    // Changing a rating is a rating too; the old table path counts under the same kind.
    expect((await rate(0, 1)).status).toBe(429);
    expect(
      (await call(s, s.anonKey, '/rest/v1/service_ratings?provider_id=eq.' + providerId, { method: 'PATCH', body: { rating: 1 } })).status,
    ).toBe(429);
    const click = (i: number) =>
      call(s, s.anonKey, '/rest/v1/rpc/track_click', {
        method: 'POST',
        body: { p_provider_id: providerId, p_click_type: 'call', p_device_token: token(i) },
      });
    for (let i = 0; i < 3; i++) expect((await click(i)).status).toBe(204);
    expect((await click(3)).status).toBe(429);
    expect(await rowCount('reviews')).toBe(2);
    expect(await rowCount('service_ratings')).toBe(3);
    expect(await rowCount('click_tracking')).toBe(3);
  });

  test('PUT /local/v1/rate-limits (service role only) changes limits and clears counts; DELETE restores the start limits', async () => {
    const anon = await call(s, s.anonKey, '/local/v1/rate-limits', { method: 'PUT', body: { registrations: null } });
    expect(anon.status).toBe(403);
    expect((await call(s, 'not-a-jwt', '/local/v1/rate-limits')).status).toBe(401);
    const bad = await call(s, s.serviceRoleKey, '/local/v1/rate-limits', {
      method: 'PUT',
      body: { registrations: { max: -1, windowSeconds: 60 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: 'PGRST100' });
    expect((await call(s, s.serviceRoleKey, '/local/v1/rate-limits', { method: 'PUT', body: { nonsense: 1 } })).status).toBe(400);

    const put = await call(s, s.serviceRoleKey, '/local/v1/rate-limits', {
      method: 'PUT',
      body: { registrations: { max: 1, windowSeconds: 30 } },
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({
      limits: { registrations: { max: 1, windowSeconds: 30 } },
      defaults: { registrations: { max: 2, windowSeconds: 600 } },
    });
    expect((await call(s, s.anonKey, '/rest/v1/rpc/register_provider', { method: 'POST', body: registration(10) })).status).toBe(200);
    const refused = await call(s, s.anonKey, '/rest/v1/rpc/register_provider', { method: 'POST', body: registration(11) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(30);

    const restored = await call(s, s.serviceRoleKey, '/local/v1/rate-limits', { method: 'DELETE' });
    expect(restored.json).toMatchObject({ limits: { registrations: { max: 2, windowSeconds: 600 } } });
    expect((await call(s, s.anonKey, '/rest/v1/rpc/register_provider', { method: 'POST', body: registration(12) })).status).toBe(200);
  });

  test('request bodies over 1 MiB are refused with 413 before any work', async () => {
    const r = await call(s, s.anonKey, '/rest/v1/rpc/search_providers', { method: 'POST', body: { p_query: 'x'.repeat(1_100_000) } });
    expect(r.status).toBe(413);
    expect(r.json).toMatchObject({ code: 'PGRST413' });
  });
});
