/** select=: one JSON object per row, with embedded resources through foreign keys (PostgREST's resource embedding). */
import type { ForeignKey, SchemaCache, Table } from '../schema-cache.ts';
import { RestError } from './errors.ts';
import type { SelectItem } from './parse.ts';
import { Binds, type Source, columnOf, lit, q, tableSource } from './sql.ts';

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
export function rowJson(
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
