/**
 * One database per test file (a clone of the migrated template), two ways in:
 *  - `api`: PostgREST's way (as authenticator, role switched per request; see postgrest.ts);
 *  - `su`: a superuser, for the test's own setup (approved providers) and for reading what
 *    was stored. Never used for an attacker's call.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Client, Pool } from 'pg';
import { PostgrestEmulator, type PostgrestResult, type RpcCall } from './postgrest';
import { AUTHENTICATOR_PASSWORD, withDatabase } from './template';

export interface ProductionDb {
  api: PostgrestEmulator;
  /** PostgREST's POST /rpc/<fn>. */
  callAsPostgrest(call: RpcCall): Promise<PostgrestResult>;
  su: Pool;
  close(): Promise<void>;
}

export async function openProductionDb(): Promise<ProductionDb> {
  const url = process.env.PROD_PG_URL;
  const template = process.env.PROD_PG_TEMPLATE;
  if (!url || !template) throw new Error('PROD_PG_URL / PROD_PG_TEMPLATE missing: run with tests/production/jest.config.cjs');
  const name = `prod_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const su = new Pool({ connectionString: withDatabase(url, name), max: 2 });
  const pool = new Pool({ connectionString: withDatabase(url, name, 'authenticator', AUTHENTICATOR_PASSWORD), max: 8 });
  // An idle connection ended by the server is dropped from the pool, not a crash of the test.
  for (const p of [su, pool]) p.on('error', () => {});
  const who = await pool.query<{ current_user: string; rolsuper: boolean; rolbypassrls: boolean }>(
    'select current_user, r.rolsuper, r.rolbypassrls from pg_roles r where r.rolname = current_user',
  );
  const me = who.rows[0]!;
  if (me.current_user !== 'authenticator' || me.rolsuper || me.rolbypassrls) {
    throw new Error(`the API connection must be authenticator without superuser/bypassrls, got ${JSON.stringify(me)}`);
  }
  const api = new PostgrestEmulator(pool);
  return {
    api,
    callAsPostgrest: (call) => api.call(call),
    su,
    async close() {
      await pool.end();
      await su.end();
      const a = new Client({ connectionString: url });
      await a.connect();
      try {
        // Not WITH (FORCE): a connection still closing would be terminated under the next file.
        await a.query(`drop database if exists "${name}"`);
      } catch {
        /* still in use: the throw-away cluster goes with it */
      } finally {
        await a.end();
      }
    },
  };
}

// ---------------------------------------------------------------- who calls

/** The anon key's payload (every browser request carries it). */
export function anonClaims(): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return { iss: 'supabase', ref: 'prodtest', role: 'anon', iat: now - 60, exp: now + 3600 * 24 * 365 };
}

/** A GoTrue session after phone OTP: payload of its access token. */
export function phoneClaims(mobile: string, sub: string = uuidForMobile(mobile)): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    aud: 'authenticated',
    exp: now + 3600,
    iat: now,
    iss: 'https://prodtest.supabase.co/auth/v1',
    sub,
    email: '',
    phone: `91${mobile}`,
    app_metadata: { provider: 'phone', providers: ['phone'] },
    user_metadata: {},
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'otp', timestamp: now }],
    session_id: randomUUID(),
    is_anonymous: false,
  };
}

export function uuidForMobile(mobile: string): string {
  const h = Buffer.from(mobile.padStart(16, '0')).toString('hex').slice(0, 32).padEnd(32, '0');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** GoTrue's users for these phones (phone confirmed), so the claims' sub exists as on Supabase. */
export async function signUpPhones(su: Pool, mobiles: string[]): Promise<void> {
  for (let i = 0; i < mobiles.length; i += 500) {
    const chunk = mobiles.slice(i, i + 500);
    await su.query(
      `insert into auth.users (id, aud, role, phone, phone_confirmed_at)
       select x.id::uuid, 'authenticated', 'authenticated', x.phone, now()
         from unnest($1::text[], $2::text[]) as x(id, phone)
       on conflict do nothing`,
      [chunk.map((m) => uuidForMobile(m)), chunk.map((m) => `91${m}`)],
    );
  }
}

let mobileSeq = 0;
/** A mobile number no other test of this process uses (10 digits, starting 6-9). */
export function freshMobile(): string {
  mobileSeq += 1;
  return `7${String(process.pid % 1000).padStart(3, '0')}${String(mobileSeq).padStart(6, '0')}`;
}

export function freshDeviceToken(): string {
  return randomBytes(16).toString('base64url');
}

let addressSeq = 0;
/** A client address no other test of this process uses (carrier-grade NAT range). */
export function freshAddress(): string {
  addressSeq += 1;
  return `100.${64 + (process.pid % 64)}.${Math.floor(addressSeq / 250) % 250}.${(addressSeq % 250) + 1}`;
}

/** What reaches PostgREST behind Cloudflare: cf-connecting-ip set by the edge, x-forwarded-for appended to. */
export function edgeHeaders(address: string, forgedFirst?: string): Record<string, string> {
  return {
    'cf-connecting-ip': address,
    'x-forwarded-for': forgedFirst ? `${forgedFirst}, ${address}` : address,
  };
}

// ---------------------------------------------------------------- setup data

export interface Provider {
  id: string;
  name: string;
  mobile: string;
  category: string;
}

let categoryCache: string | null = null;
export async function aCategory(su: Pool): Promise<string> {
  categoryCache ??= (
    await su.query<{ stored_value: string }>('select stored_value from public.service_categories order by sort_order, stored_value limit 1')
  ).rows[0]!.stored_value;
  return categoryCache;
}

/** An approved listing, written by the superuser (as the operator's approval would leave it). */
export async function approvedProvider(su: Pool, overrides: Partial<Omit<Provider, 'id'>> = {}): Promise<Provider> {
  const category = overrides.category ?? (await aCategory(su));
  const mobile = overrides.mobile ?? freshMobile();
  const name = overrides.name ?? `Provider ${randomBytes(4).toString('hex')}`;
  const r = await su.query<{ id: string }>(
    `insert into public.service_providers (name, mobile, category, experience, address, status)
     values ($1, $2, $3, 5, 'Station Road', 'approved') returning id`,
    [name, mobile, category],
  );
  return { id: r.rows[0]!.id, name, mobile, category };
}

/** Runs `count` tasks, `concurrency` at a time (an attacker's parallel requests). */
export async function attack<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      out[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return out;
}

/** How many results had each status/code, e.g. { "204": 30, "429 PT429": 970 }. */
export function tally(results: PostgrestResult[]): Record<string, number> {
  const t: Record<string, number> = {};
  for (const r of results) {
    const k = r.code ? `${r.status} ${r.code}` : String(r.status);
    t[k] = (t[k] ?? 0) + 1;
  }
  return t;
}

/**
 * The arguments an attacker sends: the app's arguments, plus the old ones (p_mobile,
 * p_device_token) when the function PostgREST would call still takes them. So each attack
 * uses the API as published, before and after a migration changes it.
 */
export async function asPublished(
  db: ProductionDb,
  fn: string,
  args: Record<string, unknown>,
  legacy: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const sigs = await db.api.signatures(fn);
  const out = { ...args };
  for (const [k, v] of Object.entries(legacy)) {
    if (sigs.some((s) => s.includes(k))) out[k] = v;
  }
  return out;
}

export async function timed<T>(f: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await f();
  return { value, ms: performance.now() - t0 };
}

/** One line of figures per attack, in the test output (for docs/reliability.md). */
export function figures(label: string, data: Record<string, unknown>): void {
  process.stdout.write(`[figures] ${label}: ${JSON.stringify(data)}\n`);
}
