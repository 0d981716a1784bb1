-- Provider self-service (issue 17): a provider signs in with the mobile number of their
-- listing (phone OTP; the JWT carries claim `phone`, e.g. "919876543210") and
--  1. edits address, specialisation, business name and experience (live at once);
--  2. asks for a change of name, category or mobile (the operator's queue,
--     provider_change_requests; the live listing keeps the old values until approved);
--  3. sets availability (on leave until a date) and opening hours per weekday;
--  4. sees calls, chat taps and profile views per week (track_click accepts 'view').
-- Ownership: the JWT phone claim's 10 digits equal the row's mobile. RLS policies and the
-- guard trigger below decide it; no function takes the owner from a parameter.
-- Phone numbers are accepted as typed and stored as 10 digits (private.normalize_mobile).

-- ---------------------------------------------------------------- phone numbers

-- Strip spaces, dashes, dots and parentheses, then a leading +91, 91 (12 digits) or 0
-- (11 digits); a 10-digit mobile number starting 6-9 is left, else null.
create or replace function private.normalize_mobile(p text) returns text
language sql immutable parallel safe
as $$
  select case when d ~ '^[6-9][0-9]{9}$' then d end
    from (select case
                   when s ~ '^\+91[0-9]{10}$' then substr(s, 4)
                   when s ~ '^91[0-9]{10}$' then substr(s, 3)
                   when s ~ '^0[0-9]{10}$' then substr(s, 2)
                   else s
                 end as d
            from (select regexp_replace(coalesce(p, ''), '[[:space:]\u00A0.()-]', '', 'g') as s) a) b
$$;

-- The signed-in provider's mobile: the 10 digits of the JWT's phone claim (GoTrue stores
-- E.164 digits without "+", 91XXXXXXXXXX), or null (anon, e-mail users, anything else).
-- Public (policies call it as the API role); it reads only the caller's own claims.
create or replace function public.current_mobile() returns text
language sql stable
as $$
  select case when v ~ '^91[6-9][0-9]{9}$' then substr(v, 3) end
    from (select coalesce(auth.jwt() ->> 'phone', '') as v) c
$$;

-- ---------------------------------------------------------------- availability and opening hours

-- Opening hours: null (not given) or an object with exactly the keys mon..sun, each null
-- (closed) or {"open":"HH:MM","close":"HH:MM"} (24 h, open before close, same day).
-- Public and immutable: the check constraint below runs it as whoever writes the row.
create or replace function public.opening_hours_valid(p jsonb) returns boolean
language plpgsql immutable parallel safe
as $$
declare
  v_day record;
begin
  if p is null then
    return true;
  end if;
  if jsonb_typeof(p) <> 'object' then
    return false;
  end if;
  if array(select k from jsonb_object_keys(p) k order by k collate "C")
     <> array['fri', 'mon', 'sat', 'sun', 'thu', 'tue', 'wed'] then
    return false;
  end if;
  for v_day in select key, value from jsonb_each(p) loop
    continue when jsonb_typeof(v_day.value) = 'null';
    if jsonb_typeof(v_day.value) <> 'object'
       or array(select k from jsonb_object_keys(v_day.value) k order by k collate "C") <> array['close', 'open']
       or jsonb_typeof(v_day.value -> 'open') <> 'string'
       or jsonb_typeof(v_day.value -> 'close') <> 'string' then
      return false;
    end if;
    if (v_day.value ->> 'open') !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
       or (v_day.value ->> 'close') !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
       or (v_day.value ->> 'open') collate "C" >= (v_day.value ->> 'close') collate "C" then
      return false;
    end if;
  end loop;
  return true;
end
$$;

alter table public.service_providers
  add column on_leave_until date,
  add column opening_hours jsonb
    constraint service_providers_opening_hours_check check (public.opening_hours_valid(opening_hours));

-- "On leave until" a day that has passed (in the district) is refused when it is set.
create or replace function private.guard_leave_date() returns trigger
language plpgsql
set search_path = public, pg_temp
as $$
begin
  if new.on_leave_until is not null
     and (tg_op = 'INSERT' or new.on_leave_until is distinct from old.on_leave_until)
     and new.on_leave_until < (now() at time zone 'Asia/Kolkata')::date then
    raise exception using errcode = '22023', message = 'on_leave_until must be today or later (Asia/Kolkata)',
      detail = 'on_leave_until';
  end if;
  return new;
end
$$;

create trigger service_providers_leave_date
  before insert or update of on_leave_until on public.service_providers
  for each row execute function private.guard_leave_date();

-- ---------------------------------------------------------------- ownership

-- A provider (not an admin) may read and update the rows whose mobile is theirs...
create policy service_providers_owner_read on public.service_providers
  for select to authenticated
  using (mobile = (select public.current_mobile()));
create policy service_providers_owner_update on public.service_providers
  for update to authenticated
  using (mobile = (select public.current_mobile()))
  with check (mobile = (select public.current_mobile()));

-- ...but only these columns: business_name, specialist_in, address, experience,
-- on_leave_until, opening_hours. Everything else (status, verified, ratings, name,
-- category, mobile, dates) stays as it was. Not SECURITY DEFINER on purpose: current_user
-- is then the role of the statement (authenticated for a provider's own write; the
-- functions' owner when admin or trigger functions write). Fires after
-- service_providers_guard (names in order), so search_text is already recomputed.
create or replace function private.guard_owner_update() returns trigger
language plpgsql
set search_path = public, pg_temp
as $$
declare
  v_free constant text[] := array['business_name', 'specialist_in', 'address', 'experience',
                                  'on_leave_until', 'opening_hours', 'search_text'];
begin
  if current_user in ('anon', 'authenticated') and not coalesce(public.is_admin(), false)
     and (to_jsonb(new) - v_free) is distinct from (to_jsonb(old) - v_free) then
    raise exception using errcode = '42501',
      message = 'a provider may change only business_name, specialist_in, address, experience, on_leave_until and opening_hours; name, category and mobile go through request_listing_change',
      hint = 'Use request_listing_change for name, category or mobile.';
  end if;
  return new;
end
$$;

create trigger service_providers_owner_guard
  before update on public.service_providers
  for each row execute function private.guard_owner_update();

-- ---------------------------------------------------------------- change requests

create table public.provider_change_requests (
  id uuid primary key default gen_random_uuid(),
  provider_id uuid not null references public.service_providers (id) on delete cascade,
  name text,
  category text,
  mobile text,
  status text not null default 'pending',
  reason text,
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by uuid,
  constraint provider_change_requests_something check (name is not null or category is not null or mobile is not null),
  constraint provider_change_requests_name_check check (name is null or char_length(btrim(name)) between 1 and 100),
  constraint provider_change_requests_category_check check (category is null or char_length(btrim(category)) between 1 and 120),
  constraint provider_change_requests_mobile_check check (mobile is null or mobile ~ '^[6-9][0-9]{9}$'),
  constraint provider_change_requests_status_check check (status in ('pending', 'approved', 'rejected')),
  constraint provider_change_requests_reason_check check (reason is null or char_length(reason) <= 500)
);
-- At most one pending request per provider (request_listing_change replaces it).
create unique index provider_change_requests_pending_idx on public.provider_change_requests (provider_id)
  where status = 'pending';
create index provider_change_requests_created_idx on public.provider_change_requests (status, created_at);

alter table public.provider_change_requests enable row level security;
revoke all on public.provider_change_requests from anon, authenticated;
-- Read: the provider who owns the listing, and admins. Writes only through the functions.
grant select on public.provider_change_requests to authenticated;
create policy provider_change_requests_read on public.provider_change_requests
  for select to authenticated
  using ((select public.is_admin())
         or exists (select 1 from public.service_providers p
                     where p.id = provider_id and p.mobile = (select public.current_mobile())));

-- ---------------------------------------------------------------- profile views

alter table public.click_tracking drop constraint click_tracking_click_type_check;
alter table public.click_tracking
  add constraint click_tracking_click_type_check check (click_type in ('call', 'whatsapp', 'view'));

-- As 0006, plus 'view': one per device per provider per day (Asia/Kolkata). Calls and chat
-- taps keep the 10-minute window.
create or replace function public.track_click(p_provider_id uuid, p_click_type text, p_device_token text)
returns void
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_hash text := private.device_hash(p_device_token);
  v_since timestamptz;
begin
  if p_click_type is null or p_click_type not in ('call', 'whatsapp', 'view') then
    raise exception using errcode = '23514', message = 'click_type must be call, whatsapp or view', detail = 'click_type';
  end if;
  perform private.require_approved(p_provider_id);
  -- Two taps arriving together must not both pass the check below.
  perform pg_advisory_xact_lock(hashtextextended(v_hash || p_provider_id::text || p_click_type, 0));
  if p_click_type = 'view' then
    v_since := date_trunc('day', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata';
  else
    v_since := now() - interval '10 minutes';
  end if;
  if exists (select 1 from public.click_tracking c
              where c.device_hash = v_hash and c.provider_id = p_provider_id and c.click_type = p_click_type
                and c.created_at > v_since) then
    return;
  end if;
  insert into public.click_tracking (provider_id, click_type, device_hash) values (p_provider_id, p_click_type, v_hash);
end
$$;

-- As 0003, counting calls and chat taps only (views are in the same table now).
create or replace function public.admin_click_totals(p_days integer default 30)
returns table (provider_id uuid, name text, call_count bigint, whatsapp_count bigint)
language plpgsql stable security definer
set search_path = public, pg_temp
as $$
begin
  if not public.is_admin() then
    raise exception using errcode = '42501', message = 'not authorised';
  end if;
  return query
    select c.provider_id, p.name,
           count(*) filter (where c.click_type = 'call'),
           count(*) filter (where c.click_type = 'whatsapp')
      from public.click_tracking c
      join public.service_providers p on p.id = c.provider_id
     where c.created_at >= now() - make_interval(days => greatest(coalesce(p_days, 30), 1))
       and c.click_type in ('call', 'whatsapp')
     group by c.provider_id, p.name
     order by count(*) desc, p.name;
end
$$;

-- ---------------------------------------------------------------- provider functions

-- The signed-in provider's listings (any status), with the pending change request if any.
-- SECURITY INVOKER: RLS (owner read policies) decides which rows come back.
create or replace function public.my_listings()
returns table (
  id uuid,
  name text,
  business_name text,
  mobile text,
  category text,
  specialist_in text,
  experience integer,
  address text,
  verified boolean,
  registration_date timestamptz,
  avg_rating numeric,
  rating_count integer,
  on_leave_until date,
  opening_hours jsonb,
  status text,
  rejection_reason text,
  reviewed_at timestamptz,
  pending_change jsonb
)
language sql stable
set search_path = public, pg_temp
as $$
  select p.id, p.name, p.business_name, p.mobile, p.category, p.specialist_in, p.experience, p.address,
         p.verified, p.registration_date, p.avg_rating::numeric, p.rating_count, p.on_leave_until, p.opening_hours,
         p.status, p.rejection_reason, p.reviewed_at,
         (select jsonb_build_object('name', r.name, 'category', r.category, 'mobile', r.mobile, 'created_at', r.created_at)
            from public.provider_change_requests r
           where r.provider_id = p.id and r.status = 'pending')
    from public.service_providers p
   where p.mobile = public.current_mobile()
   order by p.registration_date desc, p.id
$$;

-- Edit what goes live at once. Text is cleaned by the row's guard trigger (as registration);
-- the checks here give the same messages as register_provider. SECURITY INVOKER: the owner
-- update policy and guard_owner_update decide.
create or replace function public.update_my_listing(
  p_provider_id uuid,
  p_business_name text default null,
  p_specialist_in text default null,
  p_address text default null,
  p_experience integer default null
) returns public.service_providers
language plpgsql volatile
set search_path = public, pg_temp
as $$
declare
  v_row public.service_providers;
begin
  if public.current_mobile() is null then
    raise exception using errcode = '42501', message = 'sign in with the mobile number of the listing';
  end if;
  if p_business_name is not null and char_length(btrim(p_business_name)) > 150 then
    raise exception using errcode = '23514', message = 'business_name must be at most 150 characters', detail = 'business_name';
  end if;
  if p_specialist_in is not null and char_length(btrim(p_specialist_in)) > 200 then
    raise exception using errcode = '23514', message = 'specialist_in must be at most 200 characters', detail = 'specialist_in';
  end if;
  if p_address is null or btrim(p_address) = '' then
    raise exception using errcode = '23502', message = 'address is required', detail = 'address';
  end if;
  if char_length(btrim(p_address)) > 300 then
    raise exception using errcode = '23514', message = 'address must be at most 300 characters', detail = 'address';
  end if;
  if p_experience is null then
    raise exception using errcode = '23502', message = 'experience is required', detail = 'experience';
  end if;
  if p_experience < 0 or p_experience > 80 then
    raise exception using errcode = '23514', message = 'experience must be between 0 and 80 years', detail = 'experience';
  end if;
  update public.service_providers p
     set business_name = p_business_name, specialist_in = p_specialist_in, address = p_address, experience = p_experience
   where p.id = p_provider_id and p.mobile = public.current_mobile()
  returning * into v_row;
  if not found then
    raise exception using errcode = 'PT404', message = 'listing not found', detail = 'provider_id';
  end if;
  return v_row;
end
$$;

-- Available today (null) or on leave until a date (today or later, Asia/Kolkata).
create or replace function public.set_my_availability(p_provider_id uuid, p_on_leave_until date default null)
returns public.service_providers
language plpgsql volatile
set search_path = public, pg_temp
as $$
declare
  v_row public.service_providers;
begin
  if public.current_mobile() is null then
    raise exception using errcode = '42501', message = 'sign in with the mobile number of the listing';
  end if;
  if p_on_leave_until is not null and p_on_leave_until < (now() at time zone 'Asia/Kolkata')::date then
    raise exception using errcode = '22023', message = 'on_leave_until must be today or later (Asia/Kolkata)',
      detail = 'on_leave_until';
  end if;
  update public.service_providers p set on_leave_until = p_on_leave_until
   where p.id = p_provider_id and p.mobile = public.current_mobile()
  returning * into v_row;
  if not found then
    raise exception using errcode = 'PT404', message = 'listing not found', detail = 'provider_id';
  end if;
  return v_row;
end
$$;

-- Opening hours per weekday (see public.opening_hours_valid); null clears them.
create or replace function public.set_my_opening_hours(p_provider_id uuid, p_hours jsonb default null)
returns public.service_providers
language plpgsql volatile
set search_path = public, pg_temp
as $$
declare
  v_row public.service_providers;
  v_hours jsonb := case when jsonb_typeof(p_hours) = 'null' then null else p_hours end;
begin
  if public.current_mobile() is null then
    raise exception using errcode = '42501', message = 'sign in with the mobile number of the listing';
  end if;
  if not public.opening_hours_valid(v_hours) then
    raise exception using errcode = '22023',
      message = 'opening_hours must have the keys mon..sun, each null or {"open":"HH:MM","close":"HH:MM"} with open before close',
      detail = 'opening_hours';
  end if;
  update public.service_providers p set opening_hours = v_hours
   where p.id = p_provider_id and p.mobile = public.current_mobile()
  returning * into v_row;
  if not found then
    raise exception using errcode = 'PT404', message = 'listing not found', detail = 'provider_id';
  end if;
  return v_row;
end
$$;

-- The category as registration stores it (catalogue value, or "OTHERS: <service>"); errors as
-- register_provider's.
create or replace function private.stored_category(p_category text) returns text
language plpgsql stable security definer
set search_path = public, pg_temp
as $$
declare
  v_category text := private.clean_or_null(p_category);
  v_stored text;
begin
  if v_category is null then
    return null;
  end if;
  if v_category ~* '^others[[:space:]]*:' then
    v_stored := private.clean_line(regexp_replace(v_category, '^others[[:space:]]*:', '', 'i'));
    if private.is_blank(v_stored) then
      raise exception using errcode = '23514', message = 'category: the service name for Other must not be blank', detail = 'category';
    end if;
    if char_length(v_stored) > 100 then
      raise exception using errcode = '23514', message = 'category: the service name for Other must be at most 100 characters', detail = 'category';
    end if;
    return 'OTHERS: ' || v_stored;
  end if;
  select c.stored_value into v_stored
    from public.service_categories c
   where c.stored_value = v_category
      or replace(c.stored_value, U&'\FE0F', '') = replace(v_category, U&'\FE0F', '')
   order by c.stored_value = v_category desc
   limit 1;
  if v_stored is null then
    raise exception using errcode = '23514', message = 'category is not in the catalogue', detail = 'category';
  end if;
  return v_stored;
end
$$;

-- Ask the operator to change name, category and/or mobile (null = unchanged; a value equal
-- to the live one counts as unchanged). Replaces this listing's pending request, if any.
-- SECURITY DEFINER (the queue has no write grant): the owner check is the same as the
-- policies', from the JWT.
create or replace function public.request_listing_change(
  p_provider_id uuid,
  p_name text default null,
  p_category text default null,
  p_mobile text default null
) returns public.provider_change_requests
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_me text := public.current_mobile();
  v_live public.service_providers;
  v_name text := private.clean_or_null(p_name);
  v_category text := private.stored_category(p_category);
  v_mobile text;
  v_row public.provider_change_requests;
begin
  if v_me is null then
    raise exception using errcode = '42501', message = 'sign in with the mobile number of the listing';
  end if;
  select * into v_live from public.service_providers p where p.id = p_provider_id and p.mobile = v_me for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'listing not found', detail = 'provider_id';
  end if;
  if v_name is not null and char_length(v_name) > 100 then
    raise exception using errcode = '23514', message = 'name must be at most 100 characters', detail = 'name';
  end if;
  if nullif(btrim(coalesce(p_mobile, '')), '') is not null then
    v_mobile := private.normalize_mobile(p_mobile);
    if v_mobile is null then
      raise exception using errcode = '23514', message = 'mobile must be a 10-digit mobile number starting 6-9 (+91 or 0 in front allowed)',
        detail = 'mobile';
    end if;
  end if;
  if v_name = v_live.name then v_name := null; end if;
  if v_category = v_live.category then v_category := null; end if;
  if v_mobile = v_live.mobile then v_mobile := null; end if;
  if v_name is null and v_category is null and v_mobile is null then
    raise exception using errcode = '22023', message = 'nothing to change: give a new name, category or mobile';
  end if;
  delete from public.provider_change_requests r where r.provider_id = p_provider_id and r.status = 'pending';
  insert into public.provider_change_requests (provider_id, name, category, mobile)
  values (p_provider_id, v_name, v_category, v_mobile)
  returning * into v_row;
  return v_row;
end
$$;

-- Calls, chat taps and profile views per week (weeks start on Monday, Asia/Kolkata), the
-- last p_weeks weeks (1-52, default 8) oldest first, zero-filled. Owner only (the click
-- table is not readable by providers): the owner check is the policies', from the JWT.
create or replace function public.my_leads(p_provider_id uuid, p_weeks integer default 8)
returns table (week_start date, calls integer, chats integer, views integer)
language plpgsql stable security definer
set search_path = public, pg_temp
as $$
declare
  v_weeks integer := least(greatest(coalesce(p_weeks, 8), 1), 52);
  v_this_week date := date_trunc('week', now() at time zone 'Asia/Kolkata')::date;
  v_first date := v_this_week - 7 * (v_weeks - 1);
begin
  if public.current_mobile() is null then
    raise exception using errcode = '42501', message = 'sign in with the mobile number of the listing';
  end if;
  if not exists (select 1 from public.service_providers p where p.id = p_provider_id and p.mobile = public.current_mobile()) then
    raise exception using errcode = 'PT404', message = 'listing not found', detail = 'provider_id';
  end if;
  return query
    select w.d::date,
           count(c.id) filter (where c.click_type = 'call')::integer,
           count(c.id) filter (where c.click_type = 'whatsapp')::integer,
           count(c.id) filter (where c.click_type = 'view')::integer
      from generate_series(v_first, v_this_week, interval '7 days') as w(d)
      left join public.click_tracking c
        on c.provider_id = p_provider_id
       and c.created_at >= (w.d::date::timestamp at time zone 'Asia/Kolkata')
       and c.created_at < ((w.d::date + 7)::timestamp at time zone 'Asia/Kolkata')
     group by w.d
     order by w.d;
end
$$;

-- ---------------------------------------------------------------- operator functions

-- Pending change requests, oldest first, with the live values beside the proposed ones
-- (proposed: null = unchanged).
create or replace function public.admin_list_change_requests()
returns table (id uuid, provider_id uuid, current jsonb, proposed jsonb, created_at timestamptz)
language plpgsql stable security definer
set search_path = public, pg_temp
as $$
begin
  if not public.is_admin() then
    raise exception using errcode = '42501', message = 'not authorised';
  end if;
  return query
    select r.id, r.provider_id,
           jsonb_build_object('name', p.name, 'category', p.category, 'mobile', p.mobile, 'status', p.status,
                              'business_name', p.business_name),
           jsonb_build_object('name', r.name, 'category', r.category, 'mobile', r.mobile),
           r.created_at
      from public.provider_change_requests r
      join public.service_providers p on p.id = r.provider_id
     where r.status = 'pending'
     order by r.created_at, r.id;
end
$$;

-- Approve (the listing takes the new values; search words and category counts follow by
-- trigger) or reject (a reason is required). Returns the decided request.
create or replace function public.admin_decide_change_request(p_id uuid, p_approve boolean, p_reason text default null)
returns public.provider_change_requests
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_req public.provider_change_requests;
  v_reason text := private.clean_or_null(p_reason);
begin
  if not public.is_admin() then
    raise exception using errcode = '42501', message = 'not authorised';
  end if;
  if p_approve is null then
    raise exception using errcode = '22023', message = 'p_approve must be true or false';
  end if;
  if not p_approve and v_reason is null then
    raise exception using errcode = '22023', message = 'a reason is required to reject a change', detail = 'reason';
  end if;
  if v_reason is not null and char_length(v_reason) > 500 then
    raise exception using errcode = '23514', message = 'reason must be at most 500 characters', detail = 'reason';
  end if;
  select * into v_req from public.provider_change_requests r where r.id = p_id for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'change request not found';
  end if;
  if v_req.status <> 'pending' then
    raise exception using errcode = '22023', message = 'this change request was already decided';
  end if;
  if p_approve then
    update public.service_providers p
       set name = coalesce(v_req.name, p.name),
           category = coalesce(v_req.category, p.category),
           mobile = coalesce(v_req.mobile, p.mobile)
     where p.id = v_req.provider_id;
  end if;
  update public.provider_change_requests r
     set status = case when p_approve then 'approved' else 'rejected' end,
         reason = v_reason, decided_at = now(), decided_by = auth.uid()
   where r.id = p_id
  returning * into v_req;
  return v_req;
end
$$;

-- ---------------------------------------------------------------- registration and search

-- Registration: as 0006, with the mobile number accepted as typed (stored as its 10 digits).
create or replace function public.register_provider(
  p_name text default null,
  p_business_name text default null,
  p_mobile text default null,
  p_category text default null,
  p_specialist_in text default null,
  p_aadhaar text default null,
  p_experience integer default null,
  p_address text default null
) returns uuid
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_name text := private.clean_or_null(p_name);
  v_business text := private.clean_or_null(p_business_name);
  v_mobile_in text := nullif(btrim(coalesce(p_mobile, '')), '');
  v_mobile text := private.normalize_mobile(p_mobile);
  v_category text := private.clean_or_null(p_category);
  v_specialist text := private.clean_or_null(p_specialist_in);
  v_aadhaar text := nullif(btrim(coalesce(p_aadhaar, '')), '');
  v_address text := private.clean_or_null(p_address);
  v_stored text;
  v_id uuid;
begin
  if v_name is null then
    raise exception using errcode = '23502', message = 'name is required', detail = 'name';
  end if;
  if char_length(v_name) > 100 then
    raise exception using errcode = '23514', message = 'name must be at most 100 characters', detail = 'name';
  end if;
  if v_business is not null and char_length(v_business) > 150 then
    raise exception using errcode = '23514', message = 'business_name must be at most 150 characters', detail = 'business_name';
  end if;
  if v_mobile_in is null then
    raise exception using errcode = '23502', message = 'mobile is required', detail = 'mobile';
  end if;
  if v_mobile is null then
    raise exception using errcode = '23514', message = 'mobile must be a 10-digit mobile number starting 6-9 (+91 or 0 in front allowed)',
      detail = 'mobile';
  end if;
  if v_category is null then
    raise exception using errcode = '23502', message = 'category is required', detail = 'category';
  end if;
  if v_category ~* '^others[[:space:]]*:' then
    v_stored := private.clean_line(regexp_replace(v_category, '^others[[:space:]]*:', '', 'i'));
    if private.is_blank(v_stored) then
      raise exception using errcode = '23514', message = 'category: the service name for Other must not be blank', detail = 'category';
    end if;
    if char_length(v_stored) > 100 then
      raise exception using errcode = '23514', message = 'category: the service name for Other must be at most 100 characters', detail = 'category';
    end if;
    v_stored := 'OTHERS: ' || v_stored;
  else
    select c.stored_value into v_stored
      from public.service_categories c
     where c.stored_value = v_category
        or replace(c.stored_value, U&'\FE0F', '') = replace(v_category, U&'\FE0F', '')
     order by c.stored_value = v_category desc
     limit 1;
    if v_stored is null then
      raise exception using errcode = '23514', message = 'category is not in the catalogue', detail = 'category';
    end if;
  end if;
  if v_specialist is not null and char_length(v_specialist) > 200 then
    raise exception using errcode = '23514', message = 'specialist_in must be at most 200 characters', detail = 'specialist_in';
  end if;
  if v_aadhaar is not null and v_aadhaar !~ '^[0-9]{12}$' then
    raise exception using errcode = '23514', message = 'aadhaar must be exactly 12 digits', detail = 'aadhaar';
  end if;
  if v_aadhaar is not null and not private.aadhaar_valid(v_aadhaar) then
    raise exception using errcode = '23514', message = 'aadhaar is not a valid Aadhaar number (first digit 2-9, Verhoeff check digit)',
      detail = 'aadhaar';
  end if;
  if p_experience is null then
    raise exception using errcode = '23502', message = 'experience is required', detail = 'experience';
  end if;
  if p_experience < 0 or p_experience > 80 then
    raise exception using errcode = '23514', message = 'experience must be between 0 and 80 years', detail = 'experience';
  end if;
  if v_address is null then
    raise exception using errcode = '23502', message = 'address is required', detail = 'address';
  end if;
  if char_length(v_address) > 300 then
    raise exception using errcode = '23514', message = 'address must be at most 300 characters', detail = 'address';
  end if;

  insert into public.service_providers
    (name, business_name, mobile, category, specialist_in, experience, address, status)
  values
    (v_name, v_business, v_mobile, v_stored, v_specialist, p_experience, v_address, 'pending')
  returning id into v_id;

  if v_aadhaar is not null then
    insert into private.provider_identity (provider_id, aadhaar) values (v_id, v_aadhaar);
  end if;
  return v_id;
end
$$;


-- Directory list and search: as 0006, plus p_available (not on leave today, Asia/Kolkata) and
-- the new columns on_leave_until and opening_hours in the output. A new argument changes the
-- signature: the old function is dropped first.
drop function public.search_providers(text, text, numeric, text, text, integer, integer);

create or replace function public.search_providers(
  p_query text default null,
  p_category text default null,
  p_min_rating numeric default 0,
  p_verified text default 'all',
  p_sort text default 'rating_desc',
  p_limit integer default 20,
  p_offset integer default 0,
  p_available boolean default false
) returns table (
  id uuid,
  name text,
  business_name text,
  mobile text,
  category text,
  specialist_in text,
  experience integer,
  address text,
  verified boolean,
  registration_date timestamptz,
  avg_rating numeric,
  rating_count integer,
  on_leave_until date,
  opening_hours jsonb,
  total_count bigint
)
language plpgsql stable security definer
set search_path = public, extensions, pg_temp
as $$
declare
  -- Absurd input is cut, never an error: 100 characters, whitespace collapsed.
  v_q text := lower(btrim(regexp_replace(left(coalesce(p_query, ''), 400), '[[:space:][:cntrl:]]+', ' ', 'g')));
  v_like text;
  v_digits text;
  v_digits_like text;
  v_tokens text[];
  v_token text;
  v_cats text[] := '{}';
  v_words text[] := '{}';
  v_category text := nullif(btrim(coalesce(p_category, '')), '');
  v_verified text := coalesce(nullif(btrim(p_verified), ''), 'all');
  v_sort text := coalesce(nullif(btrim(p_sort), ''), 'rating_desc');
  v_min numeric := greatest(coalesce(p_min_rating, 0), 0);
  v_limit integer := least(greatest(coalesce(p_limit, 20), 1), 100);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_filters text := 'p.status = ''approved''';
  v_text text;
  v_cols constant text := 'p.id, p.name, p.business_name, p.mobile, p.category, p.specialist_in, p.experience,'
    || ' p.address, p.verified, p.registration_date, p.avg_rating::numeric as avg_rating, p.rating_count,'
    || ' p.on_leave_until, p.opening_hours';
  -- The same plus the order key of "top rated", for the parts of a search that are merged.
  -- Rows are read joined with their category's totals, the prior of the Bayesian average.
  v_from constant text := 'public.service_providers p left join public.category_stats s on s.category = p.category';
  v_cols_scored constant text := v_cols || ', public.rating_score(s.rating_sum, s.rating_count, p.rating_sum, p.rating_count) as score';
  v_order text;
  v_order_text text;
  v_order_out text;
  v_total bigint;
  v_pass integer;
  v_rows bigint;
  v_catpart text;
  v_available boolean := coalesce(p_available, false);
  -- Counted from category_stats only when no filter it cannot answer is on.
  v_stats boolean;
begin
  if v_verified not in ('all', 'verified', 'unverified') then
    raise exception using errcode = '22023', message = 'p_verified must be all, verified or unverified';
  end if;
  if v_sort not in ('rating_desc', 'newly_added') then
    raise exception using errcode = '22023', message = 'p_sort must be rating_desc or newly_added';
  end if;

  if v_category is not null then
    if upper(v_category) = 'OTHERS' then
      v_filters := v_filters || ' and p.category like ''OTHERS:%''';
    else
      v_filters := v_filters || ' and p.category = $5';
    end if;
  end if;
  if v_verified = 'verified' then
    v_filters := v_filters || ' and p.verified';
  elsif v_verified = 'unverified' then
    v_filters := v_filters || ' and not p.verified';
  end if;
  if v_min > 0 then
    v_filters := v_filters || ' and p.avg_rating >= $6';
  end if;
  if v_available then
    -- On leave until a date: not available up to and including that date (district time).
    v_filters := v_filters || ' and (p.on_leave_until is null or p.on_leave_until < '
      || quote_literal(((now() at time zone 'Asia/Kolkata')::date)::text) || '::date)';
  end if;
  v_stats := v_min = 0 and not v_available;

  -- v_order_text: the same order written so that no btree matches it. Otherwise the
  -- planner may walk the whole rating index filtering by LIKE (LIMIT trap) instead of
  -- using the trigram index.
  if v_sort = 'newly_added' then
    v_order := 'p.registration_date desc, p.id';
    v_order_text := '(p.registration_date + interval ''0'') desc, p.id';
    v_order_out := 'registration_date desc, id';
  else
    -- Bayesian average (public.rating_score), then more ratings, then newer.
    v_order := 'public.rating_score(s.rating_sum, s.rating_count, p.rating_sum, p.rating_count) desc, p.rating_count desc, p.registration_date desc, p.id';
    v_order_text := v_order;
    v_order_out := 'score desc, rating_count desc, registration_date desc, id';
  end if;

  v_q := btrim(left(v_q, 100));
  if v_q = '' then
    -- A list: the total comes from category_stats (or, with a minimum rating, an
    -- index-only count); the page is an ordered index scan.
    if v_stats then
      select coalesce(sum(case v_verified
                            when 'verified' then s.approved_verified
                            when 'unverified' then s.approved - s.approved_verified
                            else s.approved end), 0)
        into v_total
        from public.category_stats s
       where v_category is null
          or (upper(v_category) = 'OTHERS' and s.category like 'OTHERS:%')
          or s.category = v_category;
    else
      execute 'select count(*) from public.service_providers p where ' || v_filters
        into v_total
        using v_like, v_cats, v_digits_like, v_q, v_category, v_min;
    end if;
    if v_total = 0 or v_offset >= v_total then
      return;
    end if;
    return query execute
      'select ' || v_cols || ', $9::bigint from ' || v_from || ' where ' || v_filters
      || ' order by ' || v_order || ' limit $7 offset $8'
      using v_like, v_cats, v_digits_like, v_q, v_category, v_min, v_limit, v_offset, v_total;
    return;
  end if;

  v_like := '%' || replace(replace(replace(v_q, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_tokens := array(select t from unnest(string_to_array(v_q, ' ')) t where t <> '' limit 8);
  v_digits := regexp_replace(v_q, '[^0-9]', '', 'g');
  if v_q ~ '^[0-9 +().-]+$' and char_length(v_digits) between 3 and 12 then
    -- a phone number typed with spaces, dashes or +91
    v_digits_like := '%' || right(v_digits, 10) || '%';
  end if;

  for v_pass in 1..2 loop
    if v_pass = 1 then
      select coalesce(array_agg(distinct k.stored_value), '{}') into v_cats
        from public.service_category_keywords k
       where k.keyword = any (v_tokens) or (char_length(v_q) >= 3 and k.keyword like v_like);
      foreach v_token in array v_tokens loop
        if char_length(v_token) >= 3 then
          v_cats := v_cats || array(
            select distinct k.stored_value
              from public.service_category_keywords k
             where k.keyword like replace(replace(replace(v_token, '\', '\\'), '%', '\%'), '_', '\_') || '%');
        end if;
      end loop;
      -- Substrings of fewer than 3 characters cannot use the trigram index and
      -- match almost everything: short queries only match category words.
      v_text := case
        when v_digits_like is not null then '(p.search_text like $1 or p.search_text like $3)'
        when char_length(v_q) >= 3 then '(p.search_text like $1)'
        else 'false'
      end;
    else
      -- Nothing matched as written: allow typos.
      if char_length(v_q) < 4 then
        return;
      end if;
      -- pg_trgm's % operator threshold, for this transaction only (a function-level
      -- SET clause would cost every call).
      perform set_config('pg_trgm.similarity_threshold', '0.4', true);
      foreach v_token in array v_tokens loop
        if char_length(v_token) >= 4 then
          v_cats := v_cats || array(
            select k.stored_value
              from public.service_category_keywords k
             where k.keyword operator(extensions.%) v_token);
          v_words := v_words || array(
            select '%' || replace(replace(replace(w.word, '\', '\\'), '%', '\%'), '_', '\_') || '%'
              from public.search_words w
             where w.word operator(extensions.%) v_token
             order by extensions.similarity(w.word, v_token) desc
             limit 5);
        end if;
      end loop;
      if cardinality(v_cats) = 0 and cardinality(v_words) = 0 then
        return;
      end if;
      select coalesce('(' || string_agg('p.search_text like $10[' || i || ']', ' or ') || ')', 'false') into v_text
        from generate_subscripts(v_words, 1) as i;
    end if;

    -- Category part: counted by an index-only scan, paged by ordered index scans
    -- (each matched category on its own). Text part: one pass, counted by a window.
    v_cats := array(select distinct c from unnest(v_cats) c);
    if v_stats then
      select coalesce(sum(case v_verified
                            when 'verified' then s.approved_verified
                            when 'unverified' then s.approved - s.approved_verified
                            else s.approved end), 0)
        into v_total
        from public.category_stats s
       where s.category = any (v_cats)
         and (v_category is null
              or (upper(v_category) = 'OTHERS' and s.category like 'OTHERS:%')
              or s.category = v_category);
    else
      execute 'select count(*) from public.service_providers p where ' || v_filters || ' and p.category = any ($2)'
        into v_total
        using v_like, v_cats, v_digits_like, v_q, v_category, v_min;
    end if;
    if cardinality(v_cats) between 1 and 12 then
      select string_agg('(select ' || v_cols_scored || ' from ' || v_from || ' where ' || v_filters
             || ' and p.category = ($2)[' || i || '] order by ' || v_order || ' limit $7 + $8)', ' union all ')
        into v_catpart
        from generate_subscripts(v_cats, 1) as i;
    elsif cardinality(v_cats) > 12 then
      v_catpart := '(select ' || v_cols_scored || ' from ' || v_from || ' where ' || v_filters
        || ' and p.category = any ($2) order by ' || v_order || ' limit $7 + $8)';
    else
      v_catpart := null;
    end if;
    return query execute
      'with t as materialized (select ' || v_cols_scored || ', count(*) over () as n from ' || v_from || ' where '
      || v_filters || ' and ' || v_text || ' and not (p.category = any ($2)) order by ' || v_order_text || ' limit $7 + $8)'
      || ' select x.id, x.name, x.business_name, x.mobile, x.category, x.specialist_in, x.experience, x.address,'
      || ' x.verified, x.registration_date, x.avg_rating, x.rating_count, x.on_leave_until, x.opening_hours,'
      || ' ($11 + coalesce((select t.n from t limit 1), 0))::bigint'
      || ' from (select t.id, t.name, t.business_name, t.mobile, t.category, t.specialist_in, t.experience, t.address,'
      || ' t.verified, t.registration_date, t.avg_rating, t.rating_count, t.on_leave_until, t.opening_hours, t.score from t'
      || coalesce(' union all ' || v_catpart, '')
      || ') x order by ' || v_order_out || ' limit $7 offset $8'
      using v_like, v_cats, v_digits_like, v_q, v_category, v_min, v_limit, v_offset, null::bigint, v_words, v_total;
    get diagnostics v_rows = row_count;
    -- Rows found, or a page past the end: done. Nothing at all: try typos once.
    exit when v_rows > 0 or v_offset > 0 or v_total > 0;
  end loop;
end
$$;

-- ---------------------------------------------------------------- grants

revoke all on function public.current_mobile() from public, anon, authenticated;
revoke all on function public.opening_hours_valid(jsonb) from public, anon, authenticated;
revoke all on function public.search_providers(text, text, numeric, text, text, integer, integer, boolean) from public, anon, authenticated;
revoke all on function public.my_listings() from public, anon, authenticated;
revoke all on function public.update_my_listing(uuid, text, text, text, integer) from public, anon, authenticated;
revoke all on function public.set_my_availability(uuid, date) from public, anon, authenticated;
revoke all on function public.set_my_opening_hours(uuid, jsonb) from public, anon, authenticated;
revoke all on function public.request_listing_change(uuid, text, text, text) from public, anon, authenticated;
revoke all on function public.my_leads(uuid, integer) from public, anon, authenticated;
revoke all on function public.admin_list_change_requests() from public, anon, authenticated;
revoke all on function public.admin_decide_change_request(uuid, boolean, text) from public, anon, authenticated;

-- Policies and the opening-hours check run these as the API role.
grant execute on function public.current_mobile() to anon, authenticated;
grant execute on function public.opening_hours_valid(jsonb) to anon, authenticated;
grant execute on function public.search_providers(text, text, numeric, text, text, integer, integer, boolean) to anon, authenticated;
-- Signed-in callers only; ownership (provider) or is_admin (operator) is checked inside.
grant execute on function public.my_listings() to authenticated;
grant execute on function public.update_my_listing(uuid, text, text, text, integer) to authenticated;
grant execute on function public.set_my_availability(uuid, date) to authenticated;
grant execute on function public.set_my_opening_hours(uuid, jsonb) to authenticated;
grant execute on function public.request_listing_change(uuid, text, text, text) to authenticated;
grant execute on function public.my_leads(uuid, integer) to authenticated;
grant execute on function public.admin_list_change_requests() to authenticated;
grant execute on function public.admin_decide_change_request(uuid, boolean, text) to authenticated;
revoke all on all functions in schema private from public, anon, authenticated;
