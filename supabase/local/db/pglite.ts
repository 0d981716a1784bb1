/**
 * PGlite in this thread: the PGlite worker (worker.ts) runs it, and in-memory databases
 * (tests, tools) use it directly. A request runs as one wire-protocol pipeline.
 */
import { existsSync, mkdirSync } from 'node:fs';
// Static imports (not import()): this module must load both as CommonJS (root
// scripts run by tsx) and as ESM; PGlite and pg ship both builds.
import { PGlite, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgError } from './errors.ts';
import { PGLITE_SKIPPED_SETTINGS, PGRST_CHANNEL, requestPrelude, toText } from './request.ts';
import type { Db, QueryResult, RequestContext, Stmt, Tx } from './types.ts';

/** Prepared-statement names: one per distinct SQL text, oldest closed past the cap. */
class StatementNames {
  private readonly names = new Map<string, string>();
  private n = 0;
  constructor(private readonly cap = 2000) {}
  get(sql: string): string | undefined {
    return this.names.get(sql);
  }
  add(sql: string): { name: string; evicted?: string } {
    const name = `cs${++this.n}`;
    this.names.set(sql, name);
    if (this.names.size > this.cap) {
      const [oldSql, oldName] = this.names.entries().next().value as [string, string];
      this.names.delete(oldSql);
      return { name, evicted: oldName };
    }
    return { name };
  }
  forget(sql: string): void {
    this.names.delete(sql);
  }
}

type ProtocolSerialize = {
  parse(o: { name?: string; text: string; types?: number[] }): Uint8Array;
  bind(o: { statement?: string; values?: (string | null)[] }): Uint8Array;
  describe(o: { type: 'S' | 'P'; name?: string }): Uint8Array;
  execute(o?: { portal?: string; rows?: number }): Uint8Array;
  close(o: { type: 'S' | 'P'; name?: string }): Uint8Array;
  sync(): Uint8Array;
};

type BackendMsg = {
  name: string;
  fields?: ({ name: string } | string | null)[];
  text?: string;
} & Partial<PgError>;

type PGliteLike = {
  runExclusive<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  execProtocol(message: Uint8Array, opts?: { throwOnError?: boolean }): Promise<{ messages: BackendMsg[] }>;
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
  transaction<T>(
    fn: (tx: {
      query<U>(sql: string, params?: unknown[]): Promise<{ rows: U[]; affectedRows?: number }>;
      exec(sql: string): Promise<unknown>;
    }) => Promise<T>,
  ): Promise<T>;
  close(): Promise<void>;
  clone(): Promise<PGliteLike>;
  listen(channel: string, cb: (payload: string) => void): Promise<unknown>;
  closed: boolean;
};

function rowCountOf(tag: string | undefined): number {
  const m = tag ? /(\d+)$/.exec(tag) : null;
  return m ? Number(m[1]) : 0;
}

class PgliteDb implements Db {
  readonly kind = 'pglite' as const;
  private readonly names = new StatementNames();
  constructor(
    private readonly pg: PGliteLike,
    private readonly serialize: ProtocolSerialize,
    private readonly onClose: () => void,
  ) {}

  /**
   * One wire-protocol pipeline (Parse on first use, Bind, Describe, Execute per
   * statement, one Sync): all statements form one implicit transaction, which
   * the Sync commits, or rolls back after an error. Holds both PGlite mutexes so
   * no other query or transaction interleaves.
   */
  runAs(ctx: RequestContext, stmts: Stmt[]): Promise<QueryResult<Record<string, string | null>>[]> {
    const prelude = requestPrelude(ctx, PGLITE_SKIPPED_SETTINGS);
    const all: Stmt[] = [...prelude, ...stmts];
    return this.pg._runExclusiveTransaction(() =>
      this.pg.runExclusive(async () => {
        const parts: Uint8Array[] = [];
        const fresh: string[] = [];
        for (const st of all) {
          let name = this.names.get(st.sql);
          if (!name) {
            const added = this.names.add(st.sql);
            name = added.name;
            fresh.push(st.sql);
            if (added.evicted) parts.push(this.serialize.close({ type: 'S', name: added.evicted }));
            parts.push(this.serialize.parse({ name, text: st.sql, types: [] }));
          }
          parts.push(this.serialize.bind({ statement: name, values: st.params.map(toText) }));
          parts.push(this.serialize.describe({ type: 'P', name: '' }));
          parts.push(this.serialize.execute({}));
        }
        parts.push(this.serialize.sync());
        let size = 0;
        for (const p of parts) size += p.length;
        const buf = new Uint8Array(size);
        let at = 0;
        for (const p of parts) {
          buf.set(p, at);
          at += p.length;
        }
        const { messages } = await this.pg.execProtocol(buf, { throwOnError: false });
        const results: QueryResult<Record<string, string | null>>[] = [];
        let current: QueryResult<Record<string, string | null>> | undefined;
        let fields: string[] = [];
        let error: (PgError & Error) | undefined;
        for (const m of messages) {
          switch (m.name) {
            case 'bindComplete':
              current = { rows: [], rowCount: 0 };
              results.push(current);
              fields = [];
              break;
            case 'rowDescription':
              fields = (m.fields ?? []).map((f) => (typeof f === 'object' && f !== null ? f.name : String(f)));
              break;
            case 'dataRow': {
              const row: Record<string, string | null> = {};
              (m.fields ?? []).forEach((v, i) => {
                row[fields[i] ?? String(i)] = v as string | null;
              });
              current?.rows.push(row);
              break;
            }
            case 'commandComplete':
              if (current) current.rowCount = rowCountOf(m.text);
              break;
            case 'error':
              error ??= m as unknown as PgError & Error;
              break;
            default:
              break;
          }
        }
        if (error) {
          // Statements parsed in this pipeline may not exist now: parse again next time.
          for (const sql of fresh) this.names.forget(sql);
          throw error;
        }
        return results.slice(prelude.length);
      }),
    );
  }

  // PGlite's query()/exec() take its transaction mutex themselves, so they never run
  // inside another request's transaction. Inside transaction() use the tx object.
  async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    const r = await this.pg.query<T>(sql, params ?? []);
    return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
  }

  async exec(sql: string): Promise<void> {
    await this.pg.exec(sql);
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.pg.transaction(async (t) =>
      fn({
        async query<U>(sql: string, params?: unknown[]) {
          const r = await t.query<U>(sql, params ?? []);
          return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
        },
        async exec(sql: string) {
          await t.exec(sql);
        },
      }),
    );
  }

  private readonly pgrstListeners = new Set<(payload: string) => void>();
  private listening: Promise<unknown> | undefined;

  async onPgrstNotify(cb: (payload: string) => void): Promise<void> {
    this.pgrstListeners.add(cb);
    this.listening ??= this.pg.listen(PGRST_CHANNEL, (payload) => {
      for (const l of this.pgrstListeners) l(payload ?? '');
    });
    await this.listening;
  }

  async close(): Promise<void> {
    if (!this.pg.closed) await this.pg.close();
    this.onClose();
  }
}

/** Opens PGlite in this thread (the worker does this; also in-memory databases). */
export async function openPgliteInProcess(pgDir?: string): Promise<Db> {
  if (pgDir && !existsSync(pgDir)) mkdirSync(pgDir, { recursive: true });
  const pg = (await PGlite.create({
    ...(pgDir ? { dataDir: pgDir } : {}),
    extensions: { pg_trgm },
  })) as unknown as PGliteLike;
  await pg.exec("set timezone to 'UTC'");
  return new PgliteDb(pg, protocol.serialize as unknown as ProtocolSerialize, () => {});
}
