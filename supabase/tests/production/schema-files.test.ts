/**
 * supabase/schemas/ (the current rules, one file per table or feature) and supabase/migrations/
 * (the history) must build the same database. This builds a second database from platform.sql +
 * the schema files in config.toml's [db.migrations] schema_paths order and compares its catalog
 * with the migrated template's: tables, columns, constraints, indexes, RLS, policies, grants,
 * functions, triggers, views, sequences, types, extensions. On a difference it prints the object
 * and both definitions; the migrations' side is what the schema file should say.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { describeDifferences, disagreement, readCatalog, schemaPaths, SUPABASE_DIR } from './schema-catalog';
import { withDatabase } from './template';

async function catalog(url: string): Promise<Map<string, string>> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await readCatalog((sql) => c.query<{ k: string; v: string | null }>(sql));
  } finally {
    await c.end();
  }
}

async function buildFromSchemaFiles(adminUrl: string, name: string): Promise<void> {
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
    // Each file on its own, in order, with the server's defaults (function bodies checked).
    for (const file of schemaPaths()) {
      try {
        await db.query(readFileSync(join(SUPABASE_DIR, file), 'utf8'));
      } catch (e) {
        throw new Error(`schema file ${file} failed: ${(e as Error).message}`, { cause: e });
      }
    }
  } finally {
    await db.end();
  }
}

const adminUrl = process.env.PROD_PG_URL!;
const template = process.env.PROD_PG_TEMPLATE!;
const built = `schema_files_${process.pid}`;
// PROD_MIGRATIONS_UPTO builds an older database on purpose: nothing to compare then.
const run = process.env.PROD_MIGRATIONS_UPTO ? test.skip : test;

afterAll(async () => {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${built}"`);
  } finally {
    await admin.end();
  }
});

run('the schema files build the same catalog as the migrations in order', async () => {
  await buildFromSchemaFiles(adminUrl, built);
  const fromMigrations = await catalog(withDatabase(adminUrl, template));
  const fromSchemas = await catalog(withDatabase(adminUrl, built));
  // Sanity: the comparison sees the objects it is about.
  expect(fromMigrations.get('table public.service_ratings')).toMatch(/rls true/);
  expect([...fromMigrations.keys()].filter((k) => k.startsWith('function ')).length).toBeGreaterThan(50);
  const diffs = describeDifferences(fromMigrations, fromSchemas);
  if (diffs.length > 0) {
    throw new Error(disagreement(diffs));
  }
});
