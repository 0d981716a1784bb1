/**
 * The /auth/v1 subset of GoTrue: password and refresh-token grants (refresh
 * tokens rotate; reuse revokes the session), user GET/PUT, logout with scope,
 * settings, health, admin user creation (service_role only), and phone sign-in by
 * one-time code (POST /otp, /verify, /resend; see sendSmsCode). Public e-mail sign-up
 * is off; a phone user is created by their first verified code.
 * Errors are GoTrue-shaped and carry the x-supabase-api-version header.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import bcrypt from 'bcryptjs';
import type { Db, Tx } from '../db.ts';
import { Jwt, JwtError, type JwtClaims } from '../jwt.ts';
import type { RateLimiter } from '../rate-limit.ts';
import { e164Digits } from './phone.ts';

export const API_VERSION = '2024-01-01';
export const ACCESS_TOKEN_TTL = 3600;

export interface AuthRequest {
  method: string;
  /** Path after /auth/v1/, e.g. 'token'. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: string | null;
  /** The client (rate-limit key, see clientOf) for the sign-in limits. */
  client?: string;
}

export interface AuthResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  phone_confirmed_at: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: Record<string, unknown> | string | null;
  raw_user_meta_data: Record<string, unknown> | string | null;
  banned_until: string | null;
  is_anonymous: boolean;
  created_at: string;
  updated_at: string;
}

const USER_COLUMNS = `id::text, aud, role, email, phone, encrypted_password,
  to_char(phone_confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as phone_confirmed_at,
  to_char(email_confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as email_confirmed_at,
  to_char(last_sign_in_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as last_sign_in_at,
  raw_app_meta_data::text as raw_app_meta_data, raw_user_meta_data::text as raw_user_meta_data,
  (banned_until is not null and banned_until > now())::text as banned_until, is_anonymous,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
  to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at`;

function meta(v: UserRow['raw_app_meta_data']): Record<string, unknown> {
  if (v === null) return {};
  if (typeof v === 'string') return JSON.parse(v) as Record<string, unknown>;
  return v;
}

function appMetadata(u: UserRow): Record<string, unknown> {
  return { provider: 'email', providers: ['email'], ...meta(u.raw_app_meta_data) };
}

export function userJson(u: UserRow): Record<string, unknown> {
  return {
    id: u.id,
    aud: u.aud ?? 'authenticated',
    role: u.role ?? 'authenticated',
    email: u.email ?? '',
    email_confirmed_at: u.email_confirmed_at,
    phone: u.phone ?? '',
    ...(u.phone_confirmed_at ? { phone_confirmed_at: u.phone_confirmed_at } : {}),
    confirmed_at: u.email_confirmed_at ?? u.phone_confirmed_at,
    last_sign_in_at: u.last_sign_in_at,
    app_metadata: appMetadata(u),
    user_metadata: meta(u.raw_user_meta_data),
    identities: [],
    created_at: u.created_at,
    updated_at: u.updated_at,
    is_anonymous: u.is_anonymous,
  };
}

/** bcrypt with a `$2a$` salt (pgcrypto's crypt() rejects `$2b$`). */
export async function hashPassword(password: string): Promise<string> {
  const salt = (await bcrypt.genSalt(10)).replace(/^\$2b\$/, '$2a$');
  return bcrypt.hash(password, salt);
}

/**
 * Compared against when the account does not exist or has no password, so that an
 * unknown e-mail costs the same bcrypt work as a wrong password (no enumeration by
 * timing). Same cost (10) as hashPassword; its password is random and unknown.
 */
const DUMMY_HASH = '$2a$10$UuWaAn34WZ4hbcZvh8Eu1.6PdOsKlIdAxx3KEMIJ5.X.88mPBO4Jq';

function newRefreshToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Phone sign-in: a code lives 5 minutes, takes at most 5 wrong tries, and a number gets 3 codes an hour. */
export const SMS_OTP = { ttlSeconds: 300, maxTries: 5, sendsPerHour: 3 } as const;

export interface GoTrueOptions {
  /** Where codes are "sent": one JSON line {phone, code, sent_at} each (created 0600). */
  outboxFile?: string;
  /** Clock in ms (tests move it; see the server's --test-clock). */
  now?: () => number;
}

function codeHash(phone: string, code: string): Buffer {
  return createHash('sha256').update(`${phone}:${code}`, 'utf8').digest();
}

export class GoTrue {
  constructor(
    private readonly db: Db,
    private readonly jwt: Jwt,
    private readonly issuer: () => string,
    /** Counts failed password sign-ins (kind `signins`) per client and per account. */
    private readonly limiter?: RateLimiter,
    private readonly opts: GoTrueOptions = {},
  ) {}

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  async handle(req: AuthRequest): Promise<AuthResponse> {
    const versioned = req.headers.get('x-supabase-api-version') !== null;
    try {
      return await this.route(req);
    } catch (e) {
      if (e instanceof AuthError) {
        const body = versioned ? { code: e.code, message: e.message } : { code: e.status, error_code: e.code, msg: e.message };
        return {
          status: e.status,
          headers: { 'Content-Type': 'application/json', 'x-supabase-api-version': API_VERSION, ...e.headers },
          body: JSON.stringify(body),
        };
      }
      throw e;
    }
  }

  private ok(status: number, body: unknown): AuthResponse {
    return {
      status,
      headers: { 'x-supabase-api-version': API_VERSION, ...(body === null ? {} : { 'Content-Type': 'application/json' }) },
      body: body === null ? null : JSON.stringify(body),
    };
  }

  private parse(req: AuthRequest): Record<string, unknown> {
    if (req.body === null || req.body.trim() === '') return {};
    try {
      const v = JSON.parse(req.body) as unknown;
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      /* fall through */
    }
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
  }

  private async route(req: AuthRequest): Promise<AuthResponse> {
    const path = req.path.replace(/^\/+|\/+$/g, '');
    const m = req.method;
    if (path === 'health' && m === 'GET') {
      return this.ok(200, { version: 'local', name: 'GoTrue', description: 'GoTrue-compatible subset (local server)' });
    }
    if (path === 'settings' && m === 'GET') {
      return this.ok(200, {
        external: { email: true, phone: true, anonymous_users: false },
        disable_signup: true,
        mailer_autoconfirm: false,
        phone_autoconfirm: false,
        sms_provider: 'local-outbox',
        saml_enabled: false,
      });
    }
    if (path === 'signup' && m === 'POST') {
      throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    }
    if (path === 'token' && m === 'POST') {
      const grant = req.query.get('grant_type');
      if (grant === 'password') return this.passwordGrant(this.parse(req), req.client ?? 'unknown');
      if (grant === 'refresh_token') return this.refreshGrant(this.parse(req));
      if (grant === 'pkce' || grant === 'id_token') {
        throw new AuthError(400, 'validation_failed', `grant_type ${grant} is not enabled on this server`);
      }
      throw new AuthError(400, 'validation_failed', 'unsupported_grant_type');
    }
    if (path === 'otp' && m === 'POST') {
      return this.sendSmsCode(this.parse(req), req.client ?? 'unknown');
    }
    if (path === 'resend' && m === 'POST') {
      const body = this.parse(req);
      if (body.type !== 'sms') throw new AuthError(400, 'validation_failed', 'Only type sms can be resent on this server');
      return this.sendSmsCode(body, req.client ?? 'unknown');
    }
    if (path === 'verify' && m === 'POST') {
      return this.verifySmsCode(this.parse(req), req.client ?? 'unknown');
    }
    if (path === 'user' && m === 'GET') {
      const { user } = await this.requireUser(req);
      return this.ok(200, userJson(user));
    }
    if (path === 'user' && m === 'PUT') {
      const { user } = await this.requireUser(req);
      return this.ok(200, userJson(await this.updateUser(user.id, this.parse(req), false)));
    }
    if (path === 'logout' && m === 'POST') {
      return this.logout(req);
    }
    if (path === 'admin/users' && m === 'POST') {
      await this.requireServiceRole(req);
      return this.ok(200, userJson(await this.createUser(this.parse(req))));
    }
    if (path === 'admin/users' && m === 'GET') {
      await this.requireServiceRole(req);
      const rows = await this.db.query<UserRow>(`select ${USER_COLUMNS} from auth.users order by created_at`);
      return this.ok(200, { users: rows.rows.map(userJson), aud: 'authenticated' });
    }
    const adminUser = /^admin\/users\/([0-9a-f-]{36})$/.exec(path);
    if (adminUser) {
      await this.requireServiceRole(req);
      const id = adminUser[1]!;
      if (m === 'GET') return this.ok(200, userJson(await this.userById(id)));
      if (m === 'PUT') return this.ok(200, userJson(await this.updateUser(id, this.parse(req), true)));
      if (m === 'DELETE') {
        const user = await this.userById(id);
        await this.db.query('delete from auth.users where id = $1', [id]);
        return this.ok(200, userJson(user));
      }
    }
    const known = [
      'otp',
      'verify',
      'recover',
      'resend',
      'magiclink',
      'sso',
      'authorize',
      'reauthenticate',
      'factors',
      'callback',
      'invite',
    ];
    if (known.some((k) => path === k || path.startsWith(`${k}/`))) {
      throw new AuthError(
        501,
        'not_implemented',
        `/${path} is not enabled on this server (sign-in is e-mail and password, or phone and one-time code)`,
      );
    }
    throw new AuthError(404, 'not_found', `Not found: /${path}`);
  }

  // ---------------------------------------------------------------- grants

  private async passwordGrant(body: Record<string, unknown>, client: string): Promise<AuthResponse> {
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const phone = typeof body.phone === 'string' ? body.phone.trim() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (email === '' && phone === '') throw new AuthError(400, 'validation_failed', 'missing email or phone');
    if (password === '') throw new AuthError(400, 'validation_failed', 'missing password');
    // Counted before the check, so parallel guesses cannot all pass while bcrypt runs; the
    // account key is the typed address whether or not it exists (no enumeration by 429).
    const account = email ? `account:${email}` : `phone:${phone}`;
    const attempt = this.limiter?.takeAll('signins', [`client:${client}`, account]);
    if (attempt && !attempt.allowed) {
      throw new AuthError(
        429,
        'over_request_rate_limit',
        `Request rate limit reached: too many failed sign-ins. Try again in ${attempt.retryAfterSeconds} s.`,
        {
          'Retry-After': String(attempt.retryAfterSeconds),
        },
      );
    }
    const r = email
      ? await this.db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where lower(email) = $1`, [email])
      : await this.db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where phone = $1`, [phone]);
    const user = r.rows[0];
    // Always one bcrypt comparison: an unknown account answers as slowly as a wrong password.
    const ok = await bcrypt.compare(password, user?.encrypted_password || DUMMY_HASH);
    if (!user?.encrypted_password || !ok) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
    // Right password: not a failure. The account's failures are forgiven; the client's
    // count of other accounts' failures stays.
    attempt?.refund();
    this.limiter?.forget('signins', account);
    if (String(user.banned_until) === 'true') throw new AuthError(400, 'user_banned', 'User is banned');
    const session = await this.db.transaction(async (tx) => {
      const s = await tx.query<{ id: string }>('insert into auth.sessions (user_id) values ($1) returning id::text', [user.id]);
      const sessionId = s.rows[0]!.id;
      const token = newRefreshToken();
      await tx.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [token, user.id, sessionId]);
      await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [user.id]);
      return { sessionId, token };
    });
    const fresh = await this.userById(user.id);
    return this.ok(200, await this.sessionJson(fresh, session.sessionId, session.token));
  }

  // ---------------------------------------------------------------- phone one-time codes

  private phoneOf(body: Record<string, unknown>): string {
    if (body.phone === undefined || body.phone === null || body.phone === '') {
      throw new AuthError(400, 'validation_failed', 'Only an SMS one-time code to a phone number is enabled on this server');
    }
    const phone = e164Digits(body.phone);
    if (phone === null) {
      throw new AuthError(400, 'validation_failed', 'Invalid phone number format: a 10-digit Indian mobile number is expected');
    }
    return phone;
  }

  /**
   * POST /otp {phone, create_user?, channel?} (supabase-js signInWithOtp({ phone })), and
   * POST /resend {type: 'sms', phone}. A new code replaces the number's previous one.
   * Limits: 3 codes per number per hour (a DB count, so restarts do not reset it) and the
   * `sms` kind per client (one client cannot spray numbers); both 429 over_sms_send_rate_limit.
   */
  private async sendSmsCode(body: Record<string, unknown>, client: string): Promise<AuthResponse> {
    const phone = this.phoneOf(body);
    if (body.channel !== undefined && body.channel !== 'sms') {
      throw new AuthError(400, 'validation_failed', 'Only the sms channel is enabled on this server');
    }
    const perClient = this.limiter?.take('sms', `client:${client}`);
    if (perClient && !perClient.allowed) {
      throw new AuthError(
        429,
        'over_sms_send_rate_limit',
        `Too many SMS codes requested from this client. Try again in ${perClient.retryAfterSeconds} s.`,
        { 'Retry-After': String(perClient.retryAfterSeconds) },
      );
    }
    const now = this.now();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const result = await this.db.transaction(async (tx) => {
      // One number at a time: parallel requests cannot all pass the count below.
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`sms:${phone}`]);
      if (body.create_user === false) {
        const u = await tx.query('select 1 from auth.users where phone = $1', [phone]);
        if (u.rows.length === 0) return { error: new AuthError(422, 'otp_disabled', 'Signups not allowed for otp') };
      }
      const hourAgo = new Date(now - 3600_000).toISOString();
      const sent = await tx.query<{ n: number; oldest: string | null }>(
        `select count(*)::integer as n, to_char(min(sent_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as oldest
           from auth.sms_sends where phone = $1 and sent_at > $2::timestamptz`,
        [phone, hourAgo],
      );
      const { n, oldest } = sent.rows[0]!;
      if (n >= SMS_OTP.sendsPerHour) {
        const wait = Math.max(1, Math.ceil((Date.parse(oldest!) + 3600_000 - now) / 1000));
        return {
          error: new AuthError(
            429,
            'over_sms_send_rate_limit',
            `For security purposes, at most ${SMS_OTP.sendsPerHour} codes an hour are sent to a number. Try again in ${wait} s.`,
            { 'Retry-After': String(wait) },
          ),
        };
      }
      const sentAt = new Date(now).toISOString();
      // What no longer counts: sends older than an hour, codes expired an hour ago.
      await tx.query('delete from auth.sms_sends where sent_at < $1::timestamptz', [hourAgo]);
      await tx.query('delete from auth.sms_codes where expires_at < $1::timestamptz', [hourAgo]);
      await tx.query('insert into auth.sms_sends (phone, sent_at) values ($1, $2::timestamptz)', [phone, sentAt]);
      await tx.query(
        `insert into auth.sms_codes (phone, code_hash, expires_at, tries, created_at)
         values ($1, $2, $3::timestamptz, 0, $4::timestamptz)
         on conflict (phone) do update set code_hash = excluded.code_hash, expires_at = excluded.expires_at, tries = 0,
           created_at = excluded.created_at`,
        [phone, codeHash(phone, code).toString('hex'), new Date(now + SMS_OTP.ttlSeconds * 1000).toISOString(), sentAt],
      );
      return { sentAt };
    });
    if ('error' in result && result.error) {
      perClient?.refund();
      throw result.error;
    }
    await this.deliver(phone, code, (result as { sentAt: string }).sentAt);
    return this.ok(200, { message_id: randomBytes(12).toString('hex') });
  }

  /** Locally no SMS leaves the machine: the code is appended to the outbox file. */
  private async deliver(phone: string, code: string, sentAt: string): Promise<void> {
    const file = this.opts.outboxFile;
    if (!file) return;
    await mkdir(dirname(file), { recursive: true });
    await appendFile(file, JSON.stringify({ phone, code, sent_at: sentAt }) + '\n', { mode: 0o600 });
  }

  /**
   * POST /verify {type: 'sms', phone, token} (supabase-js verifyOtp). A wrong, expired or
   * used-up code: 403 otp_expired (as GoTrue). The 5th wrong try kills the code. Failed
   * tries also count per client (kind `verifies`). The first verified code of a number
   * creates its user (phone confirmed).
   */
  private async verifySmsCode(body: Record<string, unknown>, client: string): Promise<AuthResponse> {
    if (body.type !== 'sms') {
      throw new AuthError(400, 'validation_failed', 'Only type sms (a phone number and its code) is verified on this server');
    }
    const phone = this.phoneOf(body);
    const token = typeof body.token === 'string' ? body.token.trim() : '';
    if (token === '') throw new AuthError(400, 'validation_failed', 'Verify requires a token');
    const attempt = this.limiter?.take('verifies', `client:${client}`);
    if (attempt && !attempt.allowed) {
      throw new AuthError(
        429,
        'over_request_rate_limit',
        `Request rate limit reached: too many failed codes. Try again in ${attempt.retryAfterSeconds} s.`,
        { 'Retry-After': String(attempt.retryAfterSeconds) },
      );
    }
    const now = this.now();
    const expired = new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
    const result = await this.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`sms:${phone}`]);
      const r = await tx.query<{ code_hash: string; expires_at: string; tries: number }>(
        `select code_hash, to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at, tries
           from auth.sms_codes where phone = $1`,
        [phone],
      );
      const row = r.rows[0];
      if (!row || Date.parse(row.expires_at) <= now || row.tries >= SMS_OTP.maxTries) return { error: expired };
      const right = /^[0-9]{6}$/.test(token) && timingSafeEqual(codeHash(phone, token), Buffer.from(row.code_hash, 'hex'));
      if (!right) {
        await tx.query('update auth.sms_codes set tries = tries + 1 where phone = $1', [phone]);
        return { error: expired };
      }
      await tx.query('delete from auth.sms_codes where phone = $1', [phone]);
      let u = await tx.query<{ id: string; banned: boolean }>(
        'select id::text, (banned_until is not null and banned_until > now()) as banned from auth.users where phone = $1',
        [phone],
      );
      if (u.rows.length === 0) {
        u = await tx.query<{ id: string; banned: boolean }>(
          `insert into auth.users (phone, phone_confirmed_at, raw_app_meta_data)
           values ($1, now(), '{"provider":"phone","providers":["phone"]}'::jsonb)
           returning id::text, false as banned`,
          [phone],
        );
      }
      const user = u.rows[0]!;
      if (user.banned) return { error: new AuthError(400, 'user_banned', 'User is banned') };
      await tx.query(
        'update auth.users set phone_confirmed_at = coalesce(phone_confirmed_at, now()), last_sign_in_at = now() where id = $1',
        [user.id],
      );
      const s = await tx.query<{ id: string }>('insert into auth.sessions (user_id) values ($1) returning id::text', [user.id]);
      const sessionId = s.rows[0]!.id;
      const refresh = newRefreshToken();
      await tx.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [refresh, user.id, sessionId]);
      return { userId: user.id, sessionId, refresh };
    });
    if ('error' in result && result.error) throw result.error;
    attempt?.refund();
    const ok = result as { userId: string; sessionId: string; refresh: string };
    return this.ok(200, await this.sessionJson(await this.userById(ok.userId), ok.sessionId, ok.refresh, 'otp'));
  }

  private async refreshGrant(body: Record<string, unknown>): Promise<AuthResponse> {
    const token = typeof body.refresh_token === 'string' ? body.refresh_token : '';
    if (token === '') throw new AuthError(400, 'validation_failed', 'refresh_token required');
    const result = await this.db.transaction(async (tx) => {
      const r = await tx.query<{ id: string; user_id: string; session_id: string; revoked: boolean }>(
        'select id::text, user_id::text, session_id::text, revoked from auth.refresh_tokens where token = $1 for update',
        [token],
      );
      const row = r.rows[0];
      if (!row) return { error: new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
      if (row.revoked) {
        // Reuse of a rotated token: treat the session as stolen and end it.
        await tx.query('delete from auth.sessions where id = $1', [row.session_id]);
        return { error: new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
      }
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [row.id]);
      const next = newRefreshToken();
      await tx.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
        next,
        row.user_id,
        row.session_id,
        token,
      ]);
      await tx.query('update auth.sessions set updated_at = now() where id = $1', [row.session_id]);
      return { userId: row.user_id, sessionId: row.session_id, next };
    });
    if ('error' in result && result.error) throw result.error;
    const ok = result as { userId: string; sessionId: string; next: string };
    const user = await this.userById(ok.userId);
    return this.ok(200, await this.sessionJson(user, ok.sessionId, ok.next));
  }

  private async sessionJson(
    user: UserRow,
    sessionId: string,
    refreshToken: string,
    method: 'password' | 'otp' = 'password',
  ): Promise<Record<string, unknown>> {
    const now = Math.floor(Date.now() / 1000);
    const claims: JwtClaims = {
      aud: 'authenticated',
      iss: `${this.issuer()}/auth/v1`,
      sub: user.id,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: appMetadata(user),
      user_metadata: meta(user.raw_user_meta_data),
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method, timestamp: now }],
      session_id: sessionId,
      is_anonymous: false,
    };
    const accessToken = this.jwt.sign(claims, ACCESS_TOKEN_TTL);
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_TTL,
      expires_at: now + ACCESS_TOKEN_TTL,
      refresh_token: refreshToken,
      user: userJson(user),
      weak_password: null,
    };
  }

  // ---------------------------------------------------------------- users

  private bearer(req: AuthRequest): string | null {
    const h = req.headers.get('authorization');
    const m = h ? /^bearer\s+(.+)$/i.exec(h.trim()) : null;
    return m ? m[1]!.trim() : null;
  }

  private async claimsOf(req: AuthRequest): Promise<JwtClaims> {
    const token = this.bearer(req);
    if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token');
    try {
      return this.jwt.verify(token);
    } catch (e) {
      if (e instanceof JwtError) {
        throw new AuthError(
          403,
          'bad_jwt',
          e.reason === 'expired'
            ? 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired'
            : 'invalid JWT: unable to parse or verify signature, signature is invalid',
        );
      }
      throw e;
    }
  }

  private async requireUser(req: AuthRequest): Promise<{ user: UserRow; claims: JwtClaims }> {
    const claims = await this.claimsOf(req);
    if (typeof claims.sub !== 'string' || claims.sub === '') {
      throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    }
    if (typeof claims.session_id === 'string') {
      const s = await this.db.query('select 1 from auth.sessions where id = $1', [claims.session_id]);
      if (s.rows.length === 0) {
        throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      }
    }
    const r = await this.db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [claims.sub]);
    if (!r.rows[0]) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return { user: r.rows[0], claims };
  }

  private async requireServiceRole(req: AuthRequest): Promise<void> {
    const claims = await this.claimsOf(req);
    if (claims.role !== 'service_role') throw new AuthError(403, 'not_admin', 'User not allowed');
  }

  private async userById(id: string): Promise<UserRow> {
    const r = await this.db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
    if (!r.rows[0]) throw new AuthError(404, 'user_not_found', 'User not found');
    return r.rows[0];
  }

  async createUser(body: Record<string, unknown>): Promise<UserRow> {
    return createUserIn(this.db, body);
  }

  private async updateUser(id: string, body: Record<string, unknown>, asAdmin: boolean): Promise<UserRow> {
    const sets: string[] = [];
    const params: unknown[] = [id];
    if (typeof body.email === 'string' && body.email.trim() !== '') {
      const email = body.email.trim().toLowerCase();
      if (!/^[^@\s]+@[^@\s]+$/.test(email))
        throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
      params.push(email);
      sets.push(`email = $${params.length}`);
    }
    if (typeof body.password === 'string') {
      if (body.password.length < 6) throw new AuthError(422, 'weak_password', 'Password should be at least 6 characters.');
      params.push(await hashPassword(body.password));
      sets.push(`encrypted_password = $${params.length}`);
    }
    const data = body.data ?? body.user_metadata;
    if (typeof data === 'object' && data !== null) {
      params.push(JSON.stringify(data));
      sets.push(`raw_user_meta_data = raw_user_meta_data || $${params.length}::jsonb`);
    }
    if (asAdmin && typeof body.app_metadata === 'object' && body.app_metadata !== null) {
      params.push(JSON.stringify(body.app_metadata));
      sets.push(`raw_app_meta_data = raw_app_meta_data || $${params.length}::jsonb`);
    }
    if (asAdmin && typeof body.ban_duration === 'string') {
      params.push(body.ban_duration === 'none' ? null : body.ban_duration);
      sets.push(`banned_until = now() + $${params.length}::interval`);
    }
    if (sets.length > 0) {
      try {
        await this.db.query(`update auth.users set ${sets.join(', ')}, updated_at = now() where id = $1`, params);
      } catch (e) {
        if ((e as { code?: string }).code === '23505') {
          throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
        }
        throw e;
      }
    }
    return this.userById(id);
  }

  private async logout(req: AuthRequest): Promise<AuthResponse> {
    const scope = req.query.get('scope') ?? 'global';
    if (!['global', 'local', 'others'].includes(scope)) {
      throw new AuthError(400, 'validation_failed', 'Unsupported logout scope');
    }
    const claims = await this.claimsOf(req);
    if (typeof claims.sub !== 'string') throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null;
    if (scope === 'global') {
      await this.db.query('delete from auth.sessions where user_id = $1', [claims.sub]);
    } else if (scope === 'local') {
      if (sessionId) await this.db.query('delete from auth.sessions where id = $1', [sessionId]);
    } else {
      await this.db.query('delete from auth.sessions where user_id = $1 and ($2::uuid is null or id <> $2::uuid)', [claims.sub, sessionId]);
    }
    return this.ok(204, null);
  }
}

/** Creates a user (GoTrue admin API semantics); used by the API and the CLI. */
export async function createUserIn(db: Db | Tx, body: Record<string, unknown>): Promise<UserRow> {
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  const password = typeof body.password === 'string' ? body.password : null;
  if (password !== null && password.length < 6) throw new AuthError(422, 'weak_password', 'Password should be at least 6 characters.');
  const hash = password === null ? null : await hashPassword(password);
  const appMeta = typeof body.app_metadata === 'object' && body.app_metadata !== null ? body.app_metadata : {};
  const userMeta = typeof body.user_metadata === 'object' && body.user_metadata !== null ? body.user_metadata : {};
  try {
    const r = await db.query<UserRow>(
      `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
       values ($1, $2, case when $3::boolean then now() end, $4::jsonb, $5::jsonb)
       returning ${USER_COLUMNS}`,
      [email, hash, body.email_confirm === true, JSON.stringify(appMeta), JSON.stringify(userMeta)],
    );
    return r.rows[0]!;
  } catch (e) {
    if ((e as { code?: string }).code === '23505') {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    throw e;
  }
}
