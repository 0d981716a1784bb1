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

-- ---------------------------------------------------------------------------------------------
-- Ads need a title (its caption, and the name screen readers give it) and, for an image, a
-- description of the image (its alt text). New ads and any change of an ad's title, image or
-- description must have them (23514, detail 'title' / 'media_alt'); an older ad without them
-- is kept as it is and can still be switched on or off, rescheduled or deleted.

alter table public.advertisements add column if not exists media_alt text;
alter table public.advertisements
  add constraint advertisements_media_alt_check check (media_alt is null or char_length(media_alt) <= 300);

create or replace function private.ads_require_words() returns trigger
language plpgsql
set search_path = public, pg_temp
as $$
begin
  if tg_op = 'UPDATE'
     and new.title is not distinct from old.title
     and new.media_alt is not distinct from old.media_alt
     and new.media_type is not distinct from old.media_type
     and new.media_url is not distinct from old.media_url then
    return new;
  end if;
  if new.title is null or btrim(new.title) = '' then
    raise exception using errcode = '23514', message = 'an ad needs a title', detail = 'title';
  end if;
  if new.media_type = 'image' and (new.media_alt is null or btrim(new.media_alt) = '') then
    raise exception using errcode = '23514', message = 'an image ad needs a description of the image', detail = 'media_alt';
  end if;
  return new;
end
$$;

revoke all on function private.ads_require_words() from public;

drop trigger if exists advertisements_require_words on public.advertisements;
create trigger advertisements_require_words
  before insert or update on public.advertisements
  for each row execute function private.ads_require_words();

-- admin_save_ad (0008) with the image description (media_alt).
create or replace function public.admin_save_ad(p_ad jsonb default null, p_reason text default null)
returns public.advertisements
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_reason text;
  v_key text;
  v_old public.advertisements;
  v_new public.advertisements;
  v_id uuid;
  v_text text;
  v_is_new boolean;
begin
  perform private.require_admin();
  v_reason := private.admin_reason(p_reason);
  if p_ad is null or jsonb_typeof(p_ad) <> 'object' then
    raise exception using errcode = '22023', message = 'p_ad must be an object', detail = 'ad';
  end if;
  select k into v_key from jsonb_object_keys(p_ad) as k
   where k not in ('id', 'title', 'media_alt', 'active', 'start_date', 'end_date', 'media_type', 'media_url', 'redirect_link',
                   'sort_order', 'created_at')
   limit 1;
  if v_key is not null then
    raise exception using errcode = '22023', message = 'unknown field: ' || v_key, detail = v_key;
  end if;
  v_is_new := coalesce(jsonb_typeof(p_ad -> 'id'), 'null') = 'null';
  if v_is_new then
    v_new.active := true;
    v_new.sort_order := 0;
  else
    begin
      v_id := (p_ad ->> 'id')::uuid;
    exception when others then
      raise exception using errcode = '22023', message = 'id must be a uuid', detail = 'id';
    end;
    select * into v_old from public.advertisements where id = v_id for update;
    if not found then
      raise exception using errcode = 'PT404', message = 'ad not found', detail = 'id';
    end if;
    v_new := v_old;
  end if;

  if p_ad ? 'title' then
    v_text := private.clean_or_null(p_ad ->> 'title');
    if char_length(v_text) > 200 then
      raise exception using errcode = '23514', message = 'title must be at most 200 characters', detail = 'title';
    end if;
    v_new.title := v_text;
  end if;
  if p_ad ? 'media_alt' then
    v_text := private.clean_or_null(p_ad ->> 'media_alt');
    if char_length(v_text) > 300 then
      raise exception using errcode = '23514', message = 'media_alt must be at most 300 characters', detail = 'media_alt';
    end if;
    v_new.media_alt := v_text;
  end if;
  if p_ad ? 'active' then
    if jsonb_typeof(p_ad -> 'active') <> 'boolean' then
      raise exception using errcode = '23514', message = 'active must be true or false', detail = 'active';
    end if;
    v_new.active := (p_ad ->> 'active')::boolean;
  end if;
  if p_ad ? 'start_date' then
    begin
      v_new.start_date := nullif(btrim(coalesce(p_ad ->> 'start_date', '')), '')::timestamptz;
    exception when others then
      raise exception using errcode = '22007', message = 'start_date must be a date and time', detail = 'start_date';
    end;
  end if;
  if p_ad ? 'end_date' then
    begin
      v_new.end_date := nullif(btrim(coalesce(p_ad ->> 'end_date', '')), '')::timestamptz;
    exception when others then
      raise exception using errcode = '22007', message = 'end_date must be a date and time', detail = 'end_date';
    end;
  end if;
  if v_new.start_date is not null and v_new.end_date is not null and v_new.end_date < v_new.start_date then
    raise exception using errcode = '23514', message = 'end_date must not be before start_date', detail = 'end_date';
  end if;
  if p_ad ? 'media_type' then
    v_new.media_type := nullif(btrim(coalesce(p_ad ->> 'media_type', '')), '');
  end if;
  if v_new.media_type is null then
    raise exception using errcode = '23502', message = 'media_type is required', detail = 'media_type';
  end if;
  if v_new.media_type not in ('image', 'video', 'youtube') then
    raise exception using errcode = '23514', message = 'media_type must be image, video or youtube', detail = 'media_type';
  end if;
  if p_ad ? 'media_url' then
    v_new.media_url := nullif(btrim(coalesce(p_ad ->> 'media_url', '')), '');
  end if;
  if v_new.media_url is null then
    raise exception using errcode = '23502', message = 'media_url is required', detail = 'media_url';
  end if;
  if char_length(v_new.media_url) > 2000 then
    raise exception using errcode = '23514', message = 'media_url must be at most 2000 characters', detail = 'media_url';
  end if;
  if v_new.media_type = 'youtube' then
    if v_new.media_url !~ '^[A-Za-z0-9_-]{11}$'
       and v_new.media_url !~ '^https://(www\.|m\.)?(youtube\.com|youtube-nocookie\.com|youtu\.be)/[^[:space:]]+$' then
      raise exception using errcode = '23514', message = 'media_url must be a YouTube link or video id', detail = 'media_url';
    end if;
  elsif v_new.media_url !~ '^https?://[^[:space:]]+$' then
    raise exception using errcode = '23514', message = 'media_url must be an http(s) URL', detail = 'media_url';
  end if;
  if p_ad ? 'redirect_link' then
    v_new.redirect_link := nullif(btrim(coalesce(p_ad ->> 'redirect_link', '')), '');
  end if;
  if v_new.redirect_link is not null
     and (v_new.redirect_link !~ '^https?://[^[:space:]]+$' or char_length(v_new.redirect_link) > 2000) then
    raise exception using errcode = '23514', message = 'redirect_link must be an http(s) URL of at most 2000 characters',
      detail = 'redirect_link';
  end if;
  if p_ad ? 'sort_order' then
    v_text := btrim(coalesce(p_ad ->> 'sort_order', ''));
    if v_text !~ '^-?[0-9]{1,7}$' or abs(v_text::integer) > 1000000 then
      raise exception using errcode = '23514', message = 'sort_order must be a whole number between -1000000 and 1000000',
        detail = 'sort_order';
    end if;
    v_new.sort_order := v_text::integer;
  end if;

  perform private.audit_explicit(true);
  if v_is_new then
    insert into public.advertisements (title, media_alt, active, start_date, end_date, media_type, media_url, redirect_link,
                                       sort_order)
    values (v_new.title, v_new.media_alt, v_new.active, v_new.start_date, v_new.end_date, v_new.media_type, v_new.media_url,
            v_new.redirect_link, v_new.sort_order)
    returning * into v_new;
    perform private.audit('ad.create', 'advertisements', v_new.id::text, v_new.title, null, to_jsonb(v_new), v_reason);
  else
    update public.advertisements
       set title = v_new.title, media_alt = v_new.media_alt, active = v_new.active, start_date = v_new.start_date, end_date = v_new.end_date,
           media_type = v_new.media_type, media_url = v_new.media_url, redirect_link = v_new.redirect_link,
           sort_order = v_new.sort_order
     where id = v_id
    returning * into v_new;
    if to_jsonb(v_old) is distinct from to_jsonb(v_new) then
      perform private.audit('ad.update', 'advertisements', v_id::text, v_new.title, to_jsonb(v_old), to_jsonb(v_new), v_reason);
    end if;
  end if;
  perform private.audit_explicit(false);
  return v_new;
end
$$;
