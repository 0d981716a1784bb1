/**
 * Sessions and their tokens: the password grant, a new session (access token + first refresh
 * token), and the refresh-token grant with GoTrue's rotation and reuse rules.
 */
import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { JwtClaims } from '../jwt.ts';
import type { AuthContext } from './context.ts';
import { AuthError, ok, type AuthResponse } from './http.ts';
import { formatPhoneNumber } from './phone.ts';
import { appMetadata, DUMMY_HASH, meta, USER_COLUMNS, userById, userByPhone, userJson, type UserRow } from './users.ts';

function newRefreshToken(): string {
  return randomBytes(24).toString('base64url');
}

export async function passwordGrant(ctx: AuthContext, body: Record<string, unknown>): Promise<AuthResponse> {
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  const phoneIn = typeof body.phone === 'string' ? body.phone.trim() : '';
  const password = typeof body.password === 'string' ? body.password : '';
  if (email !== '' && phoneIn !== '') {
    throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided on login.');
  }
  if (email === '' && phoneIn === '') throw new AuthError(400, 'validation_failed', 'missing email or phone');
  if (email !== '' && !ctx.config.email.enableSignup) {
    throw new AuthError(422, 'email_provider_disabled', 'Email logins are disabled');
  }
  if (phoneIn !== '' && !ctx.config.sms.enableSignup) {
    throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
  }
  // GoTrue's password grant formats the number as sent, without validating it (token.go).
  const phone = phoneIn === '' ? '' : formatPhoneNumber(body.phone as string);
  const user = email
    ? (await ctx.db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where lower(email) = $1`, [email])).rows[0]
    : await userByPhone(ctx.db, phone);
  // Always one bcrypt comparison: an unknown account answers as slowly as a wrong password.
  const matches = await bcrypt.compare(password, user?.encrypted_password || DUMMY_HASH);
  if (!user?.encrypted_password || !matches) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
  if (String(user.banned_until) === 'true') throw new AuthError(400, 'user_banned', 'User is banned');
  if (email !== '' && !user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
  if (phone !== '' && !user.phone_confirmed_at) throw new AuthError(400, 'phone_not_confirmed', 'Phone not confirmed');
  return newSession(ctx, user.id, 'password');
}

/** A new session (and its first refresh token) for a signed-in user. */
export async function newSession(ctx: AuthContext, userId: string, method: 'password' | 'otp'): Promise<AuthResponse> {
  const session = await ctx.db.transaction(async (tx) => {
    const s = await tx.query<{ id: string }>('insert into auth.sessions (user_id) values ($1) returning id::text', [userId]);
    const sessionId = s.rows[0]!.id;
    const token = newRefreshToken();
    await tx.query('insert into auth.refresh_tokens (token, user_id, session_id, updated_at) values ($1, $2, $3, $4::timestamptz)', [
      token,
      userId,
      sessionId,
      new Date(ctx.now()).toISOString(),
    ]);
    await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [userId]);
    return { sessionId, token };
  });
  return ok(200, await sessionJson(ctx, await userById(ctx.db, userId), session.sessionId, session.token, method));
}

/**
 * Refresh-token grant with rotation, as GoTrue's tokens service: a revoked token that is
 * the parent of the session's current one gets that current one back (the client lost the
 * answer); any other revoked token still works within refresh_token_reuse_interval seconds
 * of its rotation (two tabs refreshing together); later, its reuse revokes every token of
 * the session (400 refresh_token_already_used).
 */
export async function refreshGrant(ctx: AuthContext, body: Record<string, unknown>): Promise<AuthResponse> {
  const token = typeof body.refresh_token === 'string' ? body.refresh_token : '';
  if (token === '') throw new AuthError(400, 'validation_failed', 'refresh_token required');
  const now = ctx.now();
  const reuseMs = ctx.config.refreshTokenReuseInterval * 1000;
  const result = await ctx.db.transaction(async (tx) => {
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
  const rotated = result as { userId: string; sessionId: string; next: string };
  const user = await userById(ctx.db, rotated.userId);
  return ok(200, await sessionJson(ctx, user, rotated.sessionId, rotated.next));
}

async function sessionJson(
  ctx: AuthContext,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  method: 'password' | 'otp' = 'password',
): Promise<Record<string, unknown>> {
  const now = Math.floor(Date.now() / 1000);
  const claims: JwtClaims = {
    aud: 'authenticated',
    iss: `${ctx.issuer()}/auth/v1`,
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
  const ttl = ctx.config.jwtExpiry;
  const accessToken = ctx.jwt.sign(claims, ttl);
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
