/**
 * Abuse, as an attacker tried it: password guessing on the sign-in endpoint, and telling
 * known e-mails from unknown ones by the answer's time. A server of its own (PGlite),
 * limits set per test at run time. (REST writes are limited by the database's
 * pre-request function, public.check_request: tests/rate-limit.test.ts.)
 * The paths go out verbatim (node:http): fetch would tidy some of them first.
 */
import { request } from 'node:http';
import { rmSync } from 'node:fs';
import { createClient } from '@supabase/supabase-js';
import { call, startChildServer, type ChildServer } from './child-server';

let s: ChildServer;
const victim = { email: 'victim.admin@test.local', password: 'the-right-password-1' };
const other = { email: 'other.person@test.local', password: 'another-password-2' };

beforeAll(async () => {
  // One trusted proxy: each test picks its client with X-Forwarded-For.
  s = await startChildServer({ args: ['--no-seed', '--trust-proxy', '1'] });
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

describe('sign-in limits: failed passwords per account and per client', () => {
  const limit = { signins: { max: 5, windowSeconds: 900 } };

  function signIn(email: string, password: string, client: string): Promise<Answer> {
    return send(
      'POST',
      '/auth/v1/token?grant_type=password',
      { email, password },
      { 'X-Forwarded-For': client, 'X-Supabase-Api-Version': '2024-01-01' },
    );
  }

  test('the 6th wrong password for one account is a GoTrue 429, whatever the client; then the right one is refused too', async () => {
    await setLimits(limit);
    for (let i = 1; i <= 5; i++) {
      const r = await signIn(victim.email, `wrong-${i}`, `198.51.100.${i}`);
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
    // same account, written differently (trimmed, lower-cased), from a 6th address
    const sixth = await signIn(`  ${victim.email.toUpperCase()} `, 'wrong-6', '198.51.100.6');
    expect(sixth.status).toBe(429);
    expect(sixth.json).toMatchObject({ code: 'over_request_rate_limit', message: expect.stringMatching(/rate limit/i) });
    expect(sixth.headers['x-supabase-api-version']).toBe('2024-01-01');
    const retry = Number(sixth.headers['retry-after']);
    expect(retry).toBeGreaterThan(880);
    expect(retry).toBeLessThanOrEqual(900);
    expect((await signIn(victim.email, victim.password, '198.51.100.7')).status).toBe(429);

    // supabase-js hands it back as status 429 with GoTrue's code
    const client = createClient(s.url, s.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { 'X-Forwarded-For': '198.51.100.8' } },
    });
    const { data, error } = await client.auth.signInWithPassword(victim);
    expect(data.session).toBeNull();
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');

    // other accounts are not locked
    expect((await signIn(other.email, other.password, '198.51.100.9')).status).toBe(200);
  });

  test('the 6th wrong password from one client across accounts is a 429; a success in between neither counts nor resets it', async () => {
    await setLimits(limit);
    const client = '203.0.113.77';
    for (let i = 1; i <= 4; i++) expect((await signIn(`nobody-${i}@test.local`, 'guess', client)).status).toBe(400);
    expect((await signIn(other.email, other.password, client)).status).toBe(200);
    expect((await signIn('nobody-5@test.local', 'guess', client)).status).toBe(400);
    expect((await signIn('nobody-6@test.local', 'guess', client)).status).toBe(429);
    expect((await signIn(other.email, other.password, client)).status).toBe(429);
    // another client is still heard, for the same (unknown) account too
    expect((await signIn('nobody-6@test.local', 'guess', '203.0.113.78')).status).toBe(400);

    // IPv6: one client is a /64 (a household or a phone), however many addresses it uses
    for (let i = 1; i <= 5; i++) expect((await signIn(`v6-${i}@test.local`, 'guess', `2001:db8:5:6::${i}`)).status).toBe(400);
    expect((await signIn('v6-6@test.local', 'guess', '2001:db8:5:6:ffff::9')).status).toBe(429);
  });

  test('the right password forgives that account’s failures', async () => {
    await setLimits(limit);
    for (let i = 1; i <= 4; i++) expect((await signIn(victim.email, 'wrong', `192.0.2.${i}`)).status).toBe(400);
    expect((await signIn(victim.email, victim.password, '192.0.2.10')).status).toBe(200);
    for (let i = 11; i <= 15; i++) expect((await signIn(victim.email, 'wrong', `192.0.2.${i}`)).status).toBe(400);
    expect((await signIn(victim.email, 'wrong', '192.0.2.16')).status).toBe(429);
  });

  test('parallel guesses cannot slip past the count while bcrypt runs', async () => {
    await setLimits(limit);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn(victim.email, `parallel-${i}`, `192.0.2.${100 + i}`)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(400), ...Array<number>(7).fill(429)]);
  });

  test('limits are configurable: signins in GET/PUT /local/v1/rate-limits; null turns them off', async () => {
    await setLimits({ signins: { max: 1, windowSeconds: 60 } });
    const got = await call(s, s.serviceRoleKey, '/local/v1/rate-limits');
    expect(got.json).toMatchObject({
      limits: { signins: { max: 1, windowSeconds: 60 } },
      defaults: { signins: { max: 5, windowSeconds: 900 } },
    });
    expect((await signIn(victim.email, 'wrong', '192.0.2.200')).status).toBe(400);
    expect((await signIn(victim.email, 'wrong', '192.0.2.201')).status).toBe(429);
    await setLimits({ signins: null });
    for (let i = 0; i < 7; i++) expect((await signIn(victim.email, 'wrong', '192.0.2.202')).status).toBe(400);
  });

  test('timing: an unknown e-mail takes as long as a known one with a wrong password', async () => {
    await setLimits({ signins: null }); // the 429 must not cut either series short
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const timed = async (email: string): Promise<number> => {
      const t0 = performance.now();
      const r = await signIn(email, 'not-the-password', '192.0.2.250');
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
