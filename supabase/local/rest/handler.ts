/**
 * The /rest/v1 subset of PostgREST: reads with select/embedding/filters/order/
 * paging, insert/upsert, PATCH, DELETE and rpc/<fn>. Each request runs in one
 * transaction as the JWT's role with request.jwt.claims set, so RLS decides.
 * Identifiers come only from the schema cache; values are bind parameters.
 * This file: the request's settings (RequestContext), its transaction, routing, errors.
 * Reads: read.ts; writes: write.ts; rpc: rpc.ts.
 */
import { isPgError } from '../db/errors.ts';
import { requestPreludeFor } from '../db/request.ts';
import type { Db, RequestContext, Tx } from '../db/types.ts';
import { type SchemaCache, roleTimeoutMs } from '../schema-cache.ts';
import { RestError, fromPgError } from './errors.ts';
import { parsePrefer } from './parse.ts';
import { read } from './read.ts';
import { JSON_CT, json } from './response.ts';
import { rpc } from './rpc.ts';
import { restTarget } from './target.ts';
import type { Fast, RequestAuth, RestRequest, RestResponse, Rows, Runners } from './types.ts';
import { insert, remove, update } from './write.ts';

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
