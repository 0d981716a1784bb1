/** The messages between WorkerDb (worker-db.ts) and the PGlite worker thread (worker.ts). */
import type { MessagePort } from 'node:worker_threads';
import type { SerializedError } from './errors.ts';
import type { RequestContext, Stmt } from './types.ts';

/** A request to the worker (worker.ts); `tx` names a transaction session. */
export type WorkerOp =
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
