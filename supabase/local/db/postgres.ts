/** PostgreSQL through `pg`: a pool, one connection per transaction. */
// Static import (not import()): this module must load both as CommonJS (root scripts run
// by tsx) and as ESM; pg ships both builds.
import pg from 'pg';
import { PGRST_CHANNEL, requestPrelude, toText } from './request.ts';
import type { Db, QueryResult, RequestContext, Stmt, Tx, TxOptions } from './types.ts';

export async function openPostgres(databaseUrl: string, poolSize = 10): Promise<Db> {
  // Hand back text for every type except the ones JSON-ready in JS.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    options: '-c TimeZone=UTC',
  });
  pool.on('error', () => {
    /* idle client errors: the next query reports */
  });
  const c = await pool.connect();
  c.release();

  const wrap = (client: { query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[]; rowCount: number | null }> }): Tx => ({
    async query<T>(sql: string, params?: unknown[]) {
      const r = await client.query(sql, params ?? []);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });

  const base = wrap(pool as never);
  const names = new Map<string, string>();
  let n = 0;
  const nameOf = (sql: string): string => {
    let name = names.get(sql);
    if (!name) {
      name = `cs${++n}`;
      names.set(sql, name);
    }
    return name;
  };
  const pgrstListeners = new Set<(payload: string) => void>();
  let listenClient: pg.PoolClient | undefined;
  /** One pooled connection, one transaction: committed if fn resolves, rolled back if it throws. */
  const inTransaction = async <T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const out = await fn(client);
      await client.query('commit');
      return out;
    } catch (e) {
      try {
        await client.query('rollback');
      } catch {
        /* broken connection */
      }
      throw e;
    } finally {
      client.release();
    }
  };
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    runAs(ctx: RequestContext, stmts: Stmt[]) {
      return inTransaction(async (client) => {
        // PostgreSQL applies the role's statement_timeout itself (set with the other settings).
        for (const st of requestPrelude(ctx)) {
          await client.query({ name: nameOf(st.sql), text: st.sql, values: st.params.map(toText) });
        }
        const out: QueryResult<Record<string, string | null>>[] = [];
        for (const st of stmts) {
          const r = (await client.query({
            name: nameOf(st.sql),
            text: st.sql,
            values: st.params.map(toText),
            // every column as text, like the PGlite path
            types: { getTypeParser: () => (v: string) => v },
          } as never)) as unknown as { rows: unknown[]; rowCount: number | null };
          out.push({ rows: r.rows as Record<string, string | null>[], rowCount: r.rowCount ?? r.rows.length });
        }
        return out;
      });
    },
    transaction<T>(fn: (tx: Tx) => Promise<T>, opts: TxOptions = {}): Promise<T> {
      return inTransaction(async (client) => {
        if (opts.timeoutMs !== undefined) await client.query("select set_config('statement_timeout', $1, true)", [String(opts.timeoutMs)]);
        return fn(wrap(client as never));
      });
    },
    async onPgrstNotify(cb: (payload: string) => void) {
      pgrstListeners.add(cb);
      if (listenClient) return;
      // A connection of its own, kept out of the pool while the server runs.
      listenClient = await pool.connect();
      listenClient.on('notification', (n) => {
        if (n.channel === PGRST_CHANNEL) for (const l of pgrstListeners) l(n.payload ?? '');
      });
      await listenClient.query(`listen ${PGRST_CHANNEL}`);
    },
    async close() {
      listenClient?.release();
      listenClient = undefined;
      await pool.end();
    },
  };
}
