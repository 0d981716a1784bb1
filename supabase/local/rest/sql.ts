/** SQL building blocks of a request: quoting, bind parameters, columns, and the filter and order grammar as SQL. */
import type { Column, Table } from '../schema-cache.ts';
import { RestError } from './errors.ts';
import { type Filter, type OrderTerm, parseLogic, parseOperation } from './parse.ts';

/** Query parameters that are not filters on a column. */
export const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns', 'and', 'or', 'not.and', 'not.or']);

export const q = (ident: string): string => `"${ident.replace(/"/g, '""')}"`;
export const lit = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** Collects bind parameters. */
export class Binds {
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

export interface Source {
  label: string;
  columns: Map<string, Column>;
  /** Set when rows are rows of a known table (enables embedding). */
  table?: Table;
}

export function tableSource(t: Table): Source {
  return { label: t.name, columns: t.columns, table: t };
}

export function columnOf(src: Source, name: string): Column {
  const c = src.columns.get(name);
  if (!c) {
    throw new RestError(400, '42703', `column ${src.label}.${name} does not exist`, null, null);
  }
  return c;
}

export function condSql(f: Filter, src: Source, alias: string, b: Binds): string {
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

export function collectFilters(query: URLSearchParams, skip: Set<string>): Filter[] {
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

export function whereSql(filters: Filter[], src: Source, alias: string, b: Binds, extra: string[] = []): string {
  const parts = [...filters.map((f) => condSql(f, src, alias, b)), ...extra];
  return parts.length ? ` where ${parts.join(' and ')}` : '';
}

export function orderSql(terms: OrderTerm[], src: Source, alias: string): string {
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
