-- Issue 28, the operator console's details.

-- ---------------------------------------------------------------------------------------------
-- Duplicate hints: a listing with the same mobile as another, or the same name and place
-- (address), normalised: lower case, without spaces and punctuation.

create or replace function public.console_norm(p text) returns text
language sql immutable parallel safe
set search_path = pg_catalog
as $$
  select regexp_replace(lower(coalesce(p, '')), '[[:space:][:punct:]]+', '', 'g')
$$;

create index if not exists service_providers_mobile_idx on public.service_providers (mobile);
create index if not exists service_providers_name_place_idx
  on public.service_providers (public.console_norm(name), public.console_norm(address));

-- For each of the given listings (at most 200: one page of the console), the other listings it
-- may duplicate: 'mobile' (same mobile) or 'name_place' (same name and address, normalised).
-- Admins only (42501 otherwise).
create or replace function public.admin_duplicate_hints(p_ids uuid[])
returns table (provider_id uuid, other_id uuid, other_name text, other_status text, match text)
language plpgsql stable security definer
set search_path = public, pg_temp
as $$
begin
  if not public.is_admin() then
    raise exception 'not authorised' using errcode = '42501';
  end if;
  if p_ids is null or cardinality(p_ids) > 200 then
    raise exception 'between 0 and 200 ids' using errcode = '22023';
  end if;
  return query
    select p.id, o.id, o.name, o.status,
           case when o.mobile = p.mobile then 'mobile' else 'name_place' end
      from public.service_providers p
      join public.service_providers o
        on o.id <> p.id
       and (o.mobile = p.mobile
            or (public.console_norm(o.name) = public.console_norm(p.name)
                and public.console_norm(o.address) = public.console_norm(p.address)))
     where p.id = any(p_ids)
     order by p.id, (o.mobile = p.mobile) desc, o.registration_date, o.id;
end;
$$;

revoke all on function public.admin_duplicate_hints(uuid[]) from public, anon, authenticated;
grant execute on function public.admin_duplicate_hints(uuid[]) to authenticated;
