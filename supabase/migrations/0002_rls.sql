-- Row-level security and grants. On Supabase every new table in public is
-- granted to anon/authenticated by default privileges: revoke, then grant only
-- what each role needs. RLS on every table decides which rows.

alter table public.service_categories enable row level security;
alter table public.service_category_keywords enable row level security;
alter table public.search_words enable row level security;
alter table public.category_stats enable row level security;
alter table public.service_providers enable row level security;
alter table public.service_ratings enable row level security;
alter table public.reviews enable row level security;
alter table public.click_tracking enable row level security;
alter table public.advertisements enable row level security;
alter table private.provider_identity enable row level security;

revoke all on all tables in schema public from anon, authenticated;
revoke all on all sequences in schema public from anon, authenticated;
revoke all on all tables in schema private from public, anon, authenticated;
revoke all on all sequences in schema private from public, anon, authenticated;
revoke all on schema private from anon, authenticated;

-- service_categories: public catalogue; admins maintain it.
grant select on public.service_categories to anon, authenticated;
grant insert, update, delete on public.service_categories to authenticated;
create policy service_categories_read on public.service_categories
  for select to anon, authenticated using (true);
create policy service_categories_admin_write on public.service_categories
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

grant select on public.service_category_keywords to anon, authenticated;
create policy service_category_keywords_read on public.service_category_keywords
  for select to anon, authenticated using (true);

grant select on public.category_stats to anon, authenticated;
create policy category_stats_read on public.category_stats
  for select to anon, authenticated using (true);

grant select on public.search_words to anon, authenticated;
create policy search_words_read on public.search_words
  for select to anon, authenticated using (true);

-- service_providers: the public sees approved rows; registration goes through
-- register_provider() (no INSERT for anon); admins see and change everything.
grant select on public.service_providers to anon, authenticated;
grant insert, update, delete on public.service_providers to authenticated;
create policy service_providers_read on public.service_providers
  for select to anon, authenticated
  using (status = 'approved' or (select public.is_admin()));
create policy service_providers_admin_insert on public.service_providers
  for insert to authenticated with check ((select public.is_admin()));
create policy service_providers_admin_update on public.service_providers
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy service_providers_admin_delete on public.service_providers
  for delete to authenticated using ((select public.is_admin()));

-- service_ratings: one per provider and device (unique key), 1..5, approved
-- providers only. UPDATE exists so that upsert (ON CONFLICT DO UPDATE) can
-- change a device's own value; a trigger forbids moving a rating.
grant select on public.service_ratings to anon, authenticated;
grant insert (provider_id, device_id, rating) on public.service_ratings to anon, authenticated;
grant update (provider_id, device_id, rating) on public.service_ratings to anon, authenticated;
grant delete on public.service_ratings to authenticated;
create policy service_ratings_read on public.service_ratings
  for select to anon, authenticated
  using (exists (select 1 from public.service_providers p where p.id = provider_id and p.status = 'approved')
         or (select public.is_admin()));
create policy service_ratings_insert on public.service_ratings
  for insert to anon, authenticated
  with check (exists (select 1 from public.service_providers p where p.id = provider_id and p.status = 'approved'));
create policy service_ratings_update on public.service_ratings
  for update to anon, authenticated
  using (exists (select 1 from public.service_providers p where p.id = provider_id and p.status = 'approved'))
  with check (exists (select 1 from public.service_providers p where p.id = provider_id and p.status = 'approved'));
create policy service_ratings_admin_delete on public.service_ratings
  for delete to authenticated using ((select public.is_admin()));

-- reviews: readable and postable for approved providers; admins moderate.
grant select on public.reviews to anon, authenticated;
grant insert (provider_id, review_text) on public.reviews to anon, authenticated;
grant delete on public.reviews to authenticated;
create policy reviews_read on public.reviews
  for select to anon, authenticated
  using (exists (select 1 from public.service_providers p where p.id = provider_id and p.status = 'approved')
         or (select public.is_admin()));
create policy reviews_insert on public.reviews
  for insert to anon, authenticated
  with check (exists (select 1 from public.service_providers p where p.id = provider_id and p.status = 'approved'));
create policy reviews_admin_delete on public.reviews
  for delete to authenticated using ((select public.is_admin()));

-- click_tracking: insert-only for the public; admins read.
grant insert (provider_id, click_type) on public.click_tracking to anon, authenticated;
grant select on public.click_tracking to authenticated;
create policy click_tracking_insert on public.click_tracking
  for insert to anon, authenticated
  with check (exists (select 1 from public.service_providers p where p.id = provider_id and p.status = 'approved'));
create policy click_tracking_admin_read on public.click_tracking
  for select to authenticated using ((select public.is_admin()));

-- advertisements: the public reads active ads; admins manage them.
grant select on public.advertisements to anon, authenticated;
grant insert, update, delete on public.advertisements to authenticated;
create policy advertisements_read on public.advertisements
  for select to anon, authenticated using (active or (select public.is_admin()));
create policy advertisements_admin_insert on public.advertisements
  for insert to authenticated with check ((select public.is_admin()));
create policy advertisements_admin_update on public.advertisements
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy advertisements_admin_delete on public.advertisements
  for delete to authenticated using ((select public.is_admin()));

-- private.provider_identity: no policy for anon/authenticated (deny all); only
-- SECURITY DEFINER functions owned by the migration role read or write it.
