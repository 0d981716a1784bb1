-- Issue 27, item 5 (after 0024): the heaviest text searches ("राम": 6,282 of 44,496 approved
-- providers at 50,000 have the word rm; "Maa Durga") within the 50 ms budget. A search's name
-- words (private.search_providers_core's v_all) no longer read a heap row of service_providers
-- per match through the trigram index: they are ranges of private.search_postings, one row per
-- word of an approved provider's search key and provider, carrying what ranking and the filters
-- need (an index-only scan of its primary key). The other ways of being found (the query as
-- written, a phone number, the exact name) and the category part stay on service_providers; the
-- typo pass too. The order and the totals do not change (tests/search-postings.test.ts compares
-- them with the plain path, city.search_postings = 'off'). See ../README.md, "Postings".

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

-- The postings of the approved providers.
insert into private.search_postings (word, id, category, verified, avg_rating, on_leave_until, rating_sum,
                                     rating_count, registration_date, in_name, in_name_mid)
select w.word, p.id, p.category, p.verified, p.avg_rating, p.on_leave_until, p.rating_sum,
       p.rating_count, p.registration_date, w.in_name, w.in_name_mid
  from public.service_providers p cross join lateral private.search_postings_of(p.search_key) w
 where p.status = 'approved';
analyze private.search_postings;

create or replace function private.search_providers_core(p_query text default null, p_category text default null,
  p_min_rating numeric default 0, p_verified text default 'all', p_sort text default 'rating_desc',
  p_limit integer default 20, p_offset integer default 0, p_available boolean default false,
  p_ids uuid[] default null, p_ids_in boolean default true, p_ids_count bigint default null)
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
      || ' select ' || v_cols || ', ($11 + coalesce((select t.n from t limit 1), 0))::bigint'
      || ' from x join public.service_providers p on p.id = x.id order by x.rel desc, '
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

revoke all on function private.search_providers_core(text, text, numeric, text, text, integer, integer, boolean, uuid[], boolean, bigint) from public, anon, authenticated, service_role;
