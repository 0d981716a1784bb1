/**
 * Phone sign-in by one-time code, as GoTrue's Otp, SmsOtp and Verify: POST /otp and /resend
 * send a code (spacing, lifetime and limits as GoTrue), POST /verify checks it and opens a
 * session. Codes go to a local outbox file, never to a real SMS provider.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AuthContext } from './context.ts';
import { AuthError, ok, type AuthResponse } from './http.ts';
import { INVALID_PHONE_MESSAGE, validatePhone } from './phone.ts';
import { newSession } from './sessions.ts';
import { newPhoneUser, userByPhone } from './users.ts';

function codeHash(phone: string, code: string): Buffer {
  return createHash('sha256').update(`${phone}:${code}`, 'utf8').digest();
}

/**
 * The body's phone as GoTrue stores it (E.164 digits), read as GoTrue reads it (./phone.ts):
 * `+91 98765 43210` and `+919876543210` are `919876543210`; a number GoTrue refuses (dashes,
 * Devanagari digits, a leading 0) is refused with GoTrue's error. Not a string: GoTrue's JSON
 * decoding fails (400 bad_json).
 */
export function phoneOf(body: Record<string, unknown>): string {
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
export async function otp(ctx: AuthContext, body: Record<string, unknown>): Promise<AuthResponse> {
  const c = ctx.config;
  if (body.email !== undefined && body.email !== null && body.email !== '' && body.phone) {
    throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided');
  }
  const phone = phoneOf(body);
  if (body.channel !== undefined && body.channel !== 'sms') {
    throw new AuthError(400, 'validation_failed', 'Only the sms channel is enabled on this server');
  }
  const user = await userByPhone(ctx.db, phone);
  if (body.create_user === false && !user) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
  if (!c.sms.enableSignup) throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider');
  if (!user?.phone_confirmed_at) {
    // GoTrue signs the number up (with a random password nobody knows) through Signup.
    if (!c.enableSignup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    const created = user ?? (await newPhoneUser(ctx.db, phone, null));
    if (!c.sms.enableConfirmations) {
      // Autoconfirm: confirmed at once, then a code as for any known number.
      await ctx.db.query('update auth.users set phone_confirmed_at = now() where id = $1', [created.id]);
      return ok(200, { message_id: await sendPhoneCode(ctx, phone) });
    }
    await sendPhoneCode(ctx, phone);
    return ok(200, {});
  }
  return ok(200, { message_id: await sendPhoneCode(ctx, phone) });
}

/**
 * GoTrue's sendPhoneConfirmation: one code per number, a new one replaces the last; at
 * most one per auth.sms.max_frequency (429 over_sms_send_rate_limit, the wait in the
 * message as GoTrue words it); the project's SMS per hour (429 over_sms_send_rate_limit
 * "SMS rate limit exceeded"; not counted with autoconfirm, as in GoTrue). The code has
 * auth.sms otp length digits and lives otp expiry seconds. Answers a message id.
 */
export async function sendPhoneCode(ctx: AuthContext, phone: string): Promise<string> {
  const { maxFrequencySeconds, otpLength, otpExpirySeconds, enableConfirmations } = ctx.config.sms;
  const now = ctx.now();
  const code = Array.from({ length: otpLength }, () => String(randomInt(0, 10))).join('');
  const result = await ctx.db.transaction(async (tx) => {
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
    if (enableConfirmations && !ctx.smsSent.allow()) {
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
  await deliver(ctx, phone, code, (result as { sentAt: string }).sentAt);
  return randomBytes(12).toString('hex');
}

/**
 * Locally no SMS leaves the machine: the code is appended to the outbox file, keyed by the
 * number as GoTrue stores it (`919876543210`), for every number GoTrue accepts.
 */
async function deliver(ctx: AuthContext, phone: string, code: string, sentAt: string): Promise<void> {
  const file = ctx.outboxFile;
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
export async function verifySmsCode(ctx: AuthContext, body: Record<string, unknown>): Promise<AuthResponse> {
  if (body.type !== 'sms') {
    throw new AuthError(400, 'validation_failed', 'Only type sms (a phone number and its code) is verified on this server');
  }
  const phone = phoneOf(body);
  const token = typeof body.token === 'string' ? body.token.trim() : '';
  if (token === '') throw new AuthError(400, 'validation_failed', 'Verify requires a token');
  const now = ctx.now();
  const expired = new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
  const result = await ctx.db.transaction(async (tx) => {
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
      token.length === ctx.config.sms.otpLength &&
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
  return newSession(ctx, (result as { userId: string }).userId, 'otp');
}
