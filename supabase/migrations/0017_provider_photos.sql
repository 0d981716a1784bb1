-- Issue 28, photos: a provider adds up to 6 photos (shop, work, self) of their listing; the
-- operator approves or removes them; nothing is public before approval. The objects live in
-- the Storage bucket provider-photos (supabase/config.toml); who may upload or delete which
-- object is decided here (private.may_upload_photo / may_delete_photo), called by the
-- storage.objects policies on Supabase (supabase/README.md, step 5) and by the local server.

-- Photos started per mobile and per client address.
insert into private.request_limits (name, max_hits, window_seconds) values
  ('addr:photo', 120, 3600), ('phone:photo', 30, 86400)
on conflict (name) do nothing;

-- ---------------------------------------------------------------------------------------------
-- The photos: one row per photo, two objects in the bucket provider-photos: `<path>` (the
-- photo, long side about 1080 px) and `<path>_t` (its thumbnail, about 240 px). The path
-- `<provider_id>/<uuid>` is made here and is unguessable. 'uploading': the owner may upload
-- its two objects for an hour; 'pending': uploaded, in the operator's queue; 'approved':
-- public. Nothing but 'approved' rows of public listings can be read without a function.
create table public.provider_photos (
  id uuid primary key default gen_random_uuid(),
  provider_id uuid not null references public.service_providers (id) on delete cascade,
  owner uuid not null,
  kind text not null,
  path text not null,
  status text not null default 'uploading',
  created_at timestamptz not null default now(),
  submitted_at timestamptz,
  approved_at timestamptz,
  approved_by uuid,
  constraint provider_photos_kind_check check (kind in ('shop', 'work', 'self')),
  constraint provider_photos_status_check check (status in ('uploading', 'pending', 'approved')),
  constraint provider_photos_path_check check (path ~ '^[0-9a-f-]{36}/[0-9a-f-]{36}$'),
  constraint provider_photos_path_key unique (path)
);

create index provider_photos_provider_idx on public.provider_photos (provider_id, created_at);
create index provider_photos_queue_idx on public.provider_photos (status, submitted_at);

alter table public.provider_photos enable row level security;

-- Anyone reads the approved photos of the listings they may read (service_providers' own
-- policies apply inside): never who uploaded them, never a photo not yet approved.
create policy provider_photos_read on public.provider_photos for select to anon, authenticated
  using (status = 'approved' and exists (select 1 from public.service_providers p where p.id = provider_id));

revoke all on table public.provider_photos from anon, authenticated, service_role;
grant select (id, provider_id, kind, path, created_at, approved_at) on table public.provider_photos to anon, authenticated;
grant all on table public.provider_photos to service_role;

-- The storage rule, one for the hosted Storage (the storage.objects policies of
-- supabase/README.md call it) and the local server (its storage routes call it): user p_uid
-- may upload the object p_name (a key in provider-photos) when it is the photo or the
-- thumbnail of a row of theirs still 'uploading', started less than an hour ago.
create function private.may_upload_photo(p_name text, p_uid uuid) returns boolean
language sql stable security definer
set search_path = public, pg_temp
as $$
  select p_uid is not null and exists (
    select 1 from public.provider_photos ph
     where ph.owner = p_uid and ph.status = 'uploading'
       and ph.created_at > now() - interval '1 hour'
       and p_name in (ph.path, ph.path || '_t'))
$$;

-- User p_uid may delete the object p_name: the photo or thumbnail of a row of theirs (the
-- owner deletes the objects, then the row with delete_my_photo). The operator's deletions are
-- the policy's own is_admin().
create function private.may_delete_photo(p_name text, p_uid uuid) returns boolean
language sql stable security definer
set search_path = public, pg_temp
as $$
  select p_uid is not null and exists (
    select 1 from public.provider_photos ph
     where ph.owner = p_uid and p_name in (ph.path, ph.path || '_t'))
$$;

revoke all on function private.may_upload_photo(text, uuid) from public, anon, authenticated, service_role;
revoke all on function private.may_delete_photo(text, uuid) from public, anon, authenticated, service_role;
grant execute on function private.may_upload_photo(text, uuid) to authenticated, service_role;
grant execute on function private.may_delete_photo(text, uuid) to authenticated, service_role;
grant usage on schema private to authenticated;

-- The owner (signed in with the listing's number) starts a photo of p_kind ('shop', 'work',
-- 'self') for their listing: at most 6 photos a listing, started uploads a mobile may make
-- limited (phone:photo, addr:photo). Returns the new row's id and path; the two objects
-- may then be uploaded for an hour, and submit_photo puts it in the operator's queue.
-- Uploads started over an hour ago and never submitted are dropped first.
create function public.start_photo_upload(p_provider_id uuid, p_kind text)
returns table (id uuid, path text)
language plpgsql security definer
set search_path = public, pg_temp
as $$
declare
  v_mobile text := private.require_phone('add a photo');
  v_count integer;
begin
  if p_kind is null or p_kind not in ('shop', 'work', 'self') then
    raise exception using errcode = '22023', message = 'a photo is of the shop, the work or the person', detail = 'kind';
  end if;
  perform 1 from public.service_providers p where p.id = p_provider_id and p.mobile = v_mobile for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'listing not found', detail = 'provider_id';
  end if;
  perform private.limit_hit('addr:photo', private.client_address(), 'photos from this address');
  perform private.limit_hit('phone:photo', private.phone_hash(v_mobile), 'photos from this mobile');
  delete from public.provider_photos ph
   where ph.provider_id = p_provider_id and ph.status = 'uploading' and ph.created_at <= now() - interval '1 hour';
  select count(*) into v_count from public.provider_photos ph where ph.provider_id = p_provider_id;
  if v_count >= 6 then
    raise exception using errcode = '23514', message = 'at most 6 photos a listing', detail = 'photos';
  end if;
  return query
    insert into public.provider_photos as ph (provider_id, owner, kind, path)
    values (p_provider_id, auth.uid(), p_kind, p_provider_id::text || '/' || gen_random_uuid()::text)
    returning ph.id, ph.path;
end
$$;

-- The owner's two objects are uploaded: the photo goes to the operator's queue.
create function public.submit_photo(p_id uuid) returns void
language plpgsql security definer
set search_path = public, pg_temp
as $$
declare
  v_mobile text := private.require_phone('add a photo');
begin
  update public.provider_photos ph set status = 'pending', submitted_at = now()
   where ph.id = p_id and ph.status = 'uploading' and ph.owner = auth.uid()
     and exists (select 1 from public.service_providers p where p.id = ph.provider_id and p.mobile = v_mobile);
  if not found then
    raise exception using errcode = 'PT404', message = 'photo not found', detail = 'id';
  end if;
end
$$;

-- The photos of the caller's listing, approved and waiting, oldest first.
create function public.my_photos(p_provider_id uuid)
returns table (id uuid, kind text, path text, status text, created_at timestamptz)
language plpgsql stable security definer
set search_path = public, pg_temp
as $$
declare
  v_mobile text := private.require_phone('see your photos');
begin
  if not exists (select 1 from public.service_providers p where p.id = p_provider_id and p.mobile = v_mobile) then
    raise exception using errcode = 'PT404', message = 'listing not found', detail = 'provider_id';
  end if;
  return query
    select ph.id, ph.kind, ph.path, ph.status, ph.created_at
      from public.provider_photos ph
     where ph.provider_id = p_provider_id and ph.status in ('pending', 'approved')
     order by ph.created_at, ph.id;
end
$$;

-- The owner deletes a photo of their listing (after deleting its objects, which needs the
-- row). Returns its path.
create function public.delete_my_photo(p_id uuid) returns text
language plpgsql security definer
set search_path = public, pg_temp
as $$
declare
  v_mobile text := private.require_phone('delete a photo');
  v_path text;
begin
  delete from public.provider_photos ph
   where ph.id = p_id
     and exists (select 1 from public.service_providers p where p.id = ph.provider_id and p.mobile = v_mobile)
  returning ph.path into v_path;
  if v_path is null then
    raise exception using errcode = 'PT404', message = 'photo not found', detail = 'id';
  end if;
  return v_path;
end
$$;

-- The operator's queue: uploaded photos waiting for a decision, oldest first (at most 200).
create function public.admin_photo_queue()
returns table (id uuid, provider_id uuid, provider_name text, kind text, path text, submitted_at timestamptz)
language plpgsql stable security definer
set search_path = public, pg_temp
as $$
begin
  if not public.is_admin() then
    raise exception 'not authorised' using errcode = '42501';
  end if;
  return query
    select ph.id, ph.provider_id, p.name, ph.kind, ph.path, ph.submitted_at
      from public.provider_photos ph
      join public.service_providers p on p.id = ph.provider_id
     where ph.status = 'pending'
     order by ph.submitted_at, ph.id
     limit 200;
end
$$;

-- The operator approves a waiting photo: it becomes public. Audited.
create function public.admin_approve_photo(p_id uuid) returns void
language plpgsql security definer
set search_path = public, pg_temp
as $$
declare
  v public.provider_photos;
  v_name text;
begin
  if not public.is_admin() then
    raise exception 'not authorised' using errcode = '42501';
  end if;
  update public.provider_photos ph set status = 'approved', approved_at = now(), approved_by = auth.uid()
   where ph.id = p_id and ph.status = 'pending'
  returning ph.* into v;
  if v.id is null then
    raise exception using errcode = 'PT404', message = 'photo not found', detail = 'id';
  end if;
  select p.name into v_name from public.service_providers p where p.id = v.provider_id;
  perform private.audit('photo.approve', 'provider_photos', v.id::text, v_name,
    null, jsonb_build_object('kind', v.kind, 'path', v.path, 'provider_id', v.provider_id), null);
end
$$;

-- The operator removes a photo (waiting or approved): the row goes, and the console then
-- deletes its two objects (the returned path and path_t). Audited with the reason.
create function public.admin_remove_photo(p_id uuid, p_reason text default null) returns text
language plpgsql security definer
set search_path = public, pg_temp
as $$
declare
  v public.provider_photos;
  v_name text;
begin
  if not public.is_admin() then
    raise exception 'not authorised' using errcode = '42501';
  end if;
  if p_reason is not null and char_length(p_reason) > 500 then
    raise exception using errcode = '22001', message = 'reason too long (at most 500 characters)', detail = 'reason';
  end if;
  delete from public.provider_photos ph where ph.id = p_id returning ph.* into v;
  if v.id is null then
    raise exception using errcode = 'PT404', message = 'photo not found', detail = 'id';
  end if;
  select p.name into v_name from public.service_providers p where p.id = v.provider_id;
  perform private.audit('photo.remove', 'provider_photos', v.id::text, v_name,
    jsonb_build_object('kind', v.kind, 'path', v.path, 'provider_id', v.provider_id, 'status', v.status), null, p_reason);
  return v.path;
end
$$;

revoke all on function public.start_photo_upload(uuid, text) from public, anon, authenticated, service_role;
revoke all on function public.submit_photo(uuid) from public, anon, authenticated, service_role;
revoke all on function public.my_photos(uuid) from public, anon, authenticated, service_role;
revoke all on function public.delete_my_photo(uuid) from public, anon, authenticated, service_role;
revoke all on function public.admin_photo_queue() from public, anon, authenticated, service_role;
revoke all on function public.admin_approve_photo(uuid) from public, anon, authenticated, service_role;
revoke all on function public.admin_remove_photo(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.start_photo_upload(uuid, text) to authenticated;
grant execute on function public.submit_photo(uuid) to authenticated;
grant execute on function public.my_photos(uuid) to authenticated;
grant execute on function public.delete_my_photo(uuid) to authenticated;
grant execute on function public.admin_photo_queue() to authenticated;
grant execute on function public.admin_approve_photo(uuid) to authenticated;
grant execute on function public.admin_remove_photo(uuid, text) to authenticated;
