-- Issue 27, item 4: search that understands a name in either script, and ranking.
--
-- private.phonetic_key(text): one comparable key for the Devanagari and the Latin spelling
-- of an Indian name (Harjeet / हरजीत -> hrjt, Lalbagh / लालबाग -> lbg, Sitapur / सीतापुर -> stpr,
-- Maa Durga / माँ दुर्गा -> m drg). The database applies it the same way to the stored text
-- (service_providers.search_key, kept by the row guard) and to the query (search_providers).
-- search_providers ranks: exact business name or name, then category words resolved by
-- meaning (service_category_keywords, each word weighted by how many categories it names),
-- then names across scripts, then any other text; the chosen sort after relevance.
-- See ../README.md, "Search: how results are ranked".

-- Consonant skeleton of each word, in Latin letters: Devanagari letters as their unaspirated
-- Latin consonant, Latin aspirates without their h, every vowel dropped except one that begins
-- a word (so schwa deletion, long/short vowels, ee/i and oo/u do not matter), v/w, z/j, sh/s,
-- f/ph, nukta letters as the plain letter, doubled letters once.
create or replace function private.phonetic_key(p text) returns text
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
-- (each as phonetic_key), so that a word is matched at its start ('% key%') and a name match
-- is told from an address match by the part before '#'.
create or replace function private.provider_search_key(p_name text, p_business_name text, p_specialist_in text, p_address text)
returns text
language sql immutable parallel safe
set search_path = pg_catalog, pg_temp
as $$
  select ' ' || coalesce(private.phonetic_key(p_name), '') || ' | ' || coalesce(private.phonetic_key(p_business_name), '')
    || ' # ' || coalesce(private.phonetic_key(p_specialist_in), '') || ' ' || coalesce(private.phonetic_key(p_address), '') || ' '
$$;

revoke all on function private.phonetic_key(text) from public, anon, authenticated;
revoke all on function private.provider_search_key(text, text, text, text) from public, anon, authenticated;

alter table public.service_providers add column search_key text not null default '';

-- As 0006, plus the search key.
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

-- Existing rows get their key without firing the row triggers (nothing else changes).
alter table public.service_providers disable trigger user;
update public.service_providers
   set search_key = private.provider_search_key(name, business_name, specialist_in, address);
alter table public.service_providers enable trigger user;

create index service_providers_search_key_idx on public.service_providers
  using gin (search_key extensions.gin_trgm_ops) where status = 'approved';

-- As 0011, and the search key follows an owner's edits of business name, specialisation and address.
create or replace function private.guard_owner_update() returns trigger
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
  end if;
  return new;
end
$_$;

-- As 0011, and without the search key.
create or replace function private.audit_row(p jsonb) returns jsonb
language sql immutable parallel safe
as $$
  select p - 'search_text' - 'search_key' - 'device_hash' - 'phone_hash' - 'aadhaar'
$$;

-- How many approved providers have a word of each key (a key word, its count), kept by trigger
-- like public.search_words: a word most providers have (the district town in every address)
-- does not narrow a search that has other words.
create table private.search_key_words (
  word text not null primary key,
  providers integer not null default 0
);
revoke all on private.search_key_words from public, anon, authenticated;
create index search_key_words_prefix_idx on private.search_key_words (word text_pattern_ops);

create or replace function private.search_key_words_of(p_key text) returns setof text
language sql immutable parallel safe
set search_path = pg_catalog, pg_temp
as $$
  select distinct w
    from regexp_split_to_table(coalesce(p_key, ''), '[ |#]+') as w
   where char_length(w) between 2 and 40 and w !~ '^[0-9]+$'
$$;
revoke all on function private.search_key_words_of(text) from public, anon, authenticated;

create or replace function private.add_search_key_words() returns trigger
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
revoke all on function private.add_search_key_words() from public, anon, authenticated;

create trigger service_providers_search_key_words after insert or delete or update on public.service_providers
  for each row execute function private.add_search_key_words();

insert into private.search_key_words (word, providers)
select w, count(*) from public.service_providers p, private.search_key_words_of(p.search_key) as w
 where p.status = 'approved' group by w;


-- An exact name or business name (in either script) is found through these: the name part and
-- the business part of the search key.
create index service_providers_name_key_idx on public.service_providers
  (split_part(split_part(search_key, ' # ', 1), ' | ', 1)) where status = 'approved';
create index service_providers_business_key_idx on public.service_providers
  (split_part(split_part(search_key, ' # ', 1), ' | ', 2)) where status = 'approved';

-- Search: relevance first, then the chosen sort (see ../README.md, "Search: how results are
-- ranked"). Arguments, columns and the list (no query) as 0007.
create or replace function public.search_providers(p_query text default null, p_category text default null,
  p_min_rating numeric default 0, p_verified text default 'all', p_sort text default 'rating_desc',
  p_limit integer default 20, p_offset integer default 0, p_available boolean default false)
returns table(id uuid, name text, business_name text, mobile text, category text, specialist_in text,
  experience integer, address text, verified boolean, registration_date timestamp with time zone,
  avg_rating numeric, rating_count integer, on_leave_until date, opening_hours jsonb, total_count bigint)
language plpgsql stable security definer
set search_path to 'public', 'extensions', 'pg_temp'
as $_$
declare
  -- Absurd input is cut, never an error: 100 characters, whitespace collapsed.
  v_q text := lower(btrim(regexp_replace(left(coalesce(p_query, ''), 400), '[[:space:][:cntrl:]]+', ' ', 'g')));
  v_like text;
  v_digits text;
  v_digits_like text;
  v_tokens text[];
  v_token text;
  v_key text;
  v_cats text[] := '{}';
  v_scores numeric[] := '{}';
  v_cat_tokens integer[] := '{}';
  v_pats text[] := '{}';
  v_qkey text;
  v_words text[] := '{}';
  v_category text := nullif(btrim(coalesce(p_category, '')), '');
  v_verified text := coalesce(nullif(btrim(p_verified), ''), 'all');
  v_sort text := coalesce(nullif(btrim(p_sort), ''), 'rating_desc');
  v_min numeric := greatest(coalesce(p_min_rating, 0), 0);
  v_limit integer := least(greatest(coalesce(p_limit, 20), 1), 100);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_filters text := 'p.status = ''approved''';
  v_cols constant text := 'p.id, p.name, p.business_name, p.mobile, p.category, p.specialist_in, p.experience,'
    || ' p.address, p.verified, p.registration_date, p.avg_rating::numeric as avg_rating, p.rating_count,'
    || ' p.on_leave_until, p.opening_hours';
  -- Rows are read joined with their category's totals, the prior of the Bayesian average.
  v_from constant text := 'public.service_providers p left join public.category_stats s on s.category = p.category';
  -- The text part (thousands of rows for a common name): the prior's 5 * mean computed once
  -- per category, not once per row (a numeric division each). Same value as rating_score.
  -- Not joined when sorting by newly added (no score).
  v_from_text text := 'public.service_providers p left join (select c.category,'
    || ' 5 * coalesce(c.rating_sum::numeric / nullif(c.rating_count, 0), 3) as prior5'
    || ' from public.category_stats c) s on s.category = p.category';
  v_catrel constant text := 'coalesce(($12)[array_position($2, p.category)], 0) * 100';
  -- In the text part: 0 (integer arithmetic, not numeric, per row) when no category matched.
  v_catrel_text text;
  -- What ranking needs of a row (its order keys); the page's rows are read in full at the end.
  v_keys constant text := 'p.id, public.rating_score(s.rating_sum, s.rating_count, p.rating_sum, p.rating_count) as score,'
    || ' p.rating_count, p.registration_date';
  -- The same keys in the text part: public.rating_score(...) written out over v_from_text
  -- (15: 5 * 3, the prior of a category without totals), and no score when it is not an
  -- order key (newly added).
  v_keys_text text;
  v_score_text constant text := '(coalesce(s.prior5, 15) + coalesce(p.rating_sum, 0)) / (5 + coalesce(p.rating_count, 0))';
  v_order text;
  v_order_text text;
  v_order_out text;
  v_total bigint;
  v_pass integer;
  v_rows bigint;
  v_catpart text;
  v_text text;
  v_rel text;
  v_all text;
  v_inname text;
  v_exact text;
  v_exact_rel text;
  v_common boolean[] := '{}';
  v_approved bigint;
  v_freq bigint;
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
    v_order_text := v_score_text || ' desc, p.rating_count desc, p.registration_date desc, p.id';
    v_order_out := 'score desc, rating_count desc, registration_date desc, id';
  end if;
  v_keys_text := case when v_sort = 'newly_added' then 'p.id, null::numeric as score' else 'p.id, ' || v_score_text || ' as score' end
    || ', p.rating_count, p.registration_date';
  if v_sort = 'newly_added' then
    v_from_text := 'public.service_providers p';
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

  -- Category words, by meaning: each word of the query (or two words together) that is a
  -- keyword of categories (1), a word of a keyword of several words (0.5) or the start of a
  -- keyword (0.3, a word being typed) votes for them, its vote shared among the categories it
  -- names ("mistri" names five, "light" two); a category's score is its votes over the number
  -- of category words in the query (so "khan tailor" puts tailors before other Khans).
  -- Categories under a quarter of the best score are left out (noise of a shared word).
  with tok as (
    select u.t, u.i::integer as i from unnest(v_tokens) with ordinality as u(t, i)
  ), hit as (
    select k.stored_value, tok.i, 1.0 as w
      from tok join public.service_category_keywords k on k.keyword = tok.t
    union all
    select k.stored_value, x.i, 1.0
      from tok a join tok b on b.i = a.i + 1
      join public.service_category_keywords k on k.keyword = a.t || ' ' || b.t
      cross join lateral (values (a.i), (b.i)) as x(i)
    union all
    select k.stored_value, tok.i, 0.5
      from tok join public.service_category_keywords k
        on k.keyword like '% %' and tok.t = any (string_to_array(k.keyword, ' '))
    union all
    select k.stored_value, tok.i, 0.3
      from tok join public.service_category_keywords k
        on char_length(tok.t) >= 3
       and k.keyword like replace(replace(replace(tok.t, '\', '\\'), '%', '\%'), '_', '\_') || '%'
  ), best as (
    select h.stored_value, h.i, max(h.w) as w from hit h group by h.stored_value, h.i
  ), shared as (
    select b.stored_value, b.i, b.w, b.w / count(*) over (partition by b.i) as v from best b
  ), cat as (
    select sh.stored_value,
           sum(sh.v) / greatest((select count(distinct x.i) from shared x where x.w >= 0.5), 1) as score
      from shared sh group by sh.stored_value
  )
  select coalesce(array_agg(c.stored_value order by c.score desc, c.stored_value), '{}'),
         coalesce(array_agg(round(c.score, 4) order by c.score desc, c.stored_value), '{}'),
         coalesce((select array_agg(distinct sh.i) from shared sh where sh.w >= 0.5), '{}')
    into v_cats, v_scores, v_cat_tokens
    from cat c
   where c.score * 4 >= (select max(m.score) from cat m);

  -- Name words: the other words, as phonetic keys matched at the start of a word (a key of two
  -- letters: the whole word; of one: not at all). A word that
  -- more than a fifth of the providers have (the town in every address) is dropped when the
  -- query has other words to go by.
  select coalesce(sum(s.approved), 0) into v_approved from public.category_stats s;
  for v_pass in 1 .. cardinality(v_tokens) loop
    if not (v_pass = any (v_cat_tokens)) then
      v_key := private.phonetic_key(v_tokens[v_pass]);
      if char_length(v_key) >= 3 then
        select coalesce(sum(w.providers), 0) into v_freq
          from private.search_key_words w where w.word like v_key || '%';
        v_pats := v_pats || ('% ' || v_key || '%');
        v_common := v_common || (v_freq * 5 > v_approved);
      elsif char_length(v_key) = 2 then
        -- Two consonants (Ram, rm) start too many words (Ramesh, Rampur): the whole word.
        select coalesce(sum(w.providers), 0) into v_freq
          from private.search_key_words w where w.word = v_key;
        v_pats := v_pats || ('% ' || v_key || ' %');
        v_common := v_common || (v_freq * 5 > v_approved);
      end if;
    end if;
  end loop;
  if (false = any (v_common)) or cardinality(v_cat_tokens) > 0 then
    v_pats := array(select x.pat from unnest(v_pats, v_common) as x(pat, common) where not x.common);
  end if;
  v_qkey := private.phonetic_key(v_q);

  -- The exact business name or name, as written or in the other script: the whole name part or
  -- business part of the search key (btree indexes on both).
  -- v_exact_rel: the same test for a row already found, cheaper than four split_parts (the key
  -- is ' <name> | <business> # ...', and a phonetic key has no '|' or '#').
  if char_length(v_qkey) >= 2 then
    v_exact := '(split_part(split_part(p.search_key, '' # '', 1), '' | '', 1) = '' '' || $14'
      || ' or split_part(split_part(p.search_key, '' # '', 1), '' | '', 2) = $14)';
    v_exact_rel := '(starts_with(p.search_key, ' || quote_literal(' ' || v_qkey || ' | ') || ')'
      || ' or strpos(p.search_key, ' || quote_literal(' | ' || v_qkey || ' # ') || ') > 0)';
  else
    v_exact := 'false';
    v_exact_rel := 'false';
  end if;
  if cardinality(v_pats) > 0 then
    select string_agg('p.search_key like ($13)[' || i || ']', ' and '),
           string_agg('split_part(p.search_key, '' # '', 1) like ($13)[' || i || ']', ' and ')
      into v_all, v_inname
      from generate_subscripts(v_pats, 1) as i;
    v_all := '(' || v_all || ')';
    v_inname := '(' || v_inname || ')';
  end if;

  for v_pass in 1..2 loop
    v_catrel_text := case when cardinality(v_cats) > 0 then v_catrel else '0' end;
    if v_pass = 1 then
      -- Found by: every name word (any field), the query as written (3+ characters), a phone
      -- number, or the exact name. A query of category words only finds by category.
      -- The exact name last: a row is rechecked with the cheapest test first.
      v_text := '(' || coalesce(v_all || ' or ', '')
        || case when char_length(v_q) >= 3 and (cardinality(v_pats) > 0 or cardinality(v_cats) = 0)
             then 'p.search_text like $1 or ' else '' end
        || case when v_digits_like is not null then 'p.search_text like $3 or ' else '' end
        || v_exact || ')';
      v_rel := 'case when ' || v_exact_rel || ' then 1000 else 0 end + ' || v_catrel_text
        || coalesce(' + case when ' || v_inname || ' then 50 else 0 end', '') || ' + 20';
    else
      -- Nothing matched as written: allow typos.
      if char_length(v_q) < 4 then
        return;
      end if;
      -- pg_trgm's % operator threshold, for this transaction only (a function-level
      -- SET clause would cost every call).
      perform set_config('pg_trgm.similarity_threshold', '0.4', true);
      v_cats := '{}';
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
      v_cats := array(select distinct c from unnest(v_cats) c order by c);
      v_scores := array_fill(0.5::numeric, array[cardinality(v_cats)]);
      if cardinality(v_cats) = 0 and cardinality(v_words) = 0 then
        return;
      end if;
      select coalesce('(' || string_agg('p.search_text like $10[' || i || ']', ' or ') || ')', 'false') into v_text
        from generate_subscripts(v_words, 1) as i;
      v_catrel_text := case when cardinality(v_cats) > 0 then v_catrel else '0' end;
      v_rel := v_catrel_text || ' + case when ' || v_text || ' then 20 else 0 end';
    end if;

    -- Category part: counted from category_stats (or an index-only scan), paged by ordered
    -- index scans, each matched category on its own, without the rows the text part has.
    -- Text part: one pass, ranked, counted by a window (the rows outside the categories).
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
      select string_agg('(select ' || v_keys || ', ' || v_catrel || ' as rel from ' || v_from || ' where ' || v_filters
             || ' and p.category = ($2)[' || i || '] and not ' || v_text || ' order by ' || v_order || ' limit $7 + $8)', ' union all ')
        into v_catpart
        from generate_subscripts(v_cats, 1) as i;
    elsif cardinality(v_cats) > 12 then
      v_catpart := '(select ' || v_keys || ', ' || v_catrel || ' as rel from ' || v_from || ' where ' || v_filters
        || ' and p.category = any ($2) and not ' || v_text || ' order by ' || v_catrel || ' desc, ' || v_order || ' limit $7 + $8)';
    else
      v_catpart := null;
    end if;
    return query execute
      'with t as materialized (select ' || v_keys_text || ', ' || v_rel || ' as rel,'
      || ' count(*) filter (where not (p.category = any ($2))) over () as n from ' || v_from_text || ' where '
      || v_filters || ' and ' || v_text || ' order by rel desc, ' || v_order_text || ' limit $7 + $8),'
      || ' x as (select t.id, t.score, t.rating_count, t.registration_date, t.rel from t'
      || coalesce(' union all ' || v_catpart, '')
      || ' order by rel desc, ' || v_order_out || ' limit $7 offset $8)'
      || ' select ' || v_cols || ', ($11 + coalesce((select t.n from t limit 1), 0))::bigint'
      || ' from x join public.service_providers p on p.id = x.id order by x.rel desc, '
      || replace(replace(replace(replace(v_order_out, 'score', 'x.score'), 'rating_count', 'x.rating_count'),
                         'registration_date', 'x.registration_date'), ' id', ' x.id')
      using v_like, v_cats, v_digits_like, v_q, v_category, v_min, v_limit, v_offset, null::bigint, v_words, v_total,
            v_scores, v_pats, v_qkey;
    get diagnostics v_rows = row_count;
    -- Rows found, or a page past the end: done. Nothing at all: try typos once.
    exit when v_rows > 0 or v_offset > 0 or v_total > 0;
  end loop;
end
$_$;
