/**
 * Phone sign-in by one-time code (issue 17): the GoTrue endpoints supabase-js uses
 * (signInWithOtp({ phone }), verifyOtp({ phone, token, type: 'sms' })), the outbox that
 * stands in for SMS locally, expiry (the server's test clock), tries, send limits per
 * number and per client, and the phone forms accepted. A server of its own (--test-clock).
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { call, startChildServer, type ChildServer } from './child-server';
import { lastCode, outbox, randomMobile } from './helpers';

let s: ChildServer;

beforeAll(async () => {
  s = await startChildServer({ args: ['--no-seed', '--test-clock', '--rate-limits', 'sms=100000/3600,verifies=100000/60'] });
}, 180_000);

afterAll(async () => {
  await s?.stop();
});

function client(): SupabaseClient {
  return createClient(s.url, s.anonKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
}

const code = (mobile: string) => lastCode(`91${mobile}`, s.dataDir);

async function send(phone: string, headers: Record<string, string> = {}) {
  return call(s, s.anonKey, '/auth/v1/otp', { method: 'POST', body: { phone }, headers });
}

async function verify(phone: string, token: string) {
  return call(s, s.anonKey, '/auth/v1/verify', { method: 'POST', body: { type: 'sms', phone, token } });
}

async function advance(seconds: number) {
  const r = await call(s, s.serviceRoleKey, '/local/v1/clock', { method: 'PUT', body: { advanceSeconds: seconds } });
  expect(r.status).toBe(200);
}

async function setLimits(limits: Record<string, unknown>) {
  const r = await call(s, s.serviceRoleKey, '/local/v1/rate-limits', { method: 'PUT', body: limits });
  expect(r.status).toBe(200);
}

function claims(accessToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

test('supabase-js signInWithOtp + verifyOtp: a session for the number, user created on the first code', async () => {
  const mobile = randomMobile();
  const before = outbox(s.dataDir).length;
  const c = client();
  const sent = await c.auth.signInWithOtp({ phone: `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}` });
  expect(sent.error).toBeNull();
  expect(sent.data.session).toBeNull();

  // One JSON line {phone, code, sent_at} in the outbox, created 0600.
  const lines = outbox(s.dataDir);
  expect(lines.length).toBe(before + 1);
  const line = lines.at(-1)!;
  expect(Object.keys(line).sort()).toEqual(['code', 'phone', 'sent_at']);
  expect(line.phone).toBe(`91${mobile}`);
  expect(line.code).toMatch(/^[0-9]{6}$/);
  expect(Math.abs(Date.parse(line.sent_at) - Date.now())).toBeLessThan(60_000);
  expect(statSync(join(s.dataDir, 'sms-outbox.jsonl')).mode & 0o777).toBe(0o600);

  const { data, error } = await c.auth.verifyOtp({ phone: mobile, token: line.code, type: 'sms' });
  expect(error).toBeNull();
  expect(data.user?.phone).toBe(`91${mobile}`);
  expect(data.user?.phone_confirmed_at).toBeTruthy();
  expect(data.user?.app_metadata.provider).toBe('phone');
  const jwt = claims(data.session!.access_token);
  expect(jwt.phone).toBe(`91${mobile}`);
  expect(jwt.role).toBe('authenticated');
  expect(jwt.sub).toBe(data.user!.id);

  // The session works like a password one: /user, refresh.
  const me = await c.auth.getUser();
  expect(me.data.user?.phone).toBe(`91${mobile}`);
  const refreshed = await c.auth.refreshSession();
  expect(refreshed.error).toBeNull();

  // A code is used once; signing in again later finds the same user.
  expect((await verify(mobile, line.code)).status).toBe(403);
  await send(mobile);
  const again = await verify(mobile, code(mobile));
  expect(again.status).toBe(200);
  expect((again.json as { user: { id: string } }).user.id).toBe(data.user!.id);
});

test('settings report phone sign-in enabled; public e-mail sign-up stays off', async () => {
  const r = await call(s, s.anonKey, '/auth/v1/settings');
  expect((r.json as { external: { phone: boolean } }).external.phone).toBe(true);
  expect((r.json as { disable_signup: boolean }).disable_signup).toBe(true);
  const signup = await call(s, s.anonKey, '/auth/v1/signup', { method: 'POST', body: { email: 'x@y.in', password: 'secret123' } });
  expect(signup.status).toBe(422);
});

test('phone numbers are accepted as typed, refused when not a mobile number (400 validation_failed)', async () => {
  const mobile = randomMobile();
  const typed = [
    `${mobile.slice(0, 5)} ${mobile.slice(5)}`,
    `+91-${mobile.slice(0, 5)}-${mobile.slice(5)}`,
    `0${mobile.slice(0, 5)}-${mobile.slice(5)}`,
  ];
  for (const [i, phone] of typed.entries()) {
    if (i > 0) await advance(3600); // 3 sends an hour per number
    const r = await send(phone);
    expect(r.status).toBe(200);
    expect(outbox(s.dataDir).at(-1)!.phone).toBe(`91${mobile}`);
  }
  const ok = await verify(`91${mobile}`, code(mobile));
  expect(ok.status).toBe(200);

  for (const bad of ['12345', '5876543210', '+92 98765 43210', '98765432101', '९८७६५४३२१०', 'abcdefghij', '']) {
    const before = outbox(s.dataDir).length;
    const r = await send(bad);
    expect(r.status).toBe(400);
    expect((r.json as { error_code: string }).error_code).toBe('validation_failed');
    expect(outbox(s.dataDir).length).toBe(before);
  }
  const noPhone = await call(s, s.anonKey, '/auth/v1/otp', { method: 'POST', body: { email: 'a@b.in' } });
  expect(noPhone.status).toBe(400);
});

test('a code expires after 5 minutes (403 otp_expired)', async () => {
  const mobile = randomMobile();
  expect((await send(mobile)).status).toBe(200);
  const token = code(mobile);
  await advance(301);
  const r = await verify(mobile, token);
  expect(r.status).toBe(403);
  expect((r.json as { error_code: string }).error_code).toBe('otp_expired');

  // Within 5 minutes it works.
  expect((await send(mobile)).status).toBe(200);
  await advance(290);
  expect((await verify(mobile, code(mobile))).status).toBe(200);
});

test('5 wrong tries kill the code; a new code works', async () => {
  const mobile = randomMobile();
  expect((await send(mobile)).status).toBe(200);
  const token = code(mobile);
  const wrong = token === '000000' ? '111111' : '000000';
  for (let i = 0; i < 5; i++) {
    const r = await verify(mobile, wrong);
    expect(r.status).toBe(403);
    expect((r.json as { error_code: string }).error_code).toBe('otp_expired');
  }
  // The right code after 5 wrong ones: dead.
  expect((await verify(mobile, token)).status).toBe(403);
  expect((await send(mobile)).status).toBe(200);
  expect((await verify(mobile, code(mobile))).status).toBe(200);
});

test('at most 3 codes per number per hour: the 4th is 429 over_sms_send_rate_limit with Retry-After', async () => {
  const mobile = randomMobile();
  for (let i = 0; i < 3; i++) expect((await send(mobile)).status).toBe(200);
  const before = outbox(s.dataDir).length;
  const r = await send(`0${mobile}`);
  expect(r.status).toBe(429);
  expect((r.json as { error_code: string }).error_code).toBe('over_sms_send_rate_limit');
  const wait = Number(r.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(3000);
  expect(wait).toBeLessThanOrEqual(3600);
  expect(outbox(s.dataDir).length).toBe(before);
  // supabase-js sees a 429 error with that code.
  const viaJs = await client().auth.signInWithOtp({ phone: mobile });
  expect(viaJs.error?.status).toBe(429);
  expect(viaJs.error?.code).toBe('over_sms_send_rate_limit');
  // Another number is not affected; after the hour this one gets codes again.
  expect((await send(randomMobile())).status).toBe(200);
  await advance(3601);
  expect((await send(mobile)).status).toBe(200);
});

test('one client cannot spray numbers: the per-client sms limit (429), and failed codes per client', async () => {
  await setLimits({ sms: { max: 4, windowSeconds: 3600 } });
  try {
    for (let i = 0; i < 4; i++) expect((await send(randomMobile())).status).toBe(200);
    const before = outbox(s.dataDir).length;
    const r = await send(randomMobile());
    expect(r.status).toBe(429);
    expect((r.json as { error_code: string }).error_code).toBe('over_sms_send_rate_limit');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(outbox(s.dataDir).length).toBe(before);
  } finally {
    await setLimits({ sms: { max: 100000, windowSeconds: 3600 } });
  }
  // Guessing codes across many numbers is counted per client too (kind verifies).
  await setLimits({ verifies: { max: 3, windowSeconds: 900 } });
  try {
    for (let i = 0; i < 3; i++) expect((await verify(randomMobile(), '123456')).status).toBe(403);
    const r = await verify(randomMobile(), '123456');
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  } finally {
    await setLimits({ verifies: { max: 100000, windowSeconds: 60 } });
  }
});

test('verify refuses other types, missing tokens, and create_user:false for an unknown number', async () => {
  const mobile = randomMobile();
  expect(
    (await call(s, s.anonKey, '/auth/v1/verify', { method: 'POST', body: { type: 'email', phone: mobile, token: '123456' } })).status,
  ).toBe(400);
  expect((await call(s, s.anonKey, '/auth/v1/verify', { method: 'POST', body: { type: 'sms', phone: mobile } })).status).toBe(400);
  const r = await call(s, s.anonKey, '/auth/v1/otp', { method: 'POST', body: { phone: mobile, create_user: false } });
  expect(r.status).toBe(422);
  // The test clock is not for anyone else.
  const clock = await call(s, s.anonKey, '/local/v1/clock', { method: 'PUT', body: { advanceSeconds: 10 } });
  expect(clock.status).toBe(403);
});
