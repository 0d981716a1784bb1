-- Supabase platform emulation for the local server. NOT a migration.
--
-- On a real Supabase project all of this already exists (roles, the auth schema,
-- auth.uid()/auth.role()/auth.jwt(), the extensions schema, and the default
-- privileges that grant every new object in schema public to anon, authenticated
-- and service_role). The local server runs this file before applying
-- supabase/migrations/*.sql so the migrations meet the same platform.
-- Idempotent: safe to run on every start.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator noinherit nologin;
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;

-- Supabase's statement timeouts: anon 3 s, authenticated 8 s, and authenticator (the role
-- PostgREST logs in as, so every role without one of its own) 8 s. The local server
-- applies them per request as PostgREST does (pg_db_role_setting). Set only when absent:
-- a migration may change them (0011: anon 1.5 s), and this file runs on every start.
do $$
declare
  r record;
begin
  for r in select * from (values ('anon', '3s'), ('authenticated', '8s'), ('authenticator', '8s')) v(role, timeout) loop
    if not exists (
      select 1 from pg_roles
       where rolname = r.role and exists (select 1 from unnest(rolconfig) c where c like 'statement_timeout=%')
    ) then
      execute format('alter role %I set statement_timeout = %L', r.role, r.timeout);
    end if;
  end loop;
end
$$;

create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;

grant usage on schema public to anon, authenticated, service_role;

-- Supabase's default privileges: everything new in public is granted to the API
-- roles, so migrations must revoke what they do not want exposed.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255) unique,
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  is_super_admin boolean,
  phone text unique,
  banned_until timestamptz,
  is_anonymous boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  aal text not null default 'aal1',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  revoked boolean not null default false,
  parent varchar(255),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_idx on auth.refresh_tokens (session_id);

-- Phone sign-in (one-time codes by SMS; locally the codes go to <data dir>/sms-outbox.jsonl).
alter table auth.users add column if not exists phone_confirmed_at timestamptz;
-- The live code of a number (sha256 of number and code; a new send replaces it).
create table if not exists auth.sms_codes (
  phone text primary key,
  code_hash text not null,
  expires_at timestamptz not null,
  tries integer not null default 0,
  created_at timestamptz not null default now()
);
-- Codes sent per number (at most 3 an hour).
create table if not exists auth.sms_sends (
  id bigserial primary key,
  phone text not null,
  sent_at timestamptz not null
);
create index if not exists sms_sends_phone_idx on auth.sms_sends (phone, sent_at);

revoke all on all tables in schema auth from anon, authenticated;
revoke all on all sequences in schema auth from anon, authenticated;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role;

-- Migration bookkeeping, same shape as the Supabase CLI's table.
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text,
  inserted_at timestamptz not null default now()
);
