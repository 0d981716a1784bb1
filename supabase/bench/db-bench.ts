/**
 * Database time of the directory's list and search (not a test): search_providers called as
 * role `anon` with anon claims, inside the database, on PGlite and on PostgreSQL 15, with
 * --providers providers of the demo seed. No HTTP, no JSON: what is left is Postgres.
 *
 *   npm run bench:db -w @city/supabase -- [--providers 50000] [--iterations 200] [--only pglite|pg]
 *
 * PGlite: a throw-away in-memory database. PostgreSQL: a throw-away cluster (PG_BIN, default
 * the Debian PostgreSQL 15 binaries), skipped when there are none. Prints p50 / p99 / max per
 * kind of call and per search query; the budget is 50 ms p99.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openPgliteInProcess } from '../local/db/pglite.ts';
import { openPostgres } from '../local/db/postgres.ts';
import type { Db } from '../local/db/types.ts';
import { migrate } from '../local/migrate.ts';
import { seedDatabase } from '../seed/seed.ts';
import { DEFAULT_PG_BIN, startCluster } from '../scripts/pg-cluster.mjs';

const { values } = parseArgs({
  options: {
    providers: { type: 'string', default: '50000' },
    iterations: { type: 'string', default: '200' },
    only: { type: 'string' },
  },
});
const PROVIDERS = Number(values.providers);
const ITERATIONS = Number(values.iterations);
const BUDGET_MS = 50;

/** The directory's own bench queries (scripts/bench/db-time.ts) and issue 27's. */
const SEARCH_QUERIES = [
  'plumber',
  'plambar',
  'प्लंबर',
  'बिजली',
  'sharma',
  'ac repair',
  'tutor',
  '98',
  'parlour',
  'राम',
  'carpenter',
  'Harjeet',
  'हरजीत',
  'Lalbagh',
  'लालबाग',
  'Maa Durga',
  'Sitapur Plumber Centre',
  'light mistri',
  'nal mistri',
  'Lalbagh plumber',
];

interface Timing {
  name: string;
  p50: number;
  p99: number;
  max: number;
}

function summarise(name: string, times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
  return { name, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? Number.NaN };
}

async function measure(db: Db, label: string): Promise<boolean> {
  const cats = (
    await db.query<{ stored_value: string }>('select stored_value from public.service_categories order by sort_order')
  ).rows.map((r) => r.stored_value);
  const run = (sql: string, params: unknown[]) =>
    db.transaction(async (tx) => {
      await tx.exec(`set local role anon; select set_config('request.jwt.claims', '{"role":"anon"}', true);`);
      const t0 = performance.now();
      await tx.query(sql, params);
      return performance.now() - t0;
    });
  const list = 'select * from public.search_providers(p_category => $1, p_sort => $2, p_limit => 20, p_offset => $3)';
  const search = 'select * from public.search_providers(p_query => $1, p_sort => $2, p_limit => 20)';
  for (let i = 0; i < 20; i += 1) {
    await run(list, [cats[i % cats.length], 'rating_desc', 0]);
    await run(search, [SEARCH_QUERIES[i % SEARCH_QUERIES.length], 'rating_desc']);
  }
  const listTimes: number[] = [];
  const deepTimes: number[] = [];
  const searchTimes: number[] = [];
  const perQuery = new Map<string, number[]>();
  for (let i = 0; i < ITERATIONS; i += 1) {
    const sort = i % 2 ? 'newly_added' : 'rating_desc';
    listTimes.push(await run(list, [cats[i % cats.length], sort, 0]));
    deepTimes.push(await run(list, [cats[i % cats.length], 'rating_desc', 100 + (i % 5) * 20]));
    const q = SEARCH_QUERIES[i % SEARCH_QUERIES.length]!;
    const ms = await run(search, [q, sort]);
    searchTimes.push(ms);
    perQuery.set(q, [...(perQuery.get(q) ?? []), ms]);
  }
  const rows = [
    summarise('list, first page', listTimes),
    summarise('list, offset 100-180', deepTimes),
    summarise(`search (${SEARCH_QUERIES.length} queries)`, searchTimes),
    ...[...perQuery].map(([q, t]) => summarise(`  "${q}"`, t)),
  ];
  console.log(`\n${label}: ${PROVIDERS} providers, ${ITERATIONS} iterations (ms)`);
  console.log(`${'call'.padEnd(36)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}`);
  for (const r of rows) {
    console.log(`${r.name.padEnd(36)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${r.max.toFixed(1).padStart(7)}`);
  }
  const ok = rows.slice(0, 3).every((r) => r.p99 < BUDGET_MS);
  console.log(`${label}: list and search p99 ${ok ? 'within' : 'OVER'} the ${BUDGET_MS} ms budget`);
  return ok;
}

async function prepare(db: Db, label: string): Promise<void> {
  const t0 = Date.now();
  await migrate(db);
  await seedDatabase(db, { providers: PROVIDERS });
  console.log(`${label}: migrated and seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

async function main(): Promise<void> {
  let ok = true;
  if (!values.only || values.only === 'pglite') {
    const db = await openPgliteInProcess();
    try {
      await prepare(db, 'PGlite');
      ok = (await measure(db, 'PGlite')) && ok;
    } finally {
      await db.close();
    }
  }
  if (!values.only || values.only === 'pg') {
    const pgBin = process.env.PG_BIN ?? DEFAULT_PG_BIN;
    if (!existsSync(join(pgBin, 'initdb'))) {
      console.log(`PostgreSQL: not run (no binaries at ${pgBin})`);
    } else {
      const cluster = startCluster(pgBin);
      try {
        const db = await openPostgres(cluster.url, 2);
        try {
          await prepare(db, 'PostgreSQL 15');
          ok = (await measure(db, 'PostgreSQL 15')) && ok;
        } finally {
          await db.close();
        }
      } finally {
        cluster.stop();
      }
    }
  }
  process.exitCode = ok ? 0 : 1;
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
