/**
 * CLI of the local server:
 *   tsx local/cli.ts serve [--port N] [--providers N] [--no-seed] [--trust-proxy N] [--test-clock]
 *   tsx local/cli.ts reset [--providers N]
 *   tsx local/cli.ts admin:create --email E --password P
 * Env: PORT, DATABASE_URL, JWT_SECRET, SUPABASE_DATA_DIR, CORS_ORIGINS (comma-separated),
 * TRUST_PROXY, SUPABASE_<KEY PATH> (overrides a key of supabase/config.toml, as the Supabase CLI does).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  DEFAULT_CORS_ORIGINS,
  openDatabase,
  readJwtSecret,
  readServerInfo,
  startLocalSupabase,
  trustedProxiesFrom,
  type ServerInfo,
} from './index.ts';
import { DEFAULT_DATA_DIR } from './paths.ts';
import { migrate } from './migrate.ts';
import { resetDatabase } from './reset.ts';
import { AuthError } from './auth/http.ts';
import { createUserIn } from './auth/users.ts';
import { seedDatabase } from '../seed/seed.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string' },
    providers: { type: 'string' },
    'no-seed': { type: 'boolean' },
    email: { type: 'string' },
    password: { type: 'string' },
    'data-dir': { type: 'string' },
    quiet: { type: 'boolean' },
    'trust-proxy': { type: 'string' },
    'test-clock': { type: 'boolean' },
  },
});

const command = positionals[0] ?? 'serve';
const dataDir = values['data-dir'] ?? process.env.SUPABASE_DATA_DIR ?? DEFAULT_DATA_DIR;
const databaseUrl = process.env.DATABASE_URL || undefined;
const port = Number(values.port ?? process.env.PORT ?? 54321);
const providers = values.providers !== undefined ? Number(values.providers) : undefined;
const corsOrigins = process.env.CORS_ORIGINS
  ? process.env.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  : DEFAULT_CORS_ORIGINS;

function mediaBase(): string {
  return `http://127.0.0.1:${port}`;
}

async function serve(): Promise<void> {
  const server = await startLocalSupabase({
    port,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    seed: values['no-seed'] ? false : { ...(providers !== undefined ? { providers } : {}) },
    corsOrigins,
    ...(values.quiet ? { quiet: true } : {}),
    ...(values['trust-proxy'] !== undefined ? { trustedProxies: trustedProxiesFrom(values['trust-proxy']) } : {}),
    ...(values['test-clock'] ? { testClock: true } : {}),
  });
  const connection = { supabaseUrl: server.url, supabaseAnonKey: server.anonKey };
  writeFileSync(join(dataDir, 'connection.json'), JSON.stringify(connection, null, 2) + '\n');
  console.log(
    `\n  Supabase URL:  ${server.url}\n  anon key:      ${server.anonKey}\n  written to:    ${join(dataDir, 'connection.json')}\n`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[local-supabase] ${signal}: closing the database`);
    server.stop().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function reset(): Promise<void> {
  const t0 = Date.now();
  await resetDatabase({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
  const db = await openDatabase({ dataDir, databaseUrl });
  try {
    await migrate(db, (l) => console.log(l));
    const counts = await seedDatabase(db, { ...(providers !== undefined ? { providers } : {}), mediaBaseUrl: mediaBase() });
    console.log(`seeded ${JSON.stringify(counts)} in ${Date.now() - t0} ms`);
  } finally {
    await db.close();
  }
}

function runningServer(): ServerInfo | null {
  const info = readServerInfo(dataDir);
  if (!info) return null;
  try {
    process.kill(info.pid, 0); // still alive?
    return info;
  } catch {
    return null;
  }
}

async function adminCreate(): Promise<void> {
  const email = values.email;
  const password = values.password;
  if (!email || !password) {
    console.error('usage: npm run admin:create -- --email admin@example.com --password "a long password"');
    process.exit(2);
  }
  const body = { email, password, email_confirm: true, app_metadata: { role: 'admin' } };
  const server = runningServer();
  if (server && !databaseUrl) {
    // The running server holds the PGlite folder: go through its GoTrue admin API.
    const headers = { apikey: server.serviceRoleKey, Authorization: `Bearer ${server.serviceRoleKey}`, 'Content-Type': 'application/json' };
    let res = await fetch(`${server.url}/auth/v1/admin/users`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (res.status === 422) {
      const list = (await (await fetch(`${server.url}/auth/v1/admin/users`, { headers })).json()) as {
        users: { id: string; email: string }[];
      };
      const user = list.users.find((u) => u.email === email.toLowerCase());
      if (user) {
        res = await fetch(`${server.url}/auth/v1/admin/users/${user.id}`, { method: 'PUT', headers, body: JSON.stringify(body) });
      }
    }
    if (!res.ok) {
      console.error(`admin:create failed: ${res.status} ${await res.text()}`);
      process.exit(1);
    }
    console.log(`admin ${email} ready (through the running server at ${server.url})`);
    return;
  }
  readJwtSecret(dataDir);
  const db = await openDatabase({ dataDir, databaseUrl });
  try {
    // A brand-new database gets the demo data too, as `serve` would have done.
    const { fresh } = await migrate(db);
    if (fresh) await seedDatabase(db, { mediaBaseUrl: mediaBase() });
    try {
      await createUserIn(db, body);
    } catch (e) {
      if (!(e instanceof AuthError && e.code === 'email_exists')) throw e;
      const { hashPassword } = await import('./auth/users.ts');
      await db.query(
        `update auth.users set encrypted_password = $2, raw_app_meta_data = raw_app_meta_data || '{"role":"admin"}'::jsonb,
                email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where lower(email) = lower($1)`,
        [email, await hashPassword(password)],
      );
    }
    console.log(`admin ${email} ready`);
  } finally {
    await db.close();
  }
}

mkdirSync(dataDir, { recursive: true });
const commands: Record<string, () => Promise<void>> = { serve, reset, 'admin:create': adminCreate };
const run = commands[command];
if (!run) {
  console.error(`unknown command ${command}: use serve, reset or admin:create`);
  process.exit(2);
}
run().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
