/**
 * The database interface both adapters implement (PGlite: pglite.ts in a worker through
 * worker-db.ts; PostgreSQL: postgres.ts). Every API request runs in one transaction
 * (`runAs()` or `transaction()`), bounded by its role's statement timeout.
 */
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

export interface TxOptions {
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
