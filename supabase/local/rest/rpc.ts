/** POST/GET rpc/<fn>: picking the function by its argument names, calling it, shaping its result like PostgREST. */
import type { Tx } from '../db/types.ts';
import type { RpcFunction, SchemaCache } from '../schema-cache.ts';
import { rowJson } from './embed.ts';
import { RestError } from './errors.ts';
import { type Prefer, parseOrder, parseSelect } from './parse.ts';
import { JSON_CT, OBJECT_CT, contentRange, json, limitSql, paging, singleOrError, singularRequested, stripNulls } from './response.ts';
import { Binds, RESERVED, type Source, collectFilters, orderSql, q, whereSql } from './sql.ts';
import type { RestRequest, RestResponse, Runners } from './types.ts';
import { parseBody } from './write.ts';

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

export async function rpc(cache: SchemaCache, req: RestRequest, prefer: Prefer, name: string, runners: Runners): Promise<RestResponse> {
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
