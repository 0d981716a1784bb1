/**
 * Starts the local server in a child process with a fresh data folder (PGlite),
 * or against DATABASE_URL, seeds it, creates an admin and a non-admin user, and
 * hands the connection to the tests through TEST_SUPABASE (JSON in the env).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readServerInfo } from '../local/server-info';
import { freePort } from './free-port';

export interface TestServer {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  dataDir: string;
  db: 'pglite' | 'postgres';
  admin: { email: string; password: string };
  user: { email: string; password: string };
}

declare global {
  var __CITY_SERVER__: ChildProcess | undefined;
}

const PACKAGE_DIR = resolve(__dirname, '..');

/**
 * supabase/config.toml's GoTrue limits lifted for the shared suite server (the Supabase CLI's
 * SUPABASE_<KEY> overrides): every test signs phones in from one address, and some sign one
 * number in twice within a minute.
 */
export const SUITE_AUTH_CONFIG: Record<string, string> = {
  SUPABASE_AUTH_RATE_LIMIT_SMS_SENT: '1000000',
  SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000000',
  SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '1000000',
  SUPABASE_AUTH_RATE_LIMIT_TOKEN_REFRESH: '1000000',
  SUPABASE_AUTH_SMS_MAX_FREQUENCY: '0s',
};

export default async function globalSetup(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'city-supabase-test-'));
  const port = String(await freePort());
  const jwtSecret = `test-secret-${Math.random().toString(36).slice(2)}-${Date.now()}-padding-padding`;
  if (process.env.DATABASE_URL) {
    // A PostgreSQL run: start from an empty schema (the database must be a throw-away one).
    const reset = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(PACKAGE_DIR, 'local', 'cli.ts'), 'reset', '--port', port, '--data-dir', dataDir],
      { cwd: PACKAGE_DIR, env: { ...process.env, JWT_SECRET: jwtSecret }, encoding: 'utf8' },
    );
    if (reset.status !== 0) throw new Error(`db reset failed:\n${reset.stdout}\n${reset.stderr}`);
  }
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(PACKAGE_DIR, 'local', 'cli.ts'),
      'serve',
      '--port',
      port,
      '--data-dir',
      dataDir,
      '--quiet',
      // The suite writes and signs in a lot from 127.0.0.1: limits on (same code path), but far
      // above the defaults. tests/rate-limit.test.ts, tests/limits-attack.test.ts and
      // tests/phone-otp.test.ts check the limits on servers of their own.
      '--rate-limits',
      'registrations=100000/60,reviews=100000/60,ratings=100000/60,clicks=100000/60,reports=100000/60',
    ],
    {
      cwd: PACKAGE_DIR,
      env: { ...process.env, JWT_SECRET: jwtSecret, ...SUITE_AUTH_CONFIG },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  globalThis.__CITY_SERVER__ = child;
  const deadline = Date.now() + 180_000;
  while (!existsSync(join(dataDir, 'connection.json'))) {
    if (child.exitCode !== null) throw new Error(`local server exited (${child.exitCode}):\n${log}`);
    if (Date.now() > deadline) throw new Error(`local server did not start in time:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const info = readServerInfo(dataDir);
  if (!info) throw new Error(`local server wrote no server.json:\n${log}`);
  const admin = { email: 'admin@test.local', password: 'admin-password-123' };
  const user = { email: 'plain.user@test.local', password: 'user-password-123' };
  for (const [who, appMeta] of [
    [admin, { role: 'admin' }],
    [user, {}],
  ] as const) {
    const res = await fetch(`${info.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: {
        apikey: info.serviceRoleKey,
        Authorization: `Bearer ${info.serviceRoleKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ ...who, email_confirm: true, app_metadata: appMeta }),
    });
    if (!res.ok) throw new Error(`could not create ${who.email}: ${res.status} ${await res.text()}`);
  }
  const server: TestServer = {
    ...info,
    jwtSecret,
    dataDir,
    db: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    admin,
    user,
  };
  process.env.TEST_SUPABASE = JSON.stringify(server);
}
