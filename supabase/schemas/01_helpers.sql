-- Helpers used by tables and functions below: text cleaning, Aadhaar and mobile formats,
-- hashing of device tokens and phones, bounds on arguments, is_admin(), the search text.
--
-- The current rules (see ../README.md, "The schema"). "(from NNNN)": the migration whose CREATE
-- made the object as it stands (later ALTERs may have added columns or constraints). A change
-- here needs a new migration too: tests/production/schema-files.test.ts says when they differ.

-- A salt no API role can read, so a stored phone hash cannot be reversed by trying every
-- 10-digit number. (from 0011)
CREATE TABLE private.app_secrets (
    name text NOT NULL,
    value text NOT NULL
);

ALTER TABLE ONLY private.app_secrets
    ADD CONSTRAINT app_secrets_pkey PRIMARY KEY (name);

-- The Aadhaar number as the operator may see it again. (from 0008)
CREATE FUNCTION private.aadhaar_masked(p text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select case when p is null then null else 'XXXX XXXX ' || right(p, 4) end
$$;

-- UIDAI's Aadhaar format: 12 digits, the first 2-9, the last a Verhoeff check digit. (from 0006)
CREATE FUNCTION private.aadhaar_valid(p text) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    AS $_$
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
$_$;

-- (from 0011)
CREATE FUNCTION private.check_ids(p uuid[], p_max integer, p_field text) RETURNS void
    LANGUAGE plpgsql IMMUTABLE
    AS $$
begin
  if p is not null and cardinality(p) > p_max then
    raise exception using errcode = '22001', message = p_field || ': at most ' || p_max || ' ids', detail = p_field;
  end if;
end
$$;

-- Oversize input is refused before any cleaning or regex touches it. (from 0011)
CREATE FUNCTION private.check_size(p text, p_max integer, p_field text) RETURNS void
    LANGUAGE plpgsql IMMUTABLE
    AS $$
begin
  if p is not null and char_length(p) > p_max then
    raise exception using errcode = '22001', message = p_field || ' is too long (at most ' || p_max || ' characters)',
      detail = p_field;
  end if;
end
$$;

-- One line of free text (a name, an address): control characters and bidi overrides
-- removed (an RLO inside a name reverses what the next reader sees), every run of
-- whitespace (NBSP and the other Unicode spaces too) one space, trimmed, and invisible
-- characters trimmed from both ends. ZWJ/ZWNJ stay inside: Devanagari needs them. (from 0006)
CREATE FUNCTION private.clean_line(p text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $_$
  select regexp_replace(
           regexp_replace(
             regexp_replace(p, '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]', '', 'g'),
             '[\s\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+', ' ', 'g'),
           '^[\s\u00AD\u034F\u115F\u1160\u180E\u200C\u200D\u2800\u3164]+|[\s\u00AD\u034F\u115F\u1160\u180E\u200C\u200D\u2800\u3164]+$', '', 'g')
$_$;

-- Free text of several lines (a review): as clean_line, but newlines stay (at most two
-- in a row) and spaces are collapsed within each line. (from 0006)
CREATE FUNCTION private.clean_text(p text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    AS $_$
declare
  v text := regexp_replace(p, '\r\n?', E'\n', 'g');
begin
  v := regexp_replace(v, '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]', '', 'g');
  v := regexp_replace(v, '[\t \u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]+', ' ', 'g');
  v := regexp_replace(v, ' *\n *', E'\n', 'g');
  v := regexp_replace(v, '\n{3,}', E'\n\n', 'g');
  return regexp_replace(v, '^[\s\u00AD\u034F\u115F\u1160\u180E\u200C\u200D\u2800\u3164]+|[\s\u00AD\u034F\u115F\u1160\u180E\u200C\u200D\u2800\u3164]+$', '', 'g');
end
$_$;

-- As 0006, with the size checked before the pattern. (from 0011)
CREATE FUNCTION private.device_hash(p_token text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    AS $_$
begin
  if p_token is null or char_length(p_token) > 64 or p_token !~ '^[A-Za-z0-9_-]{22,64}$' then
    raise exception using errcode = '22023', message = 'device_token must be 22 to 64 characters of A-Z, a-z, 0-9, _ and -',
      detail = 'device_token';
  end if;
  return encode(sha256(convert_to(p_token, 'UTF8')), 'hex');
end
$_$;

-- Text with nothing visible left: only spaces and invisible characters (or nothing). (from 0006)
CREATE FUNCTION private.is_blank(p text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select p is null
      or regexp_replace(p, '[\s\u0001-\u001F\u007F-\u00A0\u00AD\u034F\u061C\u115F\u1160\u1680\u180E\u2000-\u200F\u2028-\u202F\u205F-\u2064\u2066-\u206F\u2800\u3000\u3164\uFEFF]', '', 'g') = ''
$$;

-- Free text fields are cleaned on every write, whichever path wrote them; blank optional
-- fields become null, blank required ones '' (which the length checks then refuse). (from 0006)
CREATE FUNCTION private.clean_or_null(p text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select case when private.is_blank(private.clean_line(p)) then null else private.clean_line(p) end
$$;

-- The keys of a whose values differ in b (both rows of one table as jsonb). (from 0008)
CREATE FUNCTION private.jsonb_changed(a jsonb, b jsonb) RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select coalesce(jsonb_object_agg(k, a -> k), '{}'::jsonb)
    from jsonb_object_keys(a) as k
   where (a -> k) is distinct from (b -> k)
$$;

-- A 12-digit number typed into a reason (an Aadhaar number, by mistake) is kept masked. (from 0008)
CREATE FUNCTION private.mask_aadhaar_like(p text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select regexp_replace(p, '[0-9]{4}[ -]?[0-9]{4}[ -]?([0-9]{4})', 'XXXX XXXX \1', 'g')
$$;

-- Strip spaces, dashes, dots and parentheses, then a leading +91, 91 (12 digits) or 0
-- (11 digits); a 10-digit mobile number starting 6-9 is left, else null. (from 0007)
CREATE FUNCTION private.normalize_mobile(p text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $_$
  select case when d ~ '^[6-9][0-9]{9}$' then d end
    from (select case
                   when s ~ '^\+91[0-9]{10}$' then substr(s, 4)
                   when s ~ '^91[0-9]{10}$' then substr(s, 3)
                   when s ~ '^0[0-9]{10}$' then substr(s, 2)
                   else s
                 end as d
            from (select regexp_replace(coalesce(p, ''), '[[:space:]\u00A0.()-]', '', 'g') as s) a) b
$_$;

-- (from 0011)
CREATE FUNCTION private.phone_hash(p_mobile text) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
  select encode(sha256(convert_to(s.value || ':' || p_mobile, 'UTF8')), 'hex')
    from private.app_secrets s
   where s.name = 'phone_salt' and p_mobile is not null
$$;

-- Opening hours: null (not given) or an object with exactly the keys mon..sun, each null
-- (closed) or {"open":"HH:MM","close":"HH:MM"} (24 h, open before close, same day).
-- Public and immutable: the check constraint below runs it as whoever writes the row. (from 0007)
CREATE FUNCTION public.opening_hours_valid(p jsonb) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    AS $_$
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
$_$;

-- The signed-in provider's mobile: the 10 digits of the JWT's phone claim (GoTrue stores
-- E.164 digits without "+", 91XXXXXXXXXX), or null (anon, e-mail users, anything else).
-- Public (policies call it as the API role); it reads only the caller's own claims. (from 0007)
CREATE FUNCTION public.current_mobile() RETURNS text
    LANGUAGE sql STABLE
    AS $_$
  select case when v ~ '^91[6-9][0-9]{9}$' then substr(v, 3) end
    from (select coalesce(auth.jwt() ->> 'phone', '') as v) c
$_$;

-- JWT helper used by policies and admin functions. (from 0001)
CREATE FUNCTION public.is_admin() RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  select coalesce((auth.jwt() -> 'app_metadata' ->> 'role') = 'admin', false)
$$;

-- Search document of a provider (lower-cased name, business, mobile, category,
-- specialisation), stored in service_providers.search_text by trigger. (from 0001)
CREATE FUNCTION public.provider_search_text(p_name text, p_business_name text, p_mobile text, p_category text, p_specialist_in text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select lower(
    coalesce(p_name, '') || ' ' || coalesce(p_business_name, '') || ' ' || coalesce(p_mobile, '')
    || ' ' || coalesce(p_category, '') || ' ' || coalesce(p_specialist_in, '')
  )
$$;

-- Consonant skeleton of each word, in Latin letters, the same for the Devanagari and the Latin
-- spelling of a name (Harjeet / हरजीत -> hrjt): Devanagari letters as their unaspirated Latin
-- consonant, Latin aspirates without their h, every vowel dropped except one that begins a word
-- (schwa deletion, long/short vowels, ee/i, oo/u), v/w, z/j, sh/s, f/ph, nukta letters as the
-- plain letter, doubled letters once. (from 0019)
CREATE FUNCTION private.phonetic_key(p text) returns text
language plpgsql immutable parallel safe strict
set search_path = pg_catalog, pg_temp
as $$
declare
  s text := replace(lower(p), '@', ' ');
begin
  s := translate(s, '०१२३४५६७८९', '0123456789');
  -- Nukta letters (precomposed or not) as the letter without it: क़ k, ज़ j, फ़ f/ph, ड़ d.
  s := translate(s, U&'\0958\0959\095A\095B\095C\095D\095E\095F\0929\0931\0934',
                    'कखगजडढफयनरळ');
  s := replace(s, U&'\093C', '');
  -- Anusvara: m before a labial, nothing at the end of a word (a nasal vowel), else n.
  s := regexp_replace(s, 'ं([पफबभम])', 'म\1', 'g');
  s := regexp_replace(s, 'ं([^ऀ-ॿ]|$)', '\1', 'g');
  s := replace(s, 'ं', 'न');
  -- Latin spellings: aspirates (kh, gh, ch, jh, th, dh, ph, bh, sh) lose their h;
  -- "ngh" as in Singh is n + h; c without h is k; f, q, w, z, x as the letters Hindi has.
  s := replace(s, 'ngh', 'nh');
  s := regexp_replace(s, 'c([eiy])', 's\1', 'g');
  s := regexp_replace(s, 'c(?!h)', 'k', 'g');
  s := regexp_replace(s, '([kgcjtdpbs])h+', '\1', 'g');
  s := replace(s, 'x', 'ks');
  s := translate(s, 'fqwz', 'pkvj');
  -- A vowel that begins a word is kept (as "a"); every other vowel goes (schwa deletion,
  -- long and short, ee/i, oo/u all alike).
  s := regexp_replace(s, '(^|[^a-z0-9ऀ-ॿ])[aeiouअआइईउऊऋएऐओऔऍऑ]', '\1@', 'g');
  s := translate(s, 'कखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसहळ',
                    'kkggnccjjnttddnttddnppbbmyrlvsssh' || 'l');
  s := regexp_replace(s, '[aeiouऀ-ॿ]', '', 'g');
  s := replace(s, '@', 'a');
  s := regexp_replace(s, '[^a-z0-9]+', ' ', 'g');
  s := regexp_replace(s, '([a-z])\1+', '\1', 'g');
  s := replace(s, 'ng', 'n');
  s := regexp_replace(s, '([a-z])\1+', '\1', 'g');
  return btrim(s);
end
$$;

-- The stored search key of a provider: ' <name> | <business name> # <specialisation> <address> '
-- (each as phonetic_key), in service_providers.search_key by trigger. (from 0019)
CREATE FUNCTION private.provider_search_key(p_name text, p_business_name text, p_specialist_in text, p_address text)
returns text
language sql immutable parallel safe
set search_path = pg_catalog, pg_temp
as $$
  select ' ' || coalesce(private.phonetic_key(p_name), '') || ' | ' || coalesce(private.phonetic_key(p_business_name), '')
    || ' # ' || coalesce(private.phonetic_key(p_specialist_in), '') || ' ' || coalesce(private.phonetic_key(p_address), '') || ' '
$$;

-- The words of a search key, for private.search_key_words. (from 0019)
CREATE FUNCTION private.search_key_words_of(p_key text) returns setof text
language sql immutable parallel safe
set search_path = pg_catalog, pg_temp
as $$
  select distinct w
    from regexp_split_to_table(coalesce(p_key, ''), '[ |#]+') as w
   where char_length(w) between 2 and 40 and w !~ '^[0-9]+$'
$$;

-- The order of "top rated": (C * m + sum) / (C + n), the provider's n ratings summing to
-- sum, pulled towards its category's mean m (3 when the category has no ratings yet) with
-- the weight of C = 5 ratings. One 5-star rating no longer beats 4.1 from 18 ratings.
-- The profile and cards still show the plain average and count. Plain arithmetic on the
-- category's totals (from category_stats) so that Postgres inlines it into the sort. (from 0006)
CREATE FUNCTION public.rating_score(p_category_sum bigint, p_category_count bigint, p_rating_sum integer, p_rating_count integer) RETURNS numeric
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select (5 * coalesce(p_category_sum::numeric / nullif(p_category_count, 0), 3) + coalesce(p_rating_sum, 0))
         / (5 + coalesce(p_rating_count, 0))
$$;

-- The words of an approved provider join the search vocabulary. (from 0001)
CREATE FUNCTION public.search_words_of(p_text text) RETURNS SETOF text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $_$
  select distinct w
    from regexp_split_to_table(coalesce(p_text, ''), '[[:space:],.;:/()''"!?&+*#|-]+') as w
   where char_length(w) between 3 and 40 and w !~ '^[0-9]+$'
$_$;

REVOKE ALL ON FUNCTION private.aadhaar_masked(p text) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.aadhaar_valid(p text) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.check_ids(p uuid[], p_max integer, p_field text) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.check_size(p text, p_max integer, p_field text) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.clean_line(p text) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.clean_or_null(p text) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.clean_text(p text) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.device_hash(p_token text) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.is_blank(p text) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.jsonb_changed(a jsonb, b jsonb) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.mask_aadhaar_like(p text) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.normalize_mobile(p text) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.phonetic_key(p text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.phonetic_key(p text) TO service_role;


REVOKE ALL ON FUNCTION private.phone_hash(p_mobile text) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.provider_search_key(p_name text, p_business_name text, p_specialist_in text, p_address text) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.search_key_words_of(p_key text) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION public.opening_hours_valid(p jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.opening_hours_valid(p jsonb) TO service_role;
GRANT ALL ON FUNCTION public.opening_hours_valid(p jsonb) TO anon;
GRANT ALL ON FUNCTION public.opening_hours_valid(p jsonb) TO authenticated;

REVOKE ALL ON FUNCTION public.current_mobile() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.current_mobile() TO service_role;
GRANT ALL ON FUNCTION public.current_mobile() TO anon;
GRANT ALL ON FUNCTION public.current_mobile() TO authenticated;

REVOKE ALL ON FUNCTION public.is_admin() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.is_admin() TO anon;
GRANT ALL ON FUNCTION public.is_admin() TO authenticated;
GRANT ALL ON FUNCTION public.is_admin() TO service_role;

REVOKE ALL ON FUNCTION public.provider_search_text(p_name text, p_business_name text, p_mobile text, p_category text, p_specialist_in text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.provider_search_text(p_name text, p_business_name text, p_mobile text, p_category text, p_specialist_in text) TO service_role;
GRANT ALL ON FUNCTION public.provider_search_text(p_name text, p_business_name text, p_mobile text, p_category text, p_specialist_in text) TO anon;
GRANT ALL ON FUNCTION public.provider_search_text(p_name text, p_business_name text, p_mobile text, p_category text, p_specialist_in text) TO authenticated;

REVOKE ALL ON FUNCTION public.rating_score(p_category_sum bigint, p_category_count bigint, p_rating_sum integer, p_rating_count integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.rating_score(p_category_sum bigint, p_category_count bigint, p_rating_sum integer, p_rating_count integer) TO service_role;
GRANT ALL ON FUNCTION public.rating_score(p_category_sum bigint, p_category_count bigint, p_rating_sum integer, p_rating_count integer) TO anon;
GRANT ALL ON FUNCTION public.rating_score(p_category_sum bigint, p_category_count bigint, p_rating_sum integer, p_rating_count integer) TO authenticated;

REVOKE ALL ON FUNCTION public.search_words_of(p_text text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.search_words_of(p_text text) TO service_role;

-- (from 0012)
-- What counts as letters: every character but white space, punctuation and symbols, and digits
-- (ASCII and Devanagari). In a C-locale database the classes are ASCII only, so any other
-- character counts as a letter: the form, which knows Unicode, is the stricter of the two.
create or replace function private.letter_count(p_text text) returns integer
language sql immutable parallel safe
set search_path = pg_catalog, pg_temp
as $$
  select char_length(regexp_replace(coalesce(p_text, ''), '[[:space:][:punct:][:digit:]०-९]', '', 'g'))
$$;
revoke all on function private.letter_count(text) from public;
