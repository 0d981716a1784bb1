-- Issue 27, item 3: finding a place by typing, in either script (search_places).
--
-- The visitor's header and a provider's registration pick a village, ward or town from the
-- places table (0018) by typing part of its name in Devanagari or Latin letters.

-- Finding a place by typing (issue 27, item 3): the place's names as phonetic keys, kept by a
-- row guard (Lalbagh / lalbag / लालबाग -> lbg: private.phonetic_key, 0019), and an index on them.
alter table public.places add column search_key text not null default '';

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

-- Existing rows get their key without firing the row triggers (nothing else changes).
alter table public.places disable trigger user;
update public.places set search_key = private.place_search_key(name_en, name_hi);
alter table public.places enable trigger user;

create index places_search_key_idx on public.places using gin (search_key extensions.gin_trgm_ops);

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
