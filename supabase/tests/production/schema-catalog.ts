/**
 * What tests compare between the database the migrations build and the one supabase/schemas/
 * builds (schema-files.test.ts on PostgreSQL 15, schema-files-pglite.test.ts on PGlite): the
 * catalog as "kind name" -> definition, read with plain SQL so any client can run it.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const SUPABASE_DIR = resolve(__dirname, '..', '..');

/** config.toml's [db.migrations] schema_paths, relative to supabase/ (no globs: the files are listed). */
export function schemaPaths(): string[] {
  const toml = readFileSync(join(SUPABASE_DIR, 'config.toml'), 'utf8');
  const section = /\[db\.migrations\][^[]*?schema_paths\s*=\s*\[([^\]]*)\]/s.exec(toml);
  if (!section) throw new Error('config.toml has no [db.migrations] schema_paths');
  return [...section[1]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!.replace(/^\.\//, ''));
}

const SCHEMAS = `('public', 'private')`;

/** Every object as "kind name" -> its definition (one string), read from the catalog. */
const CATALOG: Record<string, string> = {
  extension: `select e.extname as k, e.extname || ' in ' || n.nspname as v
                from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname <> 'plpgsql'`,
  schema: `select nspname as k, coalesce((select string_agg(coalesce(nullif(a.grantee::regrole::text, '-'), 'PUBLIC') || ':' || a.privilege_type, ', ' order by coalesce(nullif(a.grantee::regrole::text, '-'), 'PUBLIC') || ':' || a.privilege_type)
                 from aclexplode(nspacl) a where a.grantee <> nspowner), '') as v
             from pg_namespace where nspname in ${SCHEMAS}`,
  table: `select c.oid::regclass::text as k,
                 'kind ' || c.relkind::text || ', rls ' || c.relrowsecurity || ', forced ' || c.relforcerowsecurity
                 || coalesce(', options ' || array_to_string(c.reloptions, ','), '') as v
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname in ${SCHEMAS} and c.relkind in ('r', 'p', 'v', 'm', 'f')`,
  column: `select c.oid::regclass::text || '.' || a.attname as k,
                  format_type(a.atttypid, a.atttypmod)
                  || case when a.attnotnull then ' not null' else '' end
                  || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
                  || case a.attidentity when 'a' then ' identity always' when 'd' then ' identity by default' else '' end
                  || case a.attgenerated when 's' then ' generated' else '' end
                  || coalesce(' collate ' || nullif(co.collname, 'default'), '') as v
             from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
             left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
             left join pg_collation co on co.oid = a.attcollation
            where n.nspname in ${SCHEMAS} and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped`,
  // Constraints by table and name; the definition, not the column order in the table.
  constraint: `select co.conrelid::regclass::text || ' ' || co.conname as k, pg_get_constraintdef(co.oid) as v
                 from pg_constraint co join pg_namespace n on n.oid = co.connamespace
                where n.nspname in ${SCHEMAS} and co.conrelid <> 0`,
  index: `select i.indexrelid::regclass::text as k, pg_get_indexdef(i.indexrelid) as v
            from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
           where n.nspname in ${SCHEMAS}`,
  policy: `select schemaname || '.' || tablename || ' ' || policyname as k,
                  permissive || ' for ' || cmd || ' to ' || array_to_string(roles, ',')
                  || coalesce(' using (' || qual || ')', '') || coalesce(' with check (' || with_check || ')', '') as v
             from pg_catalog.pg_policies where schemaname in ${SCHEMAS}`,
  'table grants': `select c.oid::regclass::text as k,
                          coalesce((select string_agg(coalesce(nullif(a.grantee::regrole::text, '-'), 'PUBLIC') || ':' || a.privilege_type
                                                      || case when a.is_grantable then '*' else '' end, ', ' order by coalesce(nullif(a.grantee::regrole::text, '-'), 'PUBLIC') || ':' || a.privilege_type
                                                      || case when a.is_grantable then '*' else '' end)
                                      from aclexplode(c.relacl) a where a.grantee <> c.relowner), '') as v
                     from pg_class c join pg_namespace n on n.oid = c.relnamespace
                    where n.nspname in ${SCHEMAS} and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')`,
  'column grants': `select c.oid::regclass::text || '.' || at.attname as k,
                           (select string_agg(coalesce(nullif(a.grantee::regrole::text, '-'), 'PUBLIC') || ':' || a.privilege_type, ', ' order by coalesce(nullif(a.grantee::regrole::text, '-'), 'PUBLIC') || ':' || a.privilege_type)
                              from aclexplode(at.attacl) a) as v
                      from pg_attribute at join pg_class c on c.oid = at.attrelid join pg_namespace n on n.oid = c.relnamespace
                     where n.nspname in ${SCHEMAS} and at.attacl is not null and at.attnum > 0 and not at.attisdropped`,
  // The whole CREATE FUNCTION: signature, body, language, volatility, security definer, search_path.
  function: `select p.oid::regprocedure::text as k, pg_get_functiondef(p.oid) as v
               from pg_proc p join pg_namespace n on n.oid = p.pronamespace
              where n.nspname in ${SCHEMAS} and p.prokind in ('f', 'p')`,
  'function grants': `select p.oid::regprocedure::text as k,
                             coalesce((select string_agg(coalesce(nullif(a.grantee::regrole::text, '-'), 'PUBLIC') || ':' || a.privilege_type, ', ' order by coalesce(nullif(a.grantee::regrole::text, '-'), 'PUBLIC') || ':' || a.privilege_type)
                                         from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a where a.grantee <> p.proowner), '') as v
                        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                       where n.nspname in ${SCHEMAS}`,
  trigger: `select t.tgrelid::regclass::text || ' ' || t.tgname as k,
                   pg_get_triggerdef(t.oid) || case t.tgenabled when 'O' then '' else ' (enabled ' || t.tgenabled::text || ')' end as v
              from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
             where n.nspname in ${SCHEMAS} and not t.tgisinternal`,
  view: `select c.oid::regclass::text as k, pg_get_viewdef(c.oid) as v
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname in ${SCHEMAS} and c.relkind in ('v', 'm')`,
  sequence: `select schemaname || '.' || sequencename as k,
                    data_type || ' start ' || start_value || ' min ' || min_value || ' max ' || max_value
                    || ' by ' || increment_by || ' cycle ' || cycle || ' cache ' || cache_size as v
               from pg_catalog.pg_sequences where schemaname in ${SCHEMAS}`,
  // Enums, domains and free-standing composite types (a table's row type comes with the table).
  type: `select t.oid::regtype::text as k,
                case t.typtype
                  when 'e' then 'enum (' || (select string_agg(quote_literal(e.enumlabel), ', ' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid) || ')'
                  when 'd' then 'domain ' || format_type(t.typbasetype, t.typtypmod) || case when t.typnotnull then ' not null' else '' end
                                || coalesce(' default ' || t.typdefault, '')
                                || coalesce((select ' ' || string_agg(pg_get_constraintdef(c.oid), ' ' order by c.conname) from pg_constraint c where c.contypid = t.oid), '')
                  else 'composite (' || (select string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod), ', ' order by a.attnum)
                                          from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0) || ')'
                end as v
           from pg_type t join pg_namespace n on n.oid = t.typnamespace
          where n.nspname in ${SCHEMAS}
            and (t.typtype in ('e', 'd') or (t.typtype = 'c' and (select relkind from pg_class where oid = t.typrelid) = 'c'))`,
};

/** Runs the catalog queries with `query` (a pg Client's or PGlite's). */
export async function readCatalog(
  query: (sql: string) => Promise<{ rows: { k: string; v: string | null }[] }>,
): Promise<Map<string, string>> {
  // Every name schema-qualified (regclass, expressions), the same way in both databases.
  await query(`set search_path = ''`);
  const out = new Map<string, string>();
  for (const [kind, sql] of Object.entries(CATALOG)) {
    const rows = await query(sql).catch((e: Error) => {
      throw new Error(`catalog query "${kind}": ${e.message}`, { cause: e });
    });
    for (const row of rows.rows) out.set(`${kind} ${row.k}`, row.v ?? '');
  }
  return out;
}

/** "kind name" differences, each with both definitions, readable in a terminal. */
export function describeDifferences(migrations: Map<string, string>, schemas: Map<string, string>): string[] {
  const out: string[] = [];
  const keys = [...new Set([...migrations.keys(), ...schemas.keys()])].sort();
  const indent = (s: string) => s.replace(/\n/g, '\n      ');
  for (const k of keys) {
    const m = migrations.get(k);
    const s = schemas.get(k);
    if (m === s) continue;
    out.push(
      `${k}\n` + `  migrations: ${m === undefined ? '(none)' : indent(m)}\n` + `  schemas/:   ${s === undefined ? '(none)' : indent(s)}`,
    );
  }
  return out;
}

/** The test's failure message: every difference, the migrations' definition first. */
export function disagreement(diffs: string[]): string {
  return (
    `supabase/schemas/ and supabase/migrations/ disagree on ${diffs.length} object(s). ` +
    `A new rule changes the schema file AND adds a migration; "migrations" is what the database has ` +
    `after every migration:\n\n${diffs.join('\n\n')}`
  );
}
