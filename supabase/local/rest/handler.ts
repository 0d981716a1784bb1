/**
 * The /rest/v1 subset of PostgREST: reads with select/embedding/filters/order/
 * paging, insert/upsert, PATCH, DELETE and rpc/<fn>. Each request runs in one
 * transaction as the JWT's role with request.jwt.claims set, so RLS decides.
 * Identifiers come only from the schema cache; values are bind parameters.
 */
import { isPgError } from '../db/errors.ts';
import { requestPreludeFor } from '../db/request.ts';
import type { Db, RequestContext, Stmt, Tx } from '../db/types.ts';
import { roleTimeoutMs, type Column, type RpcFunction, type SchemaCache, type Table, type ForeignKey } from '../schema-cache.ts';
import { RestError, fromPgError } from './errors.ts';
import { restTarget } from './target.ts';
import {
  parseLogic,
  parseOperation,
  parseOrder,
  parsePrefer,
  parseRange,
  parseSelect,
  type Filter,
  type OrderTerm,
  type Prefer,
  type SelectItem,
} from './parse.ts';

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

/** request.headers as PostgREST sets it: every header but Cookie, lower-case names. */
function headersJson(headers: Headers): string {
  const out: Record<string, string> = {};
  headers.forEach((v, k) => {
    if (k !== 'cookie') out[k] = v;
  });
  return JSON.stringify(out);
}

/** request.cookies: the Cookie header's name=value pairs. */
function cookiesJson(headers: Headers): string {
  const out: Record<string, string> = {};
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    out[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return JSON.stringify(out);
}

/** What every statement batch of this request runs first (see RequestContext). */
function requestContext(cache: SchemaCache, req: RestRequest, auth: RequestAuth): RequestContext {
  return {
    role: auth.role,
    claims: auth.claims,
    method: req.method,
    // PostgREST's rawPathInfo behind the gateway, which strips /rest/v1.
    path: `/${req.path}`,
    headers: headersJson(req.headers),
    cookies: cookiesJson(req.headers),
    // PostgREST reads in a READ ONLY transaction (rpc: see rpc()).
    readOnly: req.method === 'GET' || req.method === 'HEAD',
    settings: cache.db.roleSettings.get(auth.role) ?? [],
    preRequest: cache.db.preRequest,
    timeoutMs: roleTimeoutMs(cache.db, auth.role),
  };
}

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns', 'and', 'or', 'not.and', 'not.or']);
const JSON_CT = 'application/json; charset=utf-8';
const OBJECT_CT = 'application/vnd.pgrst.object+json; charset=utf-8';

const q = (ident: string): string => `"${ident.replace(/"/g, '""')}"`;
const lit = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** Collects bind parameters. */
class Binds {
  readonly values: unknown[] = [];
  private aliasN = 0;
  add(v: unknown, cast?: string): string {
    this.values.push(v);
    return `$${this.values.length}${cast ? `::${cast}` : ''}`;
  }
  alias(): string {
    return `_t${++this.aliasN}`;
  }
}

interface Source {
  label: string;
  columns: Map<string, Column>;
  /** Set when rows are rows of a known table (enables embedding). */
  table?: Table;
}

function tableSource(t: Table): Source {
  return { label: t.name, columns: t.columns, table: t };
}

function columnOf(src: Source, name: string): Column {
  const c = src.columns.get(name);
  if (!c) {
    throw new RestError(400, '42703', `column ${src.label}.${name} does not exist`, null, null);
  }
  return c;
}

function singularRequested(headers: Headers): boolean {
  return (headers.get('accept') ?? '').includes('application/vnd.pgrst.object+json');
}

function stripNulls(headers: Headers): boolean {
  return (headers.get('accept') ?? '').includes('nulls=stripped');
}

// ------------------------------------------------------------------ select

interface Relationship {
  fk: ForeignKey;
  /** true: the embedded side is referenced by us (many-to-one, object). */
  toOne: boolean;
  target: Table;
}

function resolveRelationship(cache: SchemaCache, from: Table, relation: string, hint?: string): Relationship {
  const candidates: Relationship[] = [];
  for (const fk of cache.foreignKeys) {
    if (fk.table === from.name && fk.refTable === relation) {
      candidates.push({ fk, toOne: true, target: cache.tables.get(fk.refTable)! });
    }
    if (fk.refTable === from.name && fk.table === relation && !(fk.table === from.name && fk.refTable === relation)) {
      candidates.push({ fk, toOne: false, target: cache.tables.get(fk.table)! });
    }
    if (fk.table === from.name && fk.columns.length === 1 && fk.columns[0] === relation) {
      candidates.push({ fk, toOne: true, target: cache.tables.get(fk.refTable)! });
    }
  }
  let found = candidates.filter((c) => c.target !== undefined);
  if (hint !== undefined) {
    found = found.filter((c) => c.fk.name === hint || c.fk.columns.includes(hint) || c.target.name === hint);
  }
  if (found.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${from.name}' and '${relation}' in the schema cache`,
      `Searched for a foreign key relationship between '${from.name}' and '${relation}' in the schema '${cache.schema}', but no matches were found.`,
      null,
    );
  }
  if (found.length > 1) {
    throw new RestError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${from.name}' and '${relation}'`,
      found.map((f) => f.fk.name).join(', '),
      `Try changing '${relation}' to one of the following: ${found.map((f) => `'${relation}!${f.fk.name}'`).join(', ')}.`,
    );
  }
  return found[0]!;
}

/** SQL for one JSON object per row of `src` (aliased `alias`), honouring the select list. */
function rowJson(
  cache: SchemaCache,
  src: Source,
  items: SelectItem[],
  alias: string,
  b: Binds,
  innerConds: string[],
  strip: boolean,
): string {
  const pairs: [string, string][] = [];
  for (const item of items) {
    if (item.kind === 'star') {
      for (const c of src.columns.values()) pairs.push([lit(c.name), `${alias}.${q(c.name)}`]);
    } else if (item.kind === 'column') {
      const c = columnOf(src, item.name);
      const key = item.alias !== undefined ? b.add(item.alias, 'text') : lit(c.name);
      pairs.push([key, `${alias}.${q(c.name)}${item.cast ? `::${item.cast}` : ''}`]);
    } else {
      if (!src.table) {
        throw new RestError(
          400,
          'PGRST200',
          `Could not find a relationship for '${item.relation}': these rows are not a table's rows`,
          null,
          null,
        );
      }
      const rel = resolveRelationship(cache, src.table, item.relation, item.hint);
      const inner = b.alias();
      const join = rel.toOne
        ? rel.fk.columns.map((c, i) => `${inner}.${q(rel.fk.refColumns[i]!)} = ${alias}.${q(c)}`).join(' and ')
        : rel.fk.columns.map((c, i) => `${inner}.${q(c)} = ${alias}.${q(rel.fk.refColumns[i]!)}`).join(' and ');
      const childConds: string[] = [];
      const childJson = rowJson(cache, tableSource(rel.target), item.items, inner, b, childConds, strip);
      const where = [join, ...childConds].join(' and ');
      const from = `${q(cache.schema)}.${q(rel.target.name)} ${inner}`;
      const expr = rel.toOne
        ? `(select ${childJson} from ${from} where ${where} limit 1)`
        : `(select coalesce(json_agg(${childJson}), '[]'::json) from ${from} where ${where})`;
      const key = item.alias !== undefined ? b.add(item.alias, 'text') : lit(item.relation);
      pairs.push([key, expr]);
      if (item.inner) innerConds.push(`exists (select 1 from ${from} where ${where})`);
    }
  }
  if (pairs.length === 0) return `'{}'::json`;
  const chunks: string[] = [];
  for (let i = 0; i < pairs.length; i += 50) {
    chunks.push(
      `json_build_object(${pairs
        .slice(i, i + 50)
        .map(([k, v]) => `${k}, ${v}`)
        .join(', ')})`,
    );
  }
  const obj = chunks.length === 1 ? chunks[0]! : `(${chunks.map((c) => `${c}::jsonb`).join(' || ')})::json`;
  return strip ? `json_strip_nulls(${obj})` : obj;
}

// ------------------------------------------------------------------ filters

function condSql(f: Filter, src: Source, alias: string, b: Binds): string {
  if (f.kind === 'group') {
    const inner = f.items.map((i) => condSql(i, src, alias, b)).join(f.op === 'and' ? ' and ' : ' or ');
    return `${f.negate ? 'not ' : ''}(${inner})`;
  }
  const col = columnOf(src, f.column);
  const ref = `${alias}.${q(col.name)}`;
  let sql: string;
  const v = f.value;
  switch (f.op) {
    case 'eq':
      sql = `${ref} = ${b.add(v as string, col.type)}`;
      break;
    case 'neq':
      sql = `${ref} <> ${b.add(v as string, col.type)}`;
      break;
    case 'gt':
      sql = `${ref} > ${b.add(v as string, col.type)}`;
      break;
    case 'gte':
      sql = `${ref} >= ${b.add(v as string, col.type)}`;
      break;
    case 'lt':
      sql = `${ref} < ${b.add(v as string, col.type)}`;
      break;
    case 'lte':
      sql = `${ref} <= ${b.add(v as string, col.type)}`;
      break;
    case 'like':
      sql = `${ref}::text like ${b.add((v as string).replace(/\*/g, '%'), 'text')}`;
      break;
    case 'ilike':
      sql = `${ref}::text ilike ${b.add((v as string).replace(/\*/g, '%'), 'text')}`;
      break;
    case 'isdistinct':
      sql = `${ref} is distinct from ${b.add(v as string, col.type)}`;
      break;
    case 'is': {
      const map: Record<string, string> = {
        null: 'is null',
        not_null: 'is not null',
        true: 'is true',
        false: 'is false',
        unknown: 'is unknown',
      };
      const tail = map[v as string];
      if (!tail) throw new RestError(400, 'PGRST100', `"failed to parse filter (is.${String(v)})"`, null, null);
      sql = `${ref} ${tail}`;
      break;
    }
    case 'in': {
      const list = v as string[];
      sql = list.length === 0 ? 'false' : `${ref} = any (${b.add(pgArrayLiteral(list), 'text[]')}::${col.type}[])`;
      break;
    }
    case 'cs':
      sql = `${ref} @> ${b.add(v, col.type)}`;
      break;
    case 'cd':
      sql = `${ref} <@ ${b.add(v, col.type)}`;
      break;
    case 'ov':
      sql = `${ref} && ${b.add(v, col.type)}`;
      break;
  }
  return f.negate ? `not (${sql})` : sql;
}

function pgArrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

function collectFilters(query: URLSearchParams, skip: Set<string>): Filter[] {
  const filters: Filter[] = [];
  for (const [key, value] of query) {
    if (skip.has(key)) continue;
    if (key === 'or' || key === 'and' || key === 'not.or' || key === 'not.and') {
      const negate = key.startsWith('not.');
      filters.push(parseLogic(negate ? (key.slice(4) as 'and' | 'or') : (key as 'and' | 'or'), negate, value));
      continue;
    }
    if (RESERVED.has(key)) continue;
    if (key.includes('.')) {
      throw new RestError(400, 'PGRST100', `filters on embedded resources are not supported by the local server (${key})`, null, null);
    }
    filters.push(parseOperation(key, value));
  }
  return filters;
}

function whereSql(filters: Filter[], src: Source, alias: string, b: Binds, extra: string[] = []): string {
  const parts = [...filters.map((f) => condSql(f, src, alias, b)), ...extra];
  return parts.length ? ` where ${parts.join(' and ')}` : '';
}

function orderSql(terms: OrderTerm[], src: Source, alias: string): string {
  if (terms.length === 0) return '';
  return (
    ' order by ' +
    terms
      .map((t) => {
        const c = columnOf(src, t.column);
        return `${alias}.${q(c.name)} ${t.desc ? 'desc' : 'asc'}${t.nulls ? ` nulls ${t.nulls}` : ''}`;
      })
      .join(', ')
  );
}

function intParam(query: URLSearchParams, name: string): number | undefined {
  const v = query.get(name);
  if (v === null) return undefined;
  // 15 digits at most: larger numbers lose precision in JS (and mean nothing here).
  if (!/^\d{1,15}$/.test(v)) throw new RestError(400, 'PGRST100', `"failed to parse ${name} parameter (${v.slice(0, 100)})"`, null, null);
  return Number(v);
}

/**
 * Most rows one response carries, like Supabase's "Max rows" (PostgREST db-max-rows,
 * default 1000): applied when the request asks for more or sets no limit. The product
 * pages by 20 (reviews) and asks for at most 10 ads; search_providers caps itself at 100.
 */
const MAX_ROWS = 1000;

function paging(req: RestRequest): { limit: number; offset: number; unlimited: boolean } {
  const range = parseRange(req.headers.get('range'));
  let offset = intParam(req.query, 'offset') ?? range?.offset ?? 0;
  let limit = intParam(req.query, 'limit');
  if (range?.limit !== undefined) {
    limit = limit === undefined ? range.limit : Math.min(limit, range.limit);
    if (req.query.get('offset') === null) offset = range.offset;
  }
  return { limit: Math.min(limit ?? MAX_ROWS, MAX_ROWS), offset, unlimited: limit === undefined };
}

function limitSql(p: { limit: number; offset: number }): string {
  return ` limit ${p.limit}${p.offset ? ` offset ${p.offset}` : ''}`;
}

function contentRange(offset: number, n: number, total: number | undefined): string {
  const range = n === 0 ? '*' : `${offset}-${offset + n - 1}`;
  return `${range}/${total === undefined ? '*' : total}`;
}

function singleOrError(body: string, n: number): string {
  if (n !== 1) {
    throw new RestError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${n} rows`, null);
  }
  const trimmed = body.trim();
  return trimmed.slice(1, -1).trim();
}

// ------------------------------------------------------------------ entry

export async function handleRest(db: Db, cache: SchemaCache, req: RestRequest, auth: RequestAuth): Promise<RestResponse> {
  try {
    const profile = req.headers.get('accept-profile') ?? req.headers.get('content-profile');
    if (profile !== null && profile !== cache.schema) {
      throw new RestError(406, 'PGRST106', `The schema must be one of the following: ${cache.schema}`, null, null);
    }
    const target = restTarget(req.path);
    const ctx = requestContext(cache, req, auth);
    const prefer = parsePrefer(req.headers.get('prefer'));
    const run = <T>(fn: (tx: Tx) => Promise<T>): Promise<T> =>
      db.transaction(
        async (tx) => {
          for (const st of requestPreludeFor(db, ctx)) await tx.query(st.sql, st.params);
          const out = await fn(tx);
          if (prefer.rollback) throw new Rollback(out);
          return out;
        },
        { role: auth.role, ...(ctx.timeoutMs !== undefined ? { timeoutMs: ctx.timeoutMs } : {}) },
      );
    const fast: Fast = prefer.rollback
      ? (stmts) =>
          run(async (tx) => {
            const out: { rows: Rows; rowCount: number }[] = [];
            for (const st of stmts) out.push((await tx.query(st.sql, st.params)) as { rows: Rows; rowCount: number });
            return out;
          })
      : (stmts) => db.runAs(ctx, stmts);
    const runners: Runners = { run, fast, ctx };
    if (target.kind === 'root') {
      if (req.method !== 'GET' && req.method !== 'HEAD')
        throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`, null, null);
      // PostgREST answers the root from the database too: settings and pre-request run.
      await fast([]);
      return json(200, JSON.stringify({ swagger: '2.0', info: { title: 'local PostgREST subset' }, paths: {} }));
    }
    try {
      if (target.kind === 'rpc') {
        return await rpc(cache, req, prefer, target.name, runners);
      }
      const tableName = target.name;
      const table = cache.tables.get(tableName);
      if (!table || tableName.includes('/')) {
        throw new RestError(404, 'PGRST205', `Could not find the table '${cache.schema}.${tableName}' in the schema cache`, null, null);
      }
      switch (req.method) {
        case 'GET':
        case 'HEAD':
          return await read(cache, table, req, prefer, runners);
        case 'POST':
          return await insert(cache, table, req, prefer, runners);
        case 'PATCH':
          return await update(cache, table, req, prefer, runners);
        case 'DELETE':
          return await remove(cache, table, req, prefer, runners);
        default:
          throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`, null, null);
      }
    } catch (e) {
      if (e instanceof Rollback) return e.value as RestResponse;
      throw e;
    }
  } catch (e) {
    if (e instanceof RestError) return { status: e.status, headers: { 'Content-Type': JSON_CT, ...e.headers }, body: e.body() };
    if (isPgError(e)) {
      const err = fromPgError(e, auth.role);
      return { status: err.status, headers: { 'Content-Type': JSON_CT, ...err.headers }, body: err.body() };
    }
    throw e;
  }
}

class Rollback {
  constructor(readonly value: unknown) {}
}

function json(status: number, body: string | null, headers: Record<string, string> = {}, contentType = JSON_CT): RestResponse {
  return { status, headers: { ...(body !== null ? { 'Content-Type': contentType } : {}), ...headers }, body };
}

type Runner = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
type Rows = Record<string, string | null>[];
/** Statements in one transaction as the request's role (prepared, pipelined on PGlite). */
type Fast = (stmts: Stmt[]) => Promise<{ rows: Rows; rowCount: number }[]>;
interface Runners {
  run: Runner;
  fast: Fast;
  /** The request's prelude settings; rpc() marks calls of STABLE/IMMUTABLE functions read-only. */
  ctx: RequestContext;
}

async function read(cache: SchemaCache, table: Table, req: RestRequest, prefer: Prefer, runners: Runners): Promise<RestResponse> {
  const b = new Binds();
  const alias = b.alias();
  const src = tableSource(table);
  const items = parseSelect(req.query.get('select'));
  const strip = stripNulls(req.headers);
  // Filters first: their binds are $1..$k, reused as-is by the count query.
  const filters = collectFilters(req.query, new Set());
  const filterSql = filters.map((f) => condSql(f, src, alias, b));
  const filterBinds = b.values.length;
  const innerConds: string[] = [];
  const row = rowJson(cache, src, items, alias, b, innerConds, strip);
  const conds = [...filterSql, ...innerConds];
  const where = conds.length ? ` where ${conds.join(' and ')}` : '';
  const order = req.query.has('order') ? orderSql(parseOrder(req.query.get('order')!), src, alias) : '';
  const page = paging(req);
  const from = `${q(cache.schema)}.${q(table.name)} ${alias}`;
  const sql = `select coalesce(json_agg(_r.j), '[]'::json)::text as body, count(*)::int as n from (select ${row} as j from ${from}${where}${order}${limitSql(page)}) _r`;
  const countSql = prefer.count ? `select count(*)::text as c from ${from}${where}` : null;
  const results = await runners.fast([
    { sql, params: b.values },
    ...(countSql ? [{ sql: countSql, params: b.values.slice(0, filterBinds) }] : []),
  ]);
  const body = results[0]!.rows[0]!.body!;
  const n = Number(results[0]!.rows[0]!.n);
  const total = countSql ? Number(results[1]!.rows[0]!.c) : undefined;
  const headers: Record<string, string> = { 'Content-Range': contentRange(page.offset, n, total) };
  const status = total !== undefined && n < total ? 206 : 200;
  if (singularRequested(req.headers)) {
    const one = singleOrError(body, n);
    return json(200, req.method === 'HEAD' ? null : one, headers, OBJECT_CT);
  }
  return json(status, req.method === 'HEAD' ? null : body, headers);
}

function parseBody(req: RestRequest): unknown {
  if (req.body === null || req.body.trim() === '') {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', null, null);
  }
  try {
    return JSON.parse(req.body);
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', null, null);
  }
}

function payloadColumns(table: Table, rows: Record<string, unknown>[], columnsParam: string | null): string[] {
  let names: string[];
  if (columnsParam !== null) {
    names = columnsParam
      .split(',')
      .map((s) => s.trim().replace(/^"|"$/g, ''))
      .filter((s) => s !== '');
  } else {
    const set = new Set<string>();
    for (const r of rows) for (const k of Object.keys(r)) set.add(k);
    names = [...set];
  }
  for (const n of names) {
    if (!table.columns.has(n)) {
      throw new RestError(400, 'PGRST204', `Could not find the '${n}' column of '${table.name}' in the schema cache`, null, null);
    }
  }
  return names.map((n) => table.columns.get(n)!.name);
}

async function writeAndRespond(
  cache: SchemaCache,
  table: Table,
  req: RestRequest,
  prefer: Prefer,
  runners: Runners,
  statement: string,
  b: Binds,
  okStatus: number,
  returning = '*',
  merge = false,
): Promise<RestResponse> {
  const representation = prefer.return === 'representation';
  const singular = singularRequested(req.headers);
  // An upsert that merges: PostgREST counts the rows really inserted (pgrst.inserted, see
  // insert()) and answers 200 instead of 201 when there are none (every row updated).
  const insertedStmt: Stmt = { sql: INSERTED_SQL, params: [] };
  const statusOf = (inserted: string | null | undefined): number =>
    merge ? (inserted !== null && inserted !== undefined && Number(inserted) > 0 ? 201 : 200) : okStatus;
  if (!representation) {
    const { count, inserted } = singular
      ? await runners.run(async (tx) => {
          const r = await tx.query(statement, b.values);
          if (r.rowCount !== 1) singleOrError('[]', r.rowCount);
          const ins = merge ? (await tx.query<{ inserted: string | null }>(INSERTED_SQL)).rows[0]!.inserted : null;
          return { count: r.rowCount, inserted: ins };
        })
      : await runners.fast([{ sql: statement, params: b.values }, ...(merge ? [insertedStmt] : [])]).then((r) => ({
          count: r[0]!.rowCount,
          inserted: merge ? r[1]!.rows[0]!.inserted : null,
        }));
    const status = okStatus === 201 ? statusOf(inserted) : 204;
    return json(status, null, { 'Content-Range': `*/${prefer.count ? count : '*'}` });
  }
  const alias = b.alias();
  const items = parseSelect(req.query.get('select'));
  const row = rowJson(cache, tableSource(table), items, alias, b, [], stripNulls(req.headers));
  const sql = `with _w as (${statement} returning ${returning}) select coalesce(json_agg(${row}), '[]'::json)::text as body, count(*)::int as n from _w ${alias}`;
  const out = singular
    ? await runners.run(async (tx) => {
        const r = await tx.query<{ body: string; n: number }>(sql, b.values);
        const body = r.rows[0]!.body;
        const n = Number(r.rows[0]!.n);
        const ins = merge ? (await tx.query<{ inserted: string | null }>(INSERTED_SQL)).rows[0]!.inserted : null;
        return { body: singleOrError(body, n), n, inserted: ins };
      })
    : await runners.fast([{ sql, params: b.values }, ...(merge ? [insertedStmt] : [])]).then((r) => ({
        body: r[0]!.rows[0]!.body!,
        n: Number(r[0]!.rows[0]!.n),
        inserted: merge ? r[1]!.rows[0]!.inserted : null,
      }));
  return json(
    okStatus === 201 ? statusOf(out.inserted) : 200,
    out.body,
    { 'Content-Range': `*/${prefer.count ? out.n : '*'}` },
    singular ? OBJECT_CT : JSON_CT,
  );
}

/** PostgREST's count of the rows an upsert inserted (SqlFragment.addConfigPgrstInserted). */
const INSERTED_PLUS =
  "set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) + 1)::text, true) <> '0'";
const INSERTED_MINUS =
  "set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) - 1)::text, true) <> '-1'";
const INSERTED_SQL = "select nullif(current_setting('pgrst.inserted', true), '') as inserted";

async function insert(cache: SchemaCache, table: Table, req: RestRequest, prefer: Prefer, runners: Runners): Promise<RestResponse> {
  const payload = parseBody(req);
  const rows = (Array.isArray(payload) ? payload : [payload]) as unknown[];
  if (!rows.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r))) {
    throw new RestError(400, 'PGRST102', 'All object keys must match', null, null);
  }
  const objects = rows as Record<string, unknown>[];
  const cols = payloadColumns(table, objects, req.query.get('columns'));
  const b = new Binds();
  const target = `${q(cache.schema)}.${q(table.name)}`;
  let statement: string;
  let merge = prefer.resolution === 'merge-duplicates';
  if (objects.length === 0) {
    statement = `insert into ${target} select * from ${target} where false`;
  } else if (cols.length === 0) {
    if (objects.length !== 1) throw new RestError(400, 'PGRST102', 'All object keys must match', null, null);
    statement = `insert into ${target} default values`;
    merge = false; // no columns: nothing to merge
  } else {
    const list = cols.map(q).join(', ');
    statement = `insert into ${target} (${list}) select ${list} from json_populate_recordset(null::${target}, ${b.add(JSON.stringify(objects), 'json')}) _j${merge ? ` where ${INSERTED_PLUS}` : ''}`;
    if (prefer.resolution) {
      const onConflict = req.query.get('on_conflict');
      const conflictCols = onConflict
        ? onConflict
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== '')
        : table.primaryKey;
      for (const c of conflictCols) columnOf(tableSource(table), c);
      if (conflictCols.length === 0) {
        throw new RestError(400, 'PGRST100', `table ${table.name} has no primary key: on_conflict is required`, null, null);
      }
      const target2 = conflictCols.map(q).join(', ');
      statement +=
        prefer.resolution === 'ignore-duplicates'
          ? ` on conflict (${target2}) do nothing`
          : ` on conflict (${target2}) do update set ${cols.map((c) => `${q(c)} = excluded.${q(c)}`).join(', ')} where ${INSERTED_MINUS}`;
    }
  }
  return writeAndRespond(cache, table, req, prefer, runners, statement, b, 201, '*', merge);
}

async function update(cache: SchemaCache, table: Table, req: RestRequest, prefer: Prefer, runners: Runners): Promise<RestResponse> {
  const payload = parseBody(req);
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', null, null);
  }
  const cols = payloadColumns(table, [payload as Record<string, unknown>], null);
  const b = new Binds();
  const alias = b.alias();
  const target = `${q(cache.schema)}.${q(table.name)}`;
  const filters = collectFilters(req.query, new Set());
  if (filters.length === 0) {
    throw new RestError(400, '21000', 'UPDATE requires a WHERE clause', null, null);
  }
  if (cols.length === 0) {
    return json(prefer.return === 'representation' ? 200 : 204, prefer.return === 'representation' ? '[]' : null);
  }
  const rec = b.add(JSON.stringify(payload), 'json');
  const where = whereSql(filters, tableSource(table), alias, b);
  const statement = `update ${target} ${alias} set ${cols.map((c) => `${q(c)} = _j.${q(c)}`).join(', ')} from json_populate_record(null::${target}, ${rec}) _j${where}`;
  return writeAndRespond(cache, table, req, prefer, runners, statement, b, 200, `${alias}.*`);
}

async function remove(cache: SchemaCache, table: Table, req: RestRequest, prefer: Prefer, runners: Runners): Promise<RestResponse> {
  const b = new Binds();
  const alias = b.alias();
  const filters = collectFilters(req.query, new Set());
  if (filters.length === 0) {
    throw new RestError(400, '21000', 'DELETE requires a WHERE clause', null, null);
  }
  const where = whereSql(filters, tableSource(table), alias, b);
  const statement = `delete from ${q(cache.schema)}.${q(table.name)} ${alias}${where}`;
  return writeAndRespond(cache, table, req, prefer, runners, statement, b, 200);
}

// ------------------------------------------------------------------ rpc

function pickFunction(cache: SchemaCache, name: string, keys: string[]): RpcFunction {
  const overloads = cache.functions.get(name) ?? [];
  // PostgREST's findProc: every key is a parameter and every parameter without a default
  // is a key. More than one such function: it does not choose (300 PGRST203).
  const matches = overloads.filter(
    (f) => keys.every((k) => f.args.some((a) => a.name === k)) && f.args.every((a) => a.hasDefault || keys.includes(a.name)),
  );
  if (matches.length > 1) {
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${matches
        .map((f) => `${f.schema}.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`)
        .join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  const match = matches[0];
  if (!match) {
    const sig = [...keys].sort().join(', ');
    throw new RestError(
      404,
      'PGRST202',
      `Could not find the function ${cache.schema}.${name}(${sig}) in the schema cache`,
      `Searched for the function ${cache.schema}.${name} with parameters ${sig || 'none'}, but no matches were found in the schema cache.`,
      null,
    );
  }
  return match;
}

async function rpc(cache: SchemaCache, req: RestRequest, prefer: Prefer, name: string, runners: Runners): Promise<RestResponse> {
  let args: Record<string, unknown> = {};
  const overloads = cache.functions.get(name) ?? [];
  const argNames = new Set(overloads.flatMap((f) => f.args.map((a) => a.name)));
  const consumed = new Set<string>();
  if (req.method === 'POST') {
    if (req.body !== null && req.body.trim() !== '') {
      const body = parseBody(req);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new RestError(400, 'PGRST102', 'Empty or invalid json', null, null);
      }
      args = body as Record<string, unknown>;
    }
  } else if (req.method === 'GET' || req.method === 'HEAD') {
    for (const [k, v] of req.query) {
      if (argNames.has(k) && !RESERVED.has(k)) {
        args[k] = v;
        consumed.add(k);
      }
    }
  } else {
    throw new RestError(405, 'PGRST101', 'Only GET and POST verbs are allowed for RPC', null, null);
  }
  const keys = Object.keys(args);
  const fn = pickFunction(cache, name, keys);
  if ((req.method === 'GET' || req.method === 'HEAD') && fn.volatile) {
    throw new RestError(405, '25006', 'cannot execute a volatile function in a read-only transaction', null, null);
  }
  // PostgREST calls a STABLE or IMMUTABLE function in a READ ONLY transaction, POST too.
  if (!fn.volatile) runners.ctx.readOnly = true;
  const b = new Binds();
  const callArgs: string[] = [];
  let from = '';
  if (keys.length > 0) {
    const defs = keys.map((k) => {
      const a = fn.args.find((x) => x.name === k)!;
      callArgs.push(`${q(a.name)} => _a.${q(a.name)}`);
      return `${q(a.name)} ${a.type}`;
    });
    from = `json_to_record(${b.add(JSON.stringify(args), 'json')}) as _a(${defs.join(', ')})`;
  }
  const call = `${q(cache.schema)}.${q(fn.name)}(${callArgs.join(', ')})`;
  const singular = singularRequested(req.headers);

  if (fn.returnKind === 'scalar' || fn.returnKind === 'void') {
    const sql = fn.returnsSet
      ? `select coalesce(json_agg(_r.v), '[]'::json)::text as body, count(*)::int as n from (select ${call} as v${from ? ` from ${from}` : ''}) _r`
      : `select to_json(${call})::text as body, 1 as n${from ? ` from ${from}` : ''}`;
    const out = (await runners.fast([{ sql, params: b.values }]))[0]!.rows[0]!;
    if (fn.returnKind === 'void') return json(204, null);
    let body = out.body ?? 'null';
    if (singular && fn.returnsSet) body = singleOrError(body, Number(out.n));
    return json(200, req.method === 'HEAD' ? null : body, {}, singular ? OBJECT_CT : JSON_CT);
  }

  const table = fn.returnKind === 'composite' ? [...cache.tables.values()].find((t) => t.columns === fn.columns) : undefined;
  const src: Source = { label: fn.name, columns: fn.columns, ...(table ? { table } : {}) };
  const alias = b.alias();
  const items = parseSelect(req.query.get('select'));
  const innerConds: string[] = [];
  const strip = stripNulls(req.headers);
  const row = fn.columns.size === 0 ? `to_json(${alias})` : rowJson(cache, src, items, alias, b, innerConds, strip);
  const filters = collectFilters(req.query, consumed);
  const where = whereSql(filters, src, alias, b, innerConds);
  const order = req.query.has('order') ? orderSql(parseOrder(req.query.get('order')!), src, alias) : '';
  const page = paging(req);
  const source = from ? `${from} cross join lateral ${call} ${alias}` : `${call} ${alias}`;
  const sql = `select coalesce(json_agg(_r.j), '[]'::json)::text as body, count(*)::int as n from (select ${row} as j from ${source}${where}${order}${limitSql(page)}) _r`;
  const oneRow = async (tx: Tx) => (await tx.query<{ body: string; n: number }>(sql, b.values)).rows[0]!;
  // A volatile function asked for exactly one row must roll back otherwise: real transaction.
  const out =
    singular && fn.volatile
      ? await runners.run(async (tx) => {
          const r = await oneRow(tx);
          if (fn.returnsSet) singleOrError(r.body, Number(r.n));
          return r;
        })
      : ((await runners.fast([{ sql, params: b.values }]))[0]!.rows[0]! as { body: string; n: string });
  const n = Number(out.n);
  if (!fn.returnsSet) {
    // A function returning one row answers with an object.
    return json(200, req.method === 'HEAD' ? null : n === 0 ? 'null' : singleOrError(out.body, n), {}, singular ? OBJECT_CT : JSON_CT);
  }
  if (singular) return json(200, singleOrError(out.body, n), {}, OBJECT_CT);
  // Set-returning functions: the total is only known when nothing was cut off.
  const complete = page.unlimited && page.offset === 0 && n < page.limit;
  const headers = { 'Content-Range': contentRange(page.offset, n, prefer.count && complete ? n : undefined) };
  return json(200, req.method === 'HEAD' ? null : out.body, headers);
}
