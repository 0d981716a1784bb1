-- The directory API: search and registration.
--
-- The current rules (see ../README.md, "The schema"). "(from NNNN)": the migration whose CREATE
-- made the object as it stands (later ALTERs may have added columns or constraints). A change
-- here needs a new migration too: tests/production/schema-files.test.ts says when they differ.

-- Registration: a pending listing owned by the signed-in phone; a name and an address of at
-- least 2 letters, a name not only digits. (from 0012; public.register_provider until 0018,
-- which made it the core of the public function below)
create or replace function private.register_provider_core(
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
  if private.letter_count(v_name) < 2 then
    raise exception using errcode = '23514', message = 'name must have at least 2 letters (not only digits)', detail = 'name';
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
  if private.letter_count(v_address) < 2 then
    raise exception using errcode = '23514', message = 'address must have at least 2 letters', detail = 'address';
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

-- 0019's search_providers (relevance first, then the chosen sort: see ../README.md, "Search: how
-- results are ranked"), and p_ids / p_ids_in: only the rows of a set, or only the others; the
-- limit up to 1,000. The order of public.search_providers below. As 0023, and the name words of a
-- search read from private.search_postings (0025; see ../README.md, "Postings"); p_keys_only: the ids
-- and the total only (0028). (from 0028)
CREATE FUNCTION private.search_providers_core(p_query text default null, p_category text default null,
  p_min_rating numeric default 0, p_verified text default 'all', p_sort text default 'rating_desc',
  p_limit integer default 20, p_offset integer default 0, p_available boolean default false,
  p_ids uuid[] default null, p_ids_in boolean default true, p_ids_count bigint default null,
  p_keys_only boolean default false)
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
  v_limit integer := least(greatest(coalesce(p_limit, 20), 1), 1000);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_filters text := 'p.status = ''approved''';
  v_cols constant text := 'p.id, p.name, p.business_name, p.mobile, p.category, p.specialist_in, p.experience,'
    || ' p.address, p.verified, p.registration_date, p.avg_rating::numeric as avg_rating, p.rating_count,'
    || ' p.on_leave_until, p.opening_hours';
  -- Rows are read joined with their category's totals, the prior of the Bayesian average.
  -- p_keys_only: the columns as nulls, but the id (0028).
  v_no_cols constant text := 'x.id, null::text, null::text, null::text, null::text, null::text, null::integer, null::text,'
    || ' null::boolean, null::timestamp with time zone, null::numeric, null::integer, null::date, null::jsonb';
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
  -- A list of every category by rating: the largest category mean, the rating counts, the bound.
  v_maxprior numeric;
  v_counts integer[];
  v_bound numeric;
  v_found uuid[];
  -- 0025: the name words from private.search_postings (v_post), the filters on it (v_pfilters),
  -- the rows with the exact name (v_exact_ids), the matches (v_usql).
  v_post boolean;
  v_pfilters text;
  v_exact_ids uuid[] := '{}';
  v_usql text;
  v_other text;
  v_npats integer;
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
  -- 0022: only the rows of p_ids (p_ids_in) or only the others; the others are counted from
  -- category_stats less the rows of p_ids (in a list, less p_ids_count when given).
  if p_ids is not null then
    v_filters := v_filters || case when coalesce(p_ids_in, true) then ' and p.id = any ($15)' else ' and not (p.id = any ($15))' end;
    v_stats := v_stats and not coalesce(p_ids_in, true);
  end if;
  -- The same filters on private.search_postings (approved rows only; the columns carried).
  v_pfilters := 'true' || substr(v_filters, char_length('p.status = ''approved''') + 1);

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
      if p_ids is not null and p_ids_count is not null then
        v_total := v_total - p_ids_count;
      elsif p_ids is not null then
        select v_total - count(*) into v_total from public.service_providers p
         where p.id = any (p_ids) and p.status = 'approved'
           and (v_category is null or (upper(v_category) = 'OTHERS' and p.category like 'OTHERS:%') or p.category = v_category)
           and (v_verified = 'all' or p.verified = (v_verified = 'verified'));
      end if;
    else
      execute 'select count(*) from public.service_providers p where ' || v_filters
        into v_total
        using v_like, v_cats, v_digits_like, v_q, v_category, v_min, v_limit, v_offset, null::bigint, null::text[], null::bigint, null::numeric[], null::text[], null::text, p_ids;
    end if;
    if v_total = 0 or v_offset >= v_total then
      return;
    end if;
    -- Every category by rating (0023): no index gives this order (a row's score depends on its
    -- category's mean), and sorting every provider costs ~150 ms at 50,000. A row with n
    -- ratings summing s scores (5 m + s) / (5 + n) <= (5 M + s) / (5 + n), M the largest
    -- category mean: so with T the page's last score among a sample (the best sums of each
    -- rating count, from service_providers_rating_count_idx), every row that can be on the page
    -- has s >= T (5 + n) - 5 M, a range of that index per rating count. Exact: the rows found
    -- are ranked in the order of 0019. When T does not exceed M (few ratings; unrated rows score
    -- their category's mean), the plain sort.
    if v_category is null and v_sort = 'rating_desc' and v_total > v_offset + v_limit then
      select greatest(coalesce(max(coalesce(s.rating_sum::numeric / nullif(s.rating_count, 0), 3)), 3), 3)
        into v_maxprior from public.category_stats s;
      v_counts := array(
        with recursive g(n) as (
          (select p.rating_count from public.service_providers p where p.status = 'approved'
            order by p.rating_count limit 1)
          union all
          select (select p.rating_count from public.service_providers p
                   where p.status = 'approved' and p.rating_count > g.n order by p.rating_count limit 1)
            from g where g.n is not null)
        select g.n from g where g.n is not null);
      execute 'select k.score from unnest($16::integer[]) as g(n) cross join lateral (select '
        || 'public.rating_score(s.rating_sum, s.rating_count, p.rating_sum, p.rating_count) as score from '
        || v_from || ' where ' || v_filters || ' and p.rating_count = g.n order by p.rating_sum desc limit $7 + $8) k'
        || ' order by k.score desc offset $7 + $8 - 1 limit 1'
        into v_bound
        using v_like, v_cats, v_digits_like, v_q, v_category, v_min, v_limit, v_offset, v_total, null::text[], null::bigint, null::numeric[], null::text[], null::text, p_ids,
              v_counts;
      if v_bound - 0.001 > v_maxprior then
        execute 'select array_agg(x.id) from unnest($16::integer[]) as g(n) cross join lateral (select p.id'
          || ' from public.service_providers p where ' || v_filters || ' and p.rating_count = g.n'
          || ' and p.rating_sum >= ceil($17 * (5 + g.n) - 5 * $18 - 0.001)::integer offset 0) x'
          into v_found
          using v_like, v_cats, v_digits_like, v_q, v_category, v_min, v_limit, v_offset, v_total, null::text[], null::bigint, null::numeric[], null::text[], null::text, p_ids,
                v_counts, v_bound, v_maxprior;
        return query execute
          'select ' || v_cols || ', $9::bigint from ' || v_from || ' where p.id = any ($16)'
          || ' order by ' || v_order || ' limit $7 offset $8'
          using v_like, v_cats, v_digits_like, v_q, v_category, v_min, v_limit, v_offset, v_total, null::text[], null::bigint, null::numeric[], null::text[], null::text, p_ids,
                v_found;
        return;
      end if;
    end if;
    return query execute
      'select ' || v_cols || ', $9::bigint from ' || v_from || ' where ' || v_filters
      || ' order by ' || v_order || ' limit $7 offset $8'
      using v_like, v_cats, v_digits_like, v_q, v_category, v_min, v_limit, v_offset, v_total, null::text[], null::bigint, null::numeric[], null::text[], null::text, p_ids;
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
  -- Postings (0025): each name word is a key of [a-z0-9] (no space, no LIKE metacharacter), so
  -- search_key like '% key%' is a word starting with key, '% key %' a word equal to it: ranges
  -- of private.search_postings. Off (the plain path) for a key with a space, without name words,
  -- or when city.search_postings is 'off' (the tests compare both).
  v_post := cardinality(v_pats) > 0
    and coalesce(current_setting('city.search_postings', true), '') is distinct from 'off'
    and not exists (select 1 from unnest(v_pats) as x(pat) where x.pat !~ '^% [a-z0-9]+ ?%$');
  if v_post then
    if char_length(v_qkey) >= 2 then
      v_exact_ids := array(
        select p.id from public.service_providers p
         where p.status = 'approved'
           and (split_part(split_part(p.search_key, ' # ', 1), ' | ', 1) = ' ' || v_qkey
                or split_part(split_part(p.search_key, ' # ', 1), ' | ', 2) = v_qkey));
    end if;
    -- Each pattern: one row per provider (inname: the pattern holds in the name | business part).
    select string_agg(
             case when right(x.pat, 2) = ' %'
               then 'select p.id, p.category, p.rating_sum, p.rating_count, p.registration_date, p.in_name_mid as inname'
                    || ' from private.search_postings p where ' || v_pfilters || ' and p.word = ' || quote_literal(x.k)
               else 'select p.id, p.category, p.rating_sum, p.rating_count, p.registration_date, bool_or(p.in_name) as inname'
                    || ' from private.search_postings p where ' || v_pfilters || ' and p.word >= ' || quote_literal(x.k)
                    || ' and p.word < ' || quote_literal(left(x.k, -1) || chr(ascii(right(x.k, 1)) + 1))
                    || ' group by p.id, p.category, p.rating_sum, p.rating_count, p.registration_date'
             end, ' union all ' order by x.i),
           count(*)
      into v_usql, v_npats
      from (select u.i, u.pat, btrim(substr(u.pat, 3, char_length(u.pat) - 3)) as k
              from unnest(v_pats) with ordinality as u(pat, i)) x;
    -- Every pattern: the providers in each.
    if v_npats > 1 then
      v_usql := 'select x.id, x.category, x.rating_sum, x.rating_count, x.registration_date, bool_and(x.inname) as inname'
        || ' from (' || v_usql || ') x group by x.id, x.category, x.rating_sum, x.rating_count, x.registration_date'
        || ' having count(*) = ' || v_npats;
    end if;
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

    if v_pass = 1 and v_post then
      -- Postings for every name word (v_all); the other ways of being found (as written, a phone
      -- number, the exact name) on service_providers as before, without those rows.
      v_other := case when char_length(v_q) >= 3 and (cardinality(v_pats) > 0 or cardinality(v_cats) = 0)
                   then 'p.search_text like $1 or ' else '' end
        || case when v_digits_like is not null then 'p.search_text like $3 or ' else '' end
        || v_exact;
      v_usql := 'u as (select m.id, m.category, m.rating_sum, m.rating_count, m.registration_date, m.inname,'
        || ' m.id = any ($16) as exact from (' || v_usql || ') m'
        || case when v_other = 'false' then '' else
             ' union all select p.id, p.category, p.rating_sum, p.rating_count, p.registration_date, '
             || v_inname || ', ' || v_exact_rel || ' from public.service_providers p where ' || v_filters
             || ' and (' || v_other || ') and not ' || v_all end
        || '), t as materialized (select ' || v_keys_text || ', case when p.exact then 1000 else 0 end + ' || v_catrel_text
        || ' + case when p.inname then 50 else 0 end + 20 as rel,'
        || ' count(*) filter (where not (p.category = any ($2))) over () as n from '
        || replace(v_from_text, 'public.service_providers p', 'u p')
        || ' order by rel desc, ' || v_order_text || ' limit $7 + $8)';
    else
      v_usql := 't as materialized (select ' || v_keys_text || ', ' || v_rel || ' as rel,'
        || ' count(*) filter (where not (p.category = any ($2))) over () as n from ' || v_from_text || ' where '
        || v_filters || ' and ' || v_text || ' order by rel desc, ' || v_order_text || ' limit $7 + $8)';
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
      if p_ids is not null then
        select v_total - count(*) into v_total from public.service_providers p
         where p.id = any (p_ids) and p.status = 'approved' and p.category = any (v_cats)
           and (v_category is null or (upper(v_category) = 'OTHERS' and p.category like 'OTHERS:%') or p.category = v_category)
           and (v_verified = 'all' or p.verified = (v_verified = 'verified'));
      end if;
    else
      execute 'select count(*) from public.service_providers p where ' || v_filters || ' and p.category = any ($2)'
        into v_total
        using v_like, v_cats, v_digits_like, v_q, v_category, v_min, v_limit, v_offset, null::bigint, null::text[], null::bigint, null::numeric[], null::text[], null::text, p_ids;
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
      'with ' || v_usql || ','
      || ' x as (select t.id, t.score, t.rating_count, t.registration_date, t.rel from t'
      || coalesce(' union all ' || v_catpart, '')
      || ' order by rel desc, ' || v_order_out || ' limit $7 offset $8)'
      -- p_keys_only (0028): the ids in order and the total, no row read again (a search with a
      -- place tests its first matches itself).
      || ' select ' || case when coalesce(p_keys_only, false) then v_no_cols else v_cols end
      || ', ($11 + coalesce((select t.n from t limit 1), 0))::bigint'
      || ' from x' || case when coalesce(p_keys_only, false) then '' else ' join public.service_providers p on p.id = x.id' end
      || ' order by x.rel desc, '
      || replace(replace(replace(replace(v_order_out, 'score', 'x.score'), 'rating_count', 'x.rating_count'),
                         'registration_date', 'x.registration_date'), ' id', ' x.id')
      using v_like, v_cats, v_digits_like, v_q, v_category, v_min, v_limit, v_offset, null::bigint, v_words, v_total,
            v_scores, v_pats, v_qkey, p_ids, v_exact_ids;
    get diagnostics v_rows = row_count;
    -- Rows found, or a page past the end: done. Nothing at all: try typos once.
    exit when v_rows > 0 or v_offset > 0 or v_total > 0;
  end loop;
end
$_$;


-- Km between two points (equirectangular: within a district, under 0.1 % from the great circle),
-- an expression the planner inlines (public.distance_km has a search_path, so it is a call per
-- row, and its haversine costs more): distances to many places per call. (from 0022)
CREATE FUNCTION private.km(lat1 double precision, lon1 double precision, lat2 double precision, lon2 double precision)
returns double precision
language sql immutable parallel safe
as $$
  select 111.19508 * sqrt(power(lat2 - lat1, 2) + power((lon2 - lon1) * cos(radians((lat1 + lat2) / 2)), 2))
$$;

-- The tehsil of a place (a village's parent; a town's or a ward's town's parent when it is a
-- tehsil), or nothing. (from 0022)
CREATE FUNCTION private.place_tehsil(p_kind text, p_code text)
returns text
language sql stable
set search_path to 'public', 'pg_temp'
as $$
  select case
           when p.kind = 'tehsil' then p.code
           when p.parent_kind = 'tehsil' then p.parent_code
           when p.kind = 'ward' then (select t.parent_code from public.places t
                                       where t.kind = p.parent_kind and t.code = p.parent_code and t.parent_kind = 'tehsil')
         end
    from public.places p where p.kind = p_kind and p.code = p_code
$$;

-- A place named in a search query (issue 27 item 4): one or two words that are the whole
-- English or Hindi name of a village, ward or town, compared as phonetic keys (Lalbagh,
-- लालबाग: lbg), with "in", "near", "mein", "में", "के पास" around it. Returns the place and the
-- query without those words; nothing when the query is a provider's whole name or business
-- name ("Sitapur Plumber Centre" stays a name). Several places of one name: a ward, then a
-- town, then a village, the lowest code. (from 0022)
CREATE FUNCTION private.query_place(p_query text)
returns table(kind text, code text, rest text)
language plpgsql stable
set search_path to 'public', 'pg_temp'
as $$
declare
  v_q text := lower(btrim(regexp_replace(left(coalesce(p_query, ''), 100), '[[:space:][:cntrl:]]+', ' ', 'g')));
  v_tokens text[];
  v_n integer;
  v_len integer;
  v_i integer;
  v_key text;
  v_kind text;
  v_code text;
  v_rest text[];
  v_qkey text;
begin
  v_tokens := array(select t from unnest(string_to_array(v_q, ' ')) t where t <> '' limit 8);
  v_n := cardinality(v_tokens);
  if v_n = 0 then
    return;
  end if;
  v_qkey := private.phonetic_key(v_q);
  if char_length(v_qkey) >= 2 and exists (
       select 1 from public.service_providers p
        where p.status = 'approved'
          and (split_part(split_part(p.search_key, ' # ', 1), ' | ', 1) = ' ' || v_qkey
               or split_part(split_part(p.search_key, ' # ', 1), ' | ', 2) = v_qkey)) then
    return;
  end if;
  -- Two words first (Nawabpur Khurd), then one.
  for v_len in reverse 2 .. 1 loop
    for v_i in 1 .. v_n - v_len + 1 loop
      v_key := private.phonetic_key(array_to_string(v_tokens[v_i : v_i + v_len - 1], ' '));
      continue when char_length(v_key) < 3;
      select pl.kind, pl.code into v_kind, v_code
        from public.places pl
       where pl.kind = any (array['ward', 'town', 'village'])
         and (private.phonetic_key(pl.name_en) = v_key or private.phonetic_key(pl.name_hi) = v_key)
       order by array_position(array['ward', 'town', 'village'], pl.kind), pl.code
       limit 1;
      if v_code is not null then
        v_rest := v_tokens[1 : v_i - 1] || v_tokens[v_i + v_len : v_n];
        -- The words that tie a place to the service.
        v_rest := array(select t from unnest(v_rest) t
                         where t <> all (array['in', 'near', 'at', 'mein', 'me', 'में', 'के', 'पास', 'ke', 'paas', 'pass', 'gaon', 'gaanv', 'गाँव', 'गांव', 'mohalla', 'मोहल्ला', 'ward', 'वार्ड']));
        return query select v_kind, v_code, array_to_string(v_rest, ' ');
        return;
      end if;
    end loop;
  end loop;
end
$$;

-- Lists and search near the visitor's place (issue 27 items 3 and 4): as 0019 (private.search_providers_core,
-- unchanged order without a place), and with a place (p_place_kind, p_place_code; the server
-- reads its centre) or a place named in the query: who serves it first (their own place;
-- 'nearby' within serve_radius_km of their place's centre; 'tehsil' the same tehsil; 'list'
-- through provider_serves), by distance, then the order of 0019; then everyone else in the
-- order of 0019. p_serves_only: only who serves it. Each row: the provider's place,
-- serves_visitor, distance_km (null without both centres). Unknown place: 23503, detail
-- 'place'. See ../README.md, "Search: how results are ranked". (from 0028)
CREATE FUNCTION public.search_providers(p_query text default null, p_category text default null,
  p_min_rating numeric default 0, p_verified text default 'all', p_sort text default 'rating_desc',
  p_limit integer default 20, p_offset integer default 0, p_available boolean default false,
  p_place_kind text default null, p_place_code text default null, p_serves_only boolean default false)
returns table(id uuid, name text, business_name text, mobile text, category text, specialist_in text,
  experience integer, address text, verified boolean, registration_date timestamp with time zone,
  avg_rating numeric, rating_count integer, on_leave_until date, opening_hours jsonb, total_count bigint,
  place_kind text, place_code text, place_name_en text, place_name_hi text, serves_visitor boolean,
  distance_km double precision)
language plpgsql stable security definer
set search_path to 'public', 'extensions', 'pg_temp'
as $_$
declare
  v_kind text := nullif(btrim(coalesce(p_place_kind, '')), '');
  v_code text := nullif(btrim(coalesce(p_place_code, '')), '');
  v_query text := p_query;
  v_only boolean := coalesce(p_serves_only, false);
  v_limit integer := least(greatest(coalesce(p_limit, 20), 1), 100);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_lat double precision;
  v_lon double precision;
  v_tehsil text;
  v_found record;
  v_ids uuid[];
  v_dists double precision[];
  v_sorted uuid[];
  v_n bigint;
  v_more uuid[] := '{}';
  v_rest uuid[] := '{}';
  v_rest_n bigint;
  v_page uuid[];
  v_need integer;
  -- A search sorts who serves the place by distance among its first v_cap matches.
  v_cap constant integer := 200;
  v_reach integer;
  v_towns text[];
  v_list boolean;
  -- A search's matches read so far (0023): ids, who serves, distances.
  v_chunk uuid[];
  v_total bigint;
  v_matches bigint;
  v_scan integer;
  v_fetched integer := 0;
  v_done boolean;
  v_m_ids uuid[] := '{}';
  v_m_serves boolean[] := '{}';
  v_m_dists double precision[] := '{}';
  -- A list without a filter: the distance of the page's last server.
  v_edge double precision;
  v_near uuid[];
  v_near_dists double precision[];
  -- A list of every category without a filter (0024): the ring searched, and whether it was enough.
  v_ring double precision;
  v_ringed boolean := false;
  v_catsize bigint;
  v_allsize bigint;
  -- max_parallel_workers_per_gather as the caller had it (0024).
  v_parallel text;
  v_category text := nullif(btrim(coalesce(p_category, '')), '');
  v_verified text := coalesce(nullif(btrim(p_verified), ''), 'all');
  v_sort text := coalesce(nullif(btrim(p_sort), ''), 'rating_desc');
  v_min numeric := greatest(coalesce(p_min_rating, 0), 0);
  v_available boolean := coalesce(p_available, false);
begin
  if v_kind is null and v_code is null and p_query is not null and btrim(p_query) <> '' then
    select q.kind, q.code, q.rest into v_found from private.query_place(p_query) q;
    if v_found.code is not null then
      v_kind := v_found.kind;
      v_code := v_found.code;
      v_query := v_found.rest;
      -- A query that is only a place: who serves it.
      v_only := v_only or btrim(v_query) = '';
    end if;
  end if;

  if v_kind is null and v_code is null then
    return query
      select c.id, c.name, c.business_name, c.mobile, c.category, c.specialist_in, c.experience, c.address,
             c.verified, c.registration_date, c.avg_rating, c.rating_count, c.on_leave_until, c.opening_hours,
             c.total_count, sp.place_kind, sp.place_code, pl.name_en, pl.name_hi, false, null::double precision
        from private.search_providers_core(p_query, p_category, p_min_rating, p_verified, p_sort, v_limit, v_offset, p_available)
             with ordinality as c(id, name, business_name, mobile, category, specialist_in, experience, address,
                                  verified, registration_date, avg_rating, rating_count, on_leave_until, opening_hours,
                                  total_count, ord)
        join public.service_providers sp on sp.id = c.id
        left join public.places pl on pl.kind = sp.place_kind and pl.code = sp.place_code
       order by c.ord;
    return;
  end if;

  if v_verified not in ('all', 'verified', 'unverified') then
    raise exception using errcode = '22023', message = 'p_verified must be all, verified or unverified';
  end if;
  if v_sort not in ('rating_desc', 'newly_added') then
    raise exception using errcode = '22023', message = 'p_sort must be rating_desc or newly_added';
  end if;
  v_list := btrim(coalesce(v_query, '')) = '';
  perform private.check_size(v_kind, 20, 'place');
  perform private.check_size(v_code, 20, 'place');
  select pl.lat_float, pl.lon_float into v_lat, v_lon
    from public.places pl where pl.kind = v_kind and pl.code = v_code;
  if not found then
    raise exception using errcode = '23503', message = 'unknown place: ' || coalesce(v_kind, 'null') || ' ' || coalesce(v_code, 'null'),
      detail = 'place';
  end if;
  v_tehsil := private.place_tehsil(v_kind, v_code);

  -- A list without a filter (0024), of every category or of a large one (1 % of the providers or
  -- more, 500 at 50,000; not only who serves): the page is the servers nearest the place (by
  -- distance, then the list's order), so only those within v_ring km are gathered: their own
  -- place, the places within v_ring (nearby: the radius reaches; tehsil: the same tehsil), the
  -- lists that name it with their place within v_ring; 3 km, then 10. Once they are at least
  -- offset + limit, the page's last is among them and all as near are: the same page as the
  -- whole set. The total: the approved providers (category_stats), or with p_serves_only the
  -- number who serve, counted without gathering them. Otherwise the ways below.
  if v_list and v_category is not null then
    select coalesce(sum(s.approved) filter (where (upper(v_category) = 'OTHERS' and s.category like 'OTHERS:%')
                                               or s.category = v_category), 0),
           coalesce(sum(s.approved), 0)
      into v_catsize, v_allsize
      from public.category_stats s;
  end if;
  if v_list and v_verified = 'all' and v_min = 0 and not v_available and v_lat is not null
     and (v_category is null or (not v_only and v_catsize * 100 >= v_allsize)) then
    v_towns := array(select tw.code from public.places tw
                      where v_tehsil is not null and tw.kind = 'town' and tw.parent_kind = 'tehsil' and tw.parent_code = v_tehsil);
    foreach v_ring in array array[3, 10]::double precision[] loop
      execute $q$
      with r as materialized (
        select d.kind, d.code, d.parent_kind, d.parent_code, d.dist from (
          select pl.kind, pl.code, pl.parent_kind, pl.parent_code,
                 private.km($1, $2, pl.lat_float, pl.lon_float) as dist
            from public.places pl
           where pl.lat is not null
             -- numeric bounds: a range of places_position_idx (a few places of 2,000)
             and pl.lat between ($1 - $3 / 111.0)::numeric and ($1 + $3 / 111.0)::numeric
             and pl.lon between ($2 - $3 / 95.0)::numeric and ($2 + $3 / 95.0)::numeric
             and pl.kind = any (array['village', 'ward', 'town'])) d
         where d.dist <= $3 and not (d.kind = $5 and d.code = $6)
      ), s as (
        select p.id, 0::double precision as dist from public.service_providers p
         where p.status = 'approved' and p.place_kind = $5 and p.place_code = $6
           and ($8::text is null or (case when $9 then p.category like 'OTHERS:%' else p.category = $8 end))
        union all
        select x.id, r.dist from r cross join lateral (
          select p.id from public.service_providers p
           where p.status = 'approved' and p.place_kind = r.kind and p.place_code = r.code
             and p.serve_mode = 'nearby' and p.serve_radius_km >= ceil(r.dist)::integer
             and ($8::text is null or (case when $9 then p.category like 'OTHERS:%' else p.category = $8 end)) offset 0) x
        union all
        select p.id, r.dist from r join public.service_providers p on p.place_kind = r.kind and p.place_code = r.code
         where $4 is not null and p.status = 'approved' and p.serve_mode = 'tehsil'
           and ($8::text is null or (case when $9 then p.category like 'OTHERS:%' else p.category = $8 end))
           and ((r.parent_kind = 'tehsil' and r.parent_code = $4) or (r.parent_kind = 'town' and r.parent_code = any ($7)))
        union all
        select y.id, y.dist from (
          select p.id, private.km($1, $2, pl.lat_float, pl.lon_float) as dist
            from public.provider_serves ps join public.service_providers p on p.id = ps.provider_id
            join public.places pl on pl.kind = p.place_kind and pl.code = p.place_code
           where ps.place_kind = $5 and ps.place_code = $6 and p.status = 'approved' and p.serve_mode = 'list'
             and not (p.place_kind = $5 and p.place_code = $6)
             and ($8::text is null or (case when $9 then p.category like 'OTHERS:%' else p.category = $8 end))) y
         where y.dist <= $3
      )
      select coalesce(array_agg(s.id), '{}'), coalesce(array_agg(s.dist), '{}') from s
      $q$
        into v_ids, v_dists
        using v_lat, v_lon, v_ring, v_tehsil, v_kind, v_code, v_towns, v_category, upper(v_category) = 'OTHERS';
      if cardinality(v_ids) >= v_offset + v_limit then
        v_ringed := true;
        exit;
      end if;
    end loop;
    v_towns := null;
  end if;

  -- A list of a category (hundreds of providers at 50,000): each of its providers is tested
  -- (their place's row, their list) rather than gathering everyone who serves the place
  -- (thousands), and all are ordered in one pass: who serves it by distance, then the others
  -- in the order of 0019. The same rules as the set below; the total from the same pass.
  if v_list and v_category is not null and not v_ringed then
    select max(p.serve_radius_km) into v_reach from public.service_providers p
     where p.status = 'approved' and p.serve_mode = 'nearby';
    v_towns := array(select tw.code from public.places tw
                      where v_tehsil is not null and tw.kind = 'town' and tw.parent_kind = 'tehsil' and tw.parent_code = v_tehsil);
    select coalesce(array_agg(x.id order by x.rn), '{}'), coalesce(array_agg(x.id) filter (where x.serves), '{}'),
           coalesce(max(x.n), 0)
      into v_sorted, v_ids, v_n
      from (select c.id, c.serves,
                   row_number() over (order by c.serves desc, case when c.serves then c.dist end nulls last,
                     c.score desc, c.rc desc, c.registration_date desc, c.id) as rn,
                   count(*) over () as n
              from (select p.id, p.registration_date,
                           case when v_sort = 'newly_added' then null
                                else public.rating_score(cs.rating_sum, cs.rating_count, p.rating_sum, p.rating_count) end as score,
                           case when v_sort = 'newly_added' then null else p.rating_count end as rc,
                           case when v_lat is not null
                                then private.km(v_lat, v_lon, pl.lat_float, pl.lon_float) end as dist,
                           coalesce((p.place_kind = v_kind and p.place_code = v_code)
                             or (p.serve_mode = 'nearby' and v_lat is not null and pl.lat is not null
                                 and pl.kind = any (array['village', 'ward', 'town'])
                                 and pl.lat_float between v_lat - coalesce(v_reach, 0)::double precision / 111.0 and v_lat + coalesce(v_reach, 0)::double precision / 111.0
                                 and pl.lon_float between v_lon - coalesce(v_reach, 0)::double precision / 95.0 and v_lon + coalesce(v_reach, 0)::double precision / 95.0
                                 and private.km(v_lat, v_lon, pl.lat_float, pl.lon_float) <= coalesce(v_reach, 0)::double precision
                                 and p.serve_radius_km >= private.km(v_lat, v_lon, pl.lat_float, pl.lon_float))
                             or (p.serve_mode = 'tehsil' and v_tehsil is not null
                                 and ((pl.parent_kind = 'tehsil' and pl.parent_code = v_tehsil)
                                      or (pl.parent_kind = 'town' and pl.parent_code = any (v_towns))))
                             or (p.serve_mode = 'list' and ps.provider_id is not null), false) as serves
                      from public.service_providers p
                      left join public.category_stats cs on cs.category = p.category
                      left join public.places pl on pl.kind = p.place_kind and pl.code = p.place_code
                      left join public.provider_serves ps
                        on ps.provider_id = p.id and ps.place_kind = v_kind and ps.place_code = v_code
                     where p.status = 'approved'
                       and (case when upper(v_category) = 'OTHERS' then p.category like 'OTHERS:%'
                                 else p.category = v_category end)
                       and (v_verified = 'all' or p.verified = (v_verified = 'verified'))
                       and (v_min = 0 or p.avg_rating >= v_min)
                       and (not v_available or p.on_leave_until is null
                            or p.on_leave_until < (now() at time zone 'Asia/Kolkata')::date)) c
             where c.serves or not v_only
             order by rn
             limit v_offset + v_limit) x;
    v_page := v_sorted[v_offset + 1 : v_offset + v_limit];
    return query
      select p.id, p.name, p.business_name, p.mobile, p.category, p.specialist_in, p.experience, p.address,
             p.verified, p.registration_date, p.avg_rating::numeric, p.rating_count, p.on_leave_until, p.opening_hours,
             v_n, p.place_kind, p.place_code, pl.name_en, pl.name_hi,
             p.id = any (v_ids),
             case when v_lat is not null and pl.lat is not null
                  then private.km(v_lat, v_lon, pl.lat_float, pl.lon_float) end
        from unnest(v_page) with ordinality as g(id, ord)
        join public.service_providers p on p.id = g.id
        left join public.places pl on pl.kind = p.place_kind and pl.code = p.place_code
       order by g.ord;
    return;
  end if;

  -- A search (0023): its matches first, in the order of 0019, a chunk at a time, each tested
  -- with the rules above (their place's row, the tehsil's towns, their provider_serves row),
  -- until the page's servers are found (the first offset + limit servers: a page sorts them by
  -- distance) or every match is tested. The same page and total as the set below (who serves
  -- among the matches, then the others), without gathering everyone who serves the place.
  -- Matches too sparse in servers (more than 1,200 read), or p_serves_only with more: the set.
  if not v_list then
    v_towns := array(select tw.code from public.places tw
                      where v_tehsil is not null and tw.kind = 'town' and tw.parent_kind = 'tehsil' and tw.parent_code = v_tehsil);
    -- The first chunk (0024): 360 matches, 18 times the page (0023: 200, 10 times). Who serves a
    -- village is ~10 % of the providers, so 200 matches often held fewer than 20 of them, and
    -- each further chunk runs the whole search again (its matches ranked), for 150 rows more.
    v_scan := least(1000, greatest(360, 18 * (v_offset + v_limit)));
    loop
      select coalesce(array_agg(c.id order by c.ord), '{}'), max(c.total_count)
        into v_chunk, v_total
        from private.search_providers_core(v_query, p_category, p_min_rating, p_verified, p_sort, v_scan, v_fetched, p_available,
                                           null, true, null, true)
             with ordinality as c(id, name, business_name, mobile, category, specialist_in, experience, address,
                                  verified, registration_date, avg_rating, rating_count, on_leave_until, opening_hours,
                                  total_count, ord);
      if v_fetched = 0 then
        v_matches := coalesce(v_total, 0);
      end if;
      select v_m_ids || coalesce(array_agg(g.id order by g.ord), '{}'),
             v_m_serves || coalesce(array_agg(t.serves order by g.ord), '{}'),
             v_m_dists || coalesce(array_agg(t.dist order by g.ord), '{}')
        into v_m_ids, v_m_serves, v_m_dists
        from unnest(v_chunk) with ordinality as g(id, ord)
        join public.service_providers p on p.id = g.id
        left join public.places pl on pl.kind = p.place_kind and pl.code = p.place_code
        left join public.provider_serves ps
          on ps.provider_id = p.id and ps.place_kind = v_kind and ps.place_code = v_code
        cross join lateral (
          select case when v_lat is not null
                      then private.km(v_lat, v_lon, pl.lat_float, pl.lon_float) end as dist,
                 coalesce((p.place_kind = v_kind and p.place_code = v_code)
                   or (p.serve_mode = 'nearby' and v_lat is not null and pl.lat is not null
                       and p.serve_radius_km >= private.km(v_lat, v_lon, pl.lat_float, pl.lon_float))
                   or (p.serve_mode = 'tehsil' and v_tehsil is not null
                       and ((pl.parent_kind = 'tehsil' and pl.parent_code = v_tehsil)
                            or (pl.parent_kind = 'town' and pl.parent_code = any (v_towns))))
                   or (p.serve_mode = 'list' and ps.provider_id is not null), false) as serves) t;
      v_fetched := v_fetched + cardinality(v_chunk);
      v_done := v_fetched >= v_matches;
      -- Fewer rows than asked and than the total (a typo search counts more than it ranks): the set.
      exit when v_done or v_fetched >= 1200 or cardinality(v_chunk) < v_scan
             or (not v_only and cardinality(array_positions(v_m_serves, true)) >= v_offset + v_limit);
      -- The next chunk: as many matches as the servers still wanted need at the density so far,
      -- and half again (a chunk of 1,000 costs its rows in full).
      v_scan := least(1000, greatest(100, 50 + ceil(1.5 * (v_offset + v_limit - cardinality(array_positions(v_m_serves, true)))
                                                     * v_fetched / greatest(cardinality(array_positions(v_m_serves, true)), 1))::integer));
    end loop;
    if v_done or (not v_only and cardinality(array_positions(v_m_serves, true)) >= v_offset + v_limit) then
      -- Who serves: the first offset + limit (at most v_cap) by distance, then by relevance.
      select coalesce(array_agg(x.id order by x.k > least(v_cap, v_offset + v_limit),
                                case when x.k <= least(v_cap, v_offset + v_limit) then x.dist end nulls last, x.k), '{}'),
             count(*)
        into v_ids, v_n
        from (select m.id, m.dist, row_number() over (order by m.ord) as k
                from unnest(v_m_ids, v_m_serves, v_m_dists) with ordinality as m(id, serves, dist, ord)
               where m.serves) x;
      v_sorted := v_ids;
      if not v_only then
        v_rest := array(select m.id from unnest(v_m_ids, v_m_serves) with ordinality as m(id, serves, ord)
                         where not m.serves order by m.ord);
        v_rest_n := v_matches - v_n;
        -- Unless every match was read, the page is all servers and v_n only a lower bound.
      else
        v_rest_n := 0;
      end if;
      v_page := (v_sorted || v_rest)[v_offset + 1 : v_offset + v_limit];
      return query
        select p.id, p.name, p.business_name, p.mobile, p.category, p.specialist_in, p.experience, p.address,
               p.verified, p.registration_date, p.avg_rating::numeric, p.rating_count, p.on_leave_until, p.opening_hours,
               (v_n + v_rest_n)::bigint, p.place_kind, p.place_code, pl.name_en, pl.name_hi,
               p.id = any (v_ids),
               case when v_lat is not null and pl.lat is not null
                    then private.km(v_lat, v_lon, pl.lat_float, pl.lon_float) end
          from unnest(v_page) with ordinality as g(id, ord)
          join public.service_providers p on p.id = g.id
          left join public.places pl on pl.kind = p.place_kind and pl.code = p.place_code
         order by g.ord;
      return;
    end if;
    v_towns := null;
  end if;

  -- Who serves the place, and how far each is (their place's centre to the visitor's; null
  -- without both): their own place; nearby places (50 km at most) with a radius that reaches;
  -- the places of the same tehsil; the lists that name it.
  -- Nearby places: within the largest radius any nearby provider has (an index's last entry).
  -- Each provider once (0023: union all, their own place's only in the first part). The
  -- tehsil's: one range of the index's tehsil part joined with the tehsil's places (0023).
  if not v_ringed then
    select max(p.serve_radius_km) into v_reach from public.service_providers p
     where p.status = 'approved' and p.serve_mode = 'nearby';
    -- Dynamic: planned with the place's values; without parallel workers (0024, as the count
    -- below).
    v_parallel := current_setting('max_parallel_workers_per_gather');
    perform set_config('max_parallel_workers_per_gather', '0', true);
    execute $q$
    with d as materialized (
      select pl.kind, pl.code, private.km($1, $2, pl.lat_float, pl.lon_float) as dist
        from public.places pl
       where $1 is not null and pl.lat is not null
         and pl.lat between ($1 - $3 / 111.0)::numeric and ($1 + $3 / 111.0)::numeric
         and pl.lon between ($2 - $3 / 95.0)::numeric and ($2 + $3 / 95.0)::numeric
         and pl.kind = any (array['village', 'ward', 'town'])
    ), t as (
      select pl.kind, pl.code, pl.lat_float, pl.lon_float from public.places pl
       where $4 is not null and pl.parent_kind = 'tehsil' and pl.parent_code = $4
      union all
      select w.kind, w.code, w.lat_float, w.lon_float from public.places tw join public.places w on w.parent_kind = 'town' and w.parent_code = tw.code
       where $4 is not null and tw.kind = 'town' and tw.parent_kind = 'tehsil' and tw.parent_code = $4
    ), s as (
      select p.id, case when $1 is not null then 0::double precision end as dist from public.service_providers p
       where p.status = 'approved' and p.place_kind = $5 and p.place_code = $6
      union all
      select x.id, d.dist from d cross join lateral (
        select p.id from public.service_providers p
         where p.status = 'approved' and p.place_kind = d.kind and p.place_code = d.code
           and p.serve_mode = 'nearby' and p.serve_radius_km >= ceil(d.dist)::integer offset 0) x
       where d.dist <= $3 and not (d.kind = $5 and d.code = $6)
      union all
      select p.id, private.km($1, $2, t.lat_float, t.lon_float)
        from t join public.service_providers p on p.place_kind = t.kind and p.place_code = t.code
       where p.status = 'approved' and p.serve_mode = 'tehsil' and not (t.kind = $5 and t.code = $6)
      union all
      select p.id, private.km($1, $2, pl.lat_float, pl.lon_float)
        from public.provider_serves ps join public.service_providers p on p.id = ps.provider_id
        left join public.places pl on pl.kind = p.place_kind and pl.code = p.place_code
       where ps.place_kind = $5 and ps.place_code = $6 and p.status = 'approved' and p.serve_mode = 'list'
         and not (p.place_kind is not distinct from $5 and p.place_code is not distinct from $6)
    )
    select coalesce(array_agg(s.id), '{}'), coalesce(array_agg(s.dist), '{}') from s
    $q$
      into v_ids, v_dists
      using v_lat, v_lon, coalesce(v_reach, 0)::double precision, v_tehsil, v_kind, v_code;
    perform set_config('max_parallel_workers_per_gather', v_parallel, true);
  end if;

  if v_list then
    -- A list: who serves it with the list's filters, by distance, then the list's order.
    -- Without a filter (0023) every server is listed: only those as near as the page's last are
    -- read and ranked (thousands otherwise), and their number is the set's.
    if (v_category is null or v_ringed) and v_verified = 'all' and v_min = 0 and not v_available then
      select sv.dist into v_edge from unnest(v_dists) as sv(dist)
       order by sv.dist nulls last offset v_offset + v_limit - 1 limit 1;
    end if;
    if v_edge is not null then
      select array_agg(sv.id), array_agg(sv.dist) into v_near, v_near_dists
        from unnest(v_ids, v_dists) as sv(id, dist) where sv.dist <= v_edge;
    else
      v_near := v_ids;
      v_near_dists := v_dists;
    end if;
    select coalesce(array_agg(x.id order by x.rn), '{}'), coalesce(max(x.n), 0)
      into v_sorted, v_n
      from (select sv.id,
                   row_number() over (order by sv.dist nulls last,
                     case when v_sort = 'newly_added' then null
                          else public.rating_score(cs.rating_sum, cs.rating_count, p.rating_sum, p.rating_count) end desc,
                     case when v_sort = 'newly_added' then null else p.rating_count end desc,
                     p.registration_date desc, p.id) as rn,
                   count(*) over () as n
              from unnest(v_near, v_near_dists) as sv(id, dist)
              join public.service_providers p on p.id = sv.id
              left join public.category_stats cs on cs.category = p.category
             where p.status = 'approved'
               and (v_category is null
                    or (upper(v_category) = 'OTHERS' and p.category like 'OTHERS:%')
                    or p.category = v_category)
               and (v_verified = 'all' or p.verified = (v_verified = 'verified'))
               and (v_min = 0 or p.avg_rating >= v_min)
               and (not v_available or p.on_leave_until is null
                    or p.on_leave_until < (now() at time zone 'Asia/Kolkata')::date)
             order by rn
             limit v_offset + v_limit) x;
    if v_edge is not null then
      v_n := cardinality(v_ids);
    end if;
    if v_ringed and v_only then
      -- Only who serves (0024): their number. 0026: the nearby and tehsil parts from the totals
      -- kept per place (private.place_server_counts), a row per place, not an index entry per
      -- provider (~5,600 for a ward of the town at 50,000 providers).
      select max(p.serve_radius_km) into v_reach from public.service_providers p
       where p.status = 'approved' and p.serve_mode = 'nearby';
      v_reach := coalesce(v_reach, 0);
      select (select count(*) from public.service_providers p
               where p.status = 'approved' and p.place_kind = v_kind and p.place_code = v_code)
           + coalesce((select sum(c.nearby_reach[greatest(ceil(d.dist)::integer, 1)])
                 from (select pl.kind, pl.code, private.km(v_lat, v_lon, pl.lat_float, pl.lon_float) as dist
                         from public.places pl
                        where pl.lat is not null
                          and pl.lat between (v_lat - v_reach / 111.0)::numeric and (v_lat + v_reach / 111.0)::numeric
                          and pl.lon between (v_lon - v_reach / 95.0)::numeric and (v_lon + v_reach / 95.0)::numeric
                          and pl.kind = any (array['village', 'ward', 'town'])) d
                 join private.place_server_counts c on c.place_kind = d.kind and c.place_code = d.code
                where d.dist <= v_reach and not (d.kind = v_kind and d.code = v_code)), 0)
           + coalesce((select sum(c.tehsil)
                 from (select pl.kind, pl.code from public.places pl
                        where v_tehsil is not null and pl.parent_kind = 'tehsil' and pl.parent_code = v_tehsil
                       union all
                       select w.kind, w.code from public.places tw join public.places w on w.parent_kind = 'town' and w.parent_code = tw.code
                        where v_tehsil is not null and tw.kind = 'town' and tw.parent_kind = 'tehsil' and tw.parent_code = v_tehsil) t
                 join private.place_server_counts c on c.place_kind = t.kind and c.place_code = t.code
                where not (t.kind = v_kind and t.code = v_code)), 0)
           + (select count(*) from public.provider_serves ps join public.service_providers p on p.id = ps.provider_id
               where ps.place_kind = v_kind and ps.place_code = v_code and p.status = 'approved' and p.serve_mode = 'list'
                 and not (p.place_kind is not distinct from v_kind and p.place_code is not distinct from v_code))
        into v_n;
    end if;
  else
    -- A search: who serves it among the matches, by distance, then the order of 0019 (its
    -- first 200 matches; beyond, its order).
    select coalesce(array_agg(c.id order by c.ord > v_cap, sv.dist nulls last, c.ord), '{}'), coalesce(max(c.total_count), 0)
      into v_sorted, v_n
      from private.search_providers_core(v_query, p_category, p_min_rating, p_verified, p_sort,
             least(v_cap, v_offset + v_limit), 0, p_available, v_ids, true)
           with ordinality as c(id, name, business_name, mobile, category, specialist_in, experience, address,
                                verified, registration_date, avg_rating, rating_count, on_leave_until, opening_hours,
                                total_count, ord)
      left join unnest(v_ids, v_dists) as sv(id, dist) on sv.id = c.id;
    if v_offset + v_limit > v_cap and v_n > v_cap and v_offset < v_n then
      v_more := array(select c.id from private.search_providers_core(v_query, p_category, p_min_rating, p_verified, p_sort,
                        least(v_limit, v_offset + v_limit - greatest(v_offset, v_cap)), greatest(v_offset, v_cap), p_available, v_ids, true) c);
    end if;
  end if;
  -- Then everyone else, in the order of 0019 (their count comes with their first row).
  if not v_only then
    v_need := v_offset + v_limit - greatest(v_offset, v_n::integer);
  end if;
  if not v_only and v_list and v_need <= 0 and v_min = 0 and not v_available then
    -- The page is all servers (0023): the others are only counted, as the call below would.
    select coalesce(sum(case v_verified
                          when 'verified' then s.approved_verified
                          when 'unverified' then s.approved - s.approved_verified
                          else s.approved end), 0) - v_n
      into v_rest_n
      from public.category_stats s
     where v_category is null
        or (upper(v_category) = 'OTHERS' and s.category like 'OTHERS:%')
        or s.category = v_category;
  elsif not v_only then
    select coalesce(array_agg(c.id order by c.ord) filter (where v_need > 0), '{}'), max(c.total_count)
      into v_rest, v_rest_n
      from private.search_providers_core(v_query, p_category, p_min_rating, p_verified, p_sort,
             greatest(v_need, 1), greatest(v_offset - v_n::integer, 0), p_available, v_ids, false,
             case when v_list then v_n end)
           with ordinality as c(id, name, business_name, mobile, category, specialist_in, experience, address,
                                verified, registration_date, avg_rating, rating_count, on_leave_until, opening_hours,
                                total_count, ord);
  end if;

  v_page := v_sorted[v_offset + 1 : v_offset + v_limit] || v_more || v_rest;
  return query
    select p.id, p.name, p.business_name, p.mobile, p.category, p.specialist_in, p.experience, p.address,
           p.verified, p.registration_date, p.avg_rating::numeric, p.rating_count, p.on_leave_until, p.opening_hours,
           (v_n + coalesce(v_rest_n, 0))::bigint, p.place_kind, p.place_code, pl.name_en, pl.name_hi,
           p.id = any (v_ids),
           case when v_lat is not null and pl.lat is not null
                then private.km(v_lat, v_lon, pl.lat_float, pl.lon_float) end
      from unnest(v_page) with ordinality as g(id, ord)
      join public.service_providers p on p.id = g.id
      left join public.places pl on pl.kind = p.place_kind and pl.code = p.place_code
     order by g.ord
     limit v_limit;
end
$_$;


REVOKE ALL ON FUNCTION private.register_provider_core(p_name text, p_business_name text, p_category text, p_specialist_in text, p_aadhaar text, p_experience integer, p_address text) FROM PUBLIC, anon, authenticated, service_role;

-- Registration with a place (issue 27): the place and whom they serve are checked first
-- (nothing is stored when the place is unknown), then private.register_provider_core. (from 0018)
create function public.register_provider(
  p_name text default null,
  p_business_name text default null,
  p_category text default null,
  p_specialist_in text default null,
  p_aadhaar text default null,
  p_experience integer default null,
  p_address text default null,
  p_place_kind text default null,
  p_place_code text default null,
  p_serve_mode text default null,
  p_serve_radius_km integer default null,
  p_serve_places text[] default null
) returns uuid
language plpgsql volatile security definer
set search_path to 'public', 'pg_temp'
as $$
declare
  v_list text[];
  v_id uuid;
begin
  perform private.require_phone('register');
  select coalesce(array_agg(c.place_kind || ':' || c.place_code), '{}') into v_list
    from private.check_serve_choice(p_place_kind, p_place_code, p_serve_mode, p_serve_radius_km, p_serve_places) c;
  v_id := private.register_provider_core(p_name, p_business_name, p_category, p_specialist_in, p_aadhaar,
                                         p_experience, p_address);
  if p_place_kind is not null or p_serve_mode is not null or p_serve_radius_km is not null then
    update public.service_providers p
       set place_kind = p_place_kind, place_code = p_place_code,
           serve_mode = coalesce(nullif(btrim(p_serve_mode), ''), 'nearby'),
           serve_radius_km = coalesce(p_serve_radius_km, 10)
     where p.id = v_id;
  end if;
  insert into public.provider_serves (provider_id, place_kind, place_code)
  select v_id, split_part(x, ':', 1), split_part(x, ':', 2) from unnest(v_list) x;
  return v_id;
end
$$;

revoke all on function public.register_provider(text, text, text, text, text, integer, text, text, text, text, integer, text[])
  from public, anon, authenticated, service_role;
grant all on function public.register_provider(text, text, text, text, text, integer, text, text, text, text, integer, text[])
  to anon, authenticated, service_role;

REVOKE ALL ON FUNCTION private.search_providers_core(p_query text, p_category text, p_min_rating numeric, p_verified text, p_sort text, p_limit integer, p_offset integer, p_available boolean, p_ids uuid[], p_ids_in boolean, p_ids_count bigint, p_keys_only boolean) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.km(lat1 double precision, lon1 double precision, lat2 double precision, lon2 double precision) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.place_tehsil(p_kind text, p_code text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.query_place(p_query text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.search_providers(p_query text, p_category text, p_min_rating numeric, p_verified text, p_sort text, p_limit integer, p_offset integer, p_available boolean, p_place_kind text, p_place_code text, p_serves_only boolean) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.search_providers(p_query text, p_category text, p_min_rating numeric, p_verified text, p_sort text, p_limit integer, p_offset integer, p_available boolean, p_place_kind text, p_place_code text, p_serves_only boolean) TO service_role;
GRANT ALL ON FUNCTION public.search_providers(p_query text, p_category text, p_min_rating numeric, p_verified text, p_sort text, p_limit integer, p_offset integer, p_available boolean, p_place_kind text, p_place_code text, p_serves_only boolean) TO anon;
GRANT ALL ON FUNCTION public.search_providers(p_query text, p_category text, p_min_rating numeric, p_verified text, p_sort text, p_limit integer, p_offset integer, p_available boolean, p_place_kind text, p_place_code text, p_serves_only boolean) TO authenticated;
