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

-- (from 0007)
CREATE FUNCTION public.search_providers(p_query text DEFAULT NULL::text, p_category text DEFAULT NULL::text, p_min_rating numeric DEFAULT 0, p_verified text DEFAULT 'all'::text, p_sort text DEFAULT 'rating_desc'::text, p_limit integer DEFAULT 20, p_offset integer DEFAULT 0, p_available boolean DEFAULT false) RETURNS TABLE(id uuid, name text, business_name text, mobile text, category text, specialist_in text, experience integer, address text, verified boolean, registration_date timestamp with time zone, avg_rating numeric, rating_count integer, on_leave_until date, opening_hours jsonb, total_count bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'public', 'extensions', 'pg_temp'
    AS $_$
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

REVOKE ALL ON FUNCTION public.search_providers(p_query text, p_category text, p_min_rating numeric, p_verified text, p_sort text, p_limit integer, p_offset integer, p_available boolean) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.search_providers(p_query text, p_category text, p_min_rating numeric, p_verified text, p_sort text, p_limit integer, p_offset integer, p_available boolean) TO service_role;
GRANT ALL ON FUNCTION public.search_providers(p_query text, p_category text, p_min_rating numeric, p_verified text, p_sort text, p_limit integer, p_offset integer, p_available boolean) TO anon;
GRANT ALL ON FUNCTION public.search_providers(p_query text, p_category text, p_min_rating numeric, p_verified text, p_sort text, p_limit integer, p_offset integer, p_available boolean) TO authenticated;
