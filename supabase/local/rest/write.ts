/** POST (insert, upsert), PATCH and DELETE on a table, with Prefer: return= and the count of affected rows. */
import type { Stmt } from '../db/types.ts';
import type { SchemaCache, Table } from '../schema-cache.ts';
import { rowJson } from './embed.ts';
import { RestError } from './errors.ts';
import { type Prefer, parseSelect } from './parse.ts';
import { JSON_CT, OBJECT_CT, json, singleOrError, singularRequested, stripNulls } from './response.ts';
import { Binds, collectFilters, columnOf, q, tableSource, whereSql } from './sql.ts';
import type { RestRequest, RestResponse, Runners } from './types.ts';

export function parseBody(req: RestRequest): unknown {
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

export async function insert(cache: SchemaCache, table: Table, req: RestRequest, prefer: Prefer, runners: Runners): Promise<RestResponse> {
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

export async function update(cache: SchemaCache, table: Table, req: RestRequest, prefer: Prefer, runners: Runners): Promise<RestResponse> {
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

export async function remove(cache: SchemaCache, table: Table, req: RestRequest, prefer: Prefer, runners: Runners): Promise<RestResponse> {
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
