/**
 * Abuse: the local server's own per-client limits are the auth server's (failed
 * sign-ins, SMS codes, wrong codes); REST writes are limited by the database's
 * pre-request function (public.check_request), not here. The limiter's rules (pure),
 * then a server of its own: REST writes are not refused by the server itself, the
 * service-role-only endpoint that changes the auth limits at run time, and the client
 * address not taken from X-Forwarded-For unless a proxy is trusted.
 */
import { call, startChildServer, type ChildServer } from './child-server';
import {
  clientAddressOf,
  clientOf,
  clientKeyOf,
  DEFAULT_RATE_LIMITS,
  LIMIT_KINDS,
  parseLimitsObject,
  parseLimitsSpec,
  RateLimiter,
} from '../local/rate-limit';
import { adminToken, requestLimits, setRequestLimit } from './request-limits';

describe('RateLimiter (pure)', () => {
  test('a fixed window per kind and client: max requests, then refused with the seconds left, then allowed again', () => {
    let now = 1_000_000;
    const rl = new RateLimiter({ ...DEFAULT_RATE_LIMITS, sms: { max: 2, windowSeconds: 600 } }, { now: () => now });
    expect(rl.take('sms', '10.0.0.1').allowed).toBe(true);
    expect(rl.take('sms', '10.0.0.1').allowed).toBe(true);
    now += 100_500;
    expect(rl.take('sms', '10.0.0.1')).toEqual({ allowed: false, retryAfterSeconds: 500, limit: { max: 2, windowSeconds: 600 } });
    // another client and another kind are counted apart
    expect(rl.take('sms', '10.0.0.2').allowed).toBe(true);
    expect(rl.take('verifies', '10.0.0.1').allowed).toBe(true);
    now += 500_000;
    expect(rl.take('sms', '10.0.0.1').allowed).toBe(true);
  });

  test('memory stays bounded: idle windows expire, and past the cap the oldest go', () => {
    let now = 0;
    const rl = new RateLimiter(DEFAULT_RATE_LIMITS, { now: () => now, maxClients: 1000 });
    for (let i = 0; i < 5000; i++) rl.take('verifies', `10.0.${i >> 8}.${i & 255}`);
    expect(rl.size).toBe(1000);
    now += 901_000;
    rl.take('verifies', '192.168.1.1');
    expect(rl.size).toBe(1);
  });

  test('update() changes limits and forgets counts; restore() goes back to the start limits; max 0 refuses all', () => {
    const rl = new RateLimiter({ ...DEFAULT_RATE_LIMITS, sms: { max: 1, windowSeconds: 60 } });
    rl.take('sms', 'a');
    expect(rl.take('sms', 'a').allowed).toBe(false);
    rl.update({ sms: { max: 0, windowSeconds: 60 } });
    expect(rl.take('sms', 'b').allowed).toBe(false);
    rl.update({ sms: null });
    expect(rl.take('sms', 'a').allowed).toBe(true);
    expect(rl.restore().sms).toEqual({ max: 1, windowSeconds: 60 });
    expect(rl.take('sms', 'a').allowed).toBe(true);
    expect(rl.take('sms', 'a').allowed).toBe(false);
  });

  test('a cost: refused whole when it does not fit, taking nothing', () => {
    const rl = new RateLimiter({ ...DEFAULT_RATE_LIMITS, verifies: { max: 5, windowSeconds: 600 } }, { now: () => 0 });
    expect(rl.take('verifies', 'a', 6)).toEqual({ allowed: false, retryAfterSeconds: 600, limit: { max: 5, windowSeconds: 600 } });
    expect(rl.take('verifies', 'a', 3)).toMatchObject({ allowed: true, remaining: 2 });
    expect(rl.take('verifies', 'a', 3).allowed).toBe(false);
    expect(rl.take('verifies', 'a', 2)).toMatchObject({ allowed: true, remaining: 0 });
    expect(rl.take('verifies', 'a').allowed).toBe(false);
  });

  test('several keys at once (sign-ins: client and account); refund() gives back, forget() clears one key', () => {
    let now = 0;
    const rl = new RateLimiter({ ...DEFAULT_RATE_LIMITS, signins: { max: 2, windowSeconds: 900 } }, { now: () => now });
    expect(rl.takeAll('signins', ['client:1', 'account:a']).allowed).toBe(true);
    expect(rl.takeAll('signins', ['client:1', 'account:b']).allowed).toBe(true);
    // client:1 is full: refused, and account:c is not charged for it
    expect(rl.takeAll('signins', ['client:1', 'account:c']).allowed).toBe(false);
    expect(rl.takeAll('signins', ['client:2', 'account:c']).allowed).toBe(true);
    expect(rl.takeAll('signins', ['client:3', 'account:c']).allowed).toBe(true);
    expect(rl.takeAll('signins', ['client:4', 'account:c']).allowed).toBe(false);
    // a right password: the attempt is given back, the account's failures forgotten
    const ok = rl.takeAll('signins', ['client:5', 'account:d']);
    expect(ok.allowed).toBe(true);
    if (ok.allowed) ok.refund();
    rl.forget('signins', 'account:c');
    expect(rl.takeAll('signins', ['client:5', 'account:c']).allowed).toBe(true);
    expect(rl.takeAll('signins', ['client:5', 'account:e']).allowed).toBe(true);
    expect(rl.takeAll('signins', ['client:5', 'account:f']).allowed).toBe(false);
    // a refund into a window that has ended since gives nothing to the next one
    const late = rl.takeAll('signins', ['client:6', 'account:g']);
    now += 901_000;
    rl.takeAll('signins', ['client:6', 'account:h']);
    rl.takeAll('signins', ['client:6', 'account:i']);
    if (late.allowed) late.refund();
    expect(rl.takeAll('signins', ['client:6', 'account:j']).allowed).toBe(false);
    // off: always allowed
    rl.update({ signins: null });
    expect(rl.takeAll('signins', ['client:6', 'account:j']).allowed).toBe(true);
  });

  test('client address and key: remote address; X-Forwarded-For only behind trusted proxies, read from the right; IPv6 by /64', () => {
    expect(clientOf('::ffff:127.0.0.1', '1.2.3.4', 0)).toBe('127.0.0.1');
    expect(clientOf('10.0.0.9', 'spoofed, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(clientOf('10.0.0.9', 'spoofed, 203.0.113.7, 10.0.0.8', 2)).toBe('203.0.113.7');
    expect(clientOf('10.0.0.9', null, 1)).toBe('10.0.0.9');
    expect(clientKeyOf('2001:db8:abcd:12:1::5')).toBe('2001:db8:abcd:12::/64');
    expect(clientKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    // the address itself (what the database gets as cf-connecting-ip), not the limiter's key
    expect(clientAddressOf('::ffff:127.0.0.1', '1.2.3.4', 0)).toBe('127.0.0.1');
    expect(clientAddressOf('10.0.0.9', 'spoofed, 2001:db8:abcd:12:1::5', 1)).toBe('2001:db8:abcd:12:1::5');
    expect(clientAddressOf('10.0.0.9', 'spoofed, [2001:db8::7]', 1)).toBe('2001:db8::7');
    expect(clientAddressOf(undefined, null, 0)).toBe('unknown');
  });

  test('spec strings: kind=MAX/SECONDS, kind=off, off; the old REST write kinds are skipped; mistakes are reported', () => {
    expect(parseLimitsSpec('signins=3/60,sms=off')).toEqual({ ...DEFAULT_RATE_LIMITS, signins: { max: 3, windowSeconds: 60 }, sms: null });
    expect(Object.values(parseLimitsSpec('off'))).toEqual(LIMIT_KINDS.map(() => null));
    expect(Object.keys(parseLimitsSpec('off'))).toEqual(['signins', 'sms', 'verifies']);
    expect(parseLimitsSpec('').signins).toEqual({ max: 5, windowSeconds: 900 });
    expect(parseLimitsSpec('').sms).toEqual({ max: 10, windowSeconds: 3600 });
    expect(parseLimitsSpec('').verifies).toEqual({ max: 30, windowSeconds: 900 });
    // Older scripts still start the server: the database limits these now.
    expect(parseLimitsSpec('registrations=100000/60,reviews=off,signins=2/60')).toEqual({
      ...DEFAULT_RATE_LIMITS,
      signins: { max: 2, windowSeconds: 60 },
    });
    expect(parseLimitsObject({ signins: null })).toEqual({ signins: null });
    expect(() => parseLimitsObject({ reviews: null })).toThrow(/check_request/);
    expect(() => parseLimitsSpec('comments=1/60')).toThrow(/bad rate limit/);
    expect(() => parseLimitsSpec('sms=1/0')).toThrow(/windowSeconds/);
  });
});

describe('local server (own server, low auth limits)', () => {
  let s: ChildServer;
  let providerId: string;

  beforeAll(async () => {
    // The old REST write kinds in the spec are skipped: the server limits no REST write.
    s = await startChildServer({
      args: ['--no-seed', '--rate-limits', 'registrations=1/600,reviews=1/600,ratings=1/600,clicks=1/600,reports=1/600,signins=3/600'],
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

  test('REST writes are not refused by the server itself: no PGRST429, whatever its old write limits said', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await call(s, s.anonKey, '/rest/v1/rpc/track_click', {
        method: 'POST',
        body: { p_provider_id: providerId, p_click_type: 'call', p_device_token: `rl-click-${i}`.padEnd(22, '0') },
      });
      expect(r.status).toBe(204);
    }
  });

  test('the 429 comes from the database (public.check_request): PT429 with the wait in the hint; a forged address does not help', async () => {
    const admin = { email: 'limits.admin@test.local', password: 'limits-admin-password-1' };
    const created = await call(s, s.serviceRoleKey, '/auth/v1/admin/users', {
      method: 'POST',
      body: { ...admin, email_confirm: true, app_metadata: { role: 'admin' } },
    });
    expect(created.status).toBe(200);
    const token = await adminToken(s, admin);
    expect((await requestLimits(s, token)).find((l) => l.name === 'addr:report')).toEqual({
      name: 'addr:report',
      max_hits: 60,
      window_seconds: 3600,
    });
    await setRequestLimit(s, token, 'addr:report', 2, 3600);

    const report = (i: number, headers: Record<string, string> = {}) =>
      call(s, s.anonKey, '/rest/v1/rpc/report_provider', {
        method: 'POST',
        headers,
        body: { p_provider_id: providerId, p_reason: 'closed', p_details: null, p_device_token: `db-limit-${i}`.padEnd(22, '0') },
      });
    const stored = async () =>
      ((await call(s, s.serviceRoleKey, `/rest/v1/reports?select=id&provider_id=eq.${providerId}`)).json as unknown[]).length;
    const before = await stored();
    for (let i = 0; i < 2; i++) expect((await report(i)).status).toBe(200);
    const refused = await report(2);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      code: 'PT429',
      message: 'too many requests: reports from this address',
      details: 'addr:report',
      hint: expect.stringMatching(/^retry after \d+ seconds$/),
    });
    const wait = Number(/\d+/.exec((refused.json as { hint: string }).hint)![0]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    // The database keys on the address the gateway passes: a client's own headers change nothing.
    const forgeries: Record<string, string>[] = [
      { 'X-Forwarded-For': '203.0.113.99' },
      { 'CF-Connecting-IP': '203.0.113.98' },
      { 'X-Real-IP': '203.0.113.97' },
    ];
    for (const forged of forgeries) {
      expect((await report(3, forged)).status).toBe(429);
    }
    expect(await stored()).toBe(before + 2);
    // reads are not counted
    expect((await call(s, s.anonKey, '/rest/v1/rpc/search_providers', { method: 'POST', body: {} })).status).toBe(200);
    await setRequestLimit(s, token, 'addr:report', 60, 3600);
    expect((await report(4)).status).toBe(200);
  });

  test('GET /local/v1/rate-limits lists the auth limits only; PUT (service role only) changes them and clears counts; DELETE restores', async () => {
    const got = await call(s, s.serviceRoleKey, '/local/v1/rate-limits');
    expect(got.status).toBe(200);
    expect(Object.keys((got.json as { limits: object }).limits).sort()).toEqual(['signins', 'sms', 'verifies']);

    const anon = await call(s, s.anonKey, '/local/v1/rate-limits', { method: 'PUT', body: { signins: null } });
    expect(anon.status).toBe(403);
    expect((await call(s, 'not-a-jwt', '/local/v1/rate-limits')).status).toBe(401);
    const bad = await call(s, s.serviceRoleKey, '/local/v1/rate-limits', {
      method: 'PUT',
      body: { signins: { max: -1, windowSeconds: 60 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: 'PGRST100' });
    expect((await call(s, s.serviceRoleKey, '/local/v1/rate-limits', { method: 'PUT', body: { nonsense: 1 } })).status).toBe(400);
    // a REST write kind: refused, with where those limits are now
    const retired = await call(s, s.serviceRoleKey, '/local/v1/rate-limits', { method: 'PUT', body: { registrations: null } });
    expect(retired.status).toBe(400);
    expect((retired.json as { message: string }).message).toMatch(/public\.check_request/);

    const put = await call(s, s.serviceRoleKey, '/local/v1/rate-limits', {
      method: 'PUT',
      body: { signins: { max: 1, windowSeconds: 30 } },
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({
      limits: { signins: { max: 1, windowSeconds: 30 } },
      defaults: { signins: { max: 3, windowSeconds: 600 } },
    });
    const signIn = () =>
      call(s, s.anonKey, '/auth/v1/token?grant_type=password', {
        method: 'POST',
        body: { email: 'nobody@test.local', password: 'wrong-password' },
        headers: { 'X-Supabase-Api-Version': '2024-01-01' },
      });
    expect((await signIn()).status).toBe(400);
    const refused = await signIn();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(30);

    const restored = await call(s, s.serviceRoleKey, '/local/v1/rate-limits', { method: 'DELETE' });
    expect(restored.json).toMatchObject({ limits: { signins: { max: 3, windowSeconds: 600 } } });
    expect((await signIn()).status).toBe(400);
  });

  test('request bodies over 1 MiB are refused with 413 before any work', async () => {
    const r = await call(s, s.anonKey, '/rest/v1/rpc/search_providers', { method: 'POST', body: { p_query: 'x'.repeat(1_100_000) } });
    expect(r.status).toBe(413);
    expect(r.json).toMatchObject({ code: 'PGRST413' });
  });
});
