/**
 * What PostgREST runs around each request: its transaction settings and pre-request
 * function (requestPrelude), the reload channel it listens on, and bind values as text.
 */
import type { Db, RequestContext, Stmt } from './types.ts';

/** The channel PostgREST listens on for "reload schema" / "reload config". */
export const PGRST_CHANNEL = 'pgrst';

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
export function requestPrelude(ctx: RequestContext, skip: readonly string[] = []): Stmt[] {
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
export const PGLITE_SKIPPED_SETTINGS = ['statement_timeout'];

/** requestPrelude() for this database (what `db.runAs` runs first; for `db.transaction` callers). */
export function requestPreludeFor(db: Db, ctx: RequestContext): Stmt[] {
  return requestPrelude(ctx, db.kind === 'pglite' ? PGLITE_SKIPPED_SETTINGS : []);
}

/** A bind value as text (both drivers bind every parameter as text). */
export function toText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v);
}
