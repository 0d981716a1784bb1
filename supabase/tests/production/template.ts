/**
 * A database as a Supabase project has it after `supabase db push`: platform.sql (what every
 * project already has: roles, auth schema, default privileges), Supabase's role settings,
 * then every supabase/migrations/*.sql in order, each in its own transaction, with plain `pg`.
 * No code of supabase/local/ is used (platform.sql is SQL).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';

const SUPABASE_DIR = resolve(__dirname, '..', '..');
export const AUTHENTICATOR_PASSWORD = 'authenticator-test-only';

export function withDatabase(url: string, database: string, user?: string, password?: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  if (user) u.username = user;
  if (password) u.password = password;
  return u.toString();
}

export async function createTemplate(adminUrl: string, name: string): Promise<void> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}"`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const db = new Client({ connectionString: withDatabase(adminUrl, name) });
  await db.connect();
  try {
    await db.query(readFileSync(join(SUPABASE_DIR, 'local', 'platform.sql'), 'utf8'));
    // Supabase's own role settings (its roles.sql): PostgREST applies them per request.
    await db.query(`alter role anon set statement_timeout = '3s';
                    alter role authenticated set statement_timeout = '8s';
                    alter role authenticator set statement_timeout = '8s'`);
    const dir = join(SUPABASE_DIR, 'migrations');
    // PROD_MIGRATIONS_UPTO=0010: stop there (to see each attack succeed before a migration).
    const upTo = process.env.PROD_MIGRATIONS_UPTO;
    const files = readdirSync(dir)
      .filter((f) => /^[0-9]+_.+\.sql$/.test(f))
      .sort()
      .filter((f) => !upTo || f.split('_')[0]! <= upTo);
    for (const file of files) {
      const [, version, label] = /^([0-9]+)_(.+)\.sql$/.exec(file)!;
      await db.query('begin');
      try {
        await db.query(readFileSync(join(dir, file), 'utf8'));
        await db.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [version, label]);
        await db.query('commit');
      } catch (e) {
        await db.query('rollback');
        throw new Error(`migration ${file} failed: ${(e as Error).message}`, { cause: e });
      }
    }
    // On Supabase the API gateway's PostgREST logs in as authenticator (test database only).
    await db.query(`alter role authenticator login password '${AUTHENTICATOR_PASSWORD}'`);
  } finally {
    await db.end();
  }
}
