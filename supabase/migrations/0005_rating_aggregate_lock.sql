-- Rating aggregates under concurrency. The UPDATE in 0001's trigger computed the average in
-- the snapshot of its statement: when it then waited for another transaction's lock on the
-- provider row, Postgres re-checked the row but not the subqueries, so the last writer
-- could store an average that missed a concurrent rating (seen: 3.2 instead of 3.0 after
-- 50 concurrent changes on PostgreSQL). Lock the provider rows first, in their own
-- statement; the UPDATE that follows takes a new snapshot (READ COMMITTED) that sees every
-- rating committed before the lock was granted.
create or replace function private.refresh_provider_rating() returns trigger
language plpgsql security definer
set search_path = public, pg_temp
as $$
declare
  v_ids uuid[];
begin
  if tg_op = 'INSERT' then
    v_ids := array[new.provider_id];
  elsif tg_op = 'DELETE' then
    v_ids := array[old.provider_id];
  else
    v_ids := array[new.provider_id, old.provider_id];
  end if;
  -- FOR NO KEY UPDATE, the lock the UPDATE itself takes: it does not conflict with the
  -- KEY SHARE lock that every rating insert's foreign-key check holds on the provider row
  -- (FOR UPDATE would, and concurrent inserts then deadlock). In id order, so two
  -- transactions touching the same two providers cannot deadlock either.
  perform 1 from public.service_providers p where p.id = any (v_ids) order by p.id for no key update;
  update public.service_providers p
     set avg_rating = coalesce(s.avg_rating, 0),
         rating_count = coalesce(s.rating_count, 0)
    from (
      select x.id,
             (select round(avg(r.rating), 1) from public.service_ratings r where r.provider_id = x.id) as avg_rating,
             (select count(*)::integer from public.service_ratings r where r.provider_id = x.id) as rating_count
        from unnest(v_ids) as x(id)
    ) s
   where p.id = s.id;
  return null;
end
$$;
