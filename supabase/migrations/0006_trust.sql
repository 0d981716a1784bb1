-- Trust (issue: ratings and reviews no stranger can forge). Applied migrations are never
-- edited, so everything below changes what 0001-0005 created:
--  1. the public writes only through functions that take exactly one row (rate_provider,
--     add_review, track_click; register_provider already was one): no INSERT/UPDATE grant
--     on those tables for anon/authenticated, so arrays and PATCH filters cannot reach them;
--  2. a device is a secret token kept on the device; the database keeps only its sha256,
--     which no public route returns (service_ratings is not readable by the API roles);
--  3. Aadhaar numbers must pass UIDAI's format (first digit 2-9, Verhoeff checksum);
--  4. free text is cleaned (controls and bidi overrides removed) and text that is blank
--     once invisible characters are removed is refused;
--  5. rejected or deleted providers leave no word in search_words;
--  6. "top rated" orders by a Bayesian average with the category's mean as prior.

-- ---------------------------------------------------------------- helpers

-- UIDAI's Aadhaar format: 12 digits, the first 2-9, the last a Verhoeff check digit.
create or replace function private.aadhaar_valid(p text) returns boolean
language plpgsql immutable parallel safe
as $$
declare
  -- Verhoeff: multiplication table of the dihedral group D5, and the position permutation.
  d constant int[] := '{{0,1,2,3,4,5,6,7,8,9},{1,2,3,4,0,6,7,8,9,5},{2,3,4,0,1,7,8,9,5,6},{3,4,0,1,2,8,9,5,6,7},{4,0,1,2,3,9,5,6,7,8},{5,9,8,7,6,0,4,3,2,1},{6,5,9,8,7,1,0,4,3,2},{7,6,5,9,8,2,1,0,4,3},{8,7,6,5,9,3,2,1,0,4},{9,8,7,6,5,4,3,2,1,0}}';
  pm constant int[] := '{{0,1,2,3,4,5,6,7,8,9},{1,5,7,6,2,8,3,0,9,4},{5,8,0,3,7,9,6,1,4,2},{8,9,1,6,0,4,3,5,2,7},{9,4,5,3,1,2,6,8,7,0},{4,2,8,6,5,7,3,9,0,1},{2,7,9,3,8,0,6,4,1,5},{7,0,4,6,9,1,3,2,5,8}}';
  c int := 0;
  i int;
begin
  if p is null or p !~ '^[2-9][0-9]{11}$' then
    return false;
  end if;
  for i in 0..11 loop
    c := d[c + 1][pm[(i % 8) + 1][substr(p, 12 - i, 1)::int + 1] + 1];
  end loop;
  return c = 0;
end
$$;

-- One line of free text (a name, an address): control characters and bidi overrides
-- removed (an RLO inside a name reverses what the next reader sees), every run of
-- whitespace (NBSP and the other Unicode spaces too) one space, trimmed, and invisible
-- characters trimmed from both ends. ZWJ/ZWNJ stay inside: Devanagari needs them.
create or replace function private.clean_line(p text) returns text
language sql immutable parallel safe
as $$
  select regexp_replace(
           regexp_replace(
             regexp_replace(p, '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]', '', 'g'),
             '[\s\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+', ' ', 'g'),
           '^[\s\u00AD\u034F\u115F\u1160\u180E\u200C\u200D\u2800\u3164]+|[\s\u00AD\u034F\u115F\u1160\u180E\u200C\u200D\u2800\u3164]+$', '', 'g')
$$;

-- Free text of several lines (a review): as clean_line, but newlines stay (at most two
-- in a row) and spaces are collapsed within each line.
create or replace function private.clean_text(p text) returns text
language plpgsql immutable parallel safe
as $$
declare
  v text := regexp_replace(p, '\r\n?', E'\n', 'g');
begin
  v := regexp_replace(v, '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]', '', 'g');
  v := regexp_replace(v, '[\t \u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]+', ' ', 'g');
  v := regexp_replace(v, ' *\n *', E'\n', 'g');
  v := regexp_replace(v, '\n{3,}', E'\n\n', 'g');
  return regexp_replace(v, '^[\s\u00AD\u034F\u115F\u1160\u180E\u200C\u200D\u2800\u3164]+|[\s\u00AD\u034F\u115F\u1160\u180E\u200C\u200D\u2800\u3164]+$', '', 'g');
end
$$;

-- Text with nothing visible left: only spaces and invisible characters (or nothing).
create or replace function private.is_blank(p text) returns boolean
language sql immutable parallel safe
as $$
  select p is null
      or regexp_replace(p, '[\s\u0001-\u001F\u007F-\u00A0\u00AD\u034F\u061C\u115F\u1160\u1680\u180E\u2000-\u200F\u2028-\u202F\u205F-\u2064\u2066-\u206F\u2800\u3000\u3164\uFEFF]', '', 'g') = ''
$$;

-- The stored form of a device token: its sha256 in hex. A malformed token is refused.
create or replace function private.device_hash(p_token text) returns text
language plpgsql immutable
as $$
begin
  if p_token is null or p_token !~ '^[A-Za-z0-9_-]{22,64}$' then
    raise exception using errcode = '22023', message = 'device_token must be 22 to 64 characters of A-Z, a-z, 0-9, _ and -',
      detail = 'device_token';
  end if;
  return encode(sha256(convert_to(p_token, 'UTF8')), 'hex');
end
$$;

-- The public may only write about a listed provider: anything else is "not found" (404),
-- whether it is pending, rejected or unknown.
create or replace function private.require_approved(p_provider_id uuid) returns void
language plpgsql stable security definer
set search_path = public, pg_temp
as $$
begin
  if p_provider_id is null then
    raise exception using errcode = '23502', message = 'provider_id is required', detail = 'provider_id';
  end if;
  if not exists (select 1 from public.service_providers p where p.id = p_provider_id and p.status = 'approved') then
    raise exception using errcode = 'PT404', message = 'provider not found', detail = 'provider_id';
  end if;
end
$$;

-- ---------------------------------------------------------------- ratings: device secrets

-- A rating belongs to one provider and one device for good: only the value changes.
create or replace function private.guard_rating_update() returns trigger
language plpgsql
as $$
begin
  if new.provider_id is distinct from old.provider_id or new.device_hash is distinct from old.device_hash then
    raise exception using errcode = '23514', message = 'a rating cannot move to another provider or device',
      detail = 'provider_id, device_hash';
  end if;
  new.created_at := old.created_at;
  new.updated_at := now();
  return new;
end
$$;

alter table public.service_ratings add column device_hash text;
-- Every device id was readable by anyone, so no old id may claim its rating: existing
-- ratings keep their value under a hash no token has.
-- (Triggers off: the value and aggregates do not change, and the guard refuses a new hash.)
alter table public.service_ratings disable trigger user;
update public.service_ratings
   set device_hash = encode(sha256(convert_to('retired:' || gen_random_uuid()::text || device_id, 'UTF8')), 'hex');
alter table public.service_ratings enable trigger user;
alter table public.service_ratings alter column device_hash set not null;
drop index public.service_ratings_device_idx;
alter table public.service_ratings drop constraint service_ratings_provider_device_key;
alter table public.service_ratings drop column device_id;
alter table public.service_ratings
  add constraint service_ratings_device_hash_check check (device_hash ~ '^[0-9a-f]{64}$'),
  add constraint service_ratings_provider_device_key unique (provider_id, device_hash);
create index service_ratings_device_idx on public.service_ratings (device_hash);

-- No API role reads or writes ratings directly: averages come from the provider row and
-- get_average_ratings, a device's own ratings from get_device_ratings, writes from
-- rate_provider. (Admins read through their functions.)
drop policy service_ratings_read on public.service_ratings;
drop policy service_ratings_insert on public.service_ratings;
drop policy service_ratings_update on public.service_ratings;
revoke all on public.service_ratings from anon, authenticated;
-- Admins moderate (a DELETE with a filter needs SELECT too); everyone else sees no row.
grant select, delete on public.service_ratings to authenticated;
create policy service_ratings_admin_read on public.service_ratings
  for select to authenticated using ((select public.is_admin()));

-- Clicks and reviews keep which device sent them (hash only), for per-device limits.
alter table public.click_tracking add column device_hash text
  constraint click_tracking_device_hash_check check (device_hash is null or device_hash ~ '^[0-9a-f]{64}$');
create index click_tracking_device_idx on public.click_tracking (device_hash, provider_id, created_at)
  where device_hash is not null;

-- Not a column of reviews: reviews are public (select *), and a column grant cannot hide
-- one column from a table-wide grant.
create table private.review_devices (
  review_id uuid primary key references public.reviews (id) on delete cascade,
  device_hash text not null constraint review_devices_device_hash_check check (device_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);
create index review_devices_device_idx on private.review_devices (device_hash, created_at);
alter table private.review_devices enable row level security;
revoke all on private.review_devices from public, anon, authenticated;

drop policy reviews_insert on public.reviews;
revoke insert, update on public.reviews from anon, authenticated;
drop policy click_tracking_insert on public.click_tracking;
revoke insert, update on public.click_tracking from anon, authenticated;

-- ---------------------------------------------------------------- one-row public writes

-- Rate a provider from this device (1..5); rating again changes the same row.
create or replace function public.rate_provider(p_provider_id uuid, p_device_token text, p_rating integer)
returns void
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_hash text := private.device_hash(p_device_token);
begin
  if p_rating is null then
    raise exception using errcode = '23502', message = 'rating is required', detail = 'rating';
  end if;
  if p_rating not between 1 and 5 then
    raise exception using errcode = '23514', message = 'rating must be between 1 and 5', detail = 'rating';
  end if;
  perform private.require_approved(p_provider_id);
  insert into public.service_ratings (provider_id, device_hash, rating)
  values (p_provider_id, v_hash, p_rating)
  on conflict (provider_id, device_hash) do update set rating = excluded.rating
    where public.service_ratings.rating is distinct from excluded.rating;
end
$$;

-- This device's own ratings (of the given providers, or all), for listed providers.
create or replace function public.get_device_ratings(p_device_token text, p_provider_ids uuid[] default null)
returns table (provider_id uuid, rating integer)
language plpgsql stable security definer
set search_path = public, pg_temp
as $$
declare
  v_hash text := private.device_hash(p_device_token);
begin
  return query
    select r.provider_id, r.rating::integer
      from public.service_ratings r
      join public.service_providers p on p.id = r.provider_id and p.status = 'approved'
     where r.device_hash = v_hash
       and (p_provider_ids is null or r.provider_id = any (p_provider_ids[1:500]));
end
$$;

-- Post a review (cleaned, 1..1000 characters); returns the stored row. One device posts
-- at most 10 reviews a day (429): the per-client limit in front of the API counts
-- clients, this counts devices.
create or replace function public.add_review(p_provider_id uuid, p_review_text text, p_device_token text)
returns public.reviews
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_hash text := private.device_hash(p_device_token);
  v_text text := private.clean_text(p_review_text);
  v_row public.reviews;
begin
  if private.is_blank(v_text) then
    raise exception using errcode = '23502', message = 'review_text is required', detail = 'review_text';
  end if;
  if char_length(v_text) > 1000 then
    raise exception using errcode = '23514', message = 'review_text must be at most 1000 characters', detail = 'review_text';
  end if;
  perform private.require_approved(p_provider_id);
  if (select count(*) from private.review_devices d
       where d.device_hash = v_hash and d.created_at > now() - interval '1 day') >= 10 then
    raise exception using errcode = 'PT429', message = 'too many reviews from this device today: at most 10 a day',
      detail = 'device_token', hint = 'Try again tomorrow.';
  end if;
  insert into public.reviews (provider_id, review_text) values (p_provider_id, v_text) returning * into v_row;
  insert into private.review_devices (review_id, device_hash) values (v_row.id, v_hash);
  return v_row;
end
$$;

-- Count a call or chat tap. A repeat from the same device for the same provider and
-- kind within 10 minutes is not counted again (lead counts stay true), and is no error.
create or replace function public.track_click(p_provider_id uuid, p_click_type text, p_device_token text)
returns void
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_hash text := private.device_hash(p_device_token);
begin
  if p_click_type is null or p_click_type not in ('call', 'whatsapp') then
    raise exception using errcode = '23514', message = 'click_type must be call or whatsapp', detail = 'click_type';
  end if;
  perform private.require_approved(p_provider_id);
  -- Two taps arriving together must not both pass the check below.
  perform pg_advisory_xact_lock(hashtextextended(v_hash || p_provider_id::text || p_click_type, 0));
  if exists (select 1 from public.click_tracking c
              where c.device_hash = v_hash and c.provider_id = p_provider_id and c.click_type = p_click_type
                and c.created_at > now() - interval '10 minutes') then
    return;
  end if;
  insert into public.click_tracking (provider_id, click_type, device_hash) values (p_provider_id, p_click_type, v_hash);
end
$$;

-- ---------------------------------------------------------------- "top rated": Bayesian average

-- A provider's rating sum, so that category means are exact (avg_rating is rounded).
alter table public.service_providers add column rating_sum integer not null default 0
  constraint service_providers_rating_sum_check check (rating_sum >= 0);
update public.service_providers p set rating_sum = s.total
  from (select provider_id, sum(rating)::integer as total from public.service_ratings group by provider_id) s
 where s.provider_id = p.id;

-- Ratings of approved providers per category: the prior of the Bayesian average.
alter table public.category_stats
  add column rating_sum bigint not null default 0,
  add column rating_count bigint not null default 0;
update public.category_stats s set rating_sum = t.total, rating_count = t.n
  from (select category, sum(rating_sum)::bigint as total, sum(rating_count)::bigint as n
          from public.service_providers where status = 'approved' group by category) t
 where t.category = s.category;

-- The order of "top rated": (C * m + sum) / (C + n), the provider's n ratings summing to
-- sum, pulled towards its category's mean m (3 when the category has no ratings yet) with
-- the weight of C = 5 ratings. One 5-star rating no longer beats 4.1 from 18 ratings.
-- The profile and cards still show the plain average and count. Plain arithmetic on the
-- category's totals (from category_stats) so that Postgres inlines it into the sort.
create or replace function public.rating_score(
  p_category_sum bigint, p_category_count bigint, p_rating_sum integer, p_rating_count integer
) returns numeric
language sql immutable parallel safe
as $$
  select (5 * coalesce(p_category_sum::numeric / nullif(p_category_count, 0), 3) + coalesce(p_rating_sum, 0))
         / (5 + coalesce(p_rating_count, 0))
$$;

-- Rating aggregates on the provider row: as 0005, plus the sum.
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
  -- See 0005: lock first, so the UPDATE's new snapshot sees every committed rating.
  perform 1 from public.service_providers p where p.id = any (v_ids) order by p.id for no key update;
  update public.service_providers p
     set avg_rating = coalesce(s.avg_rating, 0),
         rating_count = coalesce(s.rating_count, 0),
         rating_sum = coalesce(s.rating_sum, 0)
    from (
      select x.id,
             (select round(avg(r.rating), 1) from public.service_ratings r where r.provider_id = x.id) as avg_rating,
             (select count(*)::integer from public.service_ratings r where r.provider_id = x.id) as rating_count,
             (select sum(r.rating)::integer from public.service_ratings r where r.provider_id = x.id) as rating_sum
        from unnest(v_ids) as x(id)
    ) s
   where p.id = s.id;
  return null;
end
$$;

-- category_stats follows approved providers: counts, and now their ratings too.
create or replace function private.count_providers() returns trigger
language plpgsql security definer
set search_path = public, pg_temp
as $$
begin
  if tg_op = 'UPDATE' and old.status = new.status and old.category = new.category and old.verified = new.verified
     and old.rating_sum = new.rating_sum and old.rating_count = new.rating_count then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'approved' then
    update public.category_stats
       set approved = approved - 1, approved_verified = approved_verified - old.verified::integer,
           rating_sum = rating_sum - old.rating_sum, rating_count = rating_count - old.rating_count
     where category = old.category;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status = 'approved' then
    insert into public.category_stats as s (category, approved, approved_verified, rating_sum, rating_count)
    values (new.category, 1, new.verified::integer, new.rating_sum, new.rating_count)
    on conflict (category) do update
      set approved = s.approved + 1, approved_verified = s.approved_verified + excluded.approved_verified,
          rating_sum = s.rating_sum + excluded.rating_sum, rating_count = s.rating_count + excluded.rating_count;
  end if;
  return null;
end
$$;

drop index public.service_providers_rating_order_idx;
drop index public.service_providers_category_idx;
create index service_providers_category_idx on public.service_providers (category) where status = 'approved';

-- ---------------------------------------------------------------- search_words: approved providers only

-- Each word counts the approved providers that use it; a word nobody uses any more goes.
alter table public.search_words add column providers integer not null default 0;
truncate public.search_words;
insert into public.search_words (word, providers)
select w, count(*) from public.service_providers p, public.search_words_of(p.search_text) as w
 where p.status = 'approved' group by w;

create or replace function private.add_search_words() returns trigger
language plpgsql security definer
set search_path = public, pg_temp
as $$
declare
  v_old text[] := '{}';
  v_new text[] := '{}';
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'approved' then
    v_old := array(select public.search_words_of(old.search_text));
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status = 'approved' then
    v_new := array(select public.search_words_of(new.search_text));
  end if;
  if v_old = v_new then
    return null;
  end if;
  update public.search_words w set providers = w.providers - 1
   where w.word = any (v_old) and not (w.word = any (v_new));
  delete from public.search_words w where w.word = any (v_old) and w.providers <= 0;
  insert into public.search_words as w (word, providers)
  select x, 1 from unnest(v_new) as x where not (x = any (v_old))
  on conflict (word) do update set providers = w.providers + 1;
  return null;
end
$$;

drop trigger service_providers_search_words on public.service_providers;
create trigger service_providers_search_words
  after insert or update or delete on public.service_providers
  for each row execute function private.add_search_words();

-- ---------------------------------------------------------------- Aadhaar and clean text

-- New numbers must pass the check (NOT VALID: numbers stored before are kept, never lost).
alter table private.provider_identity
  add constraint provider_identity_aadhaar_valid check (private.aadhaar_valid(aadhaar)) not valid;

-- Free text fields are cleaned on every write, whichever path wrote them; blank optional
-- fields become null, blank required ones '' (which the length checks then refuse).
create or replace function private.clean_or_null(p text) returns text
language sql immutable parallel safe
as $$
  select case when private.is_blank(private.clean_line(p)) then null else private.clean_line(p) end
$$;

-- As 0001, plus: verified needs a valid number, and text is cleaned.
create or replace function private.guard_provider_row() returns trigger
language plpgsql security definer
set search_path = public, pg_temp
as $$
begin
  new.name := coalesce(private.clean_or_null(new.name), '');
  new.business_name := private.clean_or_null(new.business_name);
  new.category := coalesce(private.clean_or_null(new.category), '');
  new.specialist_in := private.clean_or_null(new.specialist_in);
  new.address := coalesce(private.clean_or_null(new.address), '');
  new.verified := exists (select 1 from private.provider_identity i
                           where i.provider_id = new.id and private.aadhaar_valid(i.aadhaar));
  new.search_text := public.provider_search_text(new.name, new.business_name, new.mobile, new.category, new.specialist_in);
  if tg_op = 'UPDATE' and new.status is distinct from old.status then
    new.reviewed_at := now();
  end if;
  if new.status <> 'rejected' then
    new.rejection_reason := null;
  end if;
  return new;
end
$$;

create or replace function private.sync_provider_verified() returns trigger
language plpgsql security definer
set search_path = public, pg_temp
as $$
begin
  -- guard_provider_row derives verified from the identity rows: touch the provider row.
  update public.service_providers set verified = verified
   where id = case when tg_op = 'DELETE' then old.provider_id else new.provider_id end;
  return null;
end
$$;

-- Numbers stored before this migration that fail the check no longer earn the badge.
update public.service_providers p set verified = false
 where p.verified
   and not exists (select 1 from private.provider_identity i where i.provider_id = p.id and private.aadhaar_valid(i.aadhaar));

-- Reviews: cleaned like other text (newlines kept); blank then fails the length check.
create or replace function private.trim_review_text() returns trigger
language plpgsql security definer -- the cleaning functions are in private, which writers cannot use
set search_path = public, pg_temp
as $$
begin
  new.review_text := private.clean_text(coalesce(new.review_text, ''));
  if private.is_blank(new.review_text) then
    new.review_text := '';
  end if;
  if tg_op = 'INSERT' then
    new.created_at := now();
  end if;
  return new;
end
$$;

-- Registration: as 0003, with cleaned text and a checked Aadhaar number.
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
  v_mobile text := nullif(btrim(coalesce(p_mobile, '')), '');
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
  if v_mobile is null then
    raise exception using errcode = '23502', message = 'mobile is required', detail = 'mobile';
  end if;
  if v_mobile !~ '^[0-9]{10}$' then
    raise exception using errcode = '23514', message = 'mobile must be exactly 10 digits', detail = 'mobile';
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


-- Directory list and search: as 0003, but "top rated" orders by public.rating_score.
create or replace function public.search_providers(
  p_query text default null,
  p_category text default null,
  p_min_rating numeric default 0,
  p_verified text default 'all',
  p_sort text default 'rating_desc',
  p_limit integer default 20,
  p_offset integer default 0
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
    || ' p.address, p.verified, p.registration_date, p.avg_rating::numeric as avg_rating, p.rating_count';
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
    if v_min = 0 then
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
    if v_min = 0 then
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
      || ' x.verified, x.registration_date, x.avg_rating, x.rating_count,'
      || ' ($11 + coalesce((select t.n from t limit 1), 0))::bigint'
      || ' from (select t.id, t.name, t.business_name, t.mobile, t.category, t.specialist_in, t.experience, t.address,'
      || ' t.verified, t.registration_date, t.avg_rating, t.rating_count, t.score from t'
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

revoke all on function public.rate_provider(uuid, text, integer) from public, anon, authenticated;
revoke all on function public.get_device_ratings(text, uuid[]) from public, anon, authenticated;
revoke all on function public.add_review(uuid, text, text) from public, anon, authenticated;
revoke all on function public.track_click(uuid, text, text) from public, anon, authenticated;
revoke all on function public.rating_score(bigint, bigint, integer, integer) from public, anon, authenticated;
grant execute on function public.rate_provider(uuid, text, integer) to anon, authenticated;
grant execute on function public.get_device_ratings(text, uuid[]) to anon, authenticated;
grant execute on function public.add_review(uuid, text, text) to anon, authenticated;
grant execute on function public.track_click(uuid, text, text) to anon, authenticated;
grant execute on function public.rating_score(bigint, bigint, integer, integer) to anon, authenticated;
revoke all on all functions in schema private from public, anon, authenticated;
