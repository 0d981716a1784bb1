/**
 * supabase/schemas/ on PGlite (what the local server runs): the schema files build the same
 * catalog as the migrations there too. The PostgreSQL 15 check, and why, is
 * tests/production/schema-files.test.ts; this one runs in the PGlite pass (SKIP_PG=1 too).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describeDifferences, disagreement } from './production/schema-catalog';

test('on PGlite, the schema files build the same catalog as the migrations in order', () => {
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, 'fixtures', 'schema-catalog-pglite.ts')], {
    cwd: join(__dirname, '..'),
    encoding: 'utf8',
    timeout: 170_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`fixture failed: ${child.stderr}`);
  const out = JSON.parse(child.stdout) as { migrations: [string, string][]; schemas: [string, string][] };
  const fromMigrations = new Map(out.migrations);
  expect(fromMigrations.get('table public.service_ratings')).toMatch(/rls true/);
  const diffs = describeDifferences(fromMigrations, new Map(out.schemas));
  if (diffs.length > 0) throw new Error(disagreement(diffs));
}, 180_000);
