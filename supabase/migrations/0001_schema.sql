-- Schema: tables, constraints, indexes and integrity triggers.
-- Plain SQL for PostgreSQL 15+ (a Supabase project), and PGlite.

create extension if not exists pg_trgm with schema extensions;

-- Data the API roles must never read (Aadhaar numbers) and internal helpers.
create schema if not exists private;
revoke all on schema private from public;

-- JWT helper used by policies and admin functions.
create or replace function public.is_admin() returns boolean
language sql stable
as $$
  select coalesce((auth.jwt() -> 'app_metadata' ->> 'role') = 'admin', false)
$$;

-- Category catalogue (rows come from a generated migration, kept in sync with
-- shared/src/catalogue by supabase/scripts/gen-categories-migration.ts).
create table public.service_categories (
  stored_value text primary key,
  slug text not null unique,
  en text not null,
  hi text not null,
  icon text not null,
  keywords text[] not null default '{}',
  sort_order integer not null default 0
);

-- One row per search word of a category (keywords, English and Hindi names),
-- kept by trigger from service_categories; trigram-indexed for typo tolerance.
create table public.service_category_keywords (
  keyword text not null,
  stored_value text not null references public.service_categories (stored_value) on update cascade on delete cascade,
  primary key (keyword, stored_value)
);

create table public.service_providers (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  business_name text,
  mobile text not null,
  category text not null,
  specialist_in text,
  experience integer not null default 0,
  address text not null,
  verified boolean not null default false,
  status text not null default 'pending',
  registration_date timestamptz not null default now(),
  rejection_reason text,
  reviewed_at timestamptz,
  avg_rating numeric(2, 1) not null default 0,
  rating_count integer not null default 0,
  -- lower-cased name, business, mobile, category, specialisation (set by trigger; trigram-indexed)
  search_text text not null default '',
  constraint service_providers_name_check check (char_length(btrim(name)) between 1 and 100),
  constraint service_providers_business_name_check
    check (business_name is null or char_length(btrim(business_name)) between 1 and 150),
  constraint service_providers_mobile_check check (mobile ~ '^[0-9]{10}$'),
  constraint service_providers_category_check check (char_length(btrim(category)) between 1 and 120),
  constraint service_providers_specialist_in_check
    check (specialist_in is null or char_length(btrim(specialist_in)) between 1 and 200),
  constraint service_providers_experience_check check (experience between 0 and 80),
  constraint service_providers_address_check check (char_length(btrim(address)) between 1 and 300),
  constraint service_providers_status_check check (status in ('pending', 'approved', 'rejected')),
  constraint service_providers_rejection_reason_check
    check (rejection_reason is null or char_length(rejection_reason) <= 500),
  constraint service_providers_avg_rating_check check (avg_rating between 0 and 5),
  constraint service_providers_rating_count_check check (rating_count >= 0)
);

-- Aadhaar numbers: private schema, no grants to anon/authenticated.
create table private.provider_identity (
  provider_id uuid primary key references public.service_providers (id) on delete cascade,
  aadhaar text not null,
  created_at timestamptz not null default now(),
  constraint provider_identity_aadhaar_check check (aadhaar ~ '^[0-9]{12}$')
);

-- Vocabulary of approved providers' search text (one row per word), for
-- typo-tolerant matching of names: the query's words are compared with this
-- small table by trigram similarity, then providers containing the close words
-- are found through the search_text index.
create table public.search_words (
  word text primary key
);

-- Approved providers per category (all / verified), kept by trigger, so list
-- totals do not grow with the number of providers.
create table public.category_stats (
  category text primary key,
  approved integer not null default 0,
  approved_verified integer not null default 0
);

create table public.service_ratings (
  id bigint generated always as identity primary key,
  provider_id uuid not null references public.service_providers (id) on delete cascade,
  device_id text not null,
  rating smallint not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint service_ratings_rating_check check (rating between 1 and 5),
  constraint service_ratings_device_id_check check (char_length(device_id) between 8 and 100),
  constraint service_ratings_provider_device_key unique (provider_id, device_id)
);

create table public.reviews (
  id uuid primary key default gen_random_uuid(),
  provider_id uuid not null references public.service_providers (id) on delete cascade,
  review_text text not null,
  created_at timestamptz not null default now(),
  constraint reviews_review_text_check check (char_length(review_text) between 1 and 1000)
);

create table public.click_tracking (
  id bigint generated always as identity primary key,
  provider_id uuid not null references public.service_providers (id) on delete cascade,
  click_type text not null,
  created_at timestamptz not null default now(),
  constraint click_tracking_click_type_check check (click_type in ('call', 'whatsapp'))
);

create table public.advertisements (
  id uuid primary key default gen_random_uuid(),
  title text,
  active boolean not null default true,
  start_date timestamptz,
  end_date timestamptz,
  media_type text not null,
  media_url text not null,
  redirect_link text,
  created_at timestamptz not null default now(),
  constraint advertisements_media_type_check check (media_type in ('image', 'video', 'youtube')),
  constraint advertisements_dates_check check (start_date is null or end_date is null or end_date >= start_date),
  constraint advertisements_title_check check (title is null or char_length(title) <= 200),
  constraint advertisements_media_url_check check (char_length(media_url) between 1 and 2000),
  constraint advertisements_redirect_link_check check (redirect_link is null or char_length(redirect_link) <= 2000)
);

-- Search document of a provider (lower-cased name, business, mobile, category,
-- specialisation), stored in service_providers.search_text by trigger.
create or replace function public.provider_search_text(
  p_name text, p_business_name text, p_mobile text, p_category text, p_specialist_in text
) returns text
language sql immutable parallel safe
as $$
  select lower(
    coalesce(p_name, '') || ' ' || coalesce(p_business_name, '') || ' ' || coalesce(p_mobile, '')
    || ' ' || coalesce(p_category, '') || ' ' || coalesce(p_specialist_in, '')
  )
$$;

-- Indexes. Public reads only ever see approved rows: partial indexes.
create index service_providers_status_idx on public.service_providers (status, registration_date desc);
create index service_providers_rating_order_idx on public.service_providers
  (avg_rating desc, rating_count desc, registration_date desc, id) where status = 'approved';
create index service_providers_new_order_idx on public.service_providers
  (registration_date desc, id) where status = 'approved';
create index service_providers_category_idx on public.service_providers
  (category, avg_rating desc, rating_count desc, registration_date desc, id) where status = 'approved';
create index service_providers_category_new_idx on public.service_providers
  (category, registration_date desc, id) where status = 'approved';
create index service_providers_search_idx on public.service_providers
  using gin (search_text extensions.gin_trgm_ops)
  where status = 'approved';
create index service_category_keywords_trgm_idx on public.service_category_keywords
  using gin (keyword extensions.gin_trgm_ops);
create index search_words_trgm_idx on public.search_words using gin (word extensions.gin_trgm_ops);
create index service_ratings_device_idx on public.service_ratings (device_id);
create index reviews_provider_idx on public.reviews (provider_id, created_at desc);
create index click_tracking_provider_idx on public.click_tracking (provider_id, created_at);
create index click_tracking_created_idx on public.click_tracking (created_at);
create index advertisements_active_idx on public.advertisements (active, start_date, end_date);

-- Integrity triggers (functions live in the private schema: not callable over the API).

-- verified follows the presence of an Aadhaar number.
create or replace function private.sync_provider_verified() returns trigger
language plpgsql security definer
set search_path = public, pg_temp
as $$
begin
  if tg_op = 'DELETE' then
    update public.service_providers set verified = false where id = old.provider_id;
    return old;
  end if;
  update public.service_providers set verified = true where id = new.provider_id and not verified;
  return new;
end
$$;

create trigger provider_identity_verified
  after insert or update or delete on private.provider_identity
  for each row execute function private.sync_provider_verified();

-- verified cannot be set by hand: it is derived from private.provider_identity.
create or replace function private.guard_provider_row() returns trigger
language plpgsql security definer
set search_path = public, pg_temp
as $$
begin
  new.verified := exists (select 1 from private.provider_identity i where i.provider_id = new.id);
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

create trigger service_providers_guard
  before insert or update on public.service_providers
  for each row execute function private.guard_provider_row();

-- Rating aggregates on the provider row, kept by trigger (fast sorting/filtering).
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

create trigger service_ratings_aggregate
  after insert or update or delete on public.service_ratings
  for each row execute function private.refresh_provider_rating();

-- A rating belongs to one provider and one device for good: only the value changes.
create or replace function private.guard_rating_update() returns trigger
language plpgsql
as $$
begin
  if new.provider_id is distinct from old.provider_id or new.device_id is distinct from old.device_id then
    raise exception using errcode = '23514', message = 'a rating cannot move to another provider or device',
      detail = 'provider_id, device_id';
  end if;
  new.created_at := old.created_at;
  new.updated_at := now();
  return new;
end
$$;

create trigger service_ratings_guard
  before update on public.service_ratings
  for each row execute function private.guard_rating_update();

-- Review text is trimmed (the length check then refuses blank text).
create or replace function private.trim_review_text() returns trigger
language plpgsql
as $$
begin
  new.review_text := regexp_replace(coalesce(new.review_text, ''), '^[[:space:]]+|[[:space:]]+$', '', 'g');
  if tg_op = 'INSERT' then
    new.created_at := now();
  end if;
  return new;
end
$$;

create trigger reviews_trim
  before insert or update on public.reviews
  for each row execute function private.trim_review_text();

-- Category search words follow service_categories.
create or replace function private.sync_category_keywords() returns trigger
language plpgsql security definer
set search_path = public, pg_temp
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    delete from public.service_category_keywords where stored_value = old.stored_value;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into public.service_category_keywords (keyword, stored_value)
    select distinct k, new.stored_value
      from unnest(array[lower(new.en), lower(new.hi)] || new.keywords) as k
     where btrim(k) <> ''
    on conflict do nothing;
  end if;
  return null;
end
$$;

create trigger service_categories_keywords
  after insert or update or delete on public.service_categories
  for each row execute function private.sync_category_keywords();

-- The words of an approved provider join the search vocabulary.
create or replace function public.search_words_of(p_text text) returns setof text
language sql immutable parallel safe
as $$
  select distinct w
    from regexp_split_to_table(coalesce(p_text, ''), '[[:space:],.;:/()''"!?&+*#|-]+') as w
   where char_length(w) between 3 and 40 and w !~ '^[0-9]+$'
$$;

create or replace function private.add_search_words() returns trigger
language plpgsql security definer
set search_path = public, pg_temp
as $$
begin
  if new.status = 'approved' then
    insert into public.search_words (word)
    select w from public.search_words_of(new.search_text) as w
    on conflict do nothing;
  end if;
  return null;
end
$$;

create trigger service_providers_search_words
  after insert or update on public.service_providers
  for each row execute function private.add_search_words();

-- category_stats follows approved providers.
create or replace function private.count_providers() returns trigger
language plpgsql security definer
set search_path = public, pg_temp
as $$
begin
  if tg_op = 'UPDATE' and old.status = new.status and old.category = new.category and old.verified = new.verified then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'approved' then
    update public.category_stats
       set approved = approved - 1, approved_verified = approved_verified - old.verified::integer
     where category = old.category;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status = 'approved' then
    insert into public.category_stats as s (category, approved, approved_verified)
    values (new.category, 1, new.verified::integer)
    on conflict (category) do update
      set approved = s.approved + 1, approved_verified = s.approved_verified + excluded.approved_verified;
  end if;
  return null;
end
$$;

create trigger service_providers_count
  after insert or update or delete on public.service_providers
  for each row execute function private.count_providers();
