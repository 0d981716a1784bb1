/**
 * Database adapters: PGlite (data kept in a folder, run in a worker thread) or
 * PostgreSQL through `pg`. Both expose the same small interface; every API
 * request runs in one transaction (`runAs()` or `transaction()`), bounded by its
 * role's statement timeout.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
// Static imports (not import()): this module must load both as CommonJS (root
// scripts run by tsx) and as ESM; PGlite and pg ship both builds.
import { PGlite, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { PACKAGE_DIR } from './paths.ts';

interface QueryResult<T> {
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

interface TxOptions {
  /**
   * The API role the transaction runs for (anon and authenticated calls may be stopped
   * early on PGlite while others wait: see WorkerDb). Unset: internal work (migrations,
   * seed, auth), never stopped.
   */
  role?: string;
  /** Statement time limit in ms (the role's statement_timeout, as the database says); unset: none. */
  timeoutMs?: number;
}

export interface Db extends Tx {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Tx) => Promise<T>, opts?: TxOptions): Promise<T>;
  /**
   * Runs the statements in ONE transaction after the request's prelude (settings, role,
   * claims, request.*, then the pre-request function: requestPrelude()), as prepared
   * statements, within the role's statement timeout.
   * Rows come back with every column as text (one result per statement of `stmts`).
   * Rejects with the database error; nothing is committed then.
   */
  runAs(ctx: RequestContext, stmts: Stmt[]): Promise<QueryResult<Record<string, string | null>>[]>;
  /**
   * PostgREST's reload channel: `cb` gets the payload of every committed
   * `notify pgrst, '...'` ('reload schema', 'reload config', ''), from the call on.
   */
  onPgrstNotify(cb: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

/** The channel PostgREST listens on for "reload schema" / "reload config". */
const PGRST_CHANNEL = 'pgrst';

/**
 * One REST request as PostgREST runs it: in one transaction, first the transaction
 * settings (read-only for reads, the role's own settings, then `role`,
 * `request.jwt.claims`, `request.method`, `request.path`, `request.headers`,
 * `request.cookies`), then the pre-request function if one is configured, then the
 * request's statements. See requestPrelude().
 */
export interface RequestContext {
  role: string;
  /** The JWT claims as JSON text (with `role`). */
  claims: string;
  method: string;
  /** The path as PostgREST sees it behind the gateway: `/rpc/rate_provider`, `/service_providers`. */
  path: string;
  /** JSON object of the request's headers, lower-case names (no cookie). */
  headers: string;
  /** JSON object of the request's cookies. */
  cookies: string;
  /** GET/HEAD, and calls of STABLE/IMMUTABLE functions: PostgREST's READ ONLY transaction. */
  readOnly: boolean;
  /** The role's settings (pg_db_role_setting), applied before the role like PostgREST does. */
  settings: [string, string][];
  /** `"schema"."fn"` of `pgrst.db_pre_request`, or null. */
  preRequest: string | null;
  /** The role's statement_timeout in ms (undefined: none). PGlite cannot apply it itself. */
  timeoutMs?: number | undefined;
}

/**
 * The transaction settings of a request, in PostgREST's order (PreQuery.txVarQuery:
 * role settings, role, claims, method, path, headers, cookies), as one statement.
 * The role settings come first through a scalar subquery, evaluated before the other
 * columns.
 */
const TX_VARS_SQL =
  "select set_config('transaction_read_only', $1, true)," +
  ' (select count(set_config(k, v, true)) from unnest($2::text::text[], $3::text::text[]) s(k, v)),' +
  " set_config('role', $4, true), set_config('request.jwt.claims', $5, true)," +
  " set_config('request.method', $6, true), set_config('request.path', $7, true)," +
  " set_config('request.headers', $8, true), set_config('request.cookies', $9, true)";

/**
 * The statements every request runs before its own: the transaction settings, then the
 * pre-request function (PostgREST: `select <fn>()`). `skip` leaves out settings the
 * database cannot apply (PGlite: statement_timeout, enforced from outside instead).
 */
function requestPrelude(ctx: RequestContext, skip: readonly string[] = []): Stmt[] {
  const settings = ctx.settings.filter(([k]) => !skip.includes(k));
  const out: Stmt[] = [
    {
      sql: TX_VARS_SQL,
      params: [
        ctx.readOnly ? 'on' : 'off',
        pgTextArray(settings.map(([k]) => k)),
        pgTextArray(settings.map(([, v]) => v)),
        ctx.role,
        ctx.claims,
        ctx.method,
        ctx.path,
        ctx.headers,
        ctx.cookies,
      ],
    },
  ];
  if (ctx.preRequest) out.push({ sql: `select ${ctx.preRequest}()`, params: [] });
  return out;
}

/** A text[] literal (bound as text, cast in SQL). */
function pgTextArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

// PGlite 0.5 has no working statement_timeout (its timer never fires while a query runs):
// the limit is enforced from outside its thread instead (WorkerDb), so it is not set there.
const PGLITE_SKIPPED_SETTINGS = ['statement_timeout'];

/** requestPrelude() for this database (what `db.runAs` runs first; for `db.transaction` callers). */
export function requestPreludeFor(db: Db, ctx: RequestContext): Stmt[] {
  return requestPrelude(ctx, db.kind === 'pglite' ? PGLITE_SKIPPED_SETTINGS : []);
}

const STATEMENT_TIMEOUT_MESSAGE = 'canceling statement due to statement timeout';

/** What PostgreSQL raises when statement_timeout fires (SQLSTATE 57014). */
function statementTimeoutError(): PgError & Error {
  return Object.assign(new Error(STATEMENT_TIMEOUT_MESSAGE), { code: '57014' });
}

/** A statement refused without running, as its timeout would have ended it (see WorkerDb). */
function refusedError(): PgError & Error {
  return Object.assign(statementTimeoutError(), {
    hint: 'This query was stopped repeatedly for running too long; it is refused for a few minutes.',
  });
}

/** The database cannot be reached for now (SQLSTATE class 08: HTTP 503, clients may retry). */
function unavailableError(message: string): PgError & Error {
  return Object.assign(new Error(message), { code: '08006' });
}

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

/** An error as it crosses threads: structured clone keeps only message and stack of an Error. */
export type SerializedError = { message: string } & Record<string, string | number>;

const ERROR_FIELDS = [
  'name',
  'code',
  'detail',
  'hint',
  'severity',
  'position',
  'where',
  'schema',
  'table',
  'column',
  'constraint',
  'routine',
];

export function serializeError(e: unknown): SerializedError {
  const out: SerializedError = { message: e instanceof Error ? e.message : String(e) };
  if (typeof e === 'object' && e !== null) {
    for (const k of ERROR_FIELDS) {
      const v = (e as Record<string, unknown>)[k];
      if (typeof v === 'string' || typeof v === 'number') out[k] = v;
    }
  }
  return out;
}

function deserializeError(s: SerializedError): Error {
  return Object.assign(new Error(s.message), s);
}

// ---------------------------------------------------------------- PGlite

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

// ---------------------------------------------------------------- lockfile

/**
 * What `server.lock` says about its holder. The pid alone is not enough: after a
 * kill -9 the pid may be reused by an unrelated process, which must not keep the
 * folder locked. The start time (Linux: /proc/<pid>/stat field 22; elsewhere `ps`)
 * tells the holder apart from a later process with the same pid.
 */
interface LockInfo {
  pid: number;
  /** Start time of the holder process as the OS reports it; null when unknown. */
  started: string | null;
  /** Marks the format (anything else in the file is an older bare pid, or garbage). */
  by: 'city-local-supabase';
}

/** Start time of a live process, or null (gone, or no way to tell on this OS). */
function processStartTime(pid: number): string | null {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ...": comm may hold spaces and ")", so count from its last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null; // field 22 of the file: starttime, in clock ticks since boot
  } catch {
    /* no procfs (macOS) or no such process */
  }
  if (process.platform === 'win32' || existsSync('/proc/self/stat')) return null;
  const r = spawnSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8' });
  const out = r.status === 0 ? r.stdout.trim() : '';
  return out === '' ? null : out;
}

function readLock(file: string): { raw: string; info: LockInfo | null; legacyPid: number | null } {
  const raw = readFileSync(file, 'utf8');
  try {
    const info = JSON.parse(raw) as LockInfo;
    if (info && info.by === 'city-local-supabase' && Number.isInteger(info.pid)) return { raw, info, legacyPid: null };
  } catch {
    /* not JSON: a lock written by an older version (a bare pid), or garbage */
  }
  const pid = /^\s*(\d+)\s*$/.exec(raw);
  return { raw, info: null, legacyPid: pid ? Number(pid[1]) : null };
}

/** The pid of the live server holding the lock, or null when the lock is stale. */
function liveHolder(lock: ReturnType<typeof readLock>): number | null {
  const pid = lock.info?.pid ?? lock.legacyPid;
  if (pid === null || pid <= 0 || pid === process.pid || !processAlive(pid)) return null;
  if (lock.info) {
    const now = processStartTime(pid);
    // Same pid, other start time: the pid was reused by another process after ours died.
    if (lock.info.started !== null && now !== null && now !== lock.info.started) return null;
    return pid;
  }
  // An older lock holds only a pid: believe it only if that process is a Node process.
  try {
    const argv0 = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    return /node|tsx/i.test(argv0) ? pid : null;
  } catch {
    return pid; // no procfs: keep the old rule (alive = holder)
  }
}

/** Takes a lockfile in `dir` so two servers cannot open the same PGlite folder. */
export function acquireLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'server.lock');
  const mine: LockInfo = { pid: process.pid, started: processStartTime(process.pid), by: 'city-local-supabase' };
  const text = JSON.stringify(mine) + '\n';
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, text);
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8') === text) rmSync(file, { force: true });
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let lock: ReturnType<typeof readLock>;
      try {
        lock = readLock(file);
      } catch {
        continue; // removed meanwhile: try again
      }
      const holder = liveHolder(lock);
      if (holder !== null) {
        throw new Error(
          `The database folder ${dir} is in use by process ${holder} (lockfile ${file}). ` +
            'Stop that server first, or use another SUPABASE_DATA_DIR.',
        );
      }
      // Stale (its process died, or the pid now belongs to another process). Remove it only
      // if it is still the file judged stale, not one a concurrent start just wrote.
      try {
        if (readFileSync(file, 'utf8') === lock.raw) rmSync(file, { force: true });
      } catch {
        /* gone */
      }
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

// ---------------------------------------------------------------- PGlite in a worker

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

/** A request to the worker (db-worker.ts); `tx` names a transaction session. */
type WorkerOp =
  | { op: 'runAs'; ctx: RequestContext; stmts: Stmt[] }
  | { op: 'query'; sql: string; params: unknown[] }
  | { op: 'exec'; sql: string }
  | { op: 'begin'; tx: number }
  | { op: 'txQuery'; tx: number; sql: string; params: unknown[] }
  | { op: 'txExec'; tx: number; sql: string }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' };
export type WorkerRequest = (WorkerOp & { id: number }) | { open: string };
export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SerializedError }
  | { loaded: true }
  | { ready: true }
  | { fatal: SerializedError }
  /** A committed `notify pgrst, ...` (the worker listens from its start). */
  | { notify: string };

export interface WorkerInit {
  port: MessagePort;
}

// A .mjs entry: a worker thread does not get jest's transform (nor, depending on how Node
// was started, tsx's hooks), so the entry registers tsx itself before loading db-worker.ts
// (the same under `tsx`, `node --import tsx`, and jest's in-process transform).
const WORKER_ENTRY = join(PACKAGE_DIR, 'local', 'db-worker-boot.mjs');

/**
 * Default of PGLITE_HOLD_MS: how long one anon/authenticated statement may keep the
 * single PGlite thread while other requests wait, before it is stopped like a timeout
 * (the slowest search at 50,000 providers takes ~30 ms).
 */
const DEFAULT_HOLD_MS = 500;
/** How long a statement shape that had to be stopped runs behind all others. */
const SLOW_SHAPE_MS = 5 * 60_000;
/** Stopped this many times within SLOW_SHAPE_MS, a shape is refused without running. */
const SLOW_SHAPE_REFUSE_AT = 2;
/**
 * A shape that has run quickly before (the product's own queries) may hold the thread
 * this many times holdMs: its first run on a freshly started worker is slower (cold
 * caches), and stopping it would only cost everyone another restart.
 */
const KNOWN_SHAPE_HOLD_FACTOR = 3;
/** Hold of a shape stopped lately that runs again while others wait: most likely the same abuse. */
const STOPPED_SHAPE_HOLD_MS = 100;
/** Shapes remembered as quick (like the prepared-statement cache: oldest dropped). */
const KNOWN_SHAPES_MAX = 2000;
/** A call put behind others still runs once it has waited this long (no starvation). */
const MAX_DEFER_MS = 5000;
/**
 * A worker started again after a stop is cold (its caches empty): its first calls take
 * several times longer than usual (over a second for the first one on a busy machine).
 * So that they are not stopped in turn (and the worker restarted again, and again) when
 * the role's timeout is short (anon 1.5 s), its first COLD_CALLS API calls may run for at
 * least COLD_TIMEOUT_MS. Stopping a call that holds the database while others wait
 * (holdOf) is unchanged.
 */
const COLD_CALLS = 10;
const COLD_TIMEOUT_MS = 3000;

interface Pending {
  id: number;
  msg: WorkerOp;
  /** API role (anon/authenticated may be stopped early: holdOf); undefined = internal work. */
  role: string | undefined;
  /** The role's statement timeout (ms); undefined = none (internal work, or no setting). */
  timeoutMs: number | undefined;
  tx: number | undefined;
  /** SQL text(s) without values: remembered when stopped, to run that shape last. */
  shape: string | undefined;
  queuedAt: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** One worker thread and the port its calls go through. */
interface Handle {
  worker: Worker;
  port: MessagePort;
  /** Waiting for `loaded` or `ready`. */
  waiting?: { resolve(): void; reject(e: Error): void };
  dead?: boolean;
}

/**
 * PGlite behind a worker thread. PGlite runs each query synchronously in its thread
 * and cannot cancel one, so here:
 * - every database call is a message to the worker; the HTTP event loop never runs SQL;
 * - calls are queued here and sent ONE at a time, so the call the worker runs is always
 *   known and nothing queued has started; a transaction is a session in the worker
 *   (begin ... end) that keeps the queue to its own calls until it ends;
 * - a call of an API role that runs past its statement timeout, or (anon/authenticated)
 *   keeps the thread longer than `holdMs` while others wait, is answered 57014 and the
 *   worker is terminated and another opens the same folder (PGlite recovers as after a
 *   crash: uncommitted work is lost, committed work kept). The queued calls then run on
 *   the new worker (none had started), statement shapes (SQL without values) that have
 *   run quickly before first (see pick()); a stopped shape waits behind the others for a
 *   while, and stopped twice it is refused at once for a few minutes, so repeating it
 *   cannot keep everyone waiting. Shapes that have run quickly before are never put back
 *   or refused like that, and may hold the thread longer (KNOWN_SHAPE_HOLD_FACTOR);
 * - once API calls arrive, a standby worker is kept loaded (modules, not the database),
 *   so a restart costs only PGlite's start on the folder.
 */
class WorkerDb implements Db {
  readonly kind = 'pglite' as const;
  private active: Handle | undefined;
  private standby: Promise<Handle> | undefined;
  private ready = false;
  /** API calls a restarted worker still answers as cold (see COLD_CALLS); 0 = warm. */
  private coldCalls = 0;
  private starting: Promise<void> | undefined;
  private stopping = false;
  private closed: Promise<void> | undefined;
  private readonly queue: Pending[] = [];
  private running: { op: Pending; startedAt: number; cold: boolean } | undefined;
  private openTx: number | undefined;
  private readonly deadTx = new Set<number>();
  private readonly slowShapes = new Map<string, { until: number; stops: number }>();
  private readonly knownShapes = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private nextId = 1;
  private nextTx = 1;
  private idleWaiters: (() => void)[] = [];
  private readonly pgrstListeners = new Set<(payload: string) => void>();

  constructor(
    private readonly pgDir: string,
    private readonly holdMs: number,
    private readonly onClose: () => void,
  ) {}

  /** Starts the first worker (PGlite opens the folder there). */
  async start(): Promise<void> {
    await this.open(await this.load());
    this.ready = true;
  }

  runAs(ctx: RequestContext, stmts: Stmt[]): Promise<QueryResult<Record<string, string | null>>[]> {
    return this.submit({ op: 'runAs', ctx, stmts }, ctx.role, undefined, stmts.map((s) => s.sql).join(';\n'), ctx.timeoutMs);
  }

  query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    return this.submit({ op: 'query', sql, params: params ?? [] }, undefined, undefined, undefined);
  }

  async exec(sql: string): Promise<void> {
    await this.submit({ op: 'exec', sql }, undefined, undefined, undefined);
  }

  async transaction<T>(fn: (tx: Tx) => Promise<T>, opts: TxOptions = {}): Promise<T> {
    const id = this.nextTx++;
    const { role, timeoutMs } = opts;
    await this.submit({ op: 'begin', tx: id }, role, id, undefined, timeoutMs);
    const tx: Tx = {
      query: <U>(sql: string, params?: unknown[]) =>
        this.submit<QueryResult<U>>({ op: 'txQuery', tx: id, sql, params: params ?? [] }, role, id, sql, timeoutMs),
      exec: async (sql: string) => {
        await this.submit({ op: 'txExec', tx: id, sql }, role, id, sql, timeoutMs);
      },
    };
    let out: T;
    try {
      out = await fn(tx);
    } catch (e) {
      await this.submit({ op: 'end', tx: id, commit: false }, role, id, undefined, timeoutMs).catch(() => {});
      throw e;
    }
    await this.submit({ op: 'end', tx: id, commit: true }, role, id, undefined, timeoutMs);
    return out;
  }

  /** Every worker listens on the channel from its start and passes notifications on. */
  onPgrstNotify(cb: (payload: string) => void): Promise<void> {
    this.pgrstListeners.add(cb);
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.closed ??= (async () => {
      this.stopping = true;
      // Calls not yet started fail now (the HTTP server has stopped taking requests);
      // the running one and an open transaction may finish, briefly.
      this.failQueued(unavailableError('the database is shutting down'), (op) => op.tx === undefined || op.tx !== this.openTx);
      if (this.starting) await this.starting.catch(() => {});
      await this.whenIdle(10_000);
      const h = this.active;
      this.active = undefined;
      this.ready = false;
      if (h && !h.dead) {
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, 10_000);
          h.port.on('message', (m: WorkerReply) => {
            if ('id' in m && m.id === 0) {
              clearTimeout(t);
              resolve();
            }
          });
          h.port.postMessage({ id: 0, op: 'close' } satisfies WorkerRequest);
        });
      }
      await this.dispose(h);
      const standby = this.standby;
      this.standby = undefined;
      await this.dispose(await standby?.catch(() => undefined));
      this.onClose();
    })();
    return this.closed;
  }

  // ------------------------------------------------------------ queue

  private submit<T>(
    msg: WorkerOp,
    role: string | undefined,
    tx: number | undefined,
    shape: string | undefined,
    timeoutMs?: number,
  ): Promise<T> {
    if (tx !== undefined && this.deadTx.has(tx)) {
      // The worker holding this transaction was stopped: it is gone (rolled back).
      if (msg.op === 'end') {
        this.deadTx.delete(tx);
        return msg.commit ? Promise.reject(statementTimeoutError()) : Promise.resolve(undefined as T);
      }
      return Promise.reject(statementTimeoutError());
    }
    if (this.stopping && (tx === undefined || msg.op === 'begin')) {
      return Promise.reject(unavailableError('the database is shutting down'));
    }
    if (this.refused(role, shape)) return Promise.reject(refusedError());
    // API calls: this is a serving server, keep a standby worker for a quick restart.
    if (role !== undefined && !this.standby && this.ready) this.prepareStandby();
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        msg,
        role,
        timeoutMs,
        tx,
        shape,
        queuedAt: performance.now(),
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      if (!this.ready && !this.starting && !this.stopping) void this.restart();
      this.pump();
      this.arm();
    });
  }

  /**
   * Index of the next call to send: the open transaction's own; else by tier, first come
   * first served within one: 0 = internal work and shapes that ran quickly before, 1 = new
   * shapes (and an API transaction's begin), 2 = shapes stopped lately. So after a stop,
   * the product's usual queries go before whatever else was queued with the stopped one.
   */
  private pick(): number {
    let best = -1;
    let bestTier = 3;
    const now = performance.now();
    for (let i = 0; i < this.queue.length; i++) {
      const op = this.queue[i]!;
      if (this.openTx !== undefined ? op.tx !== this.openTx : op.tx !== undefined && op.msg.op !== 'begin') continue;
      if (this.openTx !== undefined) return i;
      const tier = this.tierOf(op, now);
      if (tier < bestTier) {
        best = i;
        bestTier = tier;
        if (tier === 0) break;
      }
    }
    return best;
  }

  private tierOf(op: Pending, now: number): number {
    if (op.role === undefined || now - op.queuedAt >= MAX_DEFER_MS) return 0;
    if (op.shape === undefined) return 1;
    if (this.knownShapes.has(op.shape)) return 0;
    return this.isSlowShape(op.shape) ? 2 : 1;
  }

  /** Whether an API call of this shape is refused without running (stopped repeatedly). */
  private refused(role: string | undefined, shape: string | undefined): boolean {
    return (role === 'anon' || role === 'authenticated') && this.stopsOf(shape) >= SLOW_SHAPE_REFUSE_AT;
  }

  /** Times the shape was stopped within SLOW_SHAPE_MS (0: not a stopped shape). */
  private stopsOf(shape: string | undefined): number {
    if (shape === undefined) return 0;
    const e = this.slowShapes.get(shape);
    if (e === undefined) return 0;
    if (e.until > Date.now()) return e.stops;
    this.slowShapes.delete(shape);
    return 0;
  }

  private isSlowShape(shape: string): boolean {
    return this.stopsOf(shape) > 0;
  }

  private pump(): void {
    const h = this.active;
    if (this.running || !this.ready || !h) {
      this.notifyIdle();
      return;
    }
    const i = this.pick();
    if (i < 0) {
      this.notifyIdle();
      return;
    }
    const op = this.queue.splice(i, 1)[0]!;
    this.running = { op, startedAt: performance.now(), cold: op.role !== undefined && this.coldCalls > 0 };
    h.port.postMessage({ ...op.msg, id: op.id } as WorkerRequest);
    this.arm();
  }

  /**
   * Whether calls wait behind the running one that stopping it would help: not its own
   * transaction's, and not calls of stopped shapes (they would wait behind others anyway).
   */
  private othersWaiting(running: Pending): boolean {
    return this.queue.some(
      (o) => (running.tx === undefined || o.tx !== running.tx) && !(o.shape !== undefined && this.isSlowShape(o.shape)),
    );
  }

  /** How long the call may keep the thread while others wait (0: only its role's timeout). */
  private holdOf(op: Pending): number {
    if (this.holdMs === 0 || (op.role !== 'anon' && op.role !== 'authenticated')) return 0;
    if (op.shape === undefined) return this.holdMs;
    if (this.knownShapes.has(op.shape)) return this.holdMs * KNOWN_SHAPE_HOLD_FACTOR;
    return this.isSlowShape(op.shape) ? Math.min(this.holdMs, STOPPED_SHAPE_HOLD_MS) : this.holdMs;
  }

  /** The running call's statement timeout: its role's, at least COLD_TIMEOUT_MS on a cold worker. */
  private timeoutOf(r: { op: Pending; cold: boolean }): number | undefined {
    const t = r.op.timeoutMs;
    return t !== undefined && r.cold ? Math.max(t, COLD_TIMEOUT_MS) : t;
  }

  /** (Re)sets the timer of the running call: its role's timeout, or its hold while others wait. */
  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const r = this.running;
    if (!r) return;
    const limit = this.timeoutOf(r);
    let cutAt = limit !== undefined ? r.startedAt + limit : Infinity;
    const hold = this.holdOf(r.op);
    if (hold > 0 && this.othersWaiting(r.op)) cutAt = Math.min(cutAt, r.startedAt + hold);
    if (cutAt === Infinity) return;
    this.timer = setTimeout(() => this.onTimer(), Math.max(0, cutAt - performance.now()));
  }

  private onTimer(): void {
    this.timer = undefined;
    // The answer may be in the port already: take it rather than stopping a finished call.
    const port = this.active?.port;
    for (let m = port && receiveMessageOnPort(port); m; m = port && receiveMessageOnPort(port)) {
      this.onReply(m.message as WorkerReply);
    }
    const r = this.running;
    if (!r) return;
    const ms = Math.round(performance.now() - r.startedAt);
    const limit = this.timeoutOf(r);
    const timedOut = limit !== undefined && ms >= limit;
    const hold = this.holdOf(r.op);
    if (!timedOut && (hold === 0 || ms < hold || !this.othersWaiting(r.op))) {
      this.arm(); // early, or the queue emptied meanwhile
      return;
    }
    this.stopRunning(
      `${r.op.role} statement stopped after ${ms} ms (${timedOut ? `timeout ${limit} ms` : `held the database ${hold} ms while others waited`})`,
    );
  }

  private onReply(m: WorkerReply): void {
    if (!('id' in m)) return;
    const r = this.running;
    if (!r || m.id !== r.op.id) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.running = undefined;
    const op = r.op;
    if (m.ok && op.shape !== undefined && performance.now() - r.startedAt < this.holdMs) this.rememberQuick(op.shape);
    if (r.cold) this.coldCalls = Math.max(0, this.coldCalls - 1);
    if (op.msg.op === 'begin' && m.ok) this.openTx = op.tx;
    if (op.msg.op === 'end') this.openTx = undefined;
    if (m.ok) op.resolve(m.value);
    else op.reject(deserializeError(m.error));
    this.pump();
  }

  /** Stops the running call: answers it 57014, drops its transaction, restarts the worker. */
  private stopRunning(why: string): void {
    const r = this.running;
    if (!r) return;
    this.running = undefined;
    if (r.op.shape !== undefined && !this.knownShapes.has(r.op.shape)) {
      const stops = this.stopsOf(r.op.shape) + 1;
      this.slowShapes.delete(r.op.shape);
      if (this.slowShapes.size >= 500) this.slowShapes.delete(this.slowShapes.keys().next().value as string);
      this.slowShapes.set(r.op.shape, { until: Date.now() + SLOW_SHAPE_MS, stops });
      // Calls of that shape still queued (sent before it was refused) never start either.
      if (stops >= SLOW_SHAPE_REFUSE_AT) this.failQueued(refusedError(), (op) => this.refused(op.role, op.shape));
    }
    console.warn(`[local-supabase] ${why}: restarting the PGlite worker`);
    r.op.reject(statementTimeoutError());
    this.dropOpenTx(r.op, statementTimeoutError());
    void this.restart();
  }

  private rememberQuick(shape: string): void {
    this.slowShapes.delete(shape);
    this.knownShapes.delete(shape); // re-insert: most recent last
    this.knownShapes.add(shape);
    if (this.knownShapes.size > KNOWN_SHAPES_MAX) this.knownShapes.delete(this.knownShapes.values().next().value as string);
  }

  /** The worker that held a transaction is gone: that transaction's calls fail from now on. */
  private dropOpenTx(running: Pending | undefined, error: Error): void {
    const tx = this.openTx ?? (running?.msg.op === 'begin' ? running.tx : undefined);
    this.openTx = undefined;
    if (tx === undefined) return;
    this.deadTx.add(tx);
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const op = this.queue[i]!;
      if (op.tx !== tx) continue;
      this.queue.splice(i, 1);
      if (op.msg.op === 'end' && !op.msg.commit) {
        this.deadTx.delete(tx);
        op.resolve(undefined);
      } else op.reject(error);
    }
  }

  private failQueued(error: Error, which: (op: Pending) => boolean = () => true): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const op = this.queue[i]!;
      if (!which(op)) continue;
      this.queue.splice(i, 1);
      op.reject(error);
    }
  }

  // ------------------------------------------------------------ workers

  private restart(): Promise<void> {
    this.ready = false;
    const old = this.active;
    this.active = undefined;
    this.starting = (async () => {
      const t0 = performance.now();
      await this.dispose(old);
      let lastError: unknown;
      for (let attempt = 0; attempt < 3 && !this.stopping; attempt++) {
        const standby = this.standby;
        this.standby = undefined;
        try {
          await this.open((await standby?.catch(() => undefined)) ?? (await this.load()));
          this.ready = true;
          if (old) this.coldCalls = COLD_CALLS;
          if (old) console.warn(`[local-supabase] PGlite worker restarted in ${Math.round(performance.now() - t0)} ms`);
          this.prepareStandby();
          return;
        } catch (e) {
          lastError = e;
        }
      }
      if (this.stopping) return;
      console.error('[local-supabase] the PGlite worker did not start again:', lastError);
      this.failQueued(unavailableError('the database could not be restarted; try again shortly'));
    })().finally(() => {
      this.starting = undefined;
      this.pump();
    });
    return this.starting;
  }

  /** A worker that died on its own (a crash in PGlite): fail its call, start another. */
  private onWorkerGone(h: Handle, why: string): void {
    if (h !== this.active || this.stopping) return;
    console.error(`[local-supabase] the PGlite worker stopped unexpectedly (${why}): restarting it`);
    const r = this.running;
    this.running = undefined;
    if (this.timer) clearTimeout(this.timer);
    r?.op.reject(unavailableError('the database stopped unexpectedly; try again'));
    this.dropOpenTx(r?.op, unavailableError('the database stopped unexpectedly; try again'));
    void this.restart();
  }

  private prepareStandby(): void {
    if (this.standby || this.stopping) return;
    const s = this.load();
    this.standby = s;
    s.catch(() => {
      if (this.standby === s) this.standby = undefined;
    });
  }

  /** A new worker with its modules loaded, the database not yet opened. */
  private load(): Promise<Handle> {
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(WORKER_ENTRY, { workerData: { port: port2 } satisfies WorkerInit, transferList: [port2] });
    const h: Handle = { worker, port: port1 };
    const loaded = this.expect(h);
    port1.on('message', (m: WorkerReply) => {
      if ('notify' in m) {
        if (h === this.active) for (const l of this.pgrstListeners) l(m.notify);
      } else if ('loaded' in m || 'ready' in m || 'fatal' in m) {
        const w = h.waiting;
        h.waiting = undefined;
        if ('fatal' in m) w?.reject(deserializeError(m.fatal));
        else w?.resolve();
      } else if (h === this.active) this.onReply(m);
    });
    const down = (why: string) => {
      if (h.dead) return;
      h.dead = true;
      const w = h.waiting;
      h.waiting = undefined;
      if (w) w.reject(new Error(`the PGlite worker stopped: ${why}`));
      else this.onWorkerGone(h, why);
    };
    worker.on('error', (e) => down(e.message));
    worker.on('exit', (code) => down(`exit code ${code}`));
    return loaded.then(
      () => h,
      async (e: unknown) => {
        await this.dispose(h);
        throw e;
      },
    );
  }

  /** Opens the database in a loaded worker and makes it the active one. */
  private async open(h: Handle): Promise<void> {
    if (h.dead) throw new Error('the PGlite worker stopped');
    const opened = this.expect(h);
    h.port.postMessage({ open: this.pgDir } satisfies WorkerRequest);
    try {
      await opened;
    } catch (e) {
      await this.dispose(h);
      throw e;
    }
    this.active = h;
  }

  private expect(h: Handle): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      h.waiting = { resolve, reject };
    });
  }

  private async dispose(h: Handle | undefined): Promise<void> {
    if (!h) return;
    h.dead = true;
    h.port.close();
    await h.worker.terminate();
  }

  private whenIdle(maxMs: number): Promise<void> {
    if (!this.running && this.openTx === undefined && this.queue.length === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const t = setTimeout(resolve, maxMs);
      this.idleWaiters.push(() => {
        clearTimeout(t);
        resolve();
      });
    });
  }

  private notifyIdle(): void {
    if (this.running || this.openTx !== undefined || this.queue.length > 0 || this.idleWaiters.length === 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }
}

export interface PgliteOptions {
  /** Folder holding the cluster; undefined = in memory, in this thread. */
  dataDir?: string;
  /** See DEFAULT_HOLD_MS (default: PGLITE_HOLD_MS, else 500; 0 = only the role timeouts). */
  holdMs?: number;
}

/** PGLITE_HOLD_MS: a number of ms, 0 = off. */
function holdMsFrom(env: string | undefined): number {
  if (env === undefined || env.trim() === '') return DEFAULT_HOLD_MS;
  const n = Number(env);
  if (!Number.isInteger(n) || n < 0) throw new Error(`PGLITE_HOLD_MS must be a whole number of ms (0 = off), not "${env}"`);
  return n;
}

export async function openPglite(opts: PgliteOptions): Promise<Db> {
  if (!opts.dataDir) return openPgliteInProcess();
  const release = acquireLock(opts.dataDir);
  try {
    const db = new WorkerDb(join(opts.dataDir, 'pgdata'), opts.holdMs ?? holdMsFrom(process.env.PGLITE_HOLD_MS), release);
    await db.start();
    return db;
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
