/**
 * The /auth/v1 subset of GoTrue, behaving as GoTrue does with supabase/config.toml's [auth]
 * (local/config.ts): password and refresh-token grants (refresh tokens rotate, a rotated one
 * may be reused within refresh_token_reuse_interval), user GET/PUT, logout with scope,
 * settings, health, admin users (service_role only), sign-up as GoTrue's Signup, and phone
 * sign-in by one-time code (POST /otp, /verify, /resend) with GoTrue's spacing, code
 * lifetime and limits (per address, see auth/limits.ts; project-wide SMS per hour). Phone
 * numbers are read as GoTrue reads them (auth/phone.ts), not by the product's parser.
 * Errors are GoTrue-shaped and carry the x-supabase-api-version header.
 */
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import bcrypt from 'bcryptjs';
import type { Db, Tx } from '../db/types.ts';
import { Jwt, JwtError, type JwtClaims } from '../jwt.ts';
import type { ProjectConfig } from '../config.ts';
import { HourlyWindow, TokenBuckets } from './limits.ts';
import { formatPhoneNumber, INVALID_PHONE_MESSAGE, validatePhone } from './phone.ts';

export const API_VERSION = '2024-01-01';

export interface AuthRequest {
  method: string;
  /** Path after /auth/v1/, e.g. 'token'. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: string | null;
  /** The client address (see clientOf): the key of GoTrue's per-address limits. */
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

function userJson(u: UserRow): Record<string, unknown> {
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

export interface GoTrueOptions {
  /** [auth] of supabase/config.toml (local/config.ts): sign-ups, providers, SMS, limits, refresh reuse. */
  config: ProjectConfig['auth'];
  /** Where codes are "sent": one JSON line {phone, code, sent_at} each (created 0600). */
  outboxFile?: string;
  /** Clock in ms (tests move it; see the server's --test-clock). */
  now?: () => number;
}

function codeHash(phone: string, code: string): Buffer {
  return createHash('sha256').update(`${phone}:${code}`, 'utf8').digest();
}

/** GoTrue's answer when a per-address bucket is empty (apilimiter + tollbooth). */
const overRequestRate = () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');

export class GoTrue {
  private readonly config: ProjectConfig['auth'];
  /** Per client address, GoTrue's buckets: /otp, /signup, /resend, /verify, /token. */
  private readonly perAddress: Record<'otp' | 'signup' | 'resend' | 'verify' | 'token', TokenBuckets>;
  /** Project-wide SMS per hour (auth.rate_limit.sms_sent). */
  private readonly smsSent: HourlyWindow;

  constructor(
    private readonly db: Db,
    private readonly jwt: Jwt,
    private readonly issuer: () => string,
    private readonly opts: GoTrueOptions,
  ) {
    this.config = opts.config;
    const now = () => this.now();
    const rl = this.config.rateLimit;
    this.perAddress = {
      otp: new TokenBuckets(rl.signInSignUps, now),
      signup: new TokenBuckets(rl.signInSignUps, now),
      resend: new TokenBuckets(rl.signInSignUps, now),
      verify: new TokenBuckets(rl.tokenVerifications, now),
      token: new TokenBuckets(rl.tokenRefresh, now),
    };
    this.smsSent = new HourlyWindow(rl.smsSent, now);
  }

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  /** One request of `kind` from `client`; refused as GoTrue refuses it. */
  private limit(kind: keyof GoTrue['perAddress'], client: string): void {
    if (!this.perAddress[kind].take(client)) throw overRequestRate();
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
    const client = req.client ?? 'unknown';
    const c = this.config;
    if (path === 'health' && m === 'GET') {
      return this.ok(200, { version: 'local', name: 'GoTrue', description: 'GoTrue-compatible subset (local server)' });
    }
    if (path === 'settings' && m === 'GET') {
      return this.ok(200, {
        external: { email: c.email.enableSignup, phone: c.sms.enableSignup, anonymous_users: false },
        disable_signup: !c.enableSignup,
        mailer_autoconfirm: !c.email.enableConfirmations,
        phone_autoconfirm: !c.sms.enableConfirmations,
        sms_provider: 'local-outbox',
        saml_enabled: false,
      });
    }
    if (path === 'signup' && m === 'POST') {
      this.limit('signup', client);
      return this.signup(this.parse(req));
    }
    if (path === 'token' && m === 'POST') {
      const grant = req.query.get('grant_type');
      if (grant === 'password' || grant === 'refresh_token' || grant === 'pkce' || grant === 'id_token') this.limit('token', client);
      if (grant === 'password') return this.passwordGrant(this.parse(req));
      if (grant === 'refresh_token') return this.refreshGrant(this.parse(req));
      if (grant === 'pkce' || grant === 'id_token') {
        throw new AuthError(400, 'validation_failed', `grant_type ${grant} is not enabled on this server`);
      }
      throw new AuthError(400, 'validation_failed', 'unsupported_grant_type');
    }
    if (path === 'otp' && m === 'POST') {
      this.limit('otp', client);
      return this.otp(this.parse(req));
    }
    if (path === 'resend' && m === 'POST') {
      this.limit('resend', client);
      const body = this.parse(req);
      if (body.type !== 'sms') throw new AuthError(400, 'validation_failed', 'Only type sms can be resent on this server');
      return this.otp({ phone: body.phone, create_user: false });
    }
    if (path === 'verify' && m === 'POST') {
      this.limit('verify', client);
      return this.verifySmsCode(this.parse(req));
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
    const known = ['recover', 'magiclink', 'sso', 'authorize', 'reauthenticate', 'factors', 'callback', 'invite'];
    if (known.some((k) => path === k || path.startsWith(`${k}/`))) {
      throw new AuthError(
        501,
        'not_implemented',
        `/${path} is not enabled on this server (sign-in is e-mail and password, or phone and one-time code)`,
      );
    }
    throw new AuthError(404, 'not_found', `Not found: /${path}`);
  }

  // ---------------------------------------------------------------- sign-up

  /**
   * POST /signup, as GoTrue's Signup: refused whole when [auth] enable_signup is off; by
   * provider when [auth.email] / [auth.sms] enable_signup is off. A phone: a new or still
   * unconfirmed number gets an unconfirmed user (with that password) and a code; the session
   * comes from /verify (with confirmations off it would come at once: GoTrue's autoconfirm).
   * An e-mail with confirmations on: the hosted mailer without SMTP mails only the project's
   * team, so any other address is refused (400 email_address_not_authorized), nothing stored.
   */
  private async signup(body: Record<string, unknown>): Promise<AuthResponse> {
    const c = this.config;
    if (!c.enableSignup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    const password = typeof body.password === 'string' ? body.password : '';
    if (password === '') throw new AuthError(400, 'validation_failed', 'Signup requires a valid password');
    if (password.length < c.minimumPasswordLength) {
      throw new AuthError(422, 'weak_password', `Password should be at least ${c.minimumPasswordLength} characters.`);
    }
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    const phoneIn = typeof body.phone === 'string' ? body.phone.trim() : '';
    if (email !== '' && phoneIn !== '') {
      throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided on signup.');
    }
    if (email !== '') {
      if (!c.email.enableSignup) throw new AuthError(400, 'email_provider_disabled', 'Email signups are disabled');
      if (!/^[^@\s]+@[^@\s]+$/.test(email))
        throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
      if (!c.email.smtpEnabled) {
        throw new AuthError(400, 'email_address_not_authorized', `Email address "${email}" cannot be used as it is not authorized`);
      }
      throw new AuthError(501, 'not_implemented', 'E-mail confirmation links are not sent by this server');
    }
    if (phoneIn === '') throw new AuthError(400, 'validation_failed', 'Sign up only available with email or phone provider');
    if (!c.sms.enableSignup) throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
    const phone = this.phoneOf(body);
    const existing = await this.userByPhone(phone);
    if (existing?.phone_confirmed_at) {
      // GoTrue: an obfuscated user without confirmations (no enumeration), 422 with autoconfirm.
      if (!c.sms.enableConfirmations) throw new AuthError(422, 'user_already_exists', 'User already registered');
      return this.ok(200, { ...userJson(existing), id: randomUUID(), phone_confirmed_at: undefined, confirmed_at: null });
    }
    const user = existing ?? (await this.newPhoneUser(phone, await hashPassword(password)));
    if (!c.sms.enableConfirmations) {
      await this.db.query('update auth.users set phone_confirmed_at = now() where id = $1', [user.id]);
      return this.newSession(user.id, 'password');
    }
    await this.sendPhoneCode(phone);
    return this.ok(200, userJson(await this.userById(user.id)));
  }

  private async userByPhone(phone: string): Promise<UserRow | undefined> {
    const r = await this.db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where phone = $1`, [phone]);
    return r.rows[0];
  }

  /** An unconfirmed phone user, as GoTrue's sign-up leaves it until the code is verified. */
  private async newPhoneUser(phone: string, passwordHash: string | null): Promise<UserRow> {
    const r = await this.db.query<UserRow>(
      `insert into auth.users (phone, encrypted_password, raw_app_meta_data)
       values ($1, $2, '{"provider":"phone","providers":["phone"]}'::jsonb)
       on conflict (phone) do update set updated_at = auth.users.updated_at
       returning ${USER_COLUMNS}`,
      [phone, passwordHash],
    );
    return r.rows[0]!;
  }

  // ---------------------------------------------------------------- grants

  private async passwordGrant(body: Record<string, unknown>): Promise<AuthResponse> {
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const phoneIn = typeof body.phone === 'string' ? body.phone.trim() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (email !== '' && phoneIn !== '') {
      throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided on login.');
    }
    if (email === '' && phoneIn === '') throw new AuthError(400, 'validation_failed', 'missing email or phone');
    if (email !== '' && !this.config.email.enableSignup) {
      throw new AuthError(422, 'email_provider_disabled', 'Email logins are disabled');
    }
    if (phoneIn !== '' && !this.config.sms.enableSignup) {
      throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
    }
    // GoTrue's password grant formats the number as sent, without validating it (token.go).
    const phone = phoneIn === '' ? '' : formatPhoneNumber(body.phone as string);
    const user = email
      ? (await this.db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where lower(email) = $1`, [email])).rows[0]
      : await this.userByPhone(phone);
    // Always one bcrypt comparison: an unknown account answers as slowly as a wrong password.
    const ok = await bcrypt.compare(password, user?.encrypted_password || DUMMY_HASH);
    if (!user?.encrypted_password || !ok) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
    if (String(user.banned_until) === 'true') throw new AuthError(400, 'user_banned', 'User is banned');
    if (email !== '' && !user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
    if (phone !== '' && !user.phone_confirmed_at) throw new AuthError(400, 'phone_not_confirmed', 'Phone not confirmed');
    return this.newSession(user.id, 'password');
  }

  /** A new session (and its first refresh token) for a signed-in user. */
  private async newSession(userId: string, method: 'password' | 'otp'): Promise<AuthResponse> {
    const session = await this.db.transaction(async (tx) => {
      const s = await tx.query<{ id: string }>('insert into auth.sessions (user_id) values ($1) returning id::text', [userId]);
      const sessionId = s.rows[0]!.id;
      const token = newRefreshToken();
      await tx.query('insert into auth.refresh_tokens (token, user_id, session_id, updated_at) values ($1, $2, $3, $4::timestamptz)', [
        token,
        userId,
        sessionId,
        new Date(this.now()).toISOString(),
      ]);
      await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [userId]);
      return { sessionId, token };
    });
    return this.ok(200, await this.sessionJson(await this.userById(userId), session.sessionId, session.token, method));
  }

  // ---------------------------------------------------------------- phone one-time codes

  /**
   * The body's phone as GoTrue stores it (E.164 digits), read as GoTrue reads it (./phone.ts):
   * `+91 98765 43210` and `+919876543210` are `919876543210`; a number GoTrue refuses (dashes,
   * Devanagari digits, a leading 0) is refused with GoTrue's error. Not a string: GoTrue's JSON
   * decoding fails (400 bad_json).
   */
  private phoneOf(body: Record<string, unknown>): string {
    if (body.phone === undefined || body.phone === null || body.phone === '') {
      throw new AuthError(400, 'validation_failed', 'Only an SMS one-time code to a phone number is enabled on this server');
    }
    if (typeof body.phone !== 'string') {
      throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: phone is not a string');
    }
    const phone = validatePhone(body.phone);
    if (phone === null) throw new AuthError(400, 'validation_failed', INVALID_PHONE_MESSAGE);
    return phone;
  }

  /**
   * POST /otp {phone, create_user?, channel?} (supabase-js signInWithOtp({ phone })), as
   * GoTrue's Otp + SmsOtp: create_user:false and an unknown number: 422 otp_disabled; the
   * phone provider off: 400 phone_provider_disabled; a number never confirmed goes through
   * sign-up (so sign-ups off: 422 signup_disabled), which makes an unconfirmed user and sends
   * a code (answer `{}`); a confirmed number gets a code (answer `{message_id}`).
   */
  private async otp(body: Record<string, unknown>): Promise<AuthResponse> {
    const c = this.config;
    if (body.email !== undefined && body.email !== null && body.email !== '' && body.phone) {
      throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided');
    }
    const phone = this.phoneOf(body);
    if (body.channel !== undefined && body.channel !== 'sms') {
      throw new AuthError(400, 'validation_failed', 'Only the sms channel is enabled on this server');
    }
    const user = await this.userByPhone(phone);
    if (body.create_user === false && !user) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
    if (!c.sms.enableSignup) throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider');
    if (!user?.phone_confirmed_at) {
      // GoTrue signs the number up (with a random password nobody knows) through Signup.
      if (!c.enableSignup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
      const created = user ?? (await this.newPhoneUser(phone, null));
      if (!c.sms.enableConfirmations) {
        // Autoconfirm: confirmed at once, then a code as for any known number.
        await this.db.query('update auth.users set phone_confirmed_at = now() where id = $1', [created.id]);
        return this.ok(200, { message_id: await this.sendPhoneCode(phone) });
      }
      await this.sendPhoneCode(phone);
      return this.ok(200, {});
    }
    return this.ok(200, { message_id: await this.sendPhoneCode(phone) });
  }

  /**
   * GoTrue's sendPhoneConfirmation: one code per number, a new one replaces the last; at
   * most one per auth.sms.max_frequency (429 over_sms_send_rate_limit, the wait in the
   * message as GoTrue words it); the project's SMS per hour (429 over_sms_send_rate_limit
   * "SMS rate limit exceeded"; not counted with autoconfirm, as in GoTrue). The code has
   * auth.sms otp length digits and lives otp expiry seconds. Answers a message id.
   */
  private async sendPhoneCode(phone: string): Promise<string> {
    const { maxFrequencySeconds, otpLength, otpExpirySeconds, enableConfirmations } = this.config.sms;
    const now = this.now();
    const code = Array.from({ length: otpLength }, () => String(randomInt(0, 10))).join('');
    const result = await this.db.transaction(async (tx) => {
      // One number at a time: parallel requests cannot all pass the spacing check below.
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`sms:${phone}`]);
      const last = await tx.query<{ at: string | null }>(
        `select to_char(max(sent_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at from auth.sms_sends where phone = $1`,
        [phone],
      );
      const lastAt = last.rows[0]?.at ? Date.parse(last.rows[0].at) : null;
      if (lastAt !== null && lastAt + maxFrequencySeconds * 1000 > now) {
        const left = Math.trunc((lastAt + maxFrequencySeconds * 1000 - now) / 1000);
        return {
          error: new AuthError(429, 'over_sms_send_rate_limit', `For security purposes, you can only request this after ${left} seconds.`),
        };
      }
      if (enableConfirmations && !this.smsSent.allow()) {
        return { error: new AuthError(429, 'over_sms_send_rate_limit', 'SMS rate limit exceeded') };
      }
      const sentAt = new Date(now).toISOString();
      // What no longer counts: sends older than the spacing (and an hour), codes long expired.
      const forget = new Date(now - Math.max(3600, maxFrequencySeconds) * 1000).toISOString();
      await tx.query('delete from auth.sms_sends where sent_at < $1::timestamptz', [forget]);
      await tx.query('delete from auth.sms_codes where expires_at < $1::timestamptz', [forget]);
      await tx.query('insert into auth.sms_sends (phone, sent_at) values ($1, $2::timestamptz)', [phone, sentAt]);
      await tx.query(
        `insert into auth.sms_codes (phone, code_hash, expires_at, tries, created_at)
         values ($1, $2, $3::timestamptz, 0, $4::timestamptz)
         on conflict (phone) do update set code_hash = excluded.code_hash, expires_at = excluded.expires_at, tries = 0,
           created_at = excluded.created_at`,
        [phone, codeHash(phone, code).toString('hex'), new Date(now + otpExpirySeconds * 1000).toISOString(), sentAt],
      );
      return { sentAt };
    });
    if ('error' in result && result.error) throw result.error;
    await this.deliver(phone, code, (result as { sentAt: string }).sentAt);
    return randomBytes(12).toString('hex');
  }

  /**
   * Locally no SMS leaves the machine: the code is appended to the outbox file, keyed by the
   * number as GoTrue stores it (`919876543210`), for every number GoTrue accepts.
   */
  private async deliver(phone: string, code: string, sentAt: string): Promise<void> {
    const file = this.opts.outboxFile;
    if (!file) return;
    await mkdir(dirname(file), { recursive: true });
    await appendFile(file, JSON.stringify({ phone, code, sent_at: sentAt }) + '\n', { mode: 0o600 });
  }

  /**
   * POST /verify {type: 'sms', phone, token} (supabase-js verifyOtp). A wrong, expired or
   * used code: 403 otp_expired (as GoTrue). Wrong tries do not kill the code (GoTrue does
   * not); the per-address /verify limit (auth.rate_limit.token_verifications) is what stops
   * guessing. A right code confirms the number and opens a session.
   */
  private async verifySmsCode(body: Record<string, unknown>): Promise<AuthResponse> {
    if (body.type !== 'sms') {
      throw new AuthError(400, 'validation_failed', 'Only type sms (a phone number and its code) is verified on this server');
    }
    const phone = this.phoneOf(body);
    const token = typeof body.token === 'string' ? body.token.trim() : '';
    if (token === '') throw new AuthError(400, 'validation_failed', 'Verify requires a token');
    const now = this.now();
    const expired = new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
    const result = await this.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`sms:${phone}`]);
      const r = await tx.query<{ code_hash: string; expires_at: string }>(
        `select code_hash, to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at
           from auth.sms_codes where phone = $1`,
        [phone],
      );
      const row = r.rows[0];
      if (!row || Date.parse(row.expires_at) <= now) return { error: expired };
      const right =
        /^[0-9]{6,10}$/.test(token) &&
        token.length === this.config.sms.otpLength &&
        timingSafeEqual(codeHash(phone, token), Buffer.from(row.code_hash, 'hex'));
      if (!right) return { error: expired };
      const u = await tx.query<{ id: string; banned: boolean }>(
        'select id::text, (banned_until is not null and banned_until > now()) as banned from auth.users where phone = $1',
        [phone],
      );
      const user = u.rows[0];
      if (!user) return { error: expired };
      await tx.query('delete from auth.sms_codes where phone = $1', [phone]);
      if (user.banned) return { error: new AuthError(400, 'user_banned', 'User is banned') };
      await tx.query('update auth.users set phone_confirmed_at = coalesce(phone_confirmed_at, now()) where id = $1', [user.id]);
      return { userId: user.id };
    });
    if ('error' in result && result.error) throw result.error;
    return this.newSession((result as { userId: string }).userId, 'otp');
  }

  /**
   * Refresh-token grant with rotation, as GoTrue's tokens service: a revoked token that is
   * the parent of the session's current one gets that current one back (the client lost the
   * answer); any other revoked token still works within refresh_token_reuse_interval seconds
   * of its rotation (two tabs refreshing together); later, its reuse revokes every token of
   * the session (400 refresh_token_already_used).
   */
  private async refreshGrant(body: Record<string, unknown>): Promise<AuthResponse> {
    const token = typeof body.refresh_token === 'string' ? body.refresh_token : '';
    if (token === '') throw new AuthError(400, 'validation_failed', 'refresh_token required');
    const now = this.now();
    const reuseMs = this.config.refreshTokenReuseInterval * 1000;
    const result = await this.db.transaction(async (tx) => {
      const r = await tx.query<{ id: string; user_id: string; session_id: string; revoked: boolean; updated_at: string }>(
        `select id::text, user_id::text, session_id::text, revoked,
                to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at
           from auth.refresh_tokens where token = $1 for update`,
        [token],
      );
      const row = r.rows[0];
      if (!row) return { error: new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
      const stamp = new Date(now).toISOString();
      if (row.revoked) {
        const active = await tx.query<{ token: string; parent: string | null }>(
          'select token, parent from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
          [row.session_id],
        );
        const current = active.rows[0];
        if (current && current.parent === token) {
          return { userId: row.user_id, sessionId: row.session_id, next: current.token };
        }
        if (now > Date.parse(row.updated_at) + reuseMs) {
          await tx.query(
            'update auth.refresh_tokens set revoked = true, updated_at = $2::timestamptz where session_id = $1 and not revoked',
            [row.session_id, stamp],
          );
          return { error: new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
        }
      }
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = $2::timestamptz where id = $1 and not revoked', [
        row.id,
        stamp,
      ]);
      const next = newRefreshToken();
      await tx.query(
        'insert into auth.refresh_tokens (token, user_id, session_id, parent, updated_at) values ($1, $2, $3, $4, $5::timestamptz)',
        [next, row.user_id, row.session_id, token, stamp],
      );
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
    const ttl = this.config.jwtExpiry;
    const accessToken = this.jwt.sign(claims, ttl);
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: ttl,
      expires_at: now + ttl,
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
    if (asAdmin && body.email_confirm === true) sets.push('email_confirmed_at = coalesce(email_confirmed_at, now())');
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
