/**
 * What Supabase's PostgREST does with one HTTP request, done over plain `pg` as the
 * `authenticator` role (a login role that is not a superuser, so grants and RLS apply).
 * Nothing of supabase/local/ is used. Written from PostgREST 12.2's source (the version
 * Supabase runs): Query.hs (runQuery, setPgLocals, runPreReq), Plan.hs (findProc, callPlan,
 * the READ ONLY rule), Query/QueryBuilder.hs + SqlFragment.hs (the call statement),
 * Config/Database.hs (in-database config, role settings), Error.hs (SQLSTATE -> HTTP).
 *
 * For an RPC, in this order:
 *  1. its schema cache (read once, as PostgREST does at start and on `reload schema`) finds
 *     the function by name and by the JSON body's keys (404 PGRST202 / 300 PGRST203);
 *  2. BEGIN ISOLATION LEVEL READ COMMITTED, READ ONLY when the function is STABLE or
 *     IMMUTABLE (or the method is GET), READ WRITE when VOLATILE;
 *  3. one `select set_config(...)` with search_path, the impersonated role's own settings
 *     (ALTER ROLE anon SET statement_timeout ...), role, request.jwt.claims, request.method,
 *     request.path, request.headers (JSON, lower-case names, no cookie), request.cookies and
 *     the function's hoisted settings;
 *  4. `select <authenticator's pgrst.db_pre_request>()` when that setting exists;
 *  5. the call, arguments by name from `json_to_record($1)`;
 *  6. COMMIT, or ROLLBACK and the error mapped to the status PostgREST answers.
 */
import { Buffer } from 'node:buffer';
import type { Pool, PoolClient } from 'pg';

type ApiRole = 'anon' | 'authenticated' | 'service_role';

export interface PostgrestResult {
  status: number;
  body: unknown;
  code: string | null;
  details: string | null;
  hint: string | null;
  message: string | null;
}

export interface RequestContext {
  role: ApiRole;
  /** The JWT's payload (request.jwt.claims). */
  claims: Record<string, unknown>;
  /** Request headers as the gateway passed them on (any case; PostgREST lower-cases them). */
  headers?: Record<string, string>;
  method?: 'GET' | 'POST' | 'PATCH';
  /** request.path, e.g. /rpc/rate_provider. */
  path?: string;
}

export interface RpcCall extends RequestContext {
  fn: string;
  args?: Record<string, unknown>;
  /** The exact JSON text sent instead of JSON.stringify(args) (e.g. with insignificant whitespace). */
  rawBody?: string;
  /** Exposed schema (Accept-Profile / Content-Profile); Supabase's default is public. */
  schema?: string;
}

export interface PatchCall extends RequestContext {
  table: string;
  /** `col=eq.value` filters, ANDed. */
  eq: Record<string, string>;
  body: Record<string, unknown>;
  schema?: string;
}

interface RoutineParam {
  name: string;
  type: string;
  required: boolean;
  variadic: boolean;
}

interface Routine {
  schema: string;
  name: string;
  params: RoutineParam[];
  volatility: 'i' | 's' | 'v';
  returnsSet: boolean;
  returnsComposite: boolean;
  returnsVoid: boolean;
  /** proconfig entries PostgREST hoists into the transaction (db-hoisted-tx-settings). */
  hoisted: [string, string][];
  callable: boolean;
}

interface Config {
  preRequest: string | null;
  roleSettings: Map<string, [string, string][]>;
  roleIsolation: Map<string, string>;
}

// Supabase's PostgREST: db-schemas public,storage,graphql_public; db-extra-search-path
// public,extensions; db-anon-role anon.
const EXTRA_SEARCH_PATH = ['public', 'extensions'];
const ANON_ROLE = 'anon';
// PostgREST's default db-hoisted-tx-settings.
const HOISTED = ['statement_timeout', 'plan_filter.statement_cost_limit', 'default_transaction_isolation'];

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** PostgREST's SQLSTATE -> HTTP status (Error.hs, pgErrorStatus). */
function httpStatusOf(sqlstate: string, message: string, authenticated: boolean): number {
  const c = sqlstate;
  const p2 = c.slice(0, 2);
  if (p2 === '08') return 503;
  if (p2 === '09') return 500;
  if (p2 === '0L' || p2 === '0P') return 403;
  if (c === '23503' || c === '23505') return 409;
  if (c === '25006') return 405;
  if (c === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (p2 === '25') return 500;
  if (p2 === '28') return 403;
  if (['2D', '38', '39', '3B', '40'].includes(p2)) return 500;
  if (c === '53400') return 500;
  if (p2 === '53') return 503;
  if (p2 === '54' || p2 === '55') return 500;
  if (c === '57P01') return 503;
  if (p2 === '57' || p2 === '58' || p2 === 'F0' || p2 === 'HV') return 500; // 57014 canceled -> 500
  if (c === 'P0001') return 400;
  if (p2 === 'P0' || p2 === 'XX') return 500;
  if (c === '42883') return message.startsWith('function xmlagg(') ? 406 : 404;
  if (c === '42P01') return 404;
  if (c === '42P17') return 500;
  if (c === '42501') return authenticated ? 403 : 401;
  if (p2 === 'PT') {
    const n = Number(c.slice(2));
    return Number.isInteger(n) && n >= 100 && n <= 999 ? n : 500;
  }
  return 400;
}

interface PgErrorLike {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

function errorResult(e: unknown, role: ApiRole): PostgrestResult {
  const err = e as PgErrorLike;
  if (!err || typeof err.code !== 'string') throw e;
  const status = httpStatusOf(err.code, err.message, role !== ANON_ROLE);
  const body = { code: err.code, details: err.detail ?? null, hint: err.hint ?? null, message: err.message };
  return { status, body, ...body };
}

function apiError(status: number, code: string, message: string, details: string | null, hint: string | null): PostgrestResult {
  const body = { code, details, hint, message };
  return { status, body, ...body };
}

function base64url(s: string): string {
  return Buffer.from(s).toString('base64url');
}

/** A JWT-shaped bearer token for the headers (PostgREST has already verified it by now). */
function bearerOf(claims: Record<string, unknown>): string {
  return `Bearer ${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.test`;
}

export class PostgrestEmulator {
  private cache: Promise<{ routines: Map<string, Routine[]>; config: Config }> | null = null;

  constructor(private readonly pool: Pool) {}

  /** The parameter names of each function of that name PostgREST can call (its overloads). */
  async signatures(fn: string, schema = 'public'): Promise<string[][]> {
    const { routines } = await this.load();
    return (routines.get(`${schema}.${fn}`) ?? []).filter((r) => r.callable).map((r) => r.params.map((p) => p.name));
  }

  /** The pre-request function PostgREST would run (the authenticator's pgrst.db_pre_request), or null. */
  async preRequest(): Promise<string | null> {
    return (await this.load()).config.preRequest;
  }

  /** What `notify pgrst, 'reload schema'` / `'reload config'` does. */
  reload(): void {
    this.cache = null;
  }

  private load() {
    this.cache ??= (async () => {
      const client = await this.pool.connect();
      try {
        return { routines: await loadRoutines(client), config: await loadConfig(client) };
      } finally {
        client.release();
      }
    })();
    return this.cache;
  }

  /** Runs `fn` inside a request's transaction after the settings and the pre-request, as PostgREST does. */
  async withRequest<T>(
    ctx: RequestContext & { readOnly?: boolean; hoisted?: [string, string][] },
    fn: (client: PoolClient) => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false; result: PostgrestResult }> {
    const { config } = await this.load();
    const client = await this.pool.connect();
    let broken = false;
    try {
      const iso = config.roleIsolation.get(ctx.role) ?? 'read committed';
      await client.query(`begin isolation level ${iso} ${ctx.readOnly ? 'read only' : 'read write'}`);
      try {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(ctx.headers ?? {})) {
          if (k.toLowerCase() !== 'cookie') headers[k.toLowerCase()] = v;
        }
        const pairs: [string, string][] = [
          ['search_path', ['public', ...EXTRA_SEARCH_PATH].map(ident).join(', ')],
          // Role settings go before the role (PostgREST #3045).
          ...(config.roleSettings.get(ctx.role) ?? []),
          ['role', ctx.role],
          ['request.jwt.claims', JSON.stringify(ctx.claims)],
          ['request.method', ctx.method ?? 'POST'],
          ['request.path', ctx.path ?? '/'],
          ['request.headers', JSON.stringify(headers)],
          ['request.cookies', '{}'],
          ...(ctx.hoisted ?? []),
        ];
        const params: string[] = [];
        const calls = pairs.map(([k, v]) => {
          params.push(k, v);
          return `set_config($${params.length - 1}, $${params.length}, true)`;
        });
        await client.query(`select ${calls.join(', ')}`, params);
        if (config.preRequest) await client.query(`select ${qualified(config.preRequest)}()`);
        const value = await fn(client);
        await client.query('commit');
        return { ok: true, value };
      } catch (e) {
        try {
          await client.query('rollback');
        } catch {
          broken = true;
        }
        return { ok: false, result: errorResult(e, ctx.role) };
      }
    } finally {
      client.release(broken);
    }
  }

  /** POST (or GET) /rpc/<fn> with a JSON body, as PostgREST runs it. */
  async call(req: RpcCall): Promise<PostgrestResult> {
    const { routines } = await this.load();
    const schema = req.schema ?? 'public';
    const method = req.method ?? 'POST';
    const args = req.rawBody !== undefined ? (JSON.parse(req.rawBody) as Record<string, unknown>) : (req.args ?? {});
    const keys = Object.keys(args);
    const found = findProc(routines.get(`${schema}.${req.fn}`) ?? [], keys, method === 'POST');
    if ('error' in found) {
      if (found.error === 'none') {
        const prms = keys.join(', ');
        return apiError(
          404,
          'PGRST202',
          `Could not find the function ${schema}.${req.fn}${keys.length ? `(${prms})` : ' without parameters'} in the schema cache`,
          `Searched for the function ${schema}.${req.fn}${keys.length ? ` with parameter${keys.length > 1 ? 's' : ''} ${prms}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
          null,
        );
      }
      return apiError(300, 'PGRST203', `Could not choose the best candidate function between: ${req.fn}`, null, null);
    }
    const proc = found.proc;
    // GET sends its arguments as query-string text; POST as the JSON body.
    const body =
      method === 'GET' ? JSON.stringify(Object.fromEntries(keys.map((k) => [k, String(args[k])]))) : (req.rawBody ?? JSON.stringify(args));
    const headers = withBodyHeaders(req, method === 'GET' ? null : body);
    const readOnly = method === 'GET' || proc.volatility !== 'v';
    const { sql, usesBody } = callStatement(proc, keys);
    const r = await this.withRequest(
      { ...req, method, headers, path: req.path ?? `/rpc/${req.fn}`, readOnly, hoisted: proc.hoisted },
      async (client) => (await client.query<{ body: unknown; response_status: string | null }>(sql, usesBody ? [body] : [])).rows[0],
    );
    if (!r.ok) return r.result;
    const row = r.value!;
    const status = row.response_status ? Number(row.response_status) : proc.returnsVoid ? 204 : 200;
    const out = proc.returnsVoid ? null : row.body;
    return { status, body: out, code: null, details: null, hint: null, message: null };
  }

  /** PATCH /<table>?col=eq.value with a JSON body (Prefer: return=minimal, PostgREST's default: 204). */
  async patch(req: PatchCall): Promise<PostgrestResult & { rows: number }> {
    const schema = req.schema ?? 'public';
    const body = JSON.stringify(req.body);
    const headers = withBodyHeaders(req, body);
    const cols = Object.keys(req.body);
    const r = await this.withRequest(
      { ...req, method: 'PATCH', headers, path: req.path ?? `/${req.table}`, readOnly: false },
      async (client) => {
        const types = await client.query<{ attname: string; type: string }>(
          `select a.attname, format_type(a.atttypid, a.atttypmod) as type
             from pg_attribute a
            where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attname = any($2)`,
          [`${ident(schema)}.${ident(req.table)}`, cols],
        );
        const typeOf = new Map(types.rows.map((t) => [t.attname, t.type]));
        const qi = `${ident(schema)}.${ident(req.table)}`;
        const filters = Object.keys(req.eq).map((c, i) => `${qi}.${ident(c)} = $${i + 2}`);
        const sql =
          `with pgrst_source as (update ${qi} set ${cols.map((c) => `${ident(c)} = pgrst_body.${ident(c)}`).join(', ')}` +
          ` from (select $1::json as json_data) pgrst_payload,` +
          ` lateral (select ${cols.map(ident).join(', ')} from json_to_record(pgrst_payload.json_data)` +
          ` as _(${cols.map((c) => `${ident(c)} ${typeOf.get(c) ?? 'text'}`).join(', ')})) pgrst_body` +
          (filters.length ? ` where ${filters.join(' and ')}` : '') +
          ` returning 1) select pg_catalog.count(_postgrest_t) as page_total from (select 1 from pgrst_source) _postgrest_t`;
        const res = await client.query<{ page_total: string }>(sql, [body, ...Object.values(req.eq)]);
        return Number(res.rows[0]!.page_total);
      },
    );
    if (!r.ok) return { ...r.result, rows: 0 };
    return { status: 204, body: null, code: null, details: null, hint: null, message: null, rows: r.value };
  }
}

/** Headers a client's request carries: content-type and content-length, unless it is sent chunked. */
function withBodyHeaders(req: RequestContext, body: string | null): Record<string, string> {
  const h: Record<string, string> = {
    accept: 'application/json',
    apikey: 'anon-key',
    authorization: bearerOf(req.claims),
    'x-client-info': 'supabase-js-web/2.119.1',
  };
  if (body !== null) {
    h['content-type'] = 'application/json';
    const given = Object.keys(req.headers ?? {}).map((k) => k.toLowerCase());
    if (!given.includes('transfer-encoding') && !given.includes('content-length')) {
      h['content-length'] = String(Buffer.byteLength(body));
    }
  }
  for (const [k, v] of Object.entries(req.headers ?? {})) h[k.toLowerCase()] = v;
  return h;
}

function qualified(name: string): string {
  const parts = name.split('.');
  return parts.map((p) => (/^".*"$/.test(p) ? p : ident(p))).join('.');
}

function findProc(candidates: Routine[], keys: string[], isPost: boolean): { proc: Routine } | { error: 'none' | 'ambiguous' } {
  const keySet = new Set(keys);
  const eq = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));
  const matches: Routine[] = [];
  const fallback: Routine[] = [];
  for (const proc of candidates) {
    if (!proc.callable) continue;
    const params = proc.params;
    let ok: boolean;
    if (params.length === 0) ok = keySet.size === 0;
    else {
      const req = new Set(params.filter((p) => p.required).map((p) => p.name));
      const opt = new Set(params.filter((p) => !p.required).map((p) => p.name));
      if (opt.size === 0) ok = eq(keySet, req);
      else if (req.size === 0) ok = [...keySet].every((k) => opt.has(k));
      else ok = eq(new Set([...keySet].filter((k) => !opt.has(k))), req);
    }
    if (ok) matches.push(proc);
    else if (isPost && params.length === 1 && params[0]!.name === '' && ['json', 'jsonb'].includes(params[0]!.type)) fallback.push(proc);
  }
  if (matches.length === 1) return { proc: matches[0]! };
  if (matches.length > 1) return { error: 'ambiguous' };
  if (fallback.length === 1) return { proc: fallback[0]! };
  return { error: fallback.length ? 'ambiguous' : 'none' };
}

/** PostgREST's call statement: WITH pgrst_source AS (call) SELECT ... body ... */
function callStatement(proc: Routine, keys: string[]): { sql: string; usesBody: boolean } {
  const qi = `${ident(proc.schema)}.${ident(proc.name)}`;
  const given = proc.params.filter((p) => keys.includes(p.name));
  const scalar = !proc.returnsComposite;
  let from: string;
  if (given.length === 0) {
    from = scalar ? `from (select ${qi}() pgrst_scalar) pgrst_call` : `from ${qi}() pgrst_call`;
  } else {
    const typed = given.map((p) => `${ident(p.name)} ${p.type}`).join(', ');
    const named = given.map((p) => `${p.variadic ? 'variadic ' : ''}${ident(p.name)} := pgrst_body.${ident(p.name)}`).join(', ');
    const call = scalar ? `(select ${qi}(${named}) pgrst_scalar) pgrst_call` : `${qi}(${named}) pgrst_call`;
    from =
      `from (select $1::json as json_data) pgrst_payload, ` +
      `lateral (select ${given.map((p) => ident(p.name)).join(', ')} from json_to_record(pgrst_payload.json_data) as _(${typed}) limit 1) pgrst_body, ` +
      `lateral ${call}`;
  }
  const source = `select ${scalar ? 'pgrst_call.pgrst_scalar' : 'pgrst_call.*'} ${from}`;
  let agg: string;
  if (!proc.returnsSet)
    agg = scalar ? `coalesce(json_agg(_postgrest_t.pgrst_scalar)->0, 'null')` : `coalesce(json_agg(_postgrest_t)->0, 'null')`;
  else agg = scalar ? `coalesce(json_agg(_postgrest_t.pgrst_scalar), '[]')` : `coalesce(json_agg(_postgrest_t), '[]')`;
  return {
    sql:
      `with pgrst_source as (${source}) ` +
      `select ${agg} as body, nullif(current_setting('response.status', true), '') as response_status ` +
      `from (select pgrst_source.* from pgrst_source) _postgrest_t`,
    usesBody: given.length > 0,
  };
}

async function loadRoutines(client: PoolClient): Promise<Map<string, Routine[]>> {
  const res = await client.query<{
    schema: string;
    name: string;
    provolatile: 'i' | 's' | 'v';
    proretset: boolean;
    ret_composite: boolean;
    ret_void: boolean;
    nargs: number;
    ndefaults: number;
    args: { name: string; type: string; mode: string }[];
    proconfig: string[] | null;
  }>(
    `select n.nspname as schema, p.proname as name, p.provolatile, p.proretset,
            (t.typtype = 'c' or coalesce(p.proargmodes::text[] && '{t,b,o}', false)) as ret_composite,
            p.prorettype = 'void'::regtype as ret_void,
            p.pronargs as nargs, p.pronargdefaults as ndefaults, p.proconfig,
            coalesce((select json_agg(json_build_object('name', coalesce(a.name, ''), 'type', a.type::regtype::text,
                                                        'mode', coalesce(a.mode::text, 'i')) order by a.idx)
                        from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargmodes::text[], p.proargnames)
                             with ordinality as a(type, mode, name, idx)
                       where a.type is not null and coalesce(a.mode::text, 'i') in ('i', 'b', 'v')), '[]') as args
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type t on t.oid = p.prorettype
      where n.nspname = any($1) and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype`,
    [['public', 'storage', 'graphql_public']],
  );
  const map = new Map<string, Routine[]>();
  for (const r of res.rows) {
    const nRequired = r.nargs - r.ndefaults;
    const params = r.args.map((a, i) => ({
      name: a.name,
      // PostgREST widens bit/character to their varying forms, else the regtype text.
      type: a.type === 'bit' ? 'bit varying' : a.type === 'character' ? 'character varying' : a.type,
      required: i < nRequired,
      variadic: a.mode === 'v',
    }));
    const unnamed = params.filter((p) => p.name === '');
    const callable = unnamed.length === 0 || (unnamed.length === 1 && ['bytea', 'json', 'jsonb', 'text', 'xml'].includes(unnamed[0]!.type));
    const hoisted = (r.proconfig ?? [])
      .map((s) => [s.slice(0, s.indexOf('=')), s.slice(s.indexOf('=') + 1)] as [string, string])
      .filter(([k]) => HOISTED.includes(k));
    const routine: Routine = {
      schema: r.schema,
      name: r.name,
      params,
      volatility: r.provolatile,
      returnsSet: r.proretset,
      returnsComposite: r.ret_composite,
      returnsVoid: r.ret_void && !r.proretset,
      hoisted,
      callable,
    };
    const key = `${r.schema}.${r.name}`;
    map.set(key, [...(map.get(key) ?? []), routine]);
  }
  return map;
}

async function loadConfig(client: PoolClient): Promise<Config> {
  // In-database configuration: the authenticator's pgrst.* settings (database-specific first).
  const pre = await client.query<{ value: string }>(
    `with role_setting as (
       select setdatabase as database, unnest(setconfig) as setting
         from pg_catalog.pg_db_role_setting
        where setrole = current_user::regrole::oid
          and setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_catalog))
     ), kv as (
       select database, substr(setting, 1, strpos(setting, '=') - 1) as k, substr(setting, strpos(setting, '=') + 1) as v
         from role_setting
     )
     select v as value from kv where k = 'pgrst.db_pre_request' and v is not null
      order by database desc nulls last limit 1`,
  );
  // The settings of each role the authenticator may become (ALTER ROLE x SET ..., all databases),
  // user-settable ones only, as PostgREST's queryRoleSettings.
  const roles = await client.query<{ rolname: string; key: string; value: string }>(
    `with role_setting as (
       select r.rolname, unnest(s.setconfig) as setting
         from pg_auth_members m
         join pg_roles r on r.oid = m.roleid
         join pg_catalog.pg_db_role_setting s on s.setrole = r.oid and s.setdatabase = 0
        where m.member = current_user::regrole::oid
     ), kv as (
       select rolname, substr(setting, 1, strpos(setting, '=') - 1) as key,
              lower(substr(setting, strpos(setting, '=') + 1)) as value
         from role_setting
     )
     select kv.rolname, kv.key, kv.value
       from kv join pg_settings ps on ps.name = kv.key
        and (ps.context = 'user' or has_parameter_privilege(current_user::regrole::oid, ps.name, 'set'))`,
  );
  const roleSettings = new Map<string, [string, string][]>();
  const roleIsolation = new Map<string, string>();
  for (const r of roles.rows) {
    if (r.key === 'default_transaction_isolation') roleIsolation.set(r.rolname, r.value);
    else roleSettings.set(r.rolname, [...(roleSettings.get(r.rolname) ?? []), [r.key, r.value]]);
  }
  return { preRequest: pre.rows[0]?.value ?? null, roleSettings, roleIsolation };
}
