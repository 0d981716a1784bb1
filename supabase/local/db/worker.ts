/**
 * The PGlite worker thread: loads, says `loaded`, opens the cluster when told (`open`,
 * so a standby can wait loaded), then runs what WorkerDb (worker-db.ts) sends, one call at a
 * time. A transaction is a session: `begin` opens PGlite's transaction (holding its
 * mutex) and keeps it open across the calls of that session until `end`.
 */
import { workerData } from 'node:worker_threads';
import { serializeError } from './errors.ts';
import { openPgliteInProcess } from './pglite.ts';
import type { Db, Tx } from './types.ts';
import type { WorkerInit, WorkerReply, WorkerRequest } from './worker-protocol.ts';

const { port } = workerData as WorkerInit;

const ROLLBACK = Symbol('rollback');

interface Session {
  tx: Tx;
  finish(commit: boolean): void;
  /** Settles when PGlite has committed (or rolled back); rejects if the commit failed. */
  ended: Promise<void>;
}

const sessions = new Map<number, Session>();

function begin(db: Db, id: number): Promise<void> {
  return new Promise<void>((begun, failed) => {
    let started = false;
    let resolveEnded!: () => void;
    let rejectEnded!: (e: unknown) => void;
    const ended = new Promise<void>((res, rej) => {
      resolveEnded = res;
      rejectEnded = rej;
    });
    ended.catch(() => {}); // read by `end`; never an unhandled rejection
    db.transaction(async (tx) => {
      const commit = await new Promise<boolean>((finish) => {
        sessions.set(id, { tx, finish, ended });
        started = true;
        begun();
      });
      if (!commit) throw ROLLBACK;
    }).then(
      () => resolveEnded(),
      (e: unknown) => {
        if (e === ROLLBACK) resolveEnded();
        else if (!started) failed(e);
        else rejectEnded(e);
      },
    );
  });
}

async function end(id: number, commit: boolean): Promise<void> {
  const s = sessions.get(id);
  if (!s) throw new Error(`no open transaction ${id}`);
  sessions.delete(id);
  s.finish(commit);
  await s.ended;
}

function session(id: number): Tx {
  const s = sessions.get(id);
  if (!s) throw new Error(`no open transaction ${id}`);
  return s.tx;
}

async function run(db: Db, m: Extract<WorkerRequest, { id: number }>): Promise<unknown> {
  switch (m.op) {
    case 'runAs':
      return db.runAs(m.ctx, m.stmts);
    case 'query':
      return db.query(m.sql, m.params);
    case 'exec':
      return db.exec(m.sql);
    case 'begin':
      return begin(db, m.tx);
    case 'txQuery':
      return session(m.tx).query(m.sql, m.params);
    case 'txExec':
      return session(m.tx).exec(m.sql);
    case 'end':
      return end(m.tx, m.commit);
    case 'close':
      for (const id of [...sessions.keys()]) await end(id, false).catch(() => {});
      return db.close();
  }
}

async function open(pgDir: string): Promise<void> {
  let db: Db;
  try {
    db = await openPgliteInProcess(pgDir);
  } catch (e) {
    port.postMessage({ fatal: serializeError(e) } satisfies WorkerReply);
    return;
  }
  try {
    // PostgREST's reload notifications (`notify pgrst, ...`), passed on to the server.
    await db.onPgrstNotify((payload) => port.postMessage({ notify: payload } satisfies WorkerReply));
  } catch (e) {
    port.postMessage({ fatal: serializeError(e) } satisfies WorkerReply);
    return;
  }
  port.on('message', (m: WorkerRequest) => {
    if (!('id' in m)) return;
    run(db, m)
      .then((value) => port.postMessage({ id: m.id, ok: true, value: value ?? null } satisfies WorkerReply))
      // A failed call, or a result that cannot be cloned across threads: answer with the error.
      .catch((e: unknown) => port.postMessage({ id: m.id, ok: false, error: serializeError(e) } satisfies WorkerReply));
  });
  port.postMessage({ ready: true } satisfies WorkerReply);
}

port.once('message', (m: WorkerRequest) => {
  if ('open' in m) void open(m.open);
});
port.postMessage({ loaded: true } satisfies WorkerReply);
