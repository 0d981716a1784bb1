/**
 * PGlite behind a worker thread (worker.ts), with a scheduler in front of it: calls are
 * queued here and sent one at a time; one that holds the thread too long is stopped by
 * terminating the worker and opening the folder again in another (see WorkerDb). What the
 * scheduler learns about statement shapes is in shapes.ts.
 */
import { join } from 'node:path';
import { receiveMessageOnPort } from 'node:worker_threads';
import { deserializeError, refusedError, statementTimeoutError, unavailableError } from './errors.ts';
import { acquireLock } from './lock-file.ts';
import { openPgliteInProcess } from './pglite.ts';
import { ShapePolicy } from './shapes.ts';
import type { Db, QueryResult, RequestContext, Stmt, Tx, TxOptions } from './types.ts';
import type { WorkerOp, WorkerReply, WorkerRequest } from './worker-protocol.ts';
import { disposeWorker, loadWorker, openDatabase, type Handle, type WorkerMessage } from './worker-thread.ts';

/**
 * Default of PGLITE_HOLD_MS: how long one anon/authenticated statement may keep the
 * single PGlite thread while other requests wait, before it is stopped like a timeout
 * (the slowest search at 50,000 providers takes ~30 ms).
 */
const DEFAULT_HOLD_MS = 500;
/**
 * A worker started again after a stop is cold (its caches empty): its first calls take
 * several times longer than usual (over a second for the first one on a busy machine).
 * So that they are not stopped in turn (and the worker restarted again, and again) when
 * the role's timeout is short (anon 1.5 s), its first COLD_CALLS API calls may run for at
 * least COLD_TIMEOUT_MS. Stopping a call that holds the database while others wait
 * (ShapePolicy.holdOf) is unchanged.
 */
const COLD_CALLS = 10;
const COLD_TIMEOUT_MS = 3000;

interface Pending {
  id: number;
  msg: WorkerOp;
  /** API role (anon/authenticated may be stopped early: ShapePolicy.holdOf); undefined = internal work. */
  role: string | undefined;
  /** The role's statement timeout (ms); undefined = none (internal work, or no setting). */
  timeoutMs: number | undefined;
  tx: number | undefined;
  /** SQL text(s) without values: remembered when stopped, to run that shape last (shapes.ts). */
  shape: string | undefined;
  queuedAt: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
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
 *   or refused like that, and may hold the thread longer (shapes.ts);
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
  private readonly shapes: ShapePolicy;
  private timer: NodeJS.Timeout | undefined;
  private nextId = 1;
  private nextTx = 1;
  private idleWaiters: (() => void)[] = [];
  private readonly pgrstListeners = new Set<(payload: string) => void>();

  constructor(
    private readonly pgDir: string,
    private readonly holdMs: number,
    private readonly onClose: () => void,
  ) {
    this.shapes = new ShapePolicy(holdMs);
  }

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
      await disposeWorker(h);
      const standby = this.standby;
      this.standby = undefined;
      await disposeWorker(await standby?.catch(() => undefined));
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
    if (this.shapes.refused({ role, shape })) return Promise.reject(refusedError());
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
      const tier = this.shapes.tierOf(op, now);
      if (tier < bestTier) {
        best = i;
        bestTier = tier;
        if (tier === 0) break;
      }
    }
    return best;
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
    return this.queue.some((o) => (running.tx === undefined || o.tx !== running.tx) && !this.shapes.isSlow(o.shape));
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
    const hold = this.shapes.holdOf(r.op);
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
    const hold = this.shapes.holdOf(r.op);
    if (!timedOut && (hold === 0 || ms < hold || !this.othersWaiting(r.op))) {
      this.arm(); // early, or the queue emptied meanwhile
      return;
    }
    this.stopRunning(
      `${r.op.role} statement stopped after ${ms} ms (${timedOut ? `timeout ${limit} ms` : `held the database ${hold} ms while others waited`})`,
    );
  }

  private onReply(m: WorkerMessage | WorkerReply): void {
    if (!('id' in m)) return;
    const r = this.running;
    if (!r || m.id !== r.op.id) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.running = undefined;
    const op = r.op;
    if (m.ok && op.shape !== undefined && performance.now() - r.startedAt < this.holdMs) this.shapes.ranQuickly(op.shape);
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
    // Refused from now on: calls of that shape still queued (sent before) never start either.
    if (this.shapes.stopped(r.op.shape)) this.failQueued(refusedError(), (op) => this.shapes.refused(op));
    console.warn(`[local-supabase] ${why}: restarting the PGlite worker`);
    r.op.reject(statementTimeoutError());
    this.dropOpenTx(r.op, statementTimeoutError());
    void this.restart();
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
      await disposeWorker(old);
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
    return loadWorker({
      message: (h, m) => {
        if (h !== this.active) return;
        if ('notify' in m) for (const l of this.pgrstListeners) l(m.notify);
        else this.onReply(m);
      },
      gone: (h, why) => this.onWorkerGone(h, why),
    });
  }

  /** Opens the database in a loaded worker and makes it the active one. */
  private async open(h: Handle): Promise<void> {
    await openDatabase(h, this.pgDir);
    this.active = h;
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
