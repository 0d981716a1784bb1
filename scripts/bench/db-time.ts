/**
 * Database time of the two queries the directory makes (a category list page and a text
 * search), measured inside the database process: PGlite opened in this process on the
 * benchmark's data folder (after its server has stopped), running as role `anon` with anon
 * claims like every API request. No HTTP, no JSON encoding: what is left is Postgres.
 */
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const SEARCH_QUERIES = ['plumber', 'plambar', 'प्लंबर', 'बिजली', 'sharma', 'ac repair', 'tutor', '98', 'parlour', 'राम', 'carpenter'];

export interface DbTiming {
  name: string;
  samples: number;
  p50: number;
  p99: number;
  max: number;
  rows: number;
}

function summarise(name: string, times: number[], rows: number): DbTiming {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
  return { name, samples: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? Number.NaN, rows };
}

export async function measureDbTime(
  dataDir: string,
  iterations = 300,
): Promise<{ providers: number; timings: DbTiming[]; perQuery: DbTiming[] }> {
  const db = await PGlite.create({ dataDir: join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  try {
    await db.exec("set timezone to 'UTC'");
    const providers = Number(
      (await db.query<{ n: string }>("select count(*)::text as n from public.service_providers where status = 'approved'")).rows[0]?.n ?? 0,
    );
    const cats = (
      await db.query<{ stored_value: string }>('select stored_value from public.service_categories order by sort_order')
    ).rows.map((r) => r.stored_value);
    await db.exec(`set role anon; select set_config('request.jwt.claims', '{"role":"anon"}', false);`);
    const list = 'select * from public.search_providers(p_category => $1, p_sort => $2, p_limit => 20, p_offset => $3)';
    const search = 'select * from public.search_providers(p_query => $1, p_limit => 20)';
    const time = async (sql: string, params: unknown[]) => {
      const t0 = performance.now();
      const res = await db.query(sql, params);
      return { ms: performance.now() - t0, rows: res.rows.length };
    };
    // Warm-up: plans and buffers, as on a server that has been up for a while.
    for (let i = 0; i < 20; i += 1) {
      await time(list, [cats[i % cats.length], 'rating_desc', 0]);
      await time(search, [SEARCH_QUERIES[i % SEARCH_QUERIES.length]]);
    }
    const listTimes: number[] = [];
    const searchTimes: number[] = [];
    const perQuery = new Map<string, number[]>();
    const deepTimes: number[] = [];
    let listRows = 0;
    let searchRows = 0;
    let deepRows = 0;
    for (let i = 0; i < iterations; i += 1) {
      const l = await time(list, [cats[i % cats.length], i % 2 ? 'newly_added' : 'rating_desc', 0]);
      listTimes.push(l.ms);
      listRows += l.rows;
      const d = await time(list, [cats[i % cats.length], 'rating_desc', 100 + (i % 5) * 20]);
      deepTimes.push(d.ms);
      deepRows += d.rows;
      const q = SEARCH_QUERIES[i % SEARCH_QUERIES.length]!;
      const s = await time(search, [q]);
      searchTimes.push(s.ms);
      perQuery.set(q, [...(perQuery.get(q) ?? []), s.ms]);
      searchRows += s.rows;
    }
    return {
      providers,
      perQuery: [...perQuery].map(([q, times]) => summarise(`search "${q}"`, times, 0)),
      timings: [
        summarise('category list, first page (rating / newest)', listTimes, Math.round(listRows / iterations)),
        summarise('category list, page 6-10 (offset 100-180)', deepTimes, Math.round(deepRows / iterations)),
        summarise(
          `text search (${SEARCH_QUERIES.length} queries: en, hi, Hinglish, typo, digits)`,
          searchTimes,
          Math.round(searchRows / iterations),
        ),
      ],
    };
  } finally {
    await db.close();
  }
}
