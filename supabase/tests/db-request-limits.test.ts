/**
 * Abuse: REST writes are limited by the database's pre-request function
 * (public.check_request, migration 0011), per phone and per client address, as on the real
 * project; the local server has no limiter of its own (sign-ins and codes are limited by
 * its GoTrue from config.toml: phone-otp and limits-attack tests). The client address the
 * server hands the database (pure), then a server of its own: the server itself refuses no
 * REST write, the 429 is the database's PT429 whatever address headers the client forges,
 * and oversize bodies are refused before any work.
 */
import { call, startChildServer, type ChildServer } from './child-server';
import { clientAddressOf, clientKeyOf, clientOf } from '../local/client-address';
import { adminToken, requestLimits, setRequestLimit } from './request-limits';

describe('client address (pure)', () => {
  test('remote address; X-Forwarded-For only behind trusted proxies, read from the right; IPv6 keyed by /64', () => {
    expect(clientOf('::ffff:127.0.0.1', '1.2.3.4', 0)).toBe('127.0.0.1');
    expect(clientOf('10.0.0.9', 'spoofed, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(clientOf('10.0.0.9', 'spoofed, 203.0.113.7, 10.0.0.8', 2)).toBe('203.0.113.7');
    expect(clientOf('10.0.0.9', null, 1)).toBe('10.0.0.9');
    expect(clientKeyOf('2001:db8:abcd:12:1::5')).toBe('2001:db8:abcd:12::/64');
    expect(clientKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    // the address itself (what the database gets as cf-connecting-ip), not GoTrue's key
    expect(clientAddressOf('::ffff:127.0.0.1', '1.2.3.4', 0)).toBe('127.0.0.1');
    expect(clientAddressOf('10.0.0.9', 'spoofed, 2001:db8:abcd:12:1::5', 1)).toBe('2001:db8:abcd:12:1::5');
    expect(clientAddressOf('10.0.0.9', 'spoofed, [2001:db8::7]', 1)).toBe('2001:db8::7');
    expect(clientAddressOf(undefined, null, 0)).toBe('unknown');
  });
});

describe('local server (own server)', () => {
  let s: ChildServer;
  let providerId: string;

  beforeAll(async () => {
    s = await startChildServer({ args: ['--no-seed'] });
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

  test('REST writes are not refused by the server itself: no PGRST429, and no endpoint of a limiter of its own', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await call(s, s.anonKey, '/rest/v1/rpc/track_click', {
        method: 'POST',
        body: { p_provider_id: providerId, p_click_type: 'call', p_device_token: `rl-click-${i}`.padEnd(22, '0') },
      });
      expect(r.status).toBe(204);
    }
    expect((await call(s, s.serviceRoleKey, '/local/v1/rate-limits')).status).toBe(404);
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

  test('request bodies over 1 MiB are refused with 413 before any work', async () => {
    const r = await call(s, s.anonKey, '/rest/v1/rpc/search_providers', { method: 'POST', body: { p_query: 'x'.repeat(1_100_000) } });
    expect(r.status).toBe(413);
    expect(r.json).toMatchObject({ code: 'PGRST413' });
  });
});
