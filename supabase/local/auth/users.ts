/** The user store: auth.users rows, as GoTrue reads, writes and answers them, and password hashes. */
import bcrypt from 'bcryptjs';
import type { Db, Tx } from '../db/types.ts';
import { AuthError } from './http.ts';

export interface UserRow {
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

export const USER_COLUMNS = `id::text, aud, role, email, phone, encrypted_password,
  to_char(phone_confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as phone_confirmed_at,
  to_char(email_confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as email_confirmed_at,
  to_char(last_sign_in_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as last_sign_in_at,
  raw_app_meta_data::text as raw_app_meta_data, raw_user_meta_data::text as raw_user_meta_data,
  (banned_until is not null and banned_until > now())::text as banned_until, is_anonymous,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
  to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at`;

export function meta(v: UserRow['raw_app_meta_data']): Record<string, unknown> {
  if (v === null) return {};
  if (typeof v === 'string') return JSON.parse(v) as Record<string, unknown>;
  return v;
}

export function appMetadata(u: UserRow): Record<string, unknown> {
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
export const DUMMY_HASH = '$2a$10$UuWaAn34WZ4hbcZvh8Eu1.6PdOsKlIdAxx3KEMIJ5.X.88mPBO4Jq';

export async function userByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const r = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where phone = $1`, [phone]);
  return r.rows[0];
}

/** An unconfirmed phone user, as GoTrue's sign-up leaves it until the code is verified. */
export async function newPhoneUser(db: Db, phone: string, passwordHash: string | null): Promise<UserRow> {
  const r = await db.query<UserRow>(
    `insert into auth.users (phone, encrypted_password, raw_app_meta_data)
     values ($1, $2, '{"provider":"phone","providers":["phone"]}'::jsonb)
     on conflict (phone) do update set updated_at = auth.users.updated_at
     returning ${USER_COLUMNS}`,
    [phone, passwordHash],
  );
  return r.rows[0]!;
}

export async function userById(db: Db, id: string): Promise<UserRow> {
  const r = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  if (!r.rows[0]) throw new AuthError(404, 'user_not_found', 'User not found');
  return r.rows[0];
}

export async function updateUser(db: Db, id: string, body: Record<string, unknown>, asAdmin: boolean): Promise<UserRow> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  if (typeof body.email === 'string' && body.email.trim() !== '') {
    const email = body.email.trim().toLowerCase();
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
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
      await db.query(`update auth.users set ${sets.join(', ')}, updated_at = now() where id = $1`, params);
    } catch (e) {
      if ((e as { code?: string }).code === '23505') {
        throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
      }
      throw e;
    }
  }
  return userById(db, id);
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
