-- 0011: trust that holds on a real Supabase project (issue 23). Nothing of supabase/local/
-- runs in production, so every rule below is SQL:
--  1. A person, not a device, carries weight: rating, reviewing and registering need a phone
--     checked by a one-time code (the JWT's phone claim, public.current_mobile()). One rating
--     per phone per provider. Old device ratings stay counted as history.
--  2. Registration takes the listing's mobile from the JWT, never from a parameter; at most 3
--     live listings per mobile; the same name and category again is refused.
--  3. Reports never hide anything by themselves: the operator decides. Three signed-in phones
--     reporting a wrong number or closure set number_caution (the profile says so); the owner
--     signing in with a code sent to that number (confirm_my_number) clears those reports.
--  4. Per-phone and per-address limits in public.check_request(), PostgREST's db_pre_request.
--  5. Owner edits: no phone numbers or links in the business name or specialisation; every
--     owner edit is audited and the operator can revert it.
--  6. Sizes are checked before any cleaning; nothing anon-callable takes unbounded input;
--     anon's statement timeout is 1.5 s.

-- ---------------------------------------------------------------- phones, secretly

-- A salt no API role can read, so a stored phone hash cannot be reversed by trying every
-- 10-digit number.
create table private.app_secrets (
  name text primary key,
  value text not null
);
revoke all on private.app_secrets from public, anon, authenticated;
insert into private.app_secrets (name, value)
values ('phone_salt', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));

create or replace function private.phone_hash(p_mobile text) returns text
language sql stable security definer
set search_path = public, pg_temp
as $$
  select encode(sha256(convert_to(s.value || ':' || p_mobile, 'UTF8')), 'hex')
    from private.app_secrets s
   where s.name = 'phone_salt' and p_mobile is not null
$$;

-- The caller's phone must be checked (a GoTrue session after a code), else 42501
-- (PostgREST: 401 for anon).
create or replace function private.require_phone(p_what text) returns text
language plpgsql stable
as $$
declare
  v text := public.current_mobile();
begin
  if v is null then
    raise exception using errcode = '42501', message = 'sign in with your mobile number to ' || p_what,
      hint = 'Ask for a one-time code (POST /auth/v1/otp) and verify it first.';
  end if;
  return v;
end
$$;

-- Oversize input is refused before any cleaning or regex touches it.
create or replace function private.check_size(p text, p_max integer, p_field text) returns void
language plpgsql immutable
as $$
begin
  if p is not null and char_length(p) > p_max then
    raise exception using errcode = '22001', message = p_field || ' is too long (at most ' || p_max || ' characters)',
      detail = p_field;
  end if;
end
$$;

create or replace function private.check_ids(p uuid[], p_max integer, p_field text) returns void
language plpgsql immutable
as $$
begin
  if p is not null and cardinality(p) > p_max then
    raise exception using errcode = '22001', message = p_field || ': at most ' || p_max || ' ids', detail = p_field;
  end if;
end
$$;

-- As 0006, with the size checked before the pattern.
create or replace function private.device_hash(p_token text) returns text
language plpgsql immutable
as $$
begin
  if p_token is null or char_length(p_token) > 64 or p_token !~ '^[A-Za-z0-9_-]{22,64}$' then
    raise exception using errcode = '22023', message = 'device_token must be 22 to 64 characters of A-Z, a-z, 0-9, _ and -',
      detail = 'device_token';
  end if;
  return encode(sha256(convert_to(p_token, 'UTF8')), 'hex');
end
$$;

-- ---------------------------------------------------------------- limits (PostgREST db_pre_request)

create table private.request_counts (
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (bucket, window_start)
);
revoke all on private.request_counts from public, anon, authenticated;

-- The client's address as Supabase's gateway passes it: cf-connecting-ip is set by the
-- Cloudflare edge in front of every hosted project and replaces whatever the client sent.
-- Without it (self-hosted, local), the LAST x-forwarded-for entry, the one the nearest proxy
-- appended; the first entries are whatever the client wrote.
create or replace function private.client_address() returns text
language sql stable
as $$
  select left(coalesce(
           nullif(btrim(h ->> 'cf-connecting-ip'), ''),
           nullif(btrim(regexp_replace(coalesce(h ->> 'x-forwarded-for', ''), '^.*,', '')), ''),
           'unknown'), 64)
    from (select coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb as h) s
$$;

-- The limits, as data: an operator tunes them with admin_set_request_limit (audited), and
-- a test server raises them (all its clients share 127.0.0.1). A name with no row is not
-- limited. Windows are fixed and aligned to midnight in India (Asia/Kolkata).
create table private.request_limits (
  name text primary key,
  max_hits integer not null constraint request_limits_max_check check (max_hits between 0 and 100000000),
  window_seconds integer not null constraint request_limits_window_check check (window_seconds between 1 and 604800)
);
revoke all on private.request_limits from public, anon, authenticated;
-- Many phones share one carrier address (CGNAT), so the per-address limits are sized for a
-- crowd and the per-phone ones for a person.
insert into private.request_limits (name, max_hits, window_seconds) values
  ('addr:register', 30, 3600), ('phone:register', 5, 86400),
  ('addr:rate', 300, 3600), ('phone:rate', 60, 3600),
  ('addr:review', 120, 3600), ('phone:review', 20, 3600),
  ('addr:report', 60, 3600), ('phone:report', 20, 3600),
  ('addr:click', 600, 3600), ('addr:click_provider', 3, 86400),
  ('addr:confirm', 120, 3600), ('phone:confirm', 20, 3600);

-- One more hit for p_key under the limit p_name; false (and not counted) once the window
-- is full. p_retry: seconds until the window ends.
create or replace function private.take(p_name text, p_key text, out allowed boolean, out retry_after integer)
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_limit private.request_limits;
  v_window interval;
  v_start timestamptz;
  v_hits integer;
begin
  allowed := true;
  retry_after := 0;
  select * into v_limit from private.request_limits l where l.name = p_name;
  if not found then
    return;
  end if;
  v_window := make_interval(secs => v_limit.window_seconds);
  v_start := date_bin(v_window, now(), timestamptz '2000-01-01 00:00:00+05:30');
  insert into private.request_counts as c (bucket, window_start, hits) values (p_name || ':' || p_key, v_start, 1)
  on conflict (bucket, window_start) do update set hits = c.hits + 1
  returning hits into v_hits;
  if v_hits > v_limit.max_hits then
    update private.request_counts c set hits = v_limit.max_hits
     where c.bucket = p_name || ':' || p_key and c.window_start = v_start;
    allowed := false;
    retry_after := greatest(1, ceil(extract(epoch from v_start + v_window - now())))::integer;
  end if;
  -- Old windows are dropped now and then (about one write in 500).
  if random() < 0.002 then
    delete from private.request_counts c where c.window_start < now() - interval '8 days';
  end if;
end
$$;

-- As take(), but refusing with PT429 (HTTP 429) and when to retry.
create or replace function private.limit_hit(p_name text, p_key text, p_what text) returns void
language plpgsql volatile
as $$
declare
  v record;
begin
  select * into v from private.take(p_name, p_key);
  if not v.allowed then
    raise exception using errcode = 'PT429', message = 'too many requests: ' || p_what,
      detail = p_name, hint = 'retry after ' || v.retry_after || ' seconds';
  end if;
end
$$;

-- PostgREST runs this before every request, in the request's transaction, once the role,
-- request.jwt.claims, request.headers, request.method and request.path are set. Reads run
-- read-only, so only POSTs to the public write functions are counted.
create or replace function public.check_request() returns void
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_headers jsonb := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb;
  v_method text := upper(coalesce(current_setting('request.method', true), ''));
  v_path text := coalesce(current_setting('request.path', true), '');
  v_length text := v_headers ->> 'content-length';
  v_fn text;
  v_addr text;
  v_phone text;
begin
  if v_length ~ '^[0-9]{1,18}$' and v_length::bigint > 65536 then
    raise exception using errcode = '22001', message = 'request body too large (at most 64 KiB)', detail = 'body';
  end if;
  if v_method <> 'POST' or v_path !~ '(^|/)rpc/' then
    return;
  end if;
  -- PostgREST passes the path as sent but finds the function by the decoded name:
  -- /rpc/report%5Fprovider would run report_provider uncounted. The app never escapes a
  -- function's name, so any other spelling is refused.
  if v_path !~ '^(/[a-z0-9_.-]+)*/rpc/[a-z_]+$' then
    raise exception using errcode = '22023', message = 'function paths are /rpc/ and the plain name', detail = 'path';
  end if;
  v_fn := substring(v_path from '/rpc/([a-z_]+)$');
  if v_fn not in ('register_provider', 'rate_provider', 'add_review', 'report_provider', 'report_review',
                  'track_click', 'confirm_my_number') then
    return;
  end if;
  v_addr := private.client_address();
  v_phone := public.current_mobile();
  case v_fn
    when 'register_provider' then
      perform private.limit_hit('addr:register', v_addr, 'registrations from this address');
      if v_phone is not null then
        perform private.limit_hit('phone:register', private.phone_hash(v_phone), 'registrations from this mobile');
      end if;
    when 'rate_provider' then
      perform private.limit_hit('addr:rate', v_addr, 'ratings from this address');
      if v_phone is not null then
        perform private.limit_hit('phone:rate', private.phone_hash(v_phone), 'ratings from this mobile');
      end if;
    when 'add_review' then
      perform private.limit_hit('addr:review', v_addr, 'reviews from this address');
      if v_phone is not null then
        perform private.limit_hit('phone:review', private.phone_hash(v_phone), 'reviews from this mobile');
      end if;
    when 'report_provider', 'report_review' then
      perform private.limit_hit('addr:report', v_addr, 'reports from this address');
      if v_phone is not null then
        perform private.limit_hit('phone:report', private.phone_hash(v_phone), 'reports from this mobile');
      end if;
    when 'track_click' then
      perform private.limit_hit('addr:click', v_addr, 'taps from this address');
    when 'confirm_my_number' then
      perform private.limit_hit('addr:confirm', v_addr, 'confirmations from this address');
      if v_phone is not null then
        perform private.limit_hit('phone:confirm', private.phone_hash(v_phone), 'confirmations from this mobile');
      end if;
  end case;
end
$$;

-- PostgREST reads its in-database configuration from the authenticator role's settings;
-- the local server reads the same setting the same way.
alter role authenticator set pgrst.db_pre_request = 'public.check_request';
-- What the app needs from anon, far below Supabase's 3 s: one visitor cannot hold a
-- connection for long.
alter role anon set statement_timeout = '1500ms';
notify pgrst, 'reload config';

-- ---------------------------------------------------------------- ratings: one per phone

alter table public.service_ratings alter column device_hash drop not null;
alter table public.service_ratings
  add column phone_hash text constraint service_ratings_phone_hash_check check (phone_hash is null or phone_hash ~ '^[0-9a-f]{64}$'),
  add constraint service_ratings_rater_check check (device_hash is not null or phone_hash is not null);
create unique index service_ratings_provider_phone_key on public.service_ratings (provider_id, phone_hash)
  where phone_hash is not null;
create index service_ratings_phone_idx on public.service_ratings (phone_hash) where phone_hash is not null;

-- A rating belongs to one provider and one rater for good: only the value changes.
create or replace function private.guard_rating_update() returns trigger
language plpgsql
as $$
begin
  if new.provider_id is distinct from old.provider_id or new.device_hash is distinct from old.device_hash
     or new.phone_hash is distinct from old.phone_hash then
    raise exception using errcode = '23514', message = 'a rating cannot move to another provider or rater',
      detail = 'provider_id, device_hash, phone_hash';
  end if;
  new.created_at := old.created_at;
  new.updated_at := now();
  return new;
end
$$;

-- Audit entries never carry who rated or reported.
create or replace function private.audit_row(p jsonb) returns jsonb
language sql immutable parallel safe
as $$
  select p - 'search_text' - 'device_hash' - 'phone_hash' - 'aadhaar'
$$;

drop function public.rate_provider(uuid, text, integer);

-- Rate a provider (1..5) as the signed-in phone; rating again changes the same row. An owner
-- does not rate their own listing.
create or replace function public.rate_provider(p_provider_id uuid, p_rating integer)
returns void
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_mobile text := private.require_phone('rate');
  v_hash text := private.phone_hash(v_mobile);
begin
  if p_rating is null then
    raise exception using errcode = '23502', message = 'rating is required', detail = 'rating';
  end if;
  if p_rating not between 1 and 5 then
    raise exception using errcode = '23514', message = 'rating must be between 1 and 5', detail = 'rating';
  end if;
  perform private.require_approved(p_provider_id);
  if exists (select 1 from public.service_providers p where p.id = p_provider_id and p.mobile = v_mobile) then
    raise exception using errcode = '42501', message = 'a provider does not rate their own listing';
  end if;
  insert into public.service_ratings (provider_id, phone_hash, rating)
  values (p_provider_id, v_hash, p_rating)
  on conflict (provider_id, phone_hash) where phone_hash is not null do update set rating = excluded.rating
    where public.service_ratings.rating is distinct from excluded.rating;
end
$$;

-- The signed-in phone's own ratings (of the given providers, or all) of listed providers.
-- Nothing for anyone else.
create or replace function public.my_ratings(p_provider_ids uuid[] default null)
returns table (provider_id uuid, rating integer)
language plpgsql stable security definer
set search_path = public, pg_temp
as $$
declare
  v_mobile text := public.current_mobile();
begin
  perform private.check_ids(p_provider_ids, 200, 'p_provider_ids');
  if v_mobile is null then
    return;
  end if;
  return query
    select r.provider_id, r.rating::integer
      from public.service_ratings r
      join public.service_providers p on p.id = r.provider_id and p.status = 'approved'
     where r.phone_hash = private.phone_hash(v_mobile)
       and (p_provider_ids is null or r.provider_id = any (p_provider_ids));
end
$$;

-- As 0006 (old device ratings, shown as history), with the list bounded.
create or replace function public.get_device_ratings(p_device_token text, p_provider_ids uuid[] default null)
returns table (provider_id uuid, rating integer)
language plpgsql stable security definer
set search_path = public, pg_temp
as $$
declare
  v_hash text;
begin
  perform private.check_ids(p_provider_ids, 200, 'p_provider_ids');
  v_hash := private.device_hash(p_device_token);
  return query
    select r.provider_id, r.rating::integer
      from public.service_ratings r
      join public.service_providers p on p.id = r.provider_id and p.status = 'approved'
     where r.device_hash = v_hash
       and (p_provider_ids is null or r.provider_id = any (p_provider_ids));
end
$$;

-- As 0003, with the list bounded (SECURITY DEFINER: the check lives in schema private; the
-- explicit status filter is what RLS did).
create or replace function public.get_average_ratings(p_provider_ids uuid[] default null)
returns table (provider_id uuid, avg_rating numeric, rating_count integer)
language plpgsql stable security definer
set search_path = public, pg_temp
as $$
begin
  perform private.check_ids(p_provider_ids, 200, 'p_provider_ids');
  return query
    select p.id, p.avg_rating::numeric, p.rating_count
      from public.service_providers p
     where p.status = 'approved'
       and p.rating_count > 0
       and (p_provider_ids is null or p.id = any (p_provider_ids));
end
$$;

-- ---------------------------------------------------------------- reviews: by a signed-in phone

alter table private.review_devices alter column device_hash drop not null;
alter table private.review_devices
  add column phone_hash text constraint review_devices_phone_hash_check check (phone_hash is null or phone_hash ~ '^[0-9a-f]{64}$');
create index review_devices_phone_idx on private.review_devices (phone_hash, created_at) where phone_hash is not null;

drop function public.add_review(uuid, text, text);

-- Post a review (cleaned, 1..1000 characters) as the signed-in phone; returns the stored
-- row. At most 10 a day per phone (429).
create or replace function public.add_review(p_provider_id uuid, p_review_text text)
returns public.reviews
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_mobile text := private.require_phone('write a review');
  v_hash text := private.phone_hash(v_mobile);
  v_text text;
  v_row public.reviews;
begin
  perform private.check_size(p_review_text, 2000, 'review_text');
  v_text := private.clean_text(p_review_text);
  if private.is_blank(v_text) then
    raise exception using errcode = '23502', message = 'review_text is required', detail = 'review_text';
  end if;
  if char_length(v_text) > 1000 then
    raise exception using errcode = '23514', message = 'review_text must be at most 1000 characters', detail = 'review_text';
  end if;
  perform private.require_approved(p_provider_id);
  if exists (select 1 from public.service_providers p where p.id = p_provider_id and p.mobile = v_mobile) then
    raise exception using errcode = '42501', message = 'a provider does not review their own listing';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('review:' || v_hash, 0));
  if (select count(*) from private.review_devices d
       where d.phone_hash = v_hash and d.created_at > now() - interval '1 day') >= 10 then
    raise exception using errcode = 'PT429', message = 'too many reviews from this mobile today: at most 10 a day',
      detail = 'phone', hint = 'retry after ' || 86400 || ' seconds';
  end if;
  insert into public.reviews (provider_id, review_text) values (p_provider_id, v_text) returning * into v_row;
  insert into private.review_devices (review_id, phone_hash) values (v_row.id, v_hash);
  return v_row;
end
$$;

-- ---------------------------------------------------------------- clicks and views

-- One count per device, provider, kind and Asia/Kolkata day; at most 3 per client address,
-- provider, kind and day (invented device tokens cannot add more). Beyond either: not
-- counted, and no error.
create or replace function public.track_click(p_provider_id uuid, p_click_type text, p_device_token text)
returns void
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_hash text := private.device_hash(p_device_token);
  v_since timestamptz := date_trunc('day', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata';
begin
  if p_click_type is null or p_click_type not in ('call', 'whatsapp', 'view') then
    raise exception using errcode = '23514', message = 'click_type must be call, whatsapp or view', detail = 'click_type';
  end if;
  perform private.require_approved(p_provider_id);
  -- Two taps arriving together must not both pass the check below.
  perform pg_advisory_xact_lock(hashtextextended(v_hash || p_provider_id::text || p_click_type, 0));
  if exists (select 1 from public.click_tracking c
              where c.device_hash = v_hash and c.provider_id = p_provider_id and c.click_type = p_click_type
                and c.created_at >= v_since) then
    return;
  end if;
  if not (private.take('addr:click_provider', private.client_address() || ':' || p_provider_id::text || ':' || p_click_type)).allowed then
    return;
  end if;
  insert into public.click_tracking (provider_id, click_type, device_hash) values (p_provider_id, p_click_type, v_hash);
end
$$;

-- ---------------------------------------------------------------- registration: the signed-in phone

-- At most 3 live (not rejected) listings per mobile.
drop function public.register_provider(text, text, text, text, text, text, integer, text);

create or replace function public.register_provider(
  p_name text default null,
  p_business_name text default null,
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
  v_mobile text := private.require_phone('register');
  v_name text;
  v_business text;
  v_category text;
  v_specialist text;
  v_aadhaar text;
  v_address text;
  v_stored text;
  v_id uuid;
begin
  perform private.check_size(p_name, 200, 'name');
  perform private.check_size(p_business_name, 300, 'business_name');
  perform private.check_size(p_category, 300, 'category');
  perform private.check_size(p_specialist_in, 400, 'specialist_in');
  perform private.check_size(p_aadhaar, 40, 'aadhaar');
  perform private.check_size(p_address, 600, 'address');
  v_name := private.clean_or_null(p_name);
  v_business := private.clean_or_null(p_business_name);
  v_category := private.clean_or_null(p_category);
  v_specialist := private.clean_or_null(p_specialist_in);
  v_aadhaar := nullif(btrim(coalesce(p_aadhaar, '')), '');
  v_address := private.clean_or_null(p_address);
  if v_name is null then
    raise exception using errcode = '23502', message = 'name is required', detail = 'name';
  end if;
  if char_length(v_name) > 100 then
    raise exception using errcode = '23514', message = 'name must be at most 100 characters', detail = 'name';
  end if;
  if v_business is not null and char_length(v_business) > 150 then
    raise exception using errcode = '23514', message = 'business_name must be at most 150 characters', detail = 'business_name';
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

  -- One mobile's registrations are counted one at a time.
  perform pg_advisory_xact_lock(hashtextextended('register:' || v_mobile, 0));
  if exists (select 1 from public.service_providers p
              where p.mobile = v_mobile and p.status <> 'rejected'
                and lower(p.name) = lower(v_name) and p.category = v_stored) then
    raise exception using errcode = '23505', message = 'this mobile has already registered this name in this category',
      detail = 'name';
  end if;
  if (select count(*) from public.service_providers p where p.mobile = v_mobile and p.status <> 'rejected') >= 3 then
    raise exception using errcode = '23514', message = 'at most 3 listings per mobile number', detail = 'mobile';
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

-- ---------------------------------------------------------------- reports: the operator decides

alter table public.service_providers add column number_caution boolean not null default false;

alter table public.reports
  add column phone_hash text constraint reports_phone_hash_check check (phone_hash is null or phone_hash ~ '^[0-9a-f]{64}$');
create unique index reports_provider_phone_key on public.reports (provider_id, phone_hash)
  where review_id is null and phone_hash is not null;
create unique index reports_review_phone_key on public.reports (review_id, phone_hash)
  where review_id is not null and phone_hash is not null;

-- number_caution follows the open wrong-number / closed reports of 3 different signed-in
-- phones, whoever changes the reports (a visitor, the owner's confirmation, the operator).
create or replace function private.sync_number_caution() returns trigger
language plpgsql security definer
set search_path = public, pg_temp
as $$
declare
  v_provider uuid := coalesce(new.provider_id, old.provider_id);
  v_caution boolean;
begin
  -- One provider's reports are counted one transaction at a time: the count below is a new
  -- statement, so once the lock is ours it sees every report committed before (three phones
  -- reporting at once cannot each see fewer than three).
  perform pg_advisory_xact_lock(hashtextextended('caution:' || v_provider::text, 0));
  select count(distinct r.phone_hash) >= 3 into v_caution
    from public.reports r
   where r.provider_id = v_provider and r.review_id is null and r.status = 'open'
     and r.reason in ('wrong_number', 'closed') and r.phone_hash is not null;
  update public.service_providers p set number_caution = v_caution
   where p.id = v_provider and p.number_caution is distinct from v_caution;
  return null;
end
$$;

create trigger reports_number_caution
  after insert or update or delete on public.reports
  for each row execute function private.sync_number_caution();

-- As 0008, with the sizes checked first.
create or replace function private.report_input(p_reason text, p_details text, out reason text, out details text)
language plpgsql immutable
as $$
begin
  perform private.check_size(p_reason, 40, 'reason');
  perform private.check_size(p_details, 1000, 'details');
  reason := nullif(btrim(coalesce(p_reason, '')), '');
  if reason is null then
    raise exception using errcode = '23502', message = 'reason is required', detail = 'reason';
  end if;
  if reason not in ('wrong_number', 'closed', 'wrong_service', 'abusive', 'other') then
    raise exception using errcode = '23514', message = 'reason must be wrong_number, closed, wrong_service, abusive or other',
      detail = 'reason';
  end if;
  details := private.clean_text(p_details);
  if private.is_blank(details) then
    details := null;
  end if;
  if details is null and reason = 'other' then
    raise exception using errcode = '23502', message = 'details are required for the reason other', detail = 'details';
  end if;
  if char_length(details) > 500 then
    raise exception using errcode = '23514', message = 'details must be at most 500 characters', detail = 'details';
  end if;
end
$$;

-- Report a listed provider. It goes to the operator's queue and hides nothing. A device, and
-- a signed-in phone, reports a provider once (23505, HTTP 409).
create or replace function public.report_provider(
  p_provider_id uuid default null,
  p_reason text default null,
  p_details text default null,
  p_device_token text default null
) returns jsonb
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_hash text := private.device_hash(p_device_token);
  v_phone text := private.phone_hash(public.current_mobile());
  v_in record;
  v_row public.reports;
begin
  select * into v_in from private.report_input(p_reason, p_details);
  perform private.require_approved(p_provider_id);
  begin
    insert into public.reports (provider_id, reason, details, device_hash, phone_hash)
    values (p_provider_id, v_in.reason, v_in.details, v_hash, v_phone)
    returning * into v_row;
  exception when unique_violation then
    raise exception using errcode = '23505', message = 'this device or mobile has already reported this provider',
      detail = 'device_token';
  end;
  return jsonb_build_object('id', v_row.id, 'provider_id', v_row.provider_id, 'review_id', null,
    'reason', v_row.reason, 'details', v_row.details, 'created_at', v_row.created_at);
end
$$;

-- Report a visible review of a listed provider: to the operator's queue, hiding nothing.
create or replace function public.report_review(
  p_review_id uuid default null,
  p_reason text default null,
  p_details text default null,
  p_device_token text default null
) returns jsonb
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_hash text := private.device_hash(p_device_token);
  v_phone text := private.phone_hash(public.current_mobile());
  v_in record;
  v_review public.reviews;
  v_row public.reports;
begin
  select * into v_in from private.report_input(p_reason, p_details);
  if p_review_id is null then
    raise exception using errcode = '23502', message = 'review_id is required', detail = 'review_id';
  end if;
  select r.* into v_review
    from public.reviews r
    join public.service_providers p on p.id = r.provider_id and p.status = 'approved'
   where r.id = p_review_id and not r.hidden;
  if not found then
    raise exception using errcode = 'PT404', message = 'review not found', detail = 'review_id';
  end if;
  begin
    insert into public.reports (provider_id, review_id, reason, details, device_hash, phone_hash)
    values (v_review.provider_id, p_review_id, v_in.reason, v_in.details, v_hash, v_phone)
    returning * into v_row;
  exception when unique_violation then
    raise exception using errcode = '23505', message = 'this device or mobile has already reported this review',
      detail = 'device_token';
  end;
  return jsonb_build_object('id', v_row.id, 'provider_id', v_row.provider_id, 'review_id', v_row.review_id,
    'reason', v_row.reason, 'details', v_row.details, 'created_at', v_row.created_at);
end
$$;

-- The owner signed in with a code sent to the listing's number: the number works. Open
-- wrong-number and closed reports on the caller's listings are resolved (the caution goes
-- with them). Returns how many were resolved.
create or replace function public.confirm_my_number()
returns integer
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_mobile text := private.require_phone('confirm your number');
  v_provider record;
  v_n integer;
  v_total integer := 0;
begin
  for v_provider in select p.id, p.name from public.service_providers p where p.mobile = v_mobile loop
    update public.reports r
       set status = 'resolved', resolved_at = now(), resolved_by = auth.uid(),
           resolution = 'owner_confirmed: signed in with a code sent to this number'
     where r.provider_id = v_provider.id and r.review_id is null and r.status = 'open'
       and r.reason in ('wrong_number', 'closed');
    get diagnostics v_n = row_count;
    if v_n > 0 then
      perform private.audit('reports.owner_confirmed', 'service_providers', v_provider.id::text, v_provider.name,
        null, null, v_n || ' wrong-number or closed reports resolved by the owner''s sign-in');
      v_total := v_total + v_n;
    end if;
  end loop;
  return v_total;
end
$$;

-- ---------------------------------------------------------------- owner edits

-- As 0007, and the business name and specialisation an owner writes carry no phone number
-- or link (the listing's number is the verified mobile; the operator approves a change of it).
create or replace function private.guard_owner_update() returns trigger
language plpgsql
set search_path = public, pg_temp
as $$
declare
  v_free constant text[] := array['business_name', 'specialist_in', 'address', 'experience',
                                  'on_leave_until', 'opening_hours', 'search_text'];
  v_col text;
  v_text text;
begin
  if current_user in ('anon', 'authenticated') and not coalesce(public.is_admin(), false) then
    if (to_jsonb(new) - v_free) is distinct from (to_jsonb(old) - v_free) then
      raise exception using errcode = '42501',
        message = 'a provider may change only business_name, specialist_in, address, experience, on_leave_until and opening_hours; name, category and mobile go through request_listing_change',
        hint = 'Use request_listing_change for name, category or mobile.';
    end if;
    -- A phone number (7+ digits, any separators, Devanagari digits too) or a link. Inline:
    -- this trigger runs as the API role, which has no usage on schema private.
    foreach v_col in array array['business_name', 'specialist_in'] loop
      v_text := to_jsonb(new) ->> v_col;
      if v_text is distinct from to_jsonb(old) ->> v_col and v_text is not null and (
           regexp_replace(translate(v_text, '०१२३४५६७८९', '0123456789'), '[[:space:]().,/+_-]', '', 'g') ~ '[0-9]{7,}'
           or v_text ~* '(https?:|www\.|[a-z0-9-]+\.(com|in|net|org|co|info|biz|xyz|io|me|app|site|online|shop|store|link|ly)([^a-z]|$))') then
        raise exception using errcode = '23514', message = v_col || ': no phone numbers or links', detail = v_col;
      end if;
    end loop;
  end if;
  return new;
end
$$;

-- Every owner edit (update_my_listing, set_my_availability, set_my_opening_hours or a direct
-- PATCH) is in the audit log: only the changed columns, before and after.
create or replace function private.audit_owner_edit() returns trigger
language plpgsql security definer
set search_path = public, pg_temp
as $$
declare
  v_cols constant text[] := array['business_name', 'specialist_in', 'address', 'experience',
                                  'on_leave_until', 'opening_hours'];
  v_old jsonb := to_jsonb(old);
  v_new jsonb := to_jsonb(new);
  v_before jsonb := '{}';
  v_after jsonb := '{}';
  v_col text;
begin
  if public.is_admin() or public.current_mobile() is null or public.current_mobile() <> old.mobile then
    return null;
  end if;
  foreach v_col in array v_cols loop
    if v_old -> v_col is distinct from v_new -> v_col then
      v_before := v_before || jsonb_build_object(v_col, v_old -> v_col);
      v_after := v_after || jsonb_build_object(v_col, v_new -> v_col);
    end if;
  end loop;
  if v_after = '{}' then
    return null;
  end if;
  insert into public.audit_log (actor, actor_email, action, target_table, target_id, target_name, before, after, reason)
  values (auth.uid(), null, 'owner.edit', 'service_providers', new.id::text, left(new.name, 200), v_before, v_after, null);
  return null;
end
$$;

create trigger service_providers_owner_audit
  after update on public.service_providers
  for each row execute function private.audit_owner_edit();

create table private.owner_edit_reverts (
  audit_id bigint primary key,
  reverted_at timestamptz not null default now(),
  reverted_by uuid
);
revoke all on private.owner_edit_reverts from public, anon, authenticated;

-- Recent owner edits, newest first, for the operator.
create or replace function public.admin_list_owner_edits(p_limit integer default 50, p_offset integer default 0)
returns table (
  id bigint,
  at timestamptz,
  provider_id uuid,
  provider_name text,
  before jsonb,
  after jsonb,
  reverted boolean
)
language plpgsql stable security definer
set search_path = public, pg_temp
as $$
begin
  perform private.require_admin();
  if p_limit is null or p_limit not between 1 and 200 or p_offset is null or p_offset not between 0 and 100000 then
    raise exception using errcode = '22023', message = 'limit must be 1..200 and offset 0..100000';
  end if;
  return query
    select a.id, a.at, a.target_id::uuid, coalesce(p.name, a.target_name), a.before, a.after,
           exists (select 1 from private.owner_edit_reverts r where r.audit_id = a.id)
      from public.audit_log a
      left join public.service_providers p on p.id::text = a.target_id
     where a.action = 'owner.edit'
     order by a.at desc, a.id desc
     limit p_limit offset p_offset;
end
$$;

-- Puts an owner edit's "before" values back, if the listing still shows its "after" values
-- (else PT409, HTTP 409: it changed again since; not 40001, which PostgREST answers with 500
-- and may retry). Audited as owner_edit.reverted.
create or replace function public.admin_revert_owner_edit(p_audit_id bigint, p_reason text default null)
returns public.service_providers
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_entry public.audit_log;
  v_row public.service_providers;
  v_now jsonb;
  v_old public.service_providers;
  v_reason text;
  v_col text;
begin
  perform private.require_admin();
  -- The reason is optional here: one press reverts.
  v_reason := case when private.is_blank(p_reason) then null else private.admin_reason(p_reason) end;
  select * into v_entry from public.audit_log a where a.id = p_audit_id and a.action = 'owner.edit';
  if not found then
    raise exception using errcode = 'PT404', message = 'owner edit not found', detail = 'audit_id';
  end if;
  if exists (select 1 from private.owner_edit_reverts r where r.audit_id = p_audit_id) then
    raise exception using errcode = 'PT409', message = 'this owner edit was already reverted', detail = 'audit_id';
  end if;
  select * into v_row from public.service_providers p where p.id = v_entry.target_id::uuid for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'listing not found', detail = 'provider_id';
  end if;
  v_now := to_jsonb(v_row);
  for v_col in select jsonb_object_keys(v_entry.after) loop
    if v_now -> v_col is distinct from v_entry.after -> v_col then
      raise exception using errcode = 'PT409', message = 'the listing changed again since this edit', detail = v_col;
    end if;
  end loop;
  v_old := jsonb_populate_record(v_row, v_entry.before);
  perform private.audit_explicit(true);
  update public.service_providers p
     set business_name = v_old.business_name, specialist_in = v_old.specialist_in, address = v_old.address,
         experience = v_old.experience, on_leave_until = v_old.on_leave_until, opening_hours = v_old.opening_hours
   where p.id = v_row.id
  returning * into v_row;
  insert into private.owner_edit_reverts (audit_id, reverted_by) values (p_audit_id, auth.uid());
  perform private.audit('owner_edit.reverted', 'service_providers', v_row.id::text, v_row.name,
    v_entry.after, v_entry.before, coalesce(v_reason, 'owner edit ' || p_audit_id || ' reverted'));
  perform private.audit_explicit(false);
  return v_row;
end
$$;

-- As 0007, with the sizes checked before any cleaning.
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
  -- Sizes before any trimming (SECURITY INVOKER: no private.* helpers here).
  if char_length(p_business_name) > 300 or char_length(p_specialist_in) > 400 or char_length(p_address) > 600 then
    raise exception using errcode = '22001', message = 'a field is too long',
      detail = case when char_length(p_business_name) > 300 then 'business_name'
                    when char_length(p_specialist_in) > 400 then 'specialist_in' else 'address' end;
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

-- The caller's listings, as 0007, with number_caution.
drop function public.my_listings();
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
  pending_change jsonb,
  number_caution boolean
)
language sql stable
set search_path = public, pg_temp
as $$
  select p.id, p.name, p.business_name, p.mobile, p.category, p.specialist_in, p.experience, p.address,
         p.verified, p.registration_date, p.avg_rating::numeric, p.rating_count, p.on_leave_until, p.opening_hours,
         p.status, p.rejection_reason, p.reviewed_at,
         (select jsonb_build_object('name', r.name, 'category', r.category, 'mobile', r.mobile, 'created_at', r.created_at)
            from public.provider_change_requests r
           where r.provider_id = p.id and r.status = 'pending'),
         p.number_caution
    from public.service_providers p
   where p.mobile = public.current_mobile()
   order by p.registration_date desc, p.id
$$;

-- ---------------------------------------------------------------- admin: the limits

create or replace function public.admin_request_limits()
returns table (name text, max_hits integer, window_seconds integer)
language plpgsql stable security definer
set search_path = public, pg_temp
as $$
begin
  perform private.require_admin();
  return query select l.name, l.max_hits, l.window_seconds from private.request_limits l order by l.name;
end
$$;

-- Changes one existing limit (audited). 22023 for an unknown name or a value out of range.
create or replace function public.admin_set_request_limit(p_name text, p_max_hits integer, p_window_seconds integer)
returns void
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_old private.request_limits;
begin
  perform private.require_admin();
  select * into v_old from private.request_limits l where l.name = p_name for update;
  if not found then
    raise exception using errcode = '22023', message = 'unknown limit', detail = 'name';
  end if;
  if p_max_hits is null or p_max_hits not between 0 and 100000000
     or p_window_seconds is null or p_window_seconds not between 1 and 604800 then
    raise exception using errcode = '22023', message = 'max_hits must be 0..100000000 and window_seconds 1..604800';
  end if;
  update private.request_limits l set max_hits = p_max_hits, window_seconds = p_window_seconds where l.name = p_name;
  perform private.audit('request_limit.set', 'request_limits', p_name, p_name,
    jsonb_build_object('max_hits', v_old.max_hits, 'window_seconds', v_old.window_seconds),
    jsonb_build_object('max_hits', p_max_hits, 'window_seconds', p_window_seconds), null);
end
$$;

-- ---------------------------------------------------------------- grants

revoke all on function public.check_request() from public, anon, authenticated;
revoke all on function public.rate_provider(uuid, integer) from public, anon, authenticated;
revoke all on function public.my_ratings(uuid[]) from public, anon, authenticated;
revoke all on function public.get_device_ratings(text, uuid[]) from public, anon, authenticated;
revoke all on function public.get_average_ratings(uuid[]) from public, anon, authenticated;
revoke all on function public.search_words_of(text) from public, anon, authenticated;
revoke all on function public.add_review(uuid, text) from public, anon, authenticated;
revoke all on function public.track_click(uuid, text, text) from public, anon, authenticated;
revoke all on function public.register_provider(text, text, text, text, text, integer, text) from public, anon, authenticated;
revoke all on function public.report_provider(uuid, text, text, text) from public, anon, authenticated;
revoke all on function public.report_review(uuid, text, text, text) from public, anon, authenticated;
revoke all on function public.confirm_my_number() from public, anon, authenticated;
revoke all on function public.admin_list_owner_edits(integer, integer) from public, anon, authenticated;
revoke all on function public.admin_revert_owner_edit(bigint, text) from public, anon, authenticated;
revoke all on function public.admin_request_limits() from public, anon, authenticated;
revoke all on function public.admin_set_request_limit(text, integer, integer) from public, anon, authenticated;
revoke all on function public.update_my_listing(uuid, text, text, text, integer) from public, anon, authenticated;
revoke all on function public.my_listings() from public, anon, authenticated;

-- The pre-request runs as the request's role.
grant execute on function public.check_request() to anon, authenticated;
-- Anon may call these; they refuse (42501) without a phone, so the app can show the code step.
grant execute on function public.rate_provider(uuid, integer) to anon, authenticated;
grant execute on function public.add_review(uuid, text) to anon, authenticated;
grant execute on function public.register_provider(text, text, text, text, text, integer, text) to anon, authenticated;
grant execute on function public.my_ratings(uuid[]) to anon, authenticated;
grant execute on function public.get_device_ratings(text, uuid[]) to anon, authenticated;
grant execute on function public.get_average_ratings(uuid[]) to anon, authenticated;
grant execute on function public.track_click(uuid, text, text) to anon, authenticated;
grant execute on function public.report_provider(uuid, text, text, text) to anon, authenticated;
grant execute on function public.report_review(uuid, text, text, text) to anon, authenticated;
grant execute on function public.confirm_my_number() to authenticated;
grant execute on function public.admin_list_owner_edits(integer, integer) to anon, authenticated;
grant execute on function public.admin_revert_owner_edit(bigint, text) to anon, authenticated;
grant execute on function public.admin_request_limits() to anon, authenticated;
grant execute on function public.admin_set_request_limit(text, integer, integer) to anon, authenticated;
grant execute on function public.update_my_listing(uuid, text, text, text, integer) to authenticated;
grant execute on function public.my_listings() to authenticated;
-- search_words_of is called only by the search-text trigger (SECURITY DEFINER), never
-- through the API with text of any size.
revoke all on all functions in schema private from public, anon, authenticated;
