/** GET/HEAD on a table: one statement for the rows (as JSON), one for the count when Prefer: count asks. */
import type { SchemaCache, Table } from '../schema-cache.ts';
import { rowJson } from './embed.ts';
import { type Prefer, parseOrder, parseSelect } from './parse.ts';
import { OBJECT_CT, contentRange, json, limitSql, paging, singleOrError, singularRequested, stripNulls } from './response.ts';
import { Binds, collectFilters, condSql, orderSql, q, tableSource } from './sql.ts';
import type { RestRequest, RestResponse, Runners } from './types.ts';

export async function read(cache: SchemaCache, table: Table, req: RestRequest, prefer: Prefer, runners: Runners): Promise<RestResponse> {
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
