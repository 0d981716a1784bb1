/** Shared by the backend tests: clients for each role, raw HTTP, fixtures. */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { mobileE164 } from '@city/shared/validation/phone';
import { isVerhoeffValid, verhoeffCheckDigit } from '@city/shared/validation/verhoeff';
import { phoneToken } from '../bench/write-load-core';
import type { TestServer } from './global-setup';

export function server(): TestServer {
  const raw = process.env.TEST_SUPABASE;
  if (!raw) throw new Error('TEST_SUPABASE is not set: run the tests through jest (global setup starts the server)');
  return JSON.parse(raw) as TestServer;
}

const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
} as const;

export function anonClient(): SupabaseClient {
  const s = server();
  return createClient(s.url, s.anonKey, clientOptions);
}

export function serviceClient(): SupabaseClient {
  const s = server();
  return createClient(s.url, s.serviceRoleKey, clientOptions);
}

let adminClient: Promise<SupabaseClient> | undefined;

/** One signed-in admin client per test file (sign-in costs a bcrypt check). */
export function sharedAdmin(): Promise<SupabaseClient> {
  adminClient ??= signedInClient('admin');
  return adminClient;
}

export async function signedInClient(who: 'admin' | 'user'): Promise<SupabaseClient> {
  const s = server();
  const client = createClient(s.url, s.anonKey, clientOptions);
  const { error } = await client.auth.signInWithPassword(s[who]);
  if (error) throw error;
  return client;
}

/** A device's secret token as the app makes it: 32 base64url characters (the server takes 22 to 64). */
export function deviceToken(): string {
  return randomBytes(24).toString('base64url');
}

/** What the database keeps of a device token (service_ratings.device_hash): its sha256 in hex. */
export function deviceHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

// ------------------------------------------------------------ Aadhaar numbers

/** UIDAI's format, as the database checks it: 12 digits, the first 2-9, the last a Verhoeff check digit. */
export function isValidAadhaar(s: string): boolean {
  return /^[2-9][0-9]{11}$/.test(s) && isVerhoeffValid(s);
}

/**
 * A valid Aadhaar number ending in the given four digits (so a masked `XXXX-XXXX-1234`
 * can be asserted): the first eight digits are counted up from `from` until the check
 * digit comes out right (any one digit changed changes it, so within ten steps).
 */
export function aadhaarEndingIn(lastFour: string, from = 23456780): string {
  if (!/^[0-9]{4}$/.test(lastFour)) throw new Error(`four digits expected: ${lastFour}`);
  for (let n = from; n < from + 100; n++) {
    const eleven = `${n}${lastFour.slice(0, 3)}`;
    if (String(verhoeffCheckDigit(eleven)) === lastFour[3]) return `${eleven}${lastFour[3]}`;
  }
  throw new Error(`no valid Aadhaar number ending in ${lastFour} from ${from}`);
}

/** A random valid Aadhaar number. */
export function validAadhaar(): string {
  const eleven = `${2 + Math.floor(Math.random() * 8)}${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  return `${eleven}${verhoeffCheckDigit(eleven)}`;
}

/**
 * A valid registration for register_provider. The listing's mobile is the signed-in phone's
 * (createProvider signs in as a new random mobile unless given one).
 */
export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    p_name: 'टेस्ट प्रोवाइडर',
    p_business_name: 'Test Plumbing Works',
    p_category: '🔧 प्लंबर',
    p_specialist_in: 'Bathroom fitting',
    p_aadhaar: null,
    p_experience: 5,
    // Not a place search-queries.test.ts asks for: dozens of test listings in one place make it
    // a word most listings have, which search then drops beside other words.
    p_address: 'H.No. 12, Test Nagar, Sitapur 261001',
    ...overrides,
  };
}

/**
 * Registers a provider as a signed-in phone (a new random mobile unless given) and, unless
 * asked not to, approves it as admin. `mobile` is the listing's 10 digits.
 */
export async function createProvider(
  opts: { approve?: boolean; overrides?: Record<string, unknown>; mobile?: string } = {},
): Promise<{ id: string; input: Record<string, unknown>; mobile: string }> {
  const input = registration(opts.overrides);
  const mobile = opts.mobile ?? randomMobile();
  const { data, error } = await phoneJwtClient(mobile).rpc('register_provider', input);
  if (error) throw new Error(`register_provider failed: ${JSON.stringify(error)}`);
  const id = data as string;
  if (opts.approve !== false) {
    const admin = await sharedAdmin();
    const res = await admin.rpc('admin_set_provider_status', { p_provider_id: id, p_status: 'approved' });
    if (res.error) throw new Error(`approve failed: ${JSON.stringify(res.error)}`);
  }
  return { id, input, mobile };
}

/** Raw request to the server (for protocol-level checks). */
export async function raw(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; key?: string; token?: string } = {},
): Promise<{ status: number; headers: Headers; text: string; json: unknown }> {
  const s = server();
  const key = init.key ?? s.anonKey;
  const res = await fetch(`${s.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      apikey: key,
      Authorization: `Bearer ${init.token ?? key}`,
      ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...init.headers,
    },
    ...(init.body !== undefined ? { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** HS256 JWT signed with any secret (for forged / expired token probes). */
export function signJwt(
  payload: Record<string, unknown>,
  secret: string,
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = b64(header);
  const body = b64(payload);
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

// ------------------------------------------------------------ phone sign-in

/** The codes the server "sent" (its data folder's sms-outbox.jsonl), oldest first. */
export function outbox(dataDir = server().dataDir): { phone: string; code: string; sent_at: string }[] {
  const file = join(dataDir, 'sms-outbox.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as { phone: string; code: string; sent_at: string });
}

/** The last code sent to a number (E.164 digits, e.g. 919876543210). */
export function lastCode(phone: string, dataDir = server().dataDir): string {
  const line = outbox(dataDir)
    .filter((l) => l.phone === phone)
    .at(-1);
  if (!line) throw new Error(`no code in the outbox for ${phone}`);
  return line.code;
}

/** A random mobile number as stored (10 digits, 6-9 first). */
export function randomMobile(): string {
  return `${6 + Math.floor(Math.random() * 4)}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/**
 * A client signed in by phone and one-time code (read from the outbox), as the app does it: the
 * app sends GoTrue `+91` and the 10 digits (mobileE164), which GoTrue stores as `91…`.
 */
export async function phoneClient(mobile: string): Promise<SupabaseClient> {
  const client = anonClient();
  const sent = await client.auth.signInWithOtp({ phone: mobileE164(mobile) });
  if (sent.error) throw sent.error;
  const { error } = await client.auth.verifyOtp({ phone: mobileE164(mobile), token: lastCode(`91${mobile}`), type: 'sms' });
  if (error) throw error;
  return client;
}

/**
 * A client whose JWT carries a phone claim, signed with the server's secret exactly as GoTrue
 * signs one after a code is verified. For tests of the SQL rules that need many different
 * phones; the code step itself is tested in phone-otp.test.ts (and its limits would refuse
 * hundreds of codes, as GoTrue's do).
 */
export function phoneJwtClient(mobile: string): SupabaseClient {
  const s = server();
  return createClient(s.url, s.anonKey, {
    ...clientOptions,
    global: { headers: { Authorization: `Bearer ${phoneJwt(mobile)}` } },
  });
}

/** The access token phoneJwtClient sends (for raw requests as that phone). */
export function phoneJwt(mobile: string): string {
  return phoneToken(server().jwtSecret, mobile);
}
