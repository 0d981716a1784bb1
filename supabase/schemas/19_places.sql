-- Places (issue 27): the district's locality tree (LGD codes), its import, the nearest place to
-- a position, and where a provider is and whom they serve.
--
-- The current rules (see ../README.md, "The schema"). "(from NNNN)": the migration whose CREATE
-- made the object as it stands (later ALTERs may have added columns or constraints). A change
-- here needs a new migration too: tests/production/schema-files.test.ts says when they differ.
-- Everything in this file is (from 0018), except what says (from 0021): finding a place by typing.

-- ---------------------------------------------------------------------------------------------
-- The places.

create table public.places (
  kind text not null,
  code text not null,
  name_en text not null,
  name_hi text,
  parent_kind text,
  parent_code text,
  lat numeric(8,5),
  lon numeric(8,5),
  updated_at timestamp with time zone default now() not null,
  -- The names as phonetic keys, kept by places_guard (from 0021).
  search_key text not null default '',
  -- The position as double precision, for distances: a numeric's cast costs ~7 us on PGlite
  -- (from 0027).
  lat_float double precision generated always as (lat::double precision) stored,
  lon_float double precision generated always as (lon::double precision) stored,
  constraint places_pkey primary key (kind, code),
  constraint places_kind_check check (kind = any (array['district', 'tehsil', 'town', 'village', 'ward'])),
  constraint places_code_check check (code ~ '^[0-9]{1,12}$'),
  constraint places_name_en_check check (char_length(btrim(name_en)) between 1 and 100),
  constraint places_name_hi_check check (name_hi is null or char_length(btrim(name_hi)) between 1 and 100),
  constraint places_parent_check check (
    (kind = 'district' and parent_kind is null and parent_code is null)
    or (parent_code is not null and (
         (kind = 'tehsil' and parent_kind = 'district')
      or (kind = 'village' and parent_kind = 'tehsil')
      or (kind = 'town' and parent_kind = any (array['district', 'tehsil']))
      or (kind = 'ward' and parent_kind = 'town')))),
  constraint places_position_check check (
    (lat is null) = (lon is null) and (lat is null or (lat between -90 and 90 and lon between -180 and 180))),
  constraint places_parent_fkey foreign key (parent_kind, parent_code) references public.places (kind, code)
    on update cascade
);

-- Children of a place (the tree), names by prefix and by trigram in either script, and the
-- positions (a bounding box on lat, then lon, for the nearest place).
create index places_parent_idx on public.places using btree (parent_kind, parent_code, name_en);
create index places_name_en_prefix_idx on public.places using btree (lower(name_en) text_pattern_ops);
create index places_name_hi_prefix_idx on public.places using btree (name_hi text_pattern_ops);
create index places_name_en_trgm_idx on public.places using gin (lower(name_en) extensions.gin_trgm_ops);
create index places_name_hi_trgm_idx on public.places using gin (name_hi extensions.gin_trgm_ops);
create index places_position_idx on public.places using btree (lat, lon) where (lat is not null);
-- Either name at the start of any word, in either script (from 0021).
create index places_search_key_idx on public.places using gin (search_key extensions.gin_trgm_ops);
-- Place words in a search query: a place by the phonetic key of either name. (from 0022)
create index places_name_en_key_idx on public.places using btree (private.phonetic_key(name_en));
create index places_name_hi_key_idx on public.places using btree (private.phonetic_key(name_hi));

alter table public.places enable row level security;
create policy places_read on public.places for select to anon, authenticated using (true);

revoke all on table public.places from anon, authenticated, service_role;
grant all on table public.places to service_role;
grant select on table public.places to anon;
grant select on table public.places to authenticated;

create trigger places_audit after insert or delete or update on public.places
  for each row execute function private.audit_admin_change();

-- The names' keys (from 0021).
-- ' <English key> | <Hindi key> ': each name's key, so a name is matched at the start of any word
-- ('% key%'), a whole name ('<key> |' or '| <key> ') and its start ('<key>%') told apart.
create function private.place_search_key(p_name_en text, p_name_hi text) returns text
language sql immutable parallel safe
set search_path to 'pg_catalog', 'pg_temp'
as $$
  select ' ' || coalesce(private.phonetic_key(p_name_en), '') || ' | ' || coalesce(private.phonetic_key(p_name_hi), '') || ' '
$$;

revoke all on function private.place_search_key(text, text) from public, anon, authenticated, service_role;

create function private.guard_place_row() returns trigger
language plpgsql security definer
set search_path to 'public', 'pg_temp'
as $$
begin
  new.search_key := private.place_search_key(new.name_en, new.name_hi);
  return new;
end
$$;

revoke all on function private.guard_place_row() from public, anon, authenticated, service_role;

create trigger places_guard before insert or update on public.places
  for each row execute function private.guard_place_row();

-- Great-circle distance in km (haversine; the district is small, a sphere is enough).
create function public.distance_km(p_lat1 double precision, p_lon1 double precision,
                                   p_lat2 double precision, p_lon2 double precision)
returns double precision
language sql immutable parallel safe
set search_path to 'pg_catalog'
as $$
  select 2 * 6371.0088 * asin(least(1, sqrt(
           power(sin(radians(p_lat2 - p_lat1) / 2), 2)
           + cos(radians(p_lat1)) * cos(radians(p_lat2)) * power(sin(radians(p_lon2 - p_lon1) / 2), 2))))
$$;

revoke all on function public.distance_km(double precision, double precision, double precision, double precision)
  from public, anon, authenticated, service_role;
grant all on function public.distance_km(double precision, double precision, double precision, double precision)
  to anon, authenticated, service_role;

-- The nearest village or ward (or town without wards) to a position, and how far. A position
-- outside the district (beyond its places' box by more than ~5 km, or 15 km from any place) is
-- refused: 22023, detail 'outside_district'. Reads only: the position is never stored.
create function public.nearest_place(p_lat double precision default null, p_lon double precision default null)
returns table (kind text, code text, name_en text, name_hi text, parent_kind text, parent_code text,
               lat numeric, lon numeric, distance_km double precision)
language plpgsql stable
set search_path to 'public', 'pg_temp'
as $$
declare
  v_box record;
  v_margin constant double precision := 0.05;
begin
  if p_lat is null or p_lon is null then
    raise exception using errcode = '23502', message = 'a position (latitude and longitude) is required', detail = 'position';
  end if;
  if p_lat <> p_lat or p_lon <> p_lon or p_lat not between -90 and 90 or p_lon not between -180 and 180 then
    raise exception using errcode = '22023', message = 'latitude must be -90..90 and longitude -180..180', detail = 'position';
  end if;
  select min(p.lat) as lat0, max(p.lat) as lat1, min(p.lon) as lon0, max(p.lon) as lon1 into v_box
    from public.places p where p.lat is not null and p.kind = any (array['village', 'ward', 'town']);
  if v_box.lat0 is null then
    raise exception using errcode = 'PT404', message = 'no places with positions are loaded', detail = 'position';
  end if;
  if p_lat not between v_box.lat0 - v_margin and v_box.lat1 + v_margin
     or p_lon not between v_box.lon0 - v_margin and v_box.lon1 + v_margin then
    raise exception using errcode = '22023', message = 'the position is outside the district', detail = 'outside_district';
  end if;
  return query
    select p.kind, p.code, p.name_en, p.name_hi, p.parent_kind, p.parent_code, p.lat, p.lon,
           public.distance_km(p_lat, p_lon, p.lat::double precision, p.lon::double precision) as d
      from public.places p
     where p.lat between p_lat - 0.2 and p_lat + 0.2
       and p.lon between p_lon - 0.2 and p_lon + 0.2
       and p.kind = any (array['village', 'ward', 'town'])
       and (p.kind <> 'town' or not exists (select 1 from public.places w where w.parent_kind = 'town' and w.parent_code = p.code))
     order by d, p.kind, p.code
     limit 1;
  if not found then
    raise exception using errcode = '22023', message = 'the position is outside the district', detail = 'outside_district';
  end if;
end
$$;

revoke all on function public.nearest_place(double precision, double precision) from public, anon, authenticated, service_role;
grant all on function public.nearest_place(double precision, double precision) to anon, authenticated, service_role;

-- Finding a place by typing (from 0021).
-- Places whose name (English or Hindi, in either script) starts with the query or has a word
-- that does; villages, wards and towns unless p_kinds says which (unknown kinds are ignored).
-- Best first: the exact name, the same name in the other spelling, a name that starts with the
-- query (as typed, then as spoken), any other; then by English name. Each with its parent's
-- names (a village's tehsil, a ward's town) to tell two Rampurs apart. Bad input is cut, never
-- an error: the query to 100 characters, the limit to 1..20 (default 10). Reads only.
create function public.search_places(p_query text default null, p_limit integer default 10, p_kinds text[] default null)
returns table (kind text, code text, name_en text, name_hi text, lat double precision, lon double precision,
               parent_name_en text, parent_name_hi text)
language plpgsql stable security definer
set search_path to 'public', 'pg_temp'
as $$
declare
  v_all constant text[] := array['district', 'tehsil', 'town', 'village', 'ward'];
  v_q text := btrim(left(lower(btrim(regexp_replace(left(coalesce(p_query, ''), 400), '[[:space:][:cntrl:]]+', ' ', 'g'))), 100));
  v_limit integer := least(greatest(coalesce(p_limit, 10), 1), 20);
  v_kinds text[];
  v_like text;
  v_key text;
begin
  if v_q = '' then
    return;
  end if;
  if p_kinds is null or cardinality(p_kinds) = 0 then
    v_kinds := array['village', 'ward', 'town'];
  else
    v_kinds := array(select distinct k from unnest(p_kinds[1:10]) k where k = any (v_all));
  end if;
  v_like := replace(replace(replace(v_q, '\', '\\'), '%', '\%'), '_', '\_');
  v_key := coalesce(private.phonetic_key(v_q), '');
  return query
    select p.kind, p.code, p.name_en, p.name_hi, p.lat::double precision, p.lon::double precision,
           pp.name_en, pp.name_hi
      from public.places p
      left join public.places pp on pp.kind = p.parent_kind and pp.code = p.parent_code
     where p.kind = any (v_kinds)
       and (lower(p.name_en) like v_like || '%' or lower(p.name_en) like '% ' || v_like || '%'
            or p.name_hi like v_like || '%' or p.name_hi like '% ' || v_like || '%'
            or (v_key <> '' and p.search_key like '% ' || v_key || '%'))
     order by case
                when lower(p.name_en) = v_q or p.name_hi = v_q then 0
                when v_key <> '' and (p.search_key like ' ' || v_key || ' |%' or p.search_key like '%| ' || v_key || ' ') then 1
                when lower(p.name_en) like v_like || '%' or p.name_hi like v_like || '%' then 2
                when v_key <> '' and (p.search_key like ' ' || v_key || '%' or p.search_key like '%| ' || v_key || '%') then 3
                else 4
              end,
              p.name_en, p.kind, p.code
     limit v_limit;
end
$$;

revoke all on function public.search_places(text, integer, text[]) from public, anon, authenticated, service_role;
grant all on function public.search_places(text, integer, text[]) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The import: rows of a CSV in the LGD shape are staged in batches (the request body limit is
-- 64 KiB), then commit_places validates the whole batch and loads all of it in one transaction,
-- or nothing and the list of bad rows. The admin console and `npm run import:places` (service
-- role) call the same two functions.

create table private.places_staging (
  batch uuid not null,
  row_no integer not null,
  owner text not null,
  created_at timestamp with time zone default now() not null,
  r jsonb not null,
  constraint places_staging_pkey primary key (batch, row_no)
);

alter table private.places_staging enable row level security;
revoke all on table private.places_staging from anon, authenticated, service_role;

-- The operator (an admin's session) or the service role (the CLI); who, for the staging rows.
create function private.places_writer() returns text
language plpgsql stable
set search_path to 'public', 'pg_temp'
as $$
begin
  if coalesce(auth.jwt() ->> 'role', '') = 'service_role' then
    return 'service_role';
  end if;
  if public.is_admin() then
    return coalesce(auth.uid()::text, 'admin');
  end if;
  raise exception using errcode = '42501', message = 'not authorised';
end
$$;

revoke all on function private.places_writer() from public, anon, authenticated, service_role;

-- Stages rows (a JSON array of objects: the CSV's columns by header, the row number = p_first_row
-- + position). At most 1,000 rows a call, 20,000 a batch; batches older than a day are dropped.
create function public.stage_places(p_batch uuid default null, p_first_row integer default null, p_rows jsonb default null)
returns integer
language plpgsql volatile security definer
set search_path to 'public', 'pg_temp'
as $$
declare
  v_owner text := private.places_writer();
  v_n integer;
begin
  if p_batch is null or p_first_row is null or p_first_row < 1 or p_first_row > 1000000 then
    raise exception using errcode = '22023', message = 'a batch id and a first row number (1 or more) are required', detail = 'batch';
  end if;
  if p_rows is null or jsonb_typeof(p_rows) <> 'array' or jsonb_array_length(p_rows) > 1000 then
    raise exception using errcode = '22023', message = 'rows must be an array of at most 1000 objects', detail = 'rows';
  end if;
  if exists (select 1 from jsonb_array_elements(p_rows) e where jsonb_typeof(e) <> 'object') then
    raise exception using errcode = '22023', message = 'each row must be an object (column: value)', detail = 'rows';
  end if;
  if exists (select 1 from private.places_staging s where s.batch = p_batch and s.owner <> v_owner) then
    raise exception using errcode = '42501', message = 'this batch belongs to another import', detail = 'batch';
  end if;
  delete from private.places_staging s where s.created_at < now() - interval '1 day';
  insert into private.places_staging (batch, row_no, owner, r)
  select p_batch, p_first_row + (e.i - 1)::integer, v_owner, e.v
    from jsonb_array_elements(p_rows) with ordinality as e(v, i)
  on conflict (batch, row_no) do update set r = excluded.r;
  get diagnostics v_n = row_count;
  if (select count(*) from private.places_staging s where s.batch = p_batch) > 20000 then
    raise exception using errcode = '22023', message = 'at most 20000 rows an import', detail = 'rows';
  end if;
  return v_n;
end
$$;

revoke all on function public.stage_places(uuid, integer, jsonb) from public, anon, authenticated, service_role;
grant all on function public.stage_places(uuid, integer, jsonb) to authenticated, service_role;

-- Validates every staged row of the batch and, only when none is bad, loads them all (new places
-- inserted, changed names, parents and positions updated, the rest untouched). The batch is
-- dropped either way. Returns {ok, errors: [{row, field, message}] (the first 500), inserted,
-- updated, unchanged, rows}. One audit entry 'places.import' for a load.
--
-- Columns (LGD's village, sub-district, urban local body and ward downloads; header case,
-- spaces and punctuation ignored): districtCode, districtNameEnglish, districtNameLocal,
-- subdistrictCode, subdistrictNameEnglish, subdistrictNameLocal, villageCode, villageNameEnglish,
-- villageNameLocal, localBodyCode, localBodyNameEnglish, localBodyNameLocal, wardCode,
-- wardNameEnglish, wardNameLocal, latitude, longitude. Other columns are ignored. A row
-- describes its most specific place (ward, village, town, tehsil, district in that order) and
-- the parents named on it; latitude/longitude belong to the most specific place.
create function public.commit_places(p_batch uuid default null, p_reason text default null)
returns jsonb
language plpgsql volatile security definer
set search_path to 'public', 'pg_temp'
as $$
declare
  v_owner text := private.places_writer();
  v_rows integer;
  v_errors jsonb;
  v_ins integer := 0;
  v_upd integer := 0;
  v_total integer := 0;
  v_reason text;
begin
  if p_batch is null then
    raise exception using errcode = '22023', message = 'a batch id is required', detail = 'batch';
  end if;
  if v_owner <> 'service_role' then
    v_reason := coalesce(private.clean_or_null(left(p_reason, 600)), 'places import');
  else
    v_reason := coalesce(private.clean_or_null(left(p_reason, 600)), 'places import (command line)');
  end if;
  if exists (select 1 from private.places_staging s where s.batch = p_batch and s.owner <> v_owner) then
    raise exception using errcode = '42501', message = 'this batch belongs to another import', detail = 'batch';
  end if;
  select count(*) into v_rows from private.places_staging s where s.batch = p_batch;
  if v_rows = 0 then
    raise exception using errcode = 'PT404', message = 'nothing staged for this batch', detail = 'batch';
  end if;

  -- The rows, with the columns found by their normalised header.
  create temp table if not exists places_in (
    row_no integer primary key, dc text, dn text, dl text, sc text, sn text, sl text, vc text, vn text, vl text,
    lc text, ln text, ll text, wc text, wn text, wl text, lat text, lon text) on commit drop;
  truncate places_in;
  insert into places_in
  select s.row_no,
         max(v) filter (where k = 'districtcode'), max(v) filter (where k = 'districtnameenglish'),
         max(v) filter (where k = 'districtnamelocal'),
         max(v) filter (where k = 'subdistrictcode'), max(v) filter (where k = 'subdistrictnameenglish'),
         max(v) filter (where k = 'subdistrictnamelocal'),
         max(v) filter (where k = 'villagecode'), max(v) filter (where k = 'villagenameenglish'),
         max(v) filter (where k = 'villagenamelocal'),
         max(v) filter (where k = 'localbodycode'), max(v) filter (where k = 'localbodynameenglish'),
         max(v) filter (where k = 'localbodynamelocal'),
         max(v) filter (where k = 'wardcode'), max(v) filter (where k = 'wardnameenglish'),
         max(v) filter (where k = 'wardnamelocal'),
         max(v) filter (where k in ('latitude', 'lat')), max(v) filter (where k in ('longitude', 'lon', 'lng'))
    from private.places_staging s
    left join lateral (
      select regexp_replace(lower(e.key), '[^a-z0-9]', '', 'g') as k,
             private.clean_or_null(left(e.value #>> '{}', 300)) as v
        from jsonb_each(s.r) e) c on true
   where s.batch = p_batch
   group by s.row_no;

  -- Errors of one row.
  create temp table if not exists places_err (row_no integer, field text, message text) on commit drop;
  truncate places_err;
  insert into places_err
  select i.row_no, x.field, x.message
    from places_in i
    cross join lateral (values
      (case when coalesce(i.dc, i.sc, i.vc, i.lc, i.wc) is null then 'code' end,
       'no place code (districtCode, subdistrictCode, villageCode, localBodyCode or wardCode)'),
      (case when i.dc !~ '^[0-9]{1,12}$' then 'districtCode' end, 'districtCode must be an LGD code (digits only)'),
      (case when i.sc !~ '^[0-9]{1,12}$' then 'subdistrictCode' end, 'subdistrictCode must be an LGD code (digits only)'),
      (case when i.vc !~ '^[0-9]{1,12}$' then 'villageCode' end, 'villageCode must be an LGD code (digits only)'),
      (case when i.lc !~ '^[0-9]{1,12}$' then 'localBodyCode' end, 'localBodyCode must be an LGD code (digits only)'),
      (case when i.wc !~ '^[0-9]{1,12}$' then 'wardCode' end, 'wardCode must be an LGD code (digits only)'),
      (case when i.vc is not null and i.sc is null then 'subdistrictCode' end,
       'a village needs its subdistrictCode (tehsil)'),
      (case when i.wc is not null and i.lc is null then 'localBodyCode' end,
       'a ward needs its localBodyCode (town)'),
      (case when i.vc is not null and i.wc is not null then 'wardCode' end,
       'a row is a village or a ward, not both'),
      (case when i.vc is not null and i.vn is null then 'villageNameEnglish' end, 'villageNameEnglish is missing'),
      (case when i.wc is not null and i.wn is null then 'wardNameEnglish' end, 'wardNameEnglish is missing'),
      (case when greatest(char_length(i.dn), char_length(i.dl), char_length(i.sn), char_length(i.sl),
                          char_length(i.vn), char_length(i.vl), char_length(i.ln), char_length(i.ll),
                          char_length(i.wn), char_length(i.wl)) > 100 then 'name' end,
       'a name is longer than 100 characters'),
      (case when (i.lat is null) <> (i.lon is null) then 'latitude' end,
       'latitude and longitude go together (both or neither)'),
      (case when i.lat is null or i.lon is null then null
            when i.lat !~ '^[0-9]{1,2}(\.[0-9]{1,8})?$' or i.lon !~ '^[0-9]{2,3}(\.[0-9]{1,8})?$' then 'latitude'
            when i.lat::numeric not between 6 and 38 or i.lon::numeric not between 68 and 98 then 'latitude' end,
       'latitude/longitude must be decimal degrees of a place in India (e.g. 27.56, 80.68)')
    ) as x(field, message)
   where x.field is not null;

  -- Each place the good rows name: the most specific one carries the position.
  create temp table if not exists places_e (
    row_no integer, kind text, code text, name_en text, name_hi text, parent_kind text, parent_code text,
    lat numeric, lon numeric) on commit drop;
  truncate places_e;
  insert into places_e
  select i.row_no, x.kind, x.code, x.name_en, x.name_hi, x.parent_kind, x.parent_code,
         case when x.kind = m.kind then i.lat::numeric end, case when x.kind = m.kind then i.lon::numeric end
    from places_in i
    cross join lateral (select case when i.wc is not null then 'ward' when i.vc is not null then 'village'
                                    when i.lc is not null then 'town' when i.sc is not null then 'tehsil'
                                    else 'district' end as kind) m
    cross join lateral (values
      ('district', i.dc, i.dn, i.dl, null, null),
      ('tehsil', i.sc, i.sn, i.sl, case when i.dc is not null then 'district' end, i.dc),
      ('village', i.vc, i.vn, i.vl, 'tehsil', i.sc),
      ('town', i.lc, i.ln, i.ll, case when i.sc is not null then 'tehsil' when i.dc is not null then 'district' end,
                               coalesce(i.sc, i.dc)),
      ('ward', i.wc, i.wn, i.wl, 'town', i.lc)
    ) as x(kind, code, name_en, name_hi, parent_kind, parent_code)
   where x.code is not null
     and not exists (select 1 from places_err e where e.row_no = i.row_no);

  -- The same place must read the same on every row.
  insert into places_err
  select e.row_no, e.kind || 'Code', format('%s %s: English name %L differs from row %s (%L)', e.kind, e.code,
                                             e.name_en, f.row_no, f.name_en)
    from places_e e
    join (select distinct on (kind, code) kind, code, name_en, row_no from places_e
           where name_en is not null order by kind, code, row_no) f using (kind, code)
   where e.name_en is not null and e.name_en <> f.name_en and e.row_no > f.row_no;
  insert into places_err
  select e.row_no, e.kind || 'Code', format('%s %s: local name %L differs from row %s (%L)', e.kind, e.code,
                                             e.name_hi, f.row_no, f.name_hi)
    from places_e e
    join (select distinct on (kind, code) kind, code, name_hi, row_no from places_e
           where name_hi is not null order by kind, code, row_no) f using (kind, code)
   where e.name_hi is not null and e.name_hi <> f.name_hi and e.row_no > f.row_no;
  insert into places_err
  select e.row_no, e.kind || 'Code', format('%s %s: parent %s %s differs from row %s (%s %s)', e.kind, e.code,
                                             e.parent_kind, e.parent_code, f.row_no, f.parent_kind, f.parent_code)
    from places_e e
    join (select distinct on (kind, code) kind, code, parent_kind, parent_code, row_no from places_e
           where parent_code is not null order by kind, code, row_no) f using (kind, code)
   where e.parent_code is not null and (e.parent_kind, e.parent_code) <> (f.parent_kind, f.parent_code)
     and e.row_no > f.row_no;
  insert into places_err
  select e.row_no, 'latitude', format('%s %s: position differs from row %s', e.kind, e.code, f.row_no)
    from places_e e
    join (select distinct on (kind, code) kind, code, lat, lon, row_no from places_e
           where lat is not null order by kind, code, row_no) f using (kind, code)
   where e.lat is not null and (e.lat, e.lon) <> (f.lat, f.lon) and e.row_no > f.row_no;

  -- The places merged: the file's first value of each field, else what is stored.
  create temp table if not exists places_m (
    kind text, code text, first_row integer, name_en text, name_hi text, parent_kind text, parent_code text,
    lat numeric, lon numeric, primary key (kind, code)) on commit drop;
  truncate places_m;
  insert into places_m
  select g.kind, g.code, g.first_row,
         coalesce(g.name_en, p.name_en), coalesce(g.name_hi, p.name_hi),
         case when g.kind = 'district' then null else coalesce(g.parent_kind, p.parent_kind) end,
         case when g.kind = 'district' then null else coalesce(g.parent_code, p.parent_code) end,
         coalesce(g.lat, p.lat), coalesce(g.lon, p.lon)
    from (select e.kind, e.code, min(e.row_no) as first_row,
                 (array_agg(e.name_en order by e.row_no) filter (where e.name_en is not null))[1] as name_en,
                 (array_agg(e.name_hi order by e.row_no) filter (where e.name_hi is not null))[1] as name_hi,
                 (array_agg(e.parent_kind order by e.row_no) filter (where e.parent_code is not null))[1] as parent_kind,
                 (array_agg(e.parent_code order by e.row_no) filter (where e.parent_code is not null))[1] as parent_code,
                 (array_agg(e.lat order by e.row_no) filter (where e.lat is not null))[1] as lat,
                 (array_agg(e.lon order by e.row_no) filter (where e.lat is not null))[1] as lon
            from places_e e group by e.kind, e.code) g
    left join public.places p on p.kind = g.kind and p.code = g.code;

  -- One district: the file's and the stored one.
  insert into places_err
  select m.first_row, 'districtCode',
         format('district %s: this directory serves one district (%s)', m.code,
                (select string_agg(d.code, ', ') from (select code from public.places where kind = 'district'
                  union select code from places_m where kind = 'district') d where d.code <> m.code))
    from places_m m
   where m.kind = 'district'
     and (select count(*) from (select code from public.places where kind = 'district'
                                union select code from places_m where kind = 'district') d) > 1
     and not exists (select 1 from public.places p where p.kind = 'district' and p.code = m.code);
  -- A tehsil or a town without a district on its row: the one district.
  update places_m m
     set parent_kind = 'district',
         parent_code = (select d.code from (select code from public.places where kind = 'district'
                                            union select code from places_m where kind = 'district') d limit 1)
   where m.kind in ('tehsil', 'town') and m.parent_code is null;
  insert into places_err
  select m.first_row, m.kind || 'NameEnglish', format('%s %s has no English name', m.kind, m.code)
    from places_m m where m.name_en is null;
  insert into places_err
  select m.first_row, 'districtCode', format('%s %s: no district is known (add districtCode)', m.kind, m.code)
    from places_m m where m.kind in ('tehsil', 'town') and m.parent_code is null;

  select coalesce(jsonb_agg(jsonb_build_object('row', e.row_no, 'field', e.field, 'message', e.message)
                            order by e.row_no, e.field), '[]'::jsonb),
         count(*)
    into v_errors, v_total
    from (select distinct * from places_err order by row_no, field limit 500) e;
  v_total := (select count(*) from (select distinct * from places_err) e);

  delete from private.places_staging s where s.batch = p_batch;
  if v_total > 0 then
    return jsonb_build_object('ok', false, 'rows', v_rows, 'error_count', v_total, 'errors', v_errors,
                              'inserted', 0, 'updated', 0, 'unchanged', 0);
  end if;

  perform private.audit_explicit(true);
  -- Parents first.
  with up as (
    insert into public.places as p (kind, code, name_en, name_hi, parent_kind, parent_code, lat, lon)
    select m.kind, m.code, m.name_en, m.name_hi, m.parent_kind, m.parent_code, m.lat, m.lon
      from places_m m
     order by array_position(array['district', 'tehsil', 'town', 'village', 'ward'], m.kind), m.code
    on conflict (kind, code) do update
       set name_en = excluded.name_en, name_hi = excluded.name_hi, parent_kind = excluded.parent_kind,
           parent_code = excluded.parent_code, lat = excluded.lat, lon = excluded.lon, updated_at = now()
     where (p.name_en, p.name_hi, p.parent_kind, p.parent_code, p.lat, p.lon)
           is distinct from (excluded.name_en, excluded.name_hi, excluded.parent_kind, excluded.parent_code,
                             excluded.lat, excluded.lon)
    returning (xmax = 0) as inserted
  )
  select count(*) filter (where inserted), count(*) filter (where not inserted) into v_ins, v_upd from up;
  select count(*) into v_total from places_m;
  if v_ins + v_upd > 0 then
    perform private.audit('places.import', 'places', null, 'places', null,
                          jsonb_build_object('rows', v_rows, 'inserted', v_ins, 'updated', v_upd,
                                             'unchanged', v_total - v_ins - v_upd),
                          v_reason, v_owner = 'service_role');
  end if;
  perform private.audit_explicit(false);
  return jsonb_build_object('ok', true, 'rows', v_rows, 'error_count', 0, 'errors', '[]'::jsonb,
                            'inserted', v_ins, 'updated', v_upd, 'unchanged', v_total - v_ins - v_upd);
end
$$;

revoke all on function public.commit_places(uuid, text) from public, anon, authenticated, service_role;
grant all on function public.commit_places(uuid, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- A provider's place and the places they serve. Existing listings have no place (null) and keep
-- working; serve_mode 'nearby' (within serve_radius_km of their place), 'tehsil' (the whole
-- tehsil of their place) or 'list' (provider_serves).

-- The columns are in 11_providers.sql's CREATE TABLE (their order is the migrations'); the
-- foreign key needs the places table, so it is here.
alter table public.service_providers
  add constraint service_providers_place_fkey foreign key (place_kind, place_code)
    references public.places (kind, code) on update cascade on delete set null;

create index service_providers_place_idx on public.service_providers using btree (place_kind, place_code)
  where (status = 'approved'::text);
-- Who serves a place: providers by mode, place and radius, with their id (an index-only range
-- per nearby place, the radius part of it; the whole tehsil part, joined with a tehsil's
-- places) (from 0023), and the largest radius of a nearby provider (from 0022).
create index service_providers_serve_idx on public.service_providers
  using btree (serve_mode, place_kind, place_code, serve_radius_km) include (id) where (status = 'approved'::text);
create index service_providers_nearby_radius_idx on public.service_providers
  using btree (serve_radius_km) where (status = 'approved'::text and serve_mode = 'nearby'::text);

create table public.provider_serves (
  provider_id uuid not null,
  place_kind text not null,
  place_code text not null,
  constraint provider_serves_pkey primary key (provider_id, place_kind, place_code),
  constraint provider_serves_provider_id_fkey foreign key (provider_id)
    references public.service_providers (id) on delete cascade,
  constraint provider_serves_place_fkey foreign key (place_kind, place_code)
    references public.places (kind, code) on update cascade on delete cascade
);

create index provider_serves_place_idx on public.provider_serves using btree (place_kind, place_code);

alter table public.provider_serves enable row level security;
-- Readable with the listing (approved, the owner's own, or the operator's).
create policy provider_serves_read on public.provider_serves for select to anon, authenticated
  using (exists (select 1 from public.service_providers p where p.id = provider_serves.provider_id));

revoke all on table public.provider_serves from anon, authenticated, service_role;
grant all on table public.provider_serves to service_role;
grant select on table public.provider_serves to anon;
grant select on table public.provider_serves to authenticated;

create trigger provider_serves_audit after insert or delete or update on public.provider_serves
  for each row execute function private.audit_admin_change();

-- The place a provider chose and whom they serve, checked: an unknown place is 23503 (detail
-- 'place' / 'serve_places'), a bad mode or radius 22023. Returns the places of a 'list'.
create function private.check_serve_choice(p_place_kind text, p_place_code text, p_serve_mode text,
                                           p_serve_radius_km integer, p_serve_places text[])
returns table (place_kind text, place_code text)
language plpgsql stable
set search_path to 'public', 'pg_temp'
as $$
declare
  v_mode text := coalesce(nullif(btrim(p_serve_mode), ''), 'nearby');
  v_missing text;
begin
  perform private.check_size(p_place_kind, 20, 'place');
  perform private.check_size(p_place_code, 20, 'place');
  perform private.check_size(p_serve_mode, 20, 'serve_mode');
  if (p_place_kind is null) <> (p_place_code is null) then
    raise exception using errcode = '22023', message = 'place: give both its kind and its LGD code', detail = 'place';
  end if;
  if p_place_kind is not null and p_place_kind <> all (array['village', 'ward', 'town']) then
    raise exception using errcode = '22023', message = 'place must be a village, a town or a ward', detail = 'place';
  end if;
  if p_place_kind is not null and not exists (select 1 from public.places p where p.kind = p_place_kind and p.code = p_place_code) then
    raise exception using errcode = '23503', message = 'unknown place: ' || p_place_kind || ' ' || p_place_code, detail = 'place';
  end if;
  if v_mode <> all (array['nearby', 'tehsil', 'list']) then
    raise exception using errcode = '22023', message = 'serve_mode must be nearby, tehsil or list', detail = 'serve_mode';
  end if;
  if p_serve_radius_km is not null and (p_serve_radius_km < 1 or p_serve_radius_km > 50) then
    raise exception using errcode = '22023', message = 'serve_radius_km must be between 1 and 50', detail = 'serve_radius_km';
  end if;
  if v_mode = 'tehsil' and p_place_kind is null then
    raise exception using errcode = '23502', message = 'serving the whole tehsil needs your place', detail = 'place';
  end if;
  if v_mode <> 'list' then
    if p_serve_places is not null and cardinality(p_serve_places) > 0 then
      raise exception using errcode = '22023', message = 'serve_places is only for serve_mode list', detail = 'serve_places';
    end if;
    return;
  end if;
  if p_serve_places is null or cardinality(p_serve_places) < 1 or cardinality(p_serve_places) > 30 then
    raise exception using errcode = '22023', message = 'serve_places: choose 1 to 30 places', detail = 'serve_places';
  end if;
  select x into v_missing from unnest(p_serve_places) x
   where x is null or char_length(x) > 40 or x !~ '^(tehsil|town|village|ward):[0-9]{1,12}$'
      or not exists (select 1 from public.places p where p.kind = split_part(x, ':', 1) and p.code = split_part(x, ':', 2))
   limit 1;
  if found then
    raise exception using errcode = '23503', message = 'unknown place in serve_places: ' || coalesce(left(v_missing, 40), 'null'),
      detail = 'serve_places';
  end if;
  return query select distinct split_part(x, ':', 1), split_part(x, ':', 2) from unnest(p_serve_places) x;
end
$$;

revoke all on function private.check_serve_choice(text, text, text, integer, text[]) from public, anon, authenticated, service_role;

-- The owner's edit of their place and whom they serve (the signed-in phone of the listing).
-- All arguments but the listing replace what is stored; audited as 'owner.place'.
create function public.set_my_place(p_provider_id uuid default null, p_place_kind text default null,
                                    p_place_code text default null, p_serve_mode text default null,
                                    p_serve_radius_km integer default null, p_serve_places text[] default null)
returns jsonb
language plpgsql volatile security definer
set search_path to 'public', 'pg_temp'
as $$
declare
  v_mobile text := private.require_phone('change your place');
  v_old public.service_providers;
  v_new public.service_providers;
  v_list text[];
  v_old_list text[];
begin
  select * into v_old from public.service_providers p
   where p.id = p_provider_id and p.mobile = v_mobile for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'listing not found', detail = 'provider_id';
  end if;
  select coalesce(array_agg(c.place_kind || ':' || c.place_code order by c.place_kind, c.place_code), '{}') into v_list
    from private.check_serve_choice(p_place_kind, p_place_code, p_serve_mode, p_serve_radius_km, p_serve_places) c;
  select coalesce(array_agg(s.place_kind || ':' || s.place_code order by s.place_kind, s.place_code), '{}') into v_old_list
    from public.provider_serves s where s.provider_id = v_old.id;
  update public.service_providers p
     set place_kind = p_place_kind, place_code = p_place_code,
         serve_mode = coalesce(nullif(btrim(p_serve_mode), ''), 'nearby'),
         serve_radius_km = coalesce(p_serve_radius_km, 10)
   where p.id = v_old.id
  returning * into v_new;
  delete from public.provider_serves s where s.provider_id = v_old.id;
  insert into public.provider_serves (provider_id, place_kind, place_code)
  select v_old.id, split_part(x, ':', 1), split_part(x, ':', 2) from unnest(v_list) x;
  if (v_old.place_kind, v_old.place_code, v_old.serve_mode, v_old.serve_radius_km, v_old_list)
     is distinct from (v_new.place_kind, v_new.place_code, v_new.serve_mode, v_new.serve_radius_km, v_list) then
    insert into public.audit_log (actor, actor_email, action, target_table, target_id, target_name, before, after, reason)
    values (auth.uid(), null, 'owner.place', 'service_providers', v_old.id::text, left(v_old.name, 200),
            jsonb_build_object('place_kind', v_old.place_kind, 'place_code', v_old.place_code, 'serve_mode', v_old.serve_mode,
                               'serve_radius_km', v_old.serve_radius_km, 'serve_places', to_jsonb(v_old_list)),
            jsonb_build_object('place_kind', v_new.place_kind, 'place_code', v_new.place_code, 'serve_mode', v_new.serve_mode,
                               'serve_radius_km', v_new.serve_radius_km, 'serve_places', to_jsonb(v_list)),
            null);
  end if;
  return jsonb_build_object('place_kind', v_new.place_kind, 'place_code', v_new.place_code, 'serve_mode', v_new.serve_mode,
                            'serve_radius_km', v_new.serve_radius_km, 'serve_places', to_jsonb(v_list));
end
$$;

revoke all on function public.set_my_place(uuid, text, text, text, integer, text[]) from public, anon, authenticated, service_role;
grant all on function public.set_my_place(uuid, text, text, text, integer, text[]) to anon, authenticated, service_role;

-- Who serves a place, counted per place: the nearby and tehsil parts of a list of who serves
-- (public.search_providers, serves only). (from 0026)
create table private.place_server_counts (
  place_kind text not null,
  place_code text not null,
  -- nearby_reach[r]: approved 'nearby' providers of this place whose serve_radius_km >= r.
  nearby_reach integer[] not null default array_fill(0, array[50]),
  -- Approved 'tehsil' providers of this place.
  tehsil integer not null default 0,
  primary key (place_kind, place_code)
);
revoke all on table private.place_server_counts from public, anon, authenticated, service_role;

-- Adds p_delta (1 or -1) for one provider of a place to its totals.
create function private.add_place_server(p_kind text, p_code text, p_mode text, p_radius integer, p_delta integer)
returns void
language sql security definer
set search_path to 'public', 'pg_temp'
as $$
  insert into private.place_server_counts as c (place_kind, place_code, nearby_reach, tehsil)
  values (p_kind, p_code,
          array(select case when p_mode = 'nearby' and r <= p_radius then p_delta else 0 end
                  from generate_series(1, 50) r order by r),
          case when p_mode = 'tehsil' then p_delta else 0 end)
  on conflict (place_kind, place_code) do update
     set nearby_reach = case when p_mode = 'nearby'
                             then array(select c.nearby_reach[r] + case when r <= p_radius then p_delta else 0 end
                                          from generate_series(1, 50) r order by r)
                             else c.nearby_reach end,
         tehsil = c.tehsil + case when p_mode = 'tehsil' then p_delta else 0 end
$$;
revoke all on function private.add_place_server(text, text, text, integer, integer) from public, anon, authenticated, service_role;

-- The trigger: an approved provider with a place, 'nearby' or 'tehsil', counts at that place.
create function private.count_place_servers() returns trigger
language plpgsql security definer
set search_path to 'public', 'pg_temp'
as $$
declare
  v_old boolean := false;
  v_new boolean := false;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    v_old := old.status = 'approved' and old.place_code is not null and old.serve_mode in ('nearby', 'tehsil');
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    v_new := new.status = 'approved' and new.place_code is not null and new.serve_mode in ('nearby', 'tehsil');
  end if;
  if v_old and v_new and old.place_kind = new.place_kind and old.place_code = new.place_code
     and old.serve_mode = new.serve_mode and old.serve_radius_km = new.serve_radius_km then
    return null;
  end if;
  if v_old then
    perform private.add_place_server(old.place_kind, old.place_code, old.serve_mode, old.serve_radius_km, -1);
  end if;
  if v_new then
    perform private.add_place_server(new.place_kind, new.place_code, new.serve_mode, new.serve_radius_km, 1);
  end if;
  return null;
end
$$;
revoke all on function private.count_place_servers() from public, anon, authenticated, service_role;

create trigger service_providers_place_servers
  after insert or delete or update of status, place_kind, place_code, serve_mode, serve_radius_km
  on public.service_providers for each row execute function private.count_place_servers();

-- All the totals again from service_providers: after a load with triggers off (the seed, the
-- benchmark) and here.
create function private.recount_place_servers() returns void
language sql security definer
set search_path to 'public', 'pg_temp'
as $$
  delete from private.place_server_counts;
  insert into private.place_server_counts (place_kind, place_code, nearby_reach, tehsil)
  select g.place_kind, g.place_code,
         array(select count(x.radius)::integer from generate_series(1, 50) r
                 left join unnest(g.radii) as x(radius) on x.radius >= r
                group by r order by r),
         g.tehsil
    from (select p.place_kind, p.place_code,
                 coalesce(array_agg(p.serve_radius_km::integer) filter (where p.serve_mode = 'nearby'), '{}') as radii,
                 count(*) filter (where p.serve_mode = 'tehsil')::integer as tehsil
            from public.service_providers p
           where p.status = 'approved' and p.place_code is not null and p.serve_mode in ('nearby', 'tehsil')
           group by p.place_kind, p.place_code) g;
$$;
revoke all on function private.recount_place_servers() from public, anon, authenticated, service_role;
