/**
 * Parsers for PostgREST's URL grammar: select lists, filters (including
 * or=/and= trees), order. Pure functions: no SQL here.
 */
import { RestError } from './errors.ts';

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; name: string; alias?: string; cast?: string }
  | { kind: 'embed'; relation: string; hint?: string; inner: boolean; alias?: string; items: SelectItem[] };

type FilterOp = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'is' | 'isdistinct' | 'in' | 'cs' | 'cd' | 'ov';

export type Filter =
  | { kind: 'cond'; column: string; op: FilterOp; negate: boolean; value: string | string[] }
  | { kind: 'group'; op: 'and' | 'or'; negate: boolean; items: Filter[] };

export interface OrderTerm {
  column: string;
  desc: boolean;
  nulls?: 'first' | 'last';
}

const OPS = new Set<FilterOp>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'is', 'isdistinct', 'in', 'cs', 'cd', 'ov']);

/**
 * Operators refused outright: a POSIX regex can take exponential time (PGlite never came
 * back from `(a{1,255}){1,255}`), and the product never filters by regex.
 */
const REFUSED_OPS = new Set<string>(['match', 'imatch']);

/** Embedding limits: the product embeds nothing; allow two levels and a few resources. */
const MAX_EMBED_DEPTH = 2;
const MAX_EMBEDS = 4;

/** Splits on `sep` at nesting depth 0, outside double quotes. */
function splitTopLevel(input: string, sep = ','): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = '';
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (ch === '\\' && quoted && i + 1 < input.length) {
      cur += ch + input[i + 1]!;
      i++;
      continue;
    }
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '(') depth++;
    else if (!quoted && ch === ')') depth--;
    if (ch === sep && depth === 0 && !quoted) {
      out.push(cur);
      cur = '';
    } else {
      cur += ch;
    }
    if (depth < 0) throw parseError(`unexpected ")" in "${input}"`);
  }
  if (depth !== 0 || quoted) throw parseError(`unbalanced parentheses or quotes in "${input}"`);
  out.push(cur);
  return out;
}

function parseError(details: string): RestError {
  return new RestError(400, 'PGRST100', `"failed to parse" ${details}`, details, null);
}

function unquote(s: string): string {
  const t = s.trim();
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) {
    return t.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return t;
}

const CASTS = new Set(['text', 'integer', 'int', 'bigint', 'numeric', 'boolean', 'json', 'jsonb', 'uuid', 'date', 'timestamptz']);

/**
 * Parses a select list and refuses costly embedding: deeper than MAX_EMBED_DEPTH levels
 * (each level is a correlated subquery per row of the level above) or more than
 * MAX_EMBEDS embedded resources in all.
 */
export function parseSelect(input: string | null): SelectItem[] {
  const items = parseSelectItems(input);
  let count = 0;
  const walk = (list: SelectItem[], depth: number): void => {
    for (const item of list) {
      if (item.kind !== 'embed') continue;
      count++;
      if (depth > MAX_EMBED_DEPTH) {
        throw new RestError(
          400,
          'PGRST100',
          `embedding deeper than ${MAX_EMBED_DEPTH} levels is not allowed ("${item.relation}" is at level ${depth})`,
          `select=${(input ?? '').slice(0, 200)}`,
          null,
        );
      }
      if (count > MAX_EMBEDS) {
        throw new RestError(
          400,
          'PGRST100',
          `more than ${MAX_EMBEDS} embedded resources in one request are not allowed`,
          `select=${(input ?? '').slice(0, 200)}`,
          null,
        );
      }
      walk(item.items, depth + 1);
    }
  };
  walk(items, 1);
  return items;
}

function parseSelectItems(input: string | null): SelectItem[] {
  if (input === null || input.trim() === '') return [{ kind: 'star' }];
  const items: SelectItem[] = [];
  for (const raw of splitTopLevel(input)) {
    const part = raw.trim();
    if (part === '') throw parseError(`empty item in select "${input}"`);
    if (part === '*') {
      items.push({ kind: 'star' });
      continue;
    }
    const paren = part.indexOf('(');
    if (paren >= 0) {
      if (!part.endsWith(')')) throw parseError(`bad embedding "${part}"`);
      let head = part.slice(0, paren).trim();
      const inner = part.slice(paren + 1, -1);
      let alias: string | undefined;
      const colon = head.indexOf(':');
      if (colon >= 0) {
        alias = unquote(head.slice(0, colon));
        head = head.slice(colon + 1);
      }
      if (head.startsWith('...'))
        throw new RestError(400, 'PGRST100', 'spread embeddings are not supported by the local server', null, null);
      const [rel, ...hints] = head.split('!');
      const isInner = hints.includes('inner');
      const hint = hints.find((h) => h !== 'inner' && h !== 'left');
      items.push({
        kind: 'embed',
        relation: unquote(rel ?? ''),
        ...(hint !== undefined ? { hint: unquote(hint) } : {}),
        inner: isInner,
        ...(alias !== undefined ? { alias } : {}),
        items: parseSelectItems(inner === '' ? '*' : inner),
      });
      continue;
    }
    let head = part;
    let alias: string | undefined;
    let cast: string | undefined;
    const castAt = head.indexOf('::');
    if (castAt >= 0) {
      cast = head
        .slice(castAt + 2)
        .trim()
        .toLowerCase();
      head = head.slice(0, castAt);
      if (!CASTS.has(cast)) throw parseError(`unsupported cast "${cast}"`);
    }
    const colon = head.indexOf(':');
    if (colon >= 0) {
      alias = unquote(head.slice(0, colon));
      head = head.slice(colon + 1);
    }
    const name = unquote(head);
    if (name.includes('->')) throw parseError(`JSON paths are not supported by the local server ("${name}")`);
    items.push({ kind: 'column', name, ...(alias !== undefined ? { alias } : {}), ...(cast !== undefined ? { cast } : {}) });
  }
  return items;
}

/** Parses `[not.]op.value` (the right-hand side of a filter parameter). */
export function parseOperation(column: string, rhs: string): Filter {
  let rest = rhs;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot < 0) throw parseError(`(${rhs})`);
  const opName = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  if (REFUSED_OPS.has(opName)) {
    throw new RestError(
      400,
      'PGRST100',
      `"failed to parse filter" the regular expression operators match and imatch are not allowed by this server`,
      `${column}=${rhs.slice(0, 200)}`,
      'Use eq, like or ilike instead.',
    );
  }
  if (!OPS.has(opName as FilterOp)) {
    throw parseError(`unknown or unsupported operator "${opName}" in (${rhs})`);
  }
  const op = opName as FilterOp;
  if (op === 'in') {
    const v = value.trim();
    if (!v.startsWith('(') || !v.endsWith(')')) throw parseError(`in list must be parenthesised: (${rhs})`);
    const body = v.slice(1, -1);
    const list = body.trim() === '' ? [] : splitTopLevel(body).map(unquote);
    return { kind: 'cond', column, op, negate, value: list };
  }
  return { kind: 'cond', column, op, negate, value: op === 'is' ? value.trim().toLowerCase() : unquote(value) };
}

/** Parses the value of an `or=`/`and=` parameter: `(a.eq.1,b.is.null,and(c.gt.2,d.lt.3))`. */
export function parseLogic(op: 'and' | 'or', negate: boolean, value: string): Filter {
  const v = value.trim();
  if (!v.startsWith('(') || !v.endsWith(')')) throw parseError(`logic tree must be parenthesised: ${op}=${value}`);
  const items: Filter[] = [];
  for (const raw of splitTopLevel(v.slice(1, -1))) {
    const part = raw.trim();
    const m = /^(not\.)?(and|or)\s*\(/.exec(part);
    if (m) {
      items.push(parseLogic(m[2] as 'and' | 'or', m[1] !== undefined, part.slice(m[0].length - 1)));
      continue;
    }
    const dot = part.indexOf('.');
    if (dot <= 0) throw parseError(`(${part})`);
    items.push(parseOperation(unquote(part.slice(0, dot)), part.slice(dot + 1)));
  }
  if (items.length === 0) throw parseError(`empty logic tree ${op}=${value}`);
  return { kind: 'group', op, negate, items };
}

export function parseOrder(value: string): OrderTerm[] {
  return splitTopLevel(value).map((raw) => {
    const parts = raw.trim().split('.');
    const column = unquote(parts[0] ?? '');
    if (column === '' || column.includes('(')) throw parseError(`order "${value}"`);
    let desc = false;
    let nulls: 'first' | 'last' | undefined;
    for (const p of parts.slice(1)) {
      if (p === 'desc') desc = true;
      else if (p === 'asc') desc = false;
      else if (p === 'nullsfirst') nulls = 'first';
      else if (p === 'nullslast') nulls = 'last';
      else throw parseError(`order "${value}"`);
    }
    return { column, desc, ...(nulls ? { nulls } : {}) };
  });
}

export interface Prefer {
  return: 'minimal' | 'representation' | 'headers-only' | undefined;
  count: boolean;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  missingDefault: boolean;
  rollback: boolean;
}

export function parsePrefer(header: string | null): Prefer {
  const p: Prefer = { return: undefined, count: false, resolution: undefined, missingDefault: false, rollback: false };
  if (!header) return p;
  for (const raw of header.split(',')) {
    const [k, v] = raw
      .trim()
      .split('=')
      .map((s) => s.trim());
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only')) p.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) p.count = true;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) p.resolution = v;
    else if (k === 'missing' && v === 'default') p.missingDefault = true;
    else if (k === 'tx' && v === 'rollback') p.rollback = true;
  }
  return p;
}

/** Turns a PostgREST `Range: 0-9` header into offset/limit. */
export function parseRange(header: string | null): { offset: number; limit?: number } | undefined {
  if (!header) return undefined;
  const m = /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(header);
  if (!m) return undefined;
  if (m[1]!.length > 15 || m[2]!.length > 15) throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', null, null);
  const from = Number(m[1]);
  if (m[2] === '') return { offset: from };
  const to = Number(m[2]);
  if (to < from) throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', null, null);
  return { offset: from, limit: to - from + 1 };
}
