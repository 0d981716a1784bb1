/**
 * The /auth/v1 subset of GoTrue, behaving as GoTrue does with supabase/config.toml's [auth]
 * (local/config.ts): password and refresh-token grants (refresh tokens rotate, a rotated one
 * may be reused within refresh_token_reuse_interval), user GET/PUT, logout with scope,
 * settings, health, admin users (service_role only), sign-up as GoTrue's Signup, and phone
 * sign-in by one-time code (POST /otp, /verify, /resend) with GoTrue's spacing, code
 * lifetime and limits (per address, see auth/limits.ts; project-wide SMS per hour). Phone
 * numbers are read as GoTrue reads them (auth/phone.ts), not by the product's parser.
 * Errors are GoTrue-shaped and carry the x-supabase-api-version header.
 * This file: routing, per-address limits, sign-up, the caller's JWT, admin users, logout.
 * Grants and sessions: sessions.ts; phone codes: phone-otp.ts; auth.users: users.ts.
 */
import { randomUUID } from 'node:crypto';
import type { ProjectConfig } from '../config.ts';
import type { Db } from '../db/types.ts';
import { JwtError, type Jwt, type JwtClaims } from '../jwt.ts';
import type { AuthContext } from './context.ts';
import { API_VERSION, AuthError, ok, parseBody, type AuthRequest, type AuthResponse } from './http.ts';
import { HourlyWindow, TokenBuckets } from './limits.ts';
import { otp, phoneOf, sendPhoneCode, verifySmsCode } from './phone-otp.ts';
import { newSession, passwordGrant, refreshGrant } from './sessions.ts';
import {
  createUserIn,
  hashPassword,
  newPhoneUser,
  updateUser,
  USER_COLUMNS,
  userById,
  userByPhone,
  userJson,
  type UserRow,
} from './users.ts';

export interface GoTrueOptions {
  /** [auth] of supabase/config.toml (local/config.ts): sign-ups, providers, SMS, limits, refresh reuse. */
  config: ProjectConfig['auth'];
  /** Where codes are "sent": one JSON line {phone, code, sent_at} each (created 0600). */
  outboxFile?: string;
  /** Clock in ms (tests move it; see the server's --test-clock). */
  now?: () => number;
}

/** GoTrue's answer when a per-address bucket is empty (apilimiter + tollbooth). */
const overRequestRate = () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');

export class GoTrue {
  private readonly config: ProjectConfig['auth'];
  /** Per client address, GoTrue's buckets: /otp, /signup, /resend, /verify, /token. */
  private readonly perAddress: Record<'otp' | 'signup' | 'resend' | 'verify' | 'token', TokenBuckets>;
  /** What the sign-in, session and phone-code parts share (./context.ts). */
  private readonly ctx: AuthContext;

  constructor(
    private readonly db: Db,
    jwt: Jwt,
    issuer: () => string,
    opts: GoTrueOptions,
  ) {
    this.config = opts.config;
    const now = () => (opts.now ?? Date.now)();
    const rl = this.config.rateLimit;
    this.perAddress = {
      otp: new TokenBuckets(rl.signInSignUps, now),
      signup: new TokenBuckets(rl.signInSignUps, now),
      resend: new TokenBuckets(rl.signInSignUps, now),
      verify: new TokenBuckets(rl.tokenVerifications, now),
      token: new TokenBuckets(rl.tokenRefresh, now),
    };
    this.ctx = { db, jwt, issuer, config: this.config, now, smsSent: new HourlyWindow(rl.smsSent, now), outboxFile: opts.outboxFile };
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

  private async route(req: AuthRequest): Promise<AuthResponse> {
    const path = req.path.replace(/^\/+|\/+$/g, '');
    const m = req.method;
    const client = req.client ?? 'unknown';
    const c = this.config;
    if (path === 'health' && m === 'GET') {
      return ok(200, { version: 'local', name: 'GoTrue', description: 'GoTrue-compatible subset (local server)' });
    }
    if (path === 'settings' && m === 'GET') {
      return ok(200, {
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
      return this.signup(parseBody(req));
    }
    if (path === 'token' && m === 'POST') {
      const grant = req.query.get('grant_type');
      if (grant === 'password' || grant === 'refresh_token' || grant === 'pkce' || grant === 'id_token') this.limit('token', client);
      if (grant === 'password') return passwordGrant(this.ctx, parseBody(req));
      if (grant === 'refresh_token') return refreshGrant(this.ctx, parseBody(req));
      if (grant === 'pkce' || grant === 'id_token') {
        throw new AuthError(400, 'validation_failed', `grant_type ${grant} is not enabled on this server`);
      }
      throw new AuthError(400, 'validation_failed', 'unsupported_grant_type');
    }
    if (path === 'otp' && m === 'POST') {
      this.limit('otp', client);
      return otp(this.ctx, parseBody(req));
    }
    if (path === 'resend' && m === 'POST') {
      this.limit('resend', client);
      const body = parseBody(req);
      if (body.type !== 'sms') throw new AuthError(400, 'validation_failed', 'Only type sms can be resent on this server');
      return otp(this.ctx, { phone: body.phone, create_user: false });
    }
    if (path === 'verify' && m === 'POST') {
      this.limit('verify', client);
      return verifySmsCode(this.ctx, parseBody(req));
    }
    if (path === 'user' && m === 'GET') {
      const { user } = await this.requireUser(req);
      return ok(200, userJson(user));
    }
    if (path === 'user' && m === 'PUT') {
      const { user } = await this.requireUser(req);
      return ok(200, userJson(await updateUser(this.db, user.id, parseBody(req), false)));
    }
    if (path === 'logout' && m === 'POST') {
      return this.logout(req);
    }
    if (path === 'admin/users' && m === 'POST') {
      await this.requireServiceRole(req);
      return ok(200, userJson(await this.createUser(parseBody(req))));
    }
    if (path === 'admin/users' && m === 'GET') {
      await this.requireServiceRole(req);
      const rows = await this.db.query<UserRow>(`select ${USER_COLUMNS} from auth.users order by created_at`);
      return ok(200, { users: rows.rows.map(userJson), aud: 'authenticated' });
    }
    const adminUser = /^admin\/users\/([0-9a-f-]{36})$/.exec(path);
    if (adminUser) {
      await this.requireServiceRole(req);
      const id = adminUser[1]!;
      if (m === 'GET') return ok(200, userJson(await userById(this.db, id)));
      if (m === 'PUT') return ok(200, userJson(await updateUser(this.db, id, parseBody(req), true)));
      if (m === 'DELETE') {
        const user = await userById(this.db, id);
        await this.db.query('delete from auth.users where id = $1', [id]);
        return ok(200, userJson(user));
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
    const phone = phoneOf(body);
    const existing = await userByPhone(this.db, phone);
    if (existing?.phone_confirmed_at) {
      // GoTrue: an obfuscated user without confirmations (no enumeration), 422 with autoconfirm.
      if (!c.sms.enableConfirmations) throw new AuthError(422, 'user_already_exists', 'User already registered');
      return ok(200, { ...userJson(existing), id: randomUUID(), phone_confirmed_at: undefined, confirmed_at: null });
    }
    const user = existing ?? (await newPhoneUser(this.db, phone, await hashPassword(password)));
    if (!c.sms.enableConfirmations) {
      await this.db.query('update auth.users set phone_confirmed_at = now() where id = $1', [user.id]);
      return newSession(this.ctx, user.id, 'password');
    }
    await sendPhoneCode(this.ctx, phone);
    return ok(200, userJson(await userById(this.db, user.id)));
  }

  private bearer(req: AuthRequest): string | null {
    const h = req.headers.get('authorization');
    const m = h ? /^bearer\s+(.+)$/i.exec(h.trim()) : null;
    return m ? m[1]!.trim() : null;
  }

  private async claimsOf(req: AuthRequest): Promise<JwtClaims> {
    const token = this.bearer(req);
    if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token');
    try {
      return this.ctx.jwt.verify(token);
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

  async createUser(body: Record<string, unknown>): Promise<UserRow> {
    return createUserIn(this.db, body);
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
    return ok(204, null);
  }
}
