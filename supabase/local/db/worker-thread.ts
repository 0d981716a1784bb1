/**
 * One PGlite worker thread (worker.ts) as WorkerDb (worker-db.ts) drives it: started with
 * its modules loaded, then told to open the database folder, terminated to stop a call.
 */
import { join } from 'node:path';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { PACKAGE_DIR } from '../paths.ts';
import { deserializeError } from './errors.ts';
import type { WorkerInit, WorkerReply, WorkerRequest } from './worker-protocol.ts';

// A .mjs entry: a worker thread does not get jest's transform (nor, depending on how Node
// was started, tsx's hooks), so the entry registers tsx itself before loading worker.ts
// (the same under `tsx`, `node --import tsx`, and jest's in-process transform).
const WORKER_ENTRY = join(PACKAGE_DIR, 'local', 'db', 'worker-boot.mjs');

/** One worker thread and the port its calls go through. */
export interface Handle {
  worker: Worker;
  port: MessagePort;
  /** Waiting for `loaded` or `ready`. */
  waiting?: { resolve(): void; reject(e: Error): void };
  dead?: boolean;
}

/** A worker's messages after it has loaded: answers to calls, and `notify pgrst` payloads. */
export type WorkerMessage = Exclude<WorkerReply, { loaded: true } | { ready: true } | { fatal: unknown }>;

export interface WorkerEvents {
  message(h: Handle, m: WorkerMessage): void;
  /** The worker stopped on its own once loaded (a crash in PGlite). */
  gone(h: Handle, why: string): void;
}

/** A new worker with its modules loaded, the database not yet opened. */
export function loadWorker(events: WorkerEvents): Promise<Handle> {
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(WORKER_ENTRY, { workerData: { port: port2 } satisfies WorkerInit, transferList: [port2] });
  const h: Handle = { worker, port: port1 };
  const loaded = expect(h);
  port1.on('message', (m: WorkerReply) => {
    if ('loaded' in m || 'ready' in m || 'fatal' in m) {
      const w = h.waiting;
      h.waiting = undefined;
      if ('fatal' in m) w?.reject(deserializeError(m.fatal));
      else w?.resolve();
    } else events.message(h, m);
  });
  const down = (why: string) => {
    if (h.dead) return;
    h.dead = true;
    const w = h.waiting;
    h.waiting = undefined;
    if (w) w.reject(new Error(`the PGlite worker stopped: ${why}`));
    else events.gone(h, why);
  };
  worker.on('error', (e) => down(e.message));
  worker.on('exit', (code) => down(`exit code ${code}`));
  return loaded.then(
    () => h,
    async (e: unknown) => {
      await disposeWorker(h);
      throw e;
    },
  );
}

/** Opens the database folder in a loaded worker (disposes of the worker if that fails). */
export async function openDatabase(h: Handle, pgDir: string): Promise<void> {
  if (h.dead) throw new Error('the PGlite worker stopped');
  const opened = expect(h);
  h.port.postMessage({ open: pgDir } satisfies WorkerRequest);
  try {
    await opened;
  } catch (e) {
    await disposeWorker(h);
    throw e;
  }
}

function expect(h: Handle): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    h.waiting = { resolve, reject };
  });
}

export async function disposeWorker(h: Handle | undefined): Promise<void> {
  if (!h) return;
  h.dead = true;
  h.port.close();
  await h.worker.terminate();
}
