-- Providers (listings): the row, its private identity (Aadhaar), the search words, and the
-- guards every write passes (status changes, owner edits, leave date, the operator's check).
--
-- The current rules (see ../README.md, "The schema"). "(from NNNN)": the migration whose CREATE
-- made the object as it stands (later ALTERs may have added columns or constraints). A change
-- here needs a new migration too: tests/production/schema-files.test.ts says when they differ.

-- (from 0001)
CREATE TABLE public.service_providers (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    business_name text,
    mobile text NOT NULL,
    category text NOT NULL,
    specialist_in text,
    experience integer DEFAULT 0 NOT NULL,
    address text NOT NULL,
    verified boolean DEFAULT false NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    registration_date timestamp with time zone DEFAULT now() NOT NULL,
    rejection_reason text,
    reviewed_at timestamp with time zone,
    avg_rating numeric(2,1) DEFAULT 0 NOT NULL,
    rating_count integer DEFAULT 0 NOT NULL,
    search_text text DEFAULT ''::text NOT NULL,
    rating_sum integer DEFAULT 0 NOT NULL,
    on_leave_until date,
    opening_hours jsonb,
    number_caution boolean DEFAULT false NOT NULL,
    -- The operator's check (from 0016).
    verified_on date,
    verified_how text[],
    -- A provider's place and whom they serve (from 0018; the place's foreign key is in
    -- 19_places.sql, after the places table).
    place_kind text,
    place_code text,
    serve_mode text DEFAULT 'nearby'::text NOT NULL,
    serve_radius_km smallint DEFAULT 10 NOT NULL,
    -- (from 0019)
    search_key text DEFAULT ''::text NOT NULL,
    CONSTRAINT service_providers_address_check CHECK (((char_length(btrim(address)) >= 1) AND (char_length(btrim(address)) <= 300))),
    CONSTRAINT service_providers_avg_rating_check CHECK (((avg_rating >= (0)::numeric) AND (avg_rating <= (5)::numeric))),
    CONSTRAINT service_providers_business_name_check CHECK (((business_name IS NULL) OR ((char_length(btrim(business_name)) >= 1) AND (char_length(btrim(business_name)) <= 150)))),
    CONSTRAINT service_providers_category_check CHECK (((char_length(btrim(category)) >= 1) AND (char_length(btrim(category)) <= 120))),
    CONSTRAINT service_providers_experience_check CHECK (((experience >= 0) AND (experience <= 80))),
    CONSTRAINT service_providers_mobile_check CHECK ((mobile ~ '^[0-9]{10}$'::text)),
    CONSTRAINT service_providers_name_check CHECK (((char_length(btrim(name)) >= 1) AND (char_length(btrim(name)) <= 100))),
    CONSTRAINT service_providers_opening_hours_check CHECK (public.opening_hours_valid(opening_hours)),
    CONSTRAINT service_providers_rating_count_check CHECK ((rating_count >= 0)),
    CONSTRAINT service_providers_rating_sum_check CHECK ((rating_sum >= 0)),
    CONSTRAINT service_providers_rejection_reason_check CHECK (((rejection_reason IS NULL) OR (char_length(rejection_reason) <= 500))),
    CONSTRAINT service_providers_specialist_in_check CHECK (((specialist_in IS NULL) OR ((char_length(btrim(specialist_in)) >= 1) AND (char_length(btrim(specialist_in)) <= 200)))),
    CONSTRAINT service_providers_verification_check CHECK (((verified_on IS NULL) = (verified_how IS NULL))),
    CONSTRAINT service_providers_verified_how_check CHECK (verified_how IS NULL OR (cardinality(verified_how) BETWEEN 1 AND 3 AND verified_how <@ ARRAY['documents', 'visited', 'called']::text[])),
    CONSTRAINT service_providers_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'approved'::text, 'rejected'::text, 'suspended'::text, 'hidden'::text]))),
    CONSTRAINT service_providers_place_check CHECK ((((place_kind IS NULL) = (place_code IS NULL)) AND ((place_kind IS NULL) OR (place_kind = ANY (ARRAY['village'::text, 'ward'::text, 'town'::text]))))),
    CONSTRAINT service_providers_serve_mode_check CHECK ((serve_mode = ANY (ARRAY['nearby'::text, 'tehsil'::text, 'list'::text]))),
    CONSTRAINT service_providers_serve_radius_km_check CHECK (((serve_radius_km >= 1) AND (serve_radius_km <= 50)))
);

-- Aadhaar numbers: private schema, no grants to anon/authenticated. (from 0001)
CREATE TABLE private.provider_identity (
    provider_id uuid NOT NULL,
    aadhaar text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT provider_identity_aadhaar_check CHECK ((aadhaar ~ '^[0-9]{12}$'::text))
);

-- Vocabulary of approved providers' search text (one row per word), for
-- typo-tolerant matching of names: the query's words are compared with this
-- small table by trigram similarity, then providers containing the close words
-- are found through the search_text index. (from 0001)
CREATE TABLE public.search_words (
    word text NOT NULL,
    providers integer DEFAULT 0 NOT NULL
);

-- How many approved providers have each word of the search keys, kept by trigger: a word
-- most providers have (the town in every address) does not narrow a search with other
-- words. (from 0019)
CREATE TABLE private.search_key_words (
    word text NOT NULL,
    providers integer DEFAULT 0 NOT NULL
);

ALTER TABLE ONLY private.search_key_words
    ADD CONSTRAINT search_key_words_pkey PRIMARY KEY (word);

CREATE INDEX search_key_words_prefix_idx ON private.search_key_words USING btree (word text_pattern_ops);

ALTER TABLE ONLY private.provider_identity
    ADD CONSTRAINT provider_identity_pkey PRIMARY KEY (provider_id);

ALTER TABLE ONLY public.search_words
    ADD CONSTRAINT search_words_pkey PRIMARY KEY (word);

ALTER TABLE ONLY public.service_providers
    ADD CONSTRAINT service_providers_pkey PRIMARY KEY (id);

CREATE INDEX search_words_trgm_idx ON public.search_words USING gin (word extensions.gin_trgm_ops);

CREATE INDEX service_providers_category_idx ON public.service_providers USING btree (category) WHERE (status = 'approved'::text);

CREATE INDEX service_providers_category_new_idx ON public.service_providers USING btree (category, registration_date DESC, id) WHERE (status = 'approved'::text);

-- Every category by rating: the best rating sums of each rating count (from 0023)
CREATE INDEX service_providers_rating_count_idx ON public.service_providers USING btree (rating_count, rating_sum DESC) WHERE (status = 'approved'::text);

CREATE INDEX service_providers_new_order_idx ON public.service_providers USING btree (registration_date DESC, id) WHERE (status = 'approved'::text);

CREATE INDEX service_providers_search_idx ON public.service_providers USING gin (search_text extensions.gin_trgm_ops) WHERE (status = 'approved'::text);

-- Phonetic keys of name, business name, specialisation and address (from 0019)
CREATE INDEX service_providers_search_key_idx ON public.service_providers USING gin (search_key extensions.gin_trgm_ops) WHERE (status = 'approved'::text);

-- An exact business name or name, in either script: the business part and the name part of
-- the search key (from 0019)
CREATE INDEX service_providers_business_key_idx ON public.service_providers USING btree (split_part(split_part(search_key, ' # '::text, 1), ' | '::text, 2)) WHERE (status = 'approved'::text);

CREATE INDEX service_providers_name_key_idx ON public.service_providers USING btree (split_part(split_part(search_key, ' # '::text, 1), ' | '::text, 1)) WHERE (status = 'approved'::text);

CREATE INDEX service_providers_status_idx ON public.service_providers USING btree (status, registration_date DESC);

-- (from 0006)
CREATE FUNCTION private.add_search_words() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
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

-- The words of approved providers' search keys, counted. (from 0019)
CREATE FUNCTION private.add_search_key_words() returns trigger
language plpgsql security definer
set search_path = public, pg_temp
as $$
declare
  v_old text[] := '{}';
  v_new text[] := '{}';
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'approved' then
    v_old := array(select private.search_key_words_of(old.search_key));
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status = 'approved' then
    v_new := array(select private.search_key_words_of(new.search_key));
  end if;
  if v_old = v_new then
    return null;
  end if;
  update private.search_key_words w set providers = w.providers - 1
   where w.word = any (v_old) and not (w.word = any (v_new));
  delete from private.search_key_words w where w.word = any (v_old) and w.providers <= 0;
  insert into private.search_key_words as w (word, providers)
  select x, 1 from unnest(v_new) as x where not (x = any (v_old))
  on conflict (word) do update set providers = w.providers + 1;
  return null;
end
$$;

-- category_stats follows approved providers: counts, and now their ratings too. (from 0006)
CREATE FUNCTION private.count_providers() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
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

-- "On leave until" a day that has passed (in the district) is refused when it is set. (from 0007)
CREATE FUNCTION private.guard_leave_date() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'public', 'pg_temp'
    AS $$
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

-- As 0011, the search key follows an owner's edits (0019), and a changed address has at least
-- 2 letters, as at registration. (from 0020)
CREATE FUNCTION private.guard_owner_update() returns trigger
language plpgsql
set search_path = public, pg_temp
as $_$
declare
  v_free constant text[] := array['business_name', 'specialist_in', 'address', 'experience',
                                  'on_leave_until', 'opening_hours', 'search_text', 'search_key'];
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
    -- The form's minimum (0012's rule for registrations): an address the owner changes has at
    -- least 2 letters. private.letter_count's pattern, inline for the same reason as above.
    if new.address is distinct from old.address
       and char_length(regexp_replace(coalesce(new.address, ''), '[[:space:][:punct:][:digit:]०-९]', '', 'g')) < 2 then
      raise exception using errcode = '23514', message = 'address must have at least 2 letters', detail = 'address';
    end if;
  end if;
  return new;
end
$_$;

-- As 0001, plus: text is cleaned, verified is the operator's check (verified_on, 0016; no
-- longer a valid Aadhaar number), and the search key. (from 0019)
CREATE FUNCTION private.guard_provider_row() returns trigger
language plpgsql security definer
set search_path = public, pg_temp
as $$
begin
  new.name := coalesce(private.clean_or_null(new.name), '');
  new.business_name := private.clean_or_null(new.business_name);
  new.category := coalesce(private.clean_or_null(new.category), '');
  new.specialist_in := private.clean_or_null(new.specialist_in);
  new.address := coalesce(private.clean_or_null(new.address), '');
  -- The operator's check (0016), not an Aadhaar number.
  new.verified := new.verified_on is not null;
  new.search_text := public.provider_search_text(new.name, new.business_name, new.mobile, new.category, new.specialist_in);
  new.search_key := private.provider_search_key(new.name, new.business_name, new.specialist_in, new.address);
  if tg_op = 'UPDATE' and new.status is distinct from old.status then
    new.reviewed_at := now();
  end if;
  if new.status <> 'rejected' then
    new.rejection_reason := null;
  end if;
  return new;
end
$$;

-- The public may only write about a listed provider: anything else is "not found" (404),
-- whether it is pending, rejected or unknown. (from 0006)
CREATE FUNCTION private.require_approved(p_provider_id uuid) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
begin
  if p_provider_id is null then
    raise exception using errcode = '23502', message = 'provider_id is required', detail = 'provider_id';
  end if;
  if not exists (select 1 from public.service_providers p where p.id = p_provider_id and p.status = 'approved') then
    raise exception using errcode = 'PT404', message = 'provider not found', detail = 'provider_id';
  end if;
end
$$;

-- The caller's phone must be checked (a GoTrue session after a code), else 42501
-- (PostgREST: 401 for anon). (from 0011)
CREATE FUNCTION private.require_phone(p_what text) RETURNS text
    LANGUAGE plpgsql STABLE
    AS $$
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

ALTER TABLE private.provider_identity
    ADD CONSTRAINT provider_identity_aadhaar_valid CHECK (private.aadhaar_valid(aadhaar)) NOT VALID;

-- (from 0008)
CREATE TRIGGER service_providers_audit AFTER INSERT OR DELETE OR UPDATE ON public.service_providers FOR EACH ROW EXECUTE FUNCTION private.audit_admin_change();

-- (from 0001)
CREATE TRIGGER service_providers_count AFTER INSERT OR DELETE OR UPDATE ON public.service_providers FOR EACH ROW EXECUTE FUNCTION private.count_providers();

-- (from 0001)
CREATE TRIGGER service_providers_guard BEFORE INSERT OR UPDATE ON public.service_providers FOR EACH ROW EXECUTE FUNCTION private.guard_provider_row();

-- (from 0007)
CREATE TRIGGER service_providers_leave_date BEFORE INSERT OR UPDATE OF on_leave_until ON public.service_providers FOR EACH ROW EXECUTE FUNCTION private.guard_leave_date();

-- (from 0011)
CREATE TRIGGER service_providers_owner_audit AFTER UPDATE ON public.service_providers FOR EACH ROW EXECUTE FUNCTION private.audit_owner_edit();

-- (from 0007)
CREATE TRIGGER service_providers_owner_guard BEFORE UPDATE ON public.service_providers FOR EACH ROW EXECUTE FUNCTION private.guard_owner_update();

-- (from 0019)
CREATE TRIGGER service_providers_search_key_words AFTER INSERT OR DELETE OR UPDATE ON public.service_providers FOR EACH ROW EXECUTE FUNCTION private.add_search_key_words();

-- (from 0006)
CREATE TRIGGER service_providers_search_words AFTER INSERT OR DELETE OR UPDATE ON public.service_providers FOR EACH ROW EXECUTE FUNCTION private.add_search_words();

ALTER TABLE ONLY private.provider_identity
    ADD CONSTRAINT provider_identity_provider_id_fkey FOREIGN KEY (provider_id) REFERENCES public.service_providers(id) ON DELETE CASCADE;

ALTER TABLE private.provider_identity ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.search_words ENABLE ROW LEVEL SECURITY;

-- (from 0002)
CREATE POLICY search_words_read ON public.search_words FOR SELECT TO anon, authenticated USING (true);

ALTER TABLE public.service_providers ENABLE ROW LEVEL SECURITY;

-- (from 0002)
CREATE POLICY service_providers_admin_delete ON public.service_providers FOR DELETE TO authenticated USING (( SELECT public.is_admin() AS is_admin));

-- (from 0002)
CREATE POLICY service_providers_admin_insert ON public.service_providers FOR INSERT TO authenticated WITH CHECK (( SELECT public.is_admin() AS is_admin));

-- (from 0002)
CREATE POLICY service_providers_admin_update ON public.service_providers FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));

-- A provider (not an admin) may read and update the rows whose mobile is theirs... (from 0007)
CREATE POLICY service_providers_owner_read ON public.service_providers FOR SELECT TO authenticated USING ((mobile = ( SELECT public.current_mobile() AS current_mobile)));

-- (from 0007)
CREATE POLICY service_providers_owner_update ON public.service_providers FOR UPDATE TO authenticated USING ((mobile = ( SELECT public.current_mobile() AS current_mobile))) WITH CHECK ((mobile = ( SELECT public.current_mobile() AS current_mobile)));

-- (from 0002)
CREATE POLICY service_providers_read ON public.service_providers FOR SELECT TO anon, authenticated USING (((status = 'approved'::text) OR ( SELECT public.is_admin() AS is_admin)));

REVOKE ALL ON FUNCTION private.add_search_words() FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.add_search_key_words() FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.count_providers() FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.guard_leave_date() FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.guard_owner_update() FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.guard_provider_row() FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.require_approved(p_provider_id uuid) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.require_phone(p_what text) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON TABLE public.service_providers FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.service_providers TO service_role;
GRANT SELECT ON TABLE public.service_providers TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.service_providers TO authenticated;

REVOKE ALL ON TABLE public.search_words FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.search_words TO service_role;
GRANT SELECT ON TABLE public.search_words TO anon;
GRANT SELECT ON TABLE public.search_words TO authenticated;

-- Duplicate hints for the console: a listing with the same mobile as another, or the same name
-- and place (address), normalised: lower case, without spaces and punctuation. (from 0013)
create or replace function public.console_norm(p text) returns text
language sql immutable parallel safe
set search_path = pg_catalog
as $$
  select regexp_replace(lower(coalesce(p, '')), '[[:space:][:punct:]]+', '', 'g')
$$;

create index if not exists service_providers_mobile_idx on public.service_providers (mobile);
create index if not exists service_providers_name_place_idx
  on public.service_providers (public.console_norm(name), public.console_norm(address));

-- The operator's check is written only by admin_verify_provider and admin_withdraw_verification
-- (security definer, so they run as the owner): a write by the API roles themselves (an
-- owner's or an admin's PATCH or POST of the table) that sets or changes verified_on or
-- verified_how is refused (42501). verified itself follows verified_on (guard_provider_row).
-- Not security definer: current_user is the API role. (from 0016)
create or replace function private.guard_verification() returns trigger
language plpgsql
set search_path = public, pg_temp
as $$
begin
  if current_user in ('anon', 'authenticated')
     and ((tg_op = 'INSERT' and (new.verified_on is not null or new.verified_how is not null))
          or (tg_op = 'UPDATE' and (new.verified_on is distinct from old.verified_on
                                    or new.verified_how is distinct from old.verified_how))) then
    raise exception using errcode = '42501',
      message = 'only the operator records a verification (admin_verify_provider, admin_withdraw_verification)',
      detail = 'verified_on';
  end if;
  return new;
end
$$;

revoke all on function private.guard_verification() from public, anon, authenticated, service_role;

create trigger service_providers_verification before insert or update on public.service_providers
  for each row execute function private.guard_verification();

-- Postings of the search keys (issue 27 item 5): one row per word of an approved provider's
-- search key and provider, with what ranking and the filters of a search read, so that the
-- name words of a search (private.search_providers_core) are an index-only range of
-- search_postings_pkey instead of a heap row of service_providers per match. in_name: the word
-- is in the name | business part (before ' # '); in_name_mid: it is there with a space after
-- it (what '% key %' on that part needs). Kept by trigger. (from 0025)
create table private.search_postings (
  word text collate "C" not null,
  id uuid not null,
  category text not null,
  verified boolean not null,
  avg_rating numeric(2,1) not null,
  on_leave_until date,
  rating_sum integer not null,
  rating_count integer not null,
  registration_date timestamp with time zone not null,
  in_name boolean not null,
  in_name_mid boolean not null,
  constraint search_postings_pkey primary key (word, id)
    include (category, verified, avg_rating, on_leave_until, rating_sum, rating_count, registration_date, in_name, in_name_mid)
);
revoke all on table private.search_postings from public, anon, authenticated, service_role;

-- The words of a search key for the postings: every space-separated word of 2 characters or
-- more (the separators '|' and '#' are 1), with whether it is in the name | business part
-- (before ' # ') and whether it is followed by a space there. A search key is
-- ' <name> | <business> # <specialisation> <address> ' of phonetic keys ([a-z0-9] words), so
-- for a key of [a-z0-9] characters, search_key like '% key%' holds iff some word starts with
-- it and '% key %' iff some word is it. (from 0025)
create function private.search_postings_of(p_key text)
returns table(word text, in_name boolean, in_name_mid boolean)
language sql immutable parallel safe
set search_path = pg_catalog, pg_temp
as $$
  select w.word,
         strpos(split_part(p_key, ' # ', 1) || ' ', ' ' || w.word || ' ') > 0,
         strpos(split_part(p_key, ' # ', 1), ' ' || w.word || ' ') > 0
    from (select distinct x as word from regexp_split_to_table(coalesce(p_key, ''), ' +') as x
           where char_length(x) >= 2) w
$$;
revoke all on function private.search_postings_of(text) from public, anon, authenticated, service_role;

-- private.search_postings follows service_providers: one statement per provider change (a
-- changed key or status: its old postings out, the new in; a carried column: its postings
-- updated). (from 0025)
create function private.follow_search_postings() returns trigger
language plpgsql security definer
set search_path = public, pg_temp
as $$
begin
  if tg_op = 'UPDATE' and old.status = 'approved' and new.status = 'approved' and old.id = new.id
     and old.search_key = new.search_key then
    if (old.category, old.verified, old.avg_rating, old.on_leave_until, old.rating_sum, old.rating_count, old.registration_date)
       is distinct from
       (new.category, new.verified, new.avg_rating, new.on_leave_until, new.rating_sum, new.rating_count, new.registration_date) then
      update private.search_postings s
         set category = new.category, verified = new.verified, avg_rating = new.avg_rating,
             on_leave_until = new.on_leave_until, rating_sum = new.rating_sum, rating_count = new.rating_count,
             registration_date = new.registration_date
       where s.word = any (array(select w.word from private.search_postings_of(new.search_key) w)) and s.id = new.id;
    end if;
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'approved' then
    delete from private.search_postings s
     where s.word = any (array(select w.word from private.search_postings_of(old.search_key) w)) and s.id = old.id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status = 'approved' then
    insert into private.search_postings (word, id, category, verified, avg_rating, on_leave_until, rating_sum,
                                         rating_count, registration_date, in_name, in_name_mid)
    select w.word, new.id, new.category, new.verified, new.avg_rating, new.on_leave_until, new.rating_sum,
           new.rating_count, new.registration_date, w.in_name, w.in_name_mid
      from private.search_postings_of(new.search_key) w;
  end if;
  return null;
end
$$;
revoke all on function private.follow_search_postings() from public, anon, authenticated, service_role;

-- (from 0025)
create trigger service_providers_search_postings after insert or delete or update on public.service_providers
  for each row execute function private.follow_search_postings();
