/** Drops everything the local server created, so migrations and seed start over. */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { acquireLock } from './db/lock-file.ts';
import { openPostgres } from './db/postgres.ts';

export async function resetDatabase(opts: { dataDir: string; databaseUrl?: string }): Promise<void> {
  if (!opts.databaseUrl) {
    const release = acquireLock(opts.dataDir); // refuses while a server holds the folder
    try {
      rmSync(join(opts.dataDir, 'pgdata'), { recursive: true, force: true });
    } finally {
      release();
    }
    return;
  }
  const db = await openPostgres(opts.databaseUrl, 1);
  try {
    await db.exec(`
      drop schema if exists public cascade;
      drop schema if exists private cascade;
      drop schema if exists auth cascade;
      drop schema if exists supabase_migrations cascade;
      drop extension if exists pg_trgm;
      create schema public;
      grant usage on schema public to public;
    `);
  } finally {
    await db.close();
  }
}
