/** How PostgREST answers: JSON bodies, paging (limit/offset/Range, Content-Range, max rows), singular objects. */
import { RestError } from './errors.ts';
import { parseRange } from './parse.ts';
import type { RestRequest, RestResponse } from './types.ts';

export const JSON_CT = 'application/json; charset=utf-8';
export const OBJECT_CT = 'application/vnd.pgrst.object+json; charset=utf-8';

export function singularRequested(headers: Headers): boolean {
  return (headers.get('accept') ?? '').includes('application/vnd.pgrst.object+json');
}

export function stripNulls(headers: Headers): boolean {
  return (headers.get('accept') ?? '').includes('nulls=stripped');
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

export function paging(req: RestRequest): { limit: number; offset: number; unlimited: boolean } {
  const range = parseRange(req.headers.get('range'));
  let offset = intParam(req.query, 'offset') ?? range?.offset ?? 0;
  let limit = intParam(req.query, 'limit');
  if (range?.limit !== undefined) {
    limit = limit === undefined ? range.limit : Math.min(limit, range.limit);
    if (req.query.get('offset') === null) offset = range.offset;
  }
  return { limit: Math.min(limit ?? MAX_ROWS, MAX_ROWS), offset, unlimited: limit === undefined };
}

export function limitSql(p: { limit: number; offset: number }): string {
  return ` limit ${p.limit}${p.offset ? ` offset ${p.offset}` : ''}`;
}

export function contentRange(offset: number, n: number, total: number | undefined): string {
  const range = n === 0 ? '*' : `${offset}-${offset + n - 1}`;
  return `${range}/${total === undefined ? '*' : total}`;
}

export function singleOrError(body: string, n: number): string {
  if (n !== 1) {
    throw new RestError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${n} rows`, null);
  }
  const trimmed = body.trim();
  return trimmed.slice(1, -1).trim();
}

export function json(status: number, body: string | null, headers: Record<string, string> = {}, contentType = JSON_CT): RestResponse {
  return { status, headers: { ...(body !== null ? { 'Content-Type': contentType } : {}), ...headers }, body };
}
