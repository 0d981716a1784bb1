/** Applies local/platform.sql (Supabase platform emulation) and then every
 * migrations/*.sql not yet recorded in supabase_migrations.schema_migrations. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './db/types.ts';
import { MIGRATIONS_DIR, PLATFORM_SQL } from './paths.ts';

export interface MigrationResult {
  /** True when the database had never been migrated before this call. */
  fresh: boolean;
  applied: string[];
}

export function listMigrations(dir = MIGRATIONS_DIR): { version: string; name: string; file: string }[] {
  return readdirSync(dir)
    .filter((f) => /^[0-9]+_.+\.sql$/.test(f))
    .sort()
    .map((f) => {
      const m = /^([0-9]+)_(.+)\.sql$/.exec(f)!;
      return { version: m[1]!, name: m[2]!, file: join(dir, f) };
    });
}

export async function migrate(db: Db, log: (line: string) => void = () => {}): Promise<MigrationResult> {
  const existing = await db.query<{ t: string | null }>("select to_regclass('supabase_migrations.schema_migrations')::text as t");
  const fresh = existing.rows[0]?.t == null;
  await db.transaction(async (tx) => {
    await tx.exec(readFileSync(PLATFORM_SQL, 'utf8'));
  });
  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
  );
  const applied: string[] = [];
  for (const m of listMigrations()) {
    if (done.has(m.version)) continue;
    const sql = readFileSync(m.file, 'utf8');
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
      });
    } catch (e) {
      throw new Error(`migration ${m.version}_${m.name}.sql failed: ${(e as Error).message}`, { cause: e });
    }
    applied.push(`${m.version}_${m.name}`);
    log(`applied migration ${m.version}_${m.name}.sql`);
  }
  return { fresh, applied };
}
