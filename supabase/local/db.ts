/**
 * Database adapters: PGlite (in-process, data kept in a folder) or PostgreSQL
 * through `pg`. Both expose the same small interface; every API request runs in
 * one transaction through `transaction()`.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
// Static imports (not import()): this module must load both as CommonJS (root
// scripts run by tsx) and as ESM; PGlite and pg ship both builds.
import { PGlite, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Tx {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  exec(sql: string): Promise<void>;
}

/** One statement of a request: SQL text (built from the schema cache) and bind values. */
export interface Stmt {
  sql: string;
  params: unknown[];
}

export interface Db extends Tx {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs the statements in ONE transaction after setting `role` and
   * `request.jwt.claims` locally (set_config(..., true)), as prepared statements.
   * Rows come back with every column as text. Rejects with the database error;
   * nothing is committed then.
   */
  runAs(role: string, claims: string, stmts: Stmt[]): Promise<QueryResult<Record<string, string | null>>[]>;
  close(): Promise<void>;
}

export const SET_REQUEST_SQL = "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)";

function toText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v);
}

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

/** A database error as both drivers report it. */
export interface PgError {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPgError(e: unknown): e is PgError & Error {
  return typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'string' && 'message' in e;
}

// ---------------------------------------------------------------- PGlite

export interface PgliteOptions {
  /** Folder holding the cluster; undefined = in memory. */
  dataDir?: string;
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
  transaction<T>(fn: (tx: {
    query<U>(sql: string, params?: unknown[]): Promise<{ rows: U[]; affectedRows?: number }>;
    exec(sql: string): Promise<unknown>;
  }) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  clone(): Promise<PGliteLike>;
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
  runAs(role: string, claims: string, stmts: Stmt[]): Promise<QueryResult<Record<string, string | null>>[]> {
    const all: Stmt[] = [{ sql: SET_REQUEST_SQL, params: [role, claims] }, ...stmts];
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
        return results.slice(1);
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

  async close(): Promise<void> {
    if (!this.pg.closed) await this.pg.close();
    this.onClose();
  }
}

/** Takes a lockfile in `dir` so two servers cannot open the same PGlite folder. */
export function acquireLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid)) {
        throw new Error(
          `The database folder ${dir} is in use by process ${pid} (lockfile ${file}). ` +
            'Stop that server first, or use another SUPABASE_DATA_DIR.',
        );
      }
      rmSync(file, { force: true }); // stale lock from a process that died
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function openPglite(opts: PgliteOptions): Promise<Db> {
  let release = () => {};
  if (opts.dataDir) {
    release = acquireLock(opts.dataDir);
  }
  try {
    const pgDir = opts.dataDir ? join(opts.dataDir, 'pgdata') : undefined;
    if (pgDir && !existsSync(pgDir)) mkdirSync(pgDir, { recursive: true });
    const pg = (await PGlite.create({
      ...(pgDir ? { dataDir: pgDir } : {}),
      extensions: { pg_trgm },
    })) as unknown as PGliteLike;
    await pg.exec("set timezone to 'UTC'");
    return new PgliteDb(pg, protocol.serialize as unknown as ProtocolSerialize, release);
  } catch (e) {
    release();
    throw e;
  }
}

// ---------------------------------------------------------------- PostgreSQL

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
  /** One pooled connection, one transaction: committed if fn resolves, rolled back if it throws. */
  const inTransaction = async <T,>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
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
    runAs(role: string, claims: string, stmts: Stmt[]) {
      return inTransaction(async (client) => {
        await client.query({ name: nameOf(SET_REQUEST_SQL), text: SET_REQUEST_SQL, values: [role, claims] });
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
    transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      return inTransaction((client) => fn(wrap(client as never)));
    },
    async close() {
      await pool.end();
    },
  };
}
