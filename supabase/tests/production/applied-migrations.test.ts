/**
 * Migration 0014: public.applied_migrations(), for `npm run check:deploy`. The anon key may
 * call it, the way PostgREST does, and it answers only each applied migration's version and
 * name: the repo's files, in order.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { anonClaims, openProductionDb, type ProductionDb } from './db';

let db: ProductionDb;
beforeAll(async () => {
  db = await openProductionDb();
});
afterAll(async () => {
  await db?.close();
});

const repoMigrations = readdirSync(join(__dirname, '..', '..', 'migrations'))
  .map((f) => /^([0-9]+)_(.+)\.sql$/.exec(f))
  .filter((m): m is RegExpExecArray => m !== null)
  .map((m) => ({ version: m[1]!, name: m[2]! }))
  .sort((a, b) => a.version.localeCompare(b.version));

test.each(['POST', 'GET'] as const)(
  'anon calls it by %s and gets only the versions and names of the migrations applied',
  async (method) => {
    const r = await db.callAsPostgrest({ role: 'anon', claims: anonClaims(), fn: 'applied_migrations', method });
    expect(r.status).toBe(200);
    const rows = r.body as Record<string, unknown>[];
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['name', 'version']);
    const upTo = process.env.PROD_MIGRATIONS_UPTO;
    expect(rows).toEqual(repoMigrations.filter((m) => !upTo || m.version <= upTo));
  },
);

test('anon cannot read the migrations table itself (whatever else it keeps)', async () => {
  const r = await db.api.withRequest({ role: 'anon', claims: anonClaims() }, (c) =>
    c.query('select * from supabase_migrations.schema_migrations'),
  );
  expect(r.ok).toBe(false);
});
