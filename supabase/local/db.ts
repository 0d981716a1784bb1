/**
 * Database adapters: PGlite (in-process, data kept in a folder) or PostgreSQL
 * through `pg`. Both expose the same small interface; every API request runs in
 * one transaction through `transaction()`.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Tx {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  exec(sql: string): Promise<void>;
}

export interface Db extends Tx {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
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

type PGliteLike = {
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

class PgliteDb implements Db {
  readonly kind = 'pglite' as const;
  constructor(private readonly pg: PGliteLike, private readonly onClose: () => void) {}

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
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
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
    return new PgliteDb(pg, release);
  } catch (e) {
    release();
    throw e;
  }
}

// ---------------------------------------------------------------- PostgreSQL

export async function openPostgres(databaseUrl: string, poolSize = 10): Promise<Db> {
  const pgMod = await import('pg');
  const pg = (pgMod as unknown as { default?: typeof pgMod }).default ?? pgMod;
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
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const out = await fn(wrap(client as never));
        await client.query('commit');
        return out;
      } catch (e) {
        try {
          await client.query('rollback');
        } catch {
          /* connection broken */
        }
        throw e;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
