/**
 * The GoTrue subset through supabase-js (sign-in, refresh rotation and reuse, user,
 * sign-out scopes, public e-mail sign-up refused, e-mail confirmation, admin:create) and JWT
 * checks on /rest/v1.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { anonClient, raw, server, signJwt, signedInClient } from './helpers';

const opts = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } } as const;

describe('sign-in and session', () => {
  test('signInWithPassword returns a session carrying the admin role in app_metadata', async () => {
    const s = server();
    const client = createClient(s.url, s.anonKey, opts);
    const { data, error } = await client.auth.signInWithPassword({ email: s.admin.email.toUpperCase(), password: s.admin.password });
    expect(error).toBeNull();
    const session = data.session!;
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(session.refresh_token).toEqual(expect.any(String));
    expect(data.user!.email).toBe(s.admin.email);
    expect(data.user!.app_metadata).toMatchObject({ role: 'admin', provider: 'email' });
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ role: 'authenticated', aud: 'authenticated', sub: data.user!.id, app_metadata: { role: 'admin' } });

    const user = await client.auth.getUser();
    expect(user.data.user?.id).toBe(data.user!.id);
  });

  test('wrong password: 400 invalid_credentials with the API version header', async () => {
    const s = server();
    const client = createClient(s.url, s.anonKey, opts);
    const { data, error } = await client.auth.signInWithPassword({ email: s.admin.email, password: 'nope-nope' });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('invalid_credentials');
    expect(error?.message).toBe('Invalid login credentials');
    const res = await fetch(`${s.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: s.anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ email: s.admin.email, password: 'nope-nope' }),
    });
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await res.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  test('public e-mail sign-up is refused and stores nothing (confirmations on, no SMTP: as the hosted mailer)', async () => {
    const { data, error } = await anonClient().auth.signUp({ email: 'new.person@test.local', password: 'long-password-1' });
    expect(data.user).toBeNull();
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('email_address_not_authorized');
    const signIn = await anonClient().auth.signInWithPassword({ email: 'new.person@test.local', password: 'long-password-1' });
    expect(signIn.error?.code).toBe('invalid_credentials');
  });

  test('refresh tokens rotate; two tabs refreshing with the same token within 10 s both stay signed in', async () => {
    const client = await signedInClient('user');
    const first = (await client.auth.getSession()).data.session!;
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    // The newer token rotates once more, as a second tab would.
    const third = await client.auth.refreshSession();
    expect(third.error).toBeNull();

    const s = server();
    const replay = await fetch(`${s.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: s.anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ refresh_token: first.refresh_token }),
    });
    expect(replay.status).toBe(200);
    const session = (await replay.json()) as { access_token: string; refresh_token: string };
    expect((await anonClient().auth.getUser(session.access_token)).data.user?.email).toBe(s.user.email);
    // ... and its new refresh token works in turn (phone-otp.test.ts moves the clock past 10 s).
    const next = await fetch(`${s.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: s.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    });
    expect(next.status).toBe(200);
  });

  test('an admin created without email_confirm cannot sign in by password (email_not_confirmed) until confirmed', async () => {
    const s = server();
    const body = { email: 'unconfirmed.admin@test.local', password: 'unconfirmed-123', app_metadata: { role: 'admin' } };
    const created = await raw('/auth/v1/admin/users', { method: 'POST', key: s.serviceRoleKey, body });
    expect(created.status).toBe(200);
    const refused = await anonClient().auth.signInWithPassword({ email: body.email, password: body.password });
    expect(refused.data.session).toBeNull();
    expect(refused.error?.status).toBe(400);
    expect(refused.error?.code).toBe('email_not_confirmed');
    // A wrong password still says only that the credentials are wrong.
    const wrong = await anonClient().auth.signInWithPassword({ email: body.email, password: 'not-the-password' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    const id = (created.json as { id: string }).id;
    expect((await raw(`/auth/v1/admin/users/${id}`, { method: 'PUT', key: s.serviceRoleKey, body: { email_confirm: true } })).status).toBe(
      200,
    );
    expect((await anonClient().auth.signInWithPassword({ email: body.email, password: body.password })).error).toBeNull();
  });

  test('npm run admin:create confirms the e-mail: the new admin signs in', async () => {
    const s = server();
    const pkg = resolve(__dirname, '..');
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        join(pkg, 'local', 'cli.ts'),
        'admin:create',
        '--data-dir',
        s.dataDir,
        '--email',
        'cli.admin@test.local',
        '--password',
        'cli-admin-password-1',
      ],
      { cwd: pkg, encoding: 'utf8', env: { ...process.env, DATABASE_URL: '' } },
    );
    expect({ status: r.status, out: r.stdout }).toMatchObject({ status: 0, out: expect.stringMatching(/through the running server/) });
    const client = anonClient();
    const { data, error } = await client.auth.signInWithPassword({ email: 'cli.admin@test.local', password: 'cli-admin-password-1' });
    expect(error).toBeNull();
    expect(data.user?.app_metadata).toMatchObject({ role: 'admin' });
  }, 60_000);

  test('updateUser changes user metadata; settings and health answer', async () => {
    const client = await signedInClient('user');
    const upd = await client.auth.updateUser({ data: { display_name: 'राम' } });
    expect(upd.error).toBeNull();
    expect(upd.data.user?.user_metadata).toMatchObject({ display_name: 'राम' });
    const s = server();
    const settings = (await (await fetch(`${s.url}/auth/v1/settings`, { headers: { apikey: s.anonKey } })).json()) as Record<
      string,
      unknown
    >;
    expect(settings).toMatchObject({ disable_signup: false, external: { email: true, phone: true }, phone_autoconfirm: false });
    const health = await fetch(`${s.url}/auth/v1/health`);
    expect(health.status).toBe(200);
  });

  test('sign-out: local ends this session only, global ends every session', async () => {
    const a = await signedInClient('user');
    const b = await signedInClient('user');
    const tokenA = (await a.auth.getSession()).data.session!.access_token;
    const tokenB = (await b.auth.getSession()).data.session!.access_token;
    expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull();
    const afterLocal = await anonClient().auth.getUser(tokenA);
    expect(afterLocal.error).not.toBeNull();
    expect(afterLocal.data.user).toBeNull();
    expect((await anonClient().auth.getUser(tokenB)).data.user).not.toBeNull();
    const c = await signedInClient('user');
    expect((await c.auth.signOut({ scope: 'global' })).error).toBeNull();
    const afterGlobal = await anonClient().auth.getUser(tokenB);
    expect(afterGlobal.error).not.toBeNull();
    expect(afterGlobal.data.user).toBeNull();
  });

  test('the admin users API needs the service_role key', async () => {
    const s = server();
    const asAnon = await raw('/auth/v1/admin/users', { method: 'POST', body: { email: 'x@y.z', password: 'whatever-123' } });
    expect(asAnon.status).toBe(403);
    const created = await raw('/auth/v1/admin/users', {
      method: 'POST',
      key: s.serviceRoleKey,
      body: { email: 'second.admin@test.local', password: 'second-password', email_confirm: true, app_metadata: { role: 'admin' } },
    });
    expect(created.status).toBe(200);
    const dup = await raw('/auth/v1/admin/users', {
      method: 'POST',
      key: s.serviceRoleKey,
      body: { email: 'second.admin@test.local', password: 'second-password' },
    });
    expect(dup.status).toBe(422);
  });
});

describe('JWT checks on /rest/v1', () => {
  const path = '/rest/v1/service_providers?select=id&limit=1';

  test('expired, forged, wrong-secret, unsigned and tampered tokens get 401', async () => {
    const s = server();
    const now = Math.floor(Date.now() / 1000);
    const expired = signJwt({ role: 'anon', iat: now - 7200, exp: now - 3600 }, s.jwtSecret);
    const wrongSecret = signJwt({ role: 'anon', iat: now, exp: now + 3600 }, 'some-other-secret-that-is-long-enough-123');
    const forgedAdmin = signJwt(
      { role: 'authenticated', sub: '00000000-0000-4000-8000-000000000000', app_metadata: { role: 'admin' }, exp: now + 3600 },
      'attacker-secret-attacker-secret-attacker',
    );
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url')}.`;
    const [h, , sig] = s.anonKey.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ role: 'service_role', exp: now + 3600 })).toString('base64url')}.${sig}`;
    const expiredRes = await raw(path, { token: expired });
    expect(expiredRes.status).toBe(401);
    expect(expiredRes.json).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
    for (const token of [wrongSecret, forgedAdmin, unsigned, tampered, 'not-a-jwt']) {
      const res = await raw(path, { token });
      expect(res.status).toBe(401);
      expect((res.json as { code: string }).code).toBe('PGRST301');
    }
    // a forged apikey is refused too
    expect((await raw(path, { key: wrongSecret })).status).toBe(401);
    const none = await fetch(`${s.url}${path}`);
    expect(none.status).toBe(401);
  });

  test('a valid token with a role the API does not serve is refused', async () => {
    const s = server();
    const now = Math.floor(Date.now() / 1000);
    const postgres = signJwt({ role: 'postgres', exp: now + 3600 }, s.jwtSecret);
    expect((await raw(path, { token: postgres })).status).toBe(401);
  });

  test('a user token with an admin role in user_metadata is not an admin', async () => {
    const user = await signedInClient('user');
    await user.auth.updateUser({ data: { role: 'admin' } });
    await user.auth.refreshSession();
    const res = await user.rpc('admin_status_counts');
    expect(res.status).toBe(403);
  });
});
