/**
 * A deliberately slow function for the stall tests and bench/attack-latency.ts:
 * `stall_probe(p_ms)` keeps the database busy for p_ms ms. It is created directly in
 * a throw-away data folder while no server runs there (never through the API, never
 * by a migration), so no real database has it. It returns a table so that `limit=N`
 * gives each caller a statement of its own SQL text (the server tells statements apart
 * by their SQL without values).
 */
import { openPglite } from '../local/db/worker-db.ts';

const STALL_PROBE_SQL = `
  create function public.stall_probe(p_ms integer default 10000) returns table (slept_ms integer)
    language sql stable
    as $$ select p_ms from (select pg_sleep(p_ms / 1000.0)) s $$;
  grant execute on function public.stall_probe(integer) to anon, authenticated;
`;

/** Adds stall_probe to the PGlite cluster in `dataDir` (stop its server first: this takes the lock). */
export async function addStallProbe(dataDir: string): Promise<void> {
  const db = await openPglite({ dataDir });
  try {
    await db.exec(STALL_PROBE_SQL);
  } finally {
    await db.close();
  }
}
