-- What `npm run check:deploy` needs to compare a deployment's database with the repo's
-- migrations, with the public anon key: the version and name of each applied migration (as
-- the Supabase CLI records them in supabase_migrations.schema_migrations), nothing else (not
-- the statements, not who applied them or when). The file names are public in the repo.
-- A project whose migrations were applied without the CLI has no such table: an empty list.
create or replace function public.applied_migrations()
returns table (version text, name text)
language plpgsql stable security definer
set search_path = pg_catalog, pg_temp
as $$
begin
  if to_regclass('supabase_migrations.schema_migrations') is null then
    return;
  end if;
  return query execute
    'select m.version::text, m.name::text from supabase_migrations.schema_migrations m order by m.version';
end
$$;

revoke all on function public.applied_migrations() from public, anon, authenticated;
grant execute on function public.applied_migrations() to anon, authenticated;
