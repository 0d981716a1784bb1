/** Database errors as both drivers report them, the ones this server raises itself, and their crossing of threads. */
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

const STATEMENT_TIMEOUT_MESSAGE = 'canceling statement due to statement timeout';

/** What PostgreSQL raises when statement_timeout fires (SQLSTATE 57014). */
export function statementTimeoutError(): PgError & Error {
  return Object.assign(new Error(STATEMENT_TIMEOUT_MESSAGE), { code: '57014' });
}

/** A statement refused without running, as its timeout would have ended it (see WorkerDb). */
export function refusedError(): PgError & Error {
  return Object.assign(statementTimeoutError(), {
    hint: 'This query was stopped repeatedly for running too long; it is refused for a few minutes.',
  });
}

/** The database cannot be reached for now (SQLSTATE class 08: HTTP 503, clients may retry). */
export function unavailableError(message: string): PgError & Error {
  return Object.assign(new Error(message), { code: '08006' });
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

export function deserializeError(s: SerializedError): Error {
  return Object.assign(new Error(s.message), s);
}
