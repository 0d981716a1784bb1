/**
 * Phone sign-in by one-time code, as GoTrue does it with supabase/config.toml (issue 17, 23):
 * the endpoints supabase-js uses (signInWithOtp({ phone }), verifyOtp({ phone, token, type:
 * 'sms' })), a new number signed up unconfirmed until its code, the outbox that stands in for
 * SMS locally, the code's lifetime (300 s), the 60 s spacing per number, the project's SMS
 * per hour, GoTrue's per-address limits, sign-ups off, and refresh-token reuse. Servers of
 * their own (--test-clock), some with config.toml keys overridden as the Supabase CLI allows
 * (SUPABASE_<KEY> environment variables).
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { mobileE164 } from '@city/shared/validation/phone';
import { call, startChildServer, type ChildServer } from './child-server';
import { lastCode, outbox, randomMobile, registration } from './helpers';

/** config.toml as written (limits far above what one test file needs, spacing and lifetime as configured). */
let s: ChildServer;
/** A small project SMS cap and per-address buckets refilled once per 5 minutes. */
let tight: ChildServer;
/** [auth] enable_signup = false and [auth.email] enable_signup = false. */
let closed: ChildServer;

beforeAll(async () => {
  [s, tight, closed] = await Promise.all([
    startChildServer({
      args: ['--no-seed', '--test-clock'],
      env: {
        SUPABASE_AUTH_RATE_LIMIT_SMS_SENT: '100000',
        SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
        SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '100000',
      },
    }),
    startChildServer({
      args: ['--no-seed', '--test-clock'],
      env: {
        SUPABASE_AUTH_RATE_LIMIT_SMS_SENT: '3',
        SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1',
        SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '1',
      },
    }),
    startChildServer({
      args: ['--no-seed'],
      env: { SUPABASE_AUTH_ENABLE_SIGNUP: 'false', SUPABASE_AUTH_EMAIL_ENABLE_SIGNUP: 'false' },
    }),
  ]);
}, 240_000);

afterAll(async () => {
  await Promise.all([s?.stop(), tight?.stop(), closed?.stop()]);
});

function client(on: ChildServer = s): SupabaseClient {
  return createClient(on.url, on.anonKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
}

const code = (mobile: string, on: ChildServer = s) => lastCode(`91${mobile}`, on.dataDir);

/** POST /otp with `phone` exactly as given. */
async function sendAs(phone: unknown, on: ChildServer = s) {
  return call(on, on.anonKey, '/auth/v1/otp', { method: 'POST', body: { phone } });
}

/** POST /verify with `phone` exactly as given. */
async function verifyAs(phone: string, token: string, on: ChildServer = s) {
  return call(on, on.anonKey, '/auth/v1/verify', { method: 'POST', body: { type: 'sms', phone, token } });
}

/** A code to this mobile (10 digits), sent as the app sends it: `+91` and the digits. */
const send = (mobile: string, on: ChildServer = s) => sendAs(mobileE164(mobile), on);
const verify = (mobile: string, token: string, on: ChildServer = s) => verifyAs(mobileE164(mobile), token, on);

async function advance(seconds: number, on: ChildServer = s) {
  const r = await call(on, on.serviceRoleKey, '/local/v1/clock', { method: 'PUT', body: { advanceSeconds: seconds } });
  expect(r.status).toBe(200);
}

async function userOf(phone: string, on: ChildServer = s): Promise<Record<string, unknown> | undefined> {
  const r = await call(on, on.serviceRoleKey, '/auth/v1/admin/users');
  return (r.json as { users: Record<string, unknown>[] }).users.find((u) => u.phone === phone);
}

function claims(accessToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

const errorCode = (r: { json: unknown }) => (r.json as { error_code: string }).error_code;
const message = (r: { json: unknown }) => (r.json as { msg: string }).msg;

test('supabase-js signInWithOtp + verifyOtp: a new number is signed up unconfirmed, its code gives the session', async () => {
  const mobile = randomMobile();
  const before = outbox(s.dataDir).length;
  const c = client();
  const sent = await c.auth.signInWithOtp({ phone: `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}` });
  expect(sent.error).toBeNull();
  expect(sent.data.session).toBeNull();
  // GoTrue's sign-up path: the user exists, unconfirmed, before any code is verified.
  const pending = await userOf(`91${mobile}`);
  expect(pending).toBeDefined();
  expect(pending!.phone_confirmed_at).toBeUndefined();

  // One JSON line {phone, code, sent_at} in the outbox, created 0600.
  const lines = outbox(s.dataDir);
  expect(lines.length).toBe(before + 1);
  const line = lines.at(-1)!;
  expect(Object.keys(line).sort()).toEqual(['code', 'phone', 'sent_at']);
  expect(line.phone).toBe(`91${mobile}`);
  expect(line.code).toMatch(/^[0-9]{6}$/);
  expect(statSync(join(s.dataDir, 'sms-outbox.jsonl')).mode & 0o777).toBe(0o600);

  const { data, error } = await c.auth.verifyOtp({ phone: mobileE164(mobile), token: line.code, type: 'sms' });
  expect(error).toBeNull();
  expect(data.user?.id).toBe(pending!.id);
  expect(data.user?.phone).toBe(`91${mobile}`);
  expect(data.user?.phone_confirmed_at).toBeTruthy();
  expect(data.user?.app_metadata.provider).toBe('phone');
  const jwt = claims(data.session!.access_token);
  expect(jwt.phone).toBe(`91${mobile}`);
  expect(jwt.role).toBe('authenticated');
  expect(jwt.sub).toBe(data.user!.id);

  // The session works like a password one: /user, refresh.
  expect((await c.auth.getUser()).data.user?.phone).toBe(`91${mobile}`);
  expect((await c.auth.refreshSession()).error).toBeNull();

  // A code is used once; a known number gets a new code (after the spacing) and the same user.
  expect((await verify(mobile, line.code)).status).toBe(403);
  await advance(60);
  const again = await send(mobile);
  expect(again.status).toBe(200);
  expect((again.json as { message_id: string }).message_id).toEqual(expect.any(String));
  const signedIn = await verify(mobile, code(mobile));
  expect(signedIn.status).toBe(200);
  expect((signedIn.json as { user: { id: string } }).user.id).toBe(data.user!.id);
});

test('settings follow config.toml: sign-ups on, phone with confirmations; public e-mail sign-up is refused', async () => {
  const r = await call(s, s.anonKey, '/auth/v1/settings');
  expect(r.json).toMatchObject({ disable_signup: false, external: { phone: true, email: true }, phone_autoconfirm: false });
  const signup = await call(s, s.anonKey, '/auth/v1/signup', { method: 'POST', body: { email: 'x@y.in', password: 'secret123' } });
  expect(signup.status).toBe(400);
  expect(errorCode(signup)).toBe('email_address_not_authorized');
  expect((await call(s, s.serviceRoleKey, '/auth/v1/admin/users')).json).not.toMatchObject({
    users: expect.arrayContaining([expect.objectContaining({ email: 'x@y.in' })]),
  });
});

test('signup {phone, password} for a new number gives no session: only its code does', async () => {
  const mobile = randomMobile();
  const r = await call(s, s.anonKey, '/auth/v1/signup', {
    method: 'POST',
    body: { phone: mobileE164(mobile), password: 'long-password-1' },
  });
  expect(r.status).toBe(200);
  expect(r.json).not.toHaveProperty('access_token');
  // Neither the password (phone not confirmed) nor anything else signs in before the code.
  const early = await call(s, s.anonKey, '/auth/v1/token?grant_type=password', {
    method: 'POST',
    body: { phone: mobileE164(mobile), password: 'long-password-1' },
  });
  expect(early.status).toBe(400);
  expect(errorCode(early)).toBe('phone_not_confirmed');
  expect((await verify(mobile, code(mobile))).status).toBe(200);
});

test('phone numbers are read as GoTrue reads them: "+" and spaces dropped, then E.164 digits, else 400', async () => {
  // Real GoTrue (internal/api/phone.go, validatePhone): not the product's parser, which the
  // forms apply before they send "+91" and the 10 digits (@city/shared/validation/phone).
  const mobile = randomMobile();
  const [a, b] = [mobile.slice(0, 5), mobile.slice(5)];
  for (const [i, phone] of [`+91 ${a} ${b}`, `91${mobile}`, `+91${mobile}`, `+ 91 ${a}  ${b} `].entries()) {
    if (i > 0) await advance(60); // one code a minute per number
    const r = await sendAs(phone);
    expect(r.status).toBe(200);
    expect(outbox(s.dataDir).at(-1)!.phone).toBe(`91${mobile}`);
  }
  expect((await verifyAs(`91${a} ${b}`, code(mobile))).status).toBe(200);

  // What the forms take but GoTrue refuses: dashes, dots, brackets, a leading 0, Devanagari
  // digits, a no-break space or a tab; and what neither takes.
  const refused = [
    `+91-${a}-${b}`,
    `${a}-${b}`,
    `(+91) ${a}.${b}`,
    `0${mobile}`,
    `0${a} ${b}`,
    '९८७६५४३२१०',
    `+९१ ${a} ${b}`,
    `${a}\u00A0${b}`,
    `+91\t${mobile}`,
    ` +91${mobile}`, // GoTrue drops a "+" only at the very start
    '++919876543210',
    'abcdefghij',
    '+',
    '1234567890123456', // 16 digits: longer than E.164 allows
  ];
  for (const bad of refused) {
    const before = outbox(s.dataDir).length;
    const r = await sendAs(bad);
    expect([bad, r.status, errorCode(r), message(r)]).toEqual([
      bad,
      400,
      'validation_failed',
      'Invalid phone number format (E.164 required)',
    ]);
    expect(outbox(s.dataDir).length).toBe(before);
    const v = await verifyAs(bad, '123456');
    expect([bad, v.status, errorCode(v)]).toEqual([bad, 400, 'validation_failed']);
  }
  expect(errorCode(await sendAs(''))).toBe('validation_failed');
  const notText = await sendAs(Number(mobile));
  expect([notText.status, errorCode(notText)]).toEqual([400, 'bad_json']);
  const noPhone = await call(s, s.anonKey, '/auth/v1/otp', { method: 'POST', body: { email: 'a@b.in' } });
  expect(noPhone.status).toBe(400);
});

test('GoTrue assumes no country: a bare 10-digit number is another user, and the database gives it no mobile', async () => {
  // Production does the same: the SQL (public.current_mobile(): "91" and an Indian mobile in the
  // JWT) is what decides that a session is a mobile the product serves.
  const mobile = randomMobile();
  const c = client();
  expect((await c.auth.signInWithOtp({ phone: mobile })).error).toBeNull();
  expect(outbox(s.dataDir).at(-1)!.phone).toBe(mobile);
  const { data, error } = await c.auth.verifyOtp({ phone: mobile, token: lastCode(mobile, s.dataDir), type: 'sms' });
  expect(error).toBeNull();
  expect(data.user?.phone).toBe(mobile);
  expect(await userOf(`91${mobile}`)).toBeUndefined();
  const register = await c.rpc('register_provider', registration());
  expect(register.error?.code).toBe('42501');
});

test('a code lives 300 s (the configured lifetime): 403 otp_expired after', async () => {
  const mobile = randomMobile();
  expect((await send(mobile)).status).toBe(200);
  const token = code(mobile);
  await advance(301);
  const r = await verify(mobile, token);
  expect(r.status).toBe(403);
  expect(errorCode(r)).toBe('otp_expired');

  expect((await send(mobile)).status).toBe(200);
  await advance(290);
  expect((await verify(mobile, code(mobile))).status).toBe(200);
});

test('wrong codes do not kill the code (GoTrue does not): the right one still works after 8 wrong tries', async () => {
  const mobile = randomMobile();
  expect((await send(mobile)).status).toBe(200);
  const token = code(mobile);
  const wrong = token === '000000' ? '111111' : '000000';
  for (let i = 0; i < 8; i++) {
    const r = await verify(mobile, wrong);
    expect(r.status).toBe(403);
    expect(errorCode(r)).toBe('otp_expired');
  }
  expect((await verify(mobile, token)).status).toBe(200);
});

test('a second code within 60 s is 429 over_sms_send_rate_limit with the wait in GoTrue’s words; after it, a code', async () => {
  const mobile = randomMobile();
  expect((await send(mobile)).status).toBe(200);
  await advance(15);
  const before = outbox(s.dataDir).length;
  const r = await sendAs(`91${mobile.slice(0, 5)} ${mobile.slice(5)}`); // the same number, typed otherwise
  expect(r.status).toBe(429);
  expect(errorCode(r)).toBe('over_sms_send_rate_limit');
  expect(message(r)).toMatch(/^For security purposes, you can only request this after (\d+) seconds\.$/);
  const wait = Number(/after (\d+) seconds/.exec(message(r))![1]);
  expect(wait).toBeGreaterThanOrEqual(44);
  expect(wait).toBeLessThanOrEqual(45);
  expect(outbox(s.dataDir).length).toBe(before);
  // supabase-js sees a 429 error with that code; another number is not affected.
  const viaJs = await client().auth.signInWithOtp({ phone: mobileE164(mobile) });
  expect(viaJs.error?.status).toBe(429);
  expect(viaJs.error?.code).toBe('over_sms_send_rate_limit');
  expect((await send(randomMobile())).status).toBe(200);
  await advance(wait + 1);
  expect((await send(mobile)).status).toBe(200);
});

test('the project’s SMS per hour (auth.rate_limit.sms_sent): past it, 429 for every number until the hour turns', async () => {
  for (let i = 0; i < 3; i++) expect((await send(randomMobile(), tight)).status).toBe(200);
  const before = outbox(tight.dataDir).length;
  const over = await send(randomMobile(), tight);
  expect(over.status).toBe(429);
  expect(errorCode(over)).toBe('over_sms_send_rate_limit');
  expect(message(over)).toBe('SMS rate limit exceeded');
  expect(outbox(tight.dataDir).length).toBe(before);
  await advance(3600, tight);
  expect((await send(randomMobile(), tight)).status).toBe(200);
});

test('per address, as GoTrue counts: /otp and /verify buckets of 30, refilled at the configured rate per 5 minutes', async () => {
  // /otp: 4 of the bucket's 30 are used above; the 31st request is refused whatever the number.
  let otpRefused: { status: number; json: unknown } | undefined;
  for (let i = 0; i < 40 && !otpRefused; i++) {
    const r = await send(randomMobile(), tight);
    if (r.status === 429 && errorCode(r) === 'over_request_rate_limit') otpRefused = r;
  }
  expect(otpRefused).toBeDefined();
  expect(message(otpRefused!)).toBe('Request rate limit reached');

  // /verify: 30 wrong codes are 403; the 31st request is 429, even with the right code.
  await advance(3600, tight); // a new hour for the SMS cap, and full buckets
  const mobile = randomMobile();
  expect((await send(mobile, tight)).status).toBe(200);
  const token = code(mobile, tight);
  const wrong = token === '000000' ? '111111' : '000000';
  for (let i = 0; i < 30; i++) expect((await verify(mobile, wrong, tight)).status).toBe(403);
  const refused = await verify(mobile, token, tight);
  expect(refused.status).toBe(429);
  expect(errorCode(refused)).toBe('over_request_rate_limit');
  // token_verifications = 1: one request per 5 minutes comes back (the code expired meanwhile).
  await advance(300, tight);
  expect((await send(mobile, tight)).status).toBe(200);
  expect((await verify(mobile, code(mobile, tight), tight)).status).toBe(200);
});

test('sign-ups off ([auth] enable_signup = false): /otp for a new number is 422 signup_disabled, nothing sent or stored', async () => {
  const mobile = randomMobile();
  const r = await send(mobile, closed);
  expect(r.status).toBe(422);
  expect(errorCode(r)).toBe('signup_disabled');
  expect(outbox(closed.dataDir)).toEqual([]);
  expect(await userOf(`91${mobile}`, closed)).toBeUndefined();
  const viaJs = await client(closed).auth.signInWithOtp({ phone: mobileE164(mobile) });
  expect(viaJs.error?.code).toBe('signup_disabled');
});

test('[auth.email] enable_signup = false is the whole e-mail provider: even a confirmed admin cannot sign in', async () => {
  const created = await call(closed, closed.serviceRoleKey, '/auth/v1/admin/users', {
    method: 'POST',
    body: { email: 'op@test.local', password: 'op-password-123', email_confirm: true, app_metadata: { role: 'admin' } },
  });
  expect(created.status).toBe(200);
  const { error } = await client(closed).auth.signInWithPassword({ email: 'op@test.local', password: 'op-password-123' });
  expect(error?.status).toBe(422);
  expect(error?.code).toBe('email_provider_disabled');
});

test('refresh tokens: reuse within 10 s of rotation gives a session; later, reuse revokes the session', async () => {
  const mobile = randomMobile();
  const c = client();
  expect((await c.auth.signInWithOtp({ phone: mobileE164(mobile) })).error).toBeNull();
  const { data } = await c.auth.verifyOtp({ phone: mobileE164(mobile), token: code(mobile), type: 'sms' });
  const t1 = data.session!.refresh_token;
  const refresh = (token: string) =>
    call(s, s.anonKey, '/auth/v1/token?grant_type=refresh_token', { method: 'POST', body: { refresh_token: token } });
  const r2 = await refresh(t1);
  const t2 = (r2.json as { refresh_token: string }).refresh_token;
  const t3 = ((await refresh(t2)).json as { refresh_token: string }).refresh_token;
  await advance(5);
  // T1 again, 5 s after it was rotated: a valid session, not a sign-out.
  const reused = await refresh(t1);
  expect(reused.status).toBe(200);
  const session = reused.json as { access_token: string; refresh_token: string };
  expect((await client().auth.getUser(session.access_token)).data.user?.phone).toBe(`91${mobile}`);
  // T1 is the parent of that newest token: the client lost the answer, the same token comes back.
  const lost = await refresh(t1);
  expect(lost.status).toBe(200);
  expect((lost.json as { refresh_token: string }).refresh_token).toBe(session.refresh_token);
  await advance(30);
  // 35 s after its rotation, T2 (neither current nor the parent of the current) is refused, and
  // every token of the session with it.
  const late = await refresh(t2);
  expect(late.status).toBe(400);
  expect(errorCode(late)).toBe('refresh_token_already_used');
  // (GoTrue stamps the revoked family now, so for 10 s more its tokens pass as reuse; then not.)
  await advance(11);
  expect((await refresh(t3)).status).toBe(400);
  expect((await refresh(session.refresh_token)).status).toBe(400);
});

test('verify refuses other types and missing tokens; create_user:false for an unknown number is 422 otp_disabled', async () => {
  const mobile = randomMobile();
  expect(
    (
      await call(s, s.anonKey, '/auth/v1/verify', {
        method: 'POST',
        body: { type: 'email', phone: mobileE164(mobile), token: '123456' },
      })
    ).status,
  ).toBe(400);
  expect((await call(s, s.anonKey, '/auth/v1/verify', { method: 'POST', body: { type: 'sms', phone: mobileE164(mobile) } })).status).toBe(
    400,
  );
  const r = await call(s, s.anonKey, '/auth/v1/otp', { method: 'POST', body: { phone: mobileE164(mobile), create_user: false } });
  expect(r.status).toBe(422);
  expect(errorCode(r)).toBe('otp_disabled');
  // The test clock is not for anyone else.
  const clock = await call(s, s.anonKey, '/local/v1/clock', { method: 'PUT', body: { advanceSeconds: 10 } });
  expect(clock.status).toBe(403);
});
