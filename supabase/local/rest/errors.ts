/** PostgREST-shaped errors: `{code, message, details, hint}` with its status codes. */
import type { PgError } from '../db/errors.ts';

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null,
    readonly hint: string | null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): string {
    return JSON.stringify({ code: this.code, details: this.details, hint: this.hint, message: this.message });
  }
}

/** PostgREST's mapping from SQLSTATE to HTTP status. */
function statusForSqlState(code: string, role: string): number {
  const custom = /^PT(\d{3})$/.exec(code);
  if (custom) return Number(custom[1]);
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '25006') return 405;
  if (code === 'P0001') return 400;
  if (code === '42P17') return 500;
  // A statement timeout: PostgREST answers 500 (class 57); here 504, so clients and
  // people see "took too long" rather than a server fault, and postgrest-js does not
  // retry it (it retries 503/520 GETs), which would only repeat the slow statement.
  if (code === '57014') return 504;
  const cls = code.slice(0, 2);
  switch (cls) {
    case '08':
    case '53':
      return 503;
    case '0L':
    case '0P':
    case '28':
      return 403;
    case '09':
    case '25':
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
    case '54':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'P0':
    case 'XX':
      return 500;
    default:
      return 400;
  }
}

export function fromPgError(e: PgError, role: string): RestError {
  const code = e.code ?? 'XX000';
  const status = statusForSqlState(code, role);
  const headers: Record<string, string> = {};
  if (status === 401) headers['WWW-Authenticate'] = 'Bearer';
  return new RestError(status, code, e.message, e.detail ?? null, e.hint ?? null, headers);
}
