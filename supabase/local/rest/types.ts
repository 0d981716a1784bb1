/** The shapes a /rest/v1 request goes through: request, answer, caller, and how its SQL runs. */
import type { RequestContext, Stmt, Tx } from '../db/types.ts';

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

export interface RestRequest {
  method: string;
  /** Path after /rest/v1/, raw (percent-escapes kept), e.g. 'service_providers' or 'rpc/search_providers'. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: string | null;
}

export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export interface RequestAuth {
  role: ApiRole;
  /** The verified JWT payload, as JSON text (with `role`, as PostgREST sets it). */
  claims: string;
}

type Runner = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
export type Rows = Record<string, string | null>[];
/** Statements in one transaction as the request's role (prepared, pipelined on PGlite). */
export type Fast = (stmts: Stmt[]) => Promise<{ rows: Rows; rowCount: number }[]>;
export interface Runners {
  run: Runner;
  fast: Fast;
  /** The request's prelude settings; rpc() marks calls of STABLE/IMMUTABLE functions read-only. */
  ctx: RequestContext;
}
