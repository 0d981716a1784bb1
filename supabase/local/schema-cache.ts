/**
 * The schema cache: every identifier the REST layer puts into SQL comes from
 * here (read from the catalog at start), never from the request.
 */
import type { Tx } from './db/types.ts';

export interface Column {
  name: string;
  /** format_type() of the column, used for casts of bound values. */
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

export interface Table {
  schema: string;
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  primaryKey: string[];
  uniques: string[][];
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface RpcFunction {
  schema: string;
  name: string;
  args: FunctionArg[];
  returnsSet: boolean;
  /** 'scalar' (one value), 'composite' (a row of a known table/type), 'table' (OUT columns/record). */
  returnKind: 'scalar' | 'composite' | 'table' | 'void';
  /** Columns of the returned rows (composite or table). */
  columns: Map<string, Column>;
  volatile: boolean;
}

export interface SchemaCache {
  schema: string;
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  functions: Map<string, RpcFunction[]>;
  /** PostgREST's in-database configuration and role settings, read with the cache. */
  db: DbConfig;
}

/**
 * What PostgREST reads from the database besides the schema (its "in-database
 * configuration", re-read with the schema cache):
 * - `pgrst.db_pre_request` of the `authenticator` role (pg_db_role_setting, the
 *   database's own entry before the cluster-wide one): the function every request calls
 *   after its role, claims and request.* settings are set;
 * - the settings of each role it switches to (`alter role anon set statement_timeout =
 *   ...`), which it applies with set_config(..., true) in every request's transaction,
 *   since PostgreSQL itself does not apply them on a role switch.
 */
export interface DbConfig {
  /** `"schema"."fn"` ready for `select <it>()`, or null when none is set. */
  preRequest: string | null;
  /** Per API role: the settings a request of that role applies, in order. */
  roleSettings: Map<string, [string, string][]>;
}

/**
 * A statement_timeout value as PostgreSQL reads it (default unit ms): `1500ms`, `3s`,
 * `1min`, `8000`. 0 = no limit (undefined); undefined for a value it cannot read.
 */
function timeoutMsOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(us|ms|s|min|h|d)?\s*$/.exec(value);
  if (!m) return undefined;
  const unit: Record<string, number> = { us: 0.001, ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 };
  const ms = Math.round(Number(m[1]) * unit[m[2] ?? 'ms']!);
  return ms > 0 ? ms : undefined;
}

/** The statement timeout a request of `role` runs under (ms), as the database says; undefined = none. */
export function roleTimeoutMs(config: DbConfig, role: string): number | undefined {
  const s = config.roleSettings.get(role)?.find(([k]) => k === 'statement_timeout');
  return timeoutMsOf(s?.[1]);
}

/** `schema.fn` or `fn` (PostgREST's toQi: split at the first dot), quoted. */
function quoteQualified(name: string): string {
  const q = (i: string) => `"${i.replace(/"/g, '""')}"`;
  const dot = name.indexOf('.');
  return dot < 0 ? q(name) : `${q(name.slice(0, dot))}.${q(name.slice(dot + 1))}`;
}

/** The role PostgREST connects as; its settings hold the in-database configuration. */
const AUTHENTICATOR = 'authenticator';

/**
 * Reads DbConfig. PostgREST connects as `authenticator`, so a role without a setting of
 * its own runs with authenticator's (its login session's) value: that is applied here too,
 * as the local server's own connection is not authenticator.
 */
async function loadDbConfig(tx: Tx): Promise<DbConfig> {
  const pre = await tx.query<{ v: string }>(
    `select substr(s.setting, strpos(s.setting, '=') + 1) as v
       from pg_catalog.pg_db_role_setting d, unnest(d.setconfig) s(setting)
      where d.setrole = (select oid from pg_catalog.pg_roles where rolname = $1)
        and d.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
        and substr(s.setting, 1, strpos(s.setting, '=') - 1) = 'pgrst.db_pre_request'
      order by d.setdatabase desc
      limit 1`,
    [AUTHENTICATOR],
  );
  // Like PostgREST's queryRoleSettings: the cluster-wide settings (rolconfig) of the roles
  // authenticator may switch to, and of authenticator itself; only those a user may set.
  const rows = await tx.query<{ role: string; k: string; v: string }>(
    `select r.rolname::text as role, kv.k, kv.v
       from pg_catalog.pg_roles r,
            lateral (select substr(c, 1, strpos(c, '=') - 1) as k, substr(c, strpos(c, '=') + 1) as v, n
                       from unnest(r.rolconfig) with ordinality u(c, n)) kv
       join pg_catalog.pg_settings ps on ps.name = kv.k and ps.context = 'user'
      where r.rolname = $1
         or r.oid in (select m.roleid from pg_catalog.pg_auth_members m
                       where m.member = (select oid from pg_catalog.pg_roles where rolname = $1))
      order by r.rolname, kv.n`,
    [AUTHENTICATOR],
  );
  const own = new Map<string, [string, string][]>();
  for (const r of rows.rows) {
    if (r.k === 'default_transaction_isolation') continue;
    const list = own.get(r.role) ?? [];
    list.push([r.k, r.v]);
    own.set(r.role, list);
  }
  const session = own.get(AUTHENTICATOR) ?? [];
  const roleSettings = new Map<string, [string, string][]>();
  for (const [role, list] of own) {
    if (role === AUTHENTICATOR) continue;
    // The login session's values first; the role's own override them (set later).
    const inherited = session.filter(([k]) => !list.some(([k2]) => k2 === k));
    roleSettings.set(role, [...inherited, ...list]);
  }
  for (const role of ['anon', 'authenticated', 'service_role']) {
    if (!roleSettings.has(role) && session.length > 0) roleSettings.set(role, [...session]);
  }
  const name = pre.rows[0]?.v?.trim();
  return { preRequest: name ? quoteQualified(name) : null, roleSettings };
}

export async function loadSchemaCache(tx: Tx, schema = 'public'): Promise<SchemaCache> {
  const rels = await tx.query<{ name: string; kind: string }>(
    `select c.relname as name, c.relkind::text as kind
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')`,
    [schema],
  );
  const cols = await tx.query<{ rel: string; name: string; type: string; notnull: boolean; hasdef: boolean }>(
    `select c.relname as rel, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
            a.attnotnull as notnull,
            (a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') as hasdef
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
    [schema],
  );
  const cons = await tx.query<{
    name: string;
    type: string;
    rel: string;
    cols: string[];
    refrel: string | null;
    refschema: string | null;
    refcols: string[] | null;
  }>(
    `select con.conname as name, con.contype::text as type, c.relname as rel,
            array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i)
                   join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as cols,
            rc.relname as refrel, rn.nspname as refschema,
            case when con.contype = 'f' then
              array(select a.attname::text from unnest(con.confkey) with ordinality k(n, i)
                     join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i)
            end as refcols
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid
       join pg_namespace n on n.oid = c.relnamespace
       left join pg_class rc on rc.oid = con.confrelid
       left join pg_namespace rn on rn.oid = rc.relnamespace
      where n.nspname = $1 and con.contype in ('p', 'u', 'f')`,
    [schema],
  );
  const fns = await tx.query<{
    name: string;
    argnames: string[] | null;
    argmodes: string[] | null;
    argtypes: string[];
    ndefaults: number;
    nargs: number;
    retset: boolean;
    rettype: string;
    rettypid: string;
    retrel: string | null;
    retrelschema: string | null;
    volatile: string;
  }>(
    `select p.proname as name, p.proargnames as argnames, p.proargmodes::text[] as argmodes,
            array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) t) as argtypes,
            p.pronargdefaults as ndefaults, p.pronargs as nargs,
            p.proretset as retset, format_type(p.prorettype, null) as rettype, p.prorettype::text as rettypid,
            rc.relname as retrel, rn.nspname as retrelschema, p.provolatile::text as volatile
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type rt on rt.oid = p.prorettype
       left join pg_class rc on rc.oid = rt.typrelid
       left join pg_namespace rn on rn.oid = rc.relnamespace
      where n.nspname = $1 and p.prokind = 'f'
        and rt.typname not in ('trigger', 'event_trigger', 'internal', 'language_handler', 'fdw_handler',
                               'index_am_handler', 'tsm_handler', 'table_am_handler')`,
    [schema],
  );

  const tables = new Map<string, Table>();
  for (const r of rels.rows) {
    tables.set(r.name, {
      schema,
      name: r.name,
      kind: r.kind === 'v' || r.kind === 'm' ? 'view' : 'table',
      columns: new Map(),
      primaryKey: [],
      uniques: [],
    });
  }
  for (const c of cols.rows) {
    tables.get(c.rel)?.columns.set(c.name, { name: c.name, type: c.type, nullable: !c.notnull, hasDefault: c.hasdef });
  }
  const foreignKeys: ForeignKey[] = [];
  for (const c of cons.rows) {
    const t = tables.get(c.rel);
    if (!t) continue;
    if (c.type === 'p') t.primaryKey = c.cols;
    else if (c.type === 'u') t.uniques.push(c.cols);
    else if (c.type === 'f' && c.refschema === schema && c.refrel && c.refcols) {
      foreignKeys.push({ name: c.name, table: c.rel, columns: c.cols, refTable: c.refrel, refColumns: c.refcols });
    }
  }

  const functions = new Map<string, RpcFunction[]>();
  for (const f of fns.rows) {
    const names = f.argnames ?? [];
    const modes = f.argmodes ?? f.argtypes.map(() => 'i');
    const args: FunctionArg[] = [];
    const outCols = new Map<string, Column>();
    const inputs: { name: string; type: string }[] = [];
    f.argtypes.forEach((type, i) => {
      const mode = modes[i] ?? 'i';
      const name = names[i] ?? '';
      if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type });
      if (mode === 'o' || mode === 'b' || mode === 't') outCols.set(name, { name, type, nullable: true, hasDefault: false });
    });
    // Unnamed input arguments cannot be called with named JSON keys: skip such functions.
    if (inputs.some((a) => a.name === '')) continue;
    const firstDefault = inputs.length - f.ndefaults;
    inputs.forEach((a, i) => args.push({ name: a.name, type: a.type, hasDefault: i >= firstDefault }));

    let returnKind: RpcFunction['returnKind'];
    let columns = new Map<string, Column>();
    if (outCols.size > 0) {
      returnKind = 'table';
      columns = outCols;
    } else if (f.rettype === 'void') {
      returnKind = 'void';
    } else if (f.retrel) {
      returnKind = 'composite';
      const t = f.retrelschema === schema ? tables.get(f.retrel) : undefined;
      if (t) columns = t.columns;
      else returnKind = 'table';
    } else if (f.rettype === 'record') {
      continue; // anonymous records cannot be described
    } else {
      returnKind = 'scalar';
    }
    const fn: RpcFunction = {
      schema,
      name: f.name,
      args,
      returnsSet: f.retset,
      returnKind,
      columns,
      volatile: f.volatile === 'v',
    };
    const list = functions.get(f.name) ?? [];
    list.push(fn);
    functions.set(f.name, list);
  }
  return { schema, tables, foreignKeys, functions, db: await loadDbConfig(tx) };
}
