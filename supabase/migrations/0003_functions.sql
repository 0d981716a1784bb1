-- Functions called over /rest/v1/rpc: registration, ratings, directory search,
-- and the admin queue. Each function's EXECUTE is granted explicitly.

-- Registration: always stored as pending; the Aadhaar number goes to the
-- private table and only sets the public verified flag. Violations raise with
-- SQLSTATE 23502 (required) or 23514 (format), message naming the rule and
-- `detail` = the field name.
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
  v_name text := nullif(btrim(regexp_replace(coalesce(p_name, ''), '[[:space:]]+', ' ', 'g')), '');
  v_business text := nullif(btrim(regexp_replace(coalesce(p_business_name, ''), '[[:space:]]+', ' ', 'g')), '');
  v_mobile text := nullif(btrim(coalesce(p_mobile, '')), '');
  v_category text := nullif(btrim(regexp_replace(coalesce(p_category, ''), '[[:space:]]+', ' ', 'g')), '');
  v_specialist text := nullif(btrim(regexp_replace(coalesce(p_specialist_in, ''), '[[:space:]]+', ' ', 'g')), '');
  v_aadhaar text := nullif(btrim(coalesce(p_aadhaar, '')), '');
  v_address text := nullif(btrim(regexp_replace(coalesce(p_address, ''), '[[:space:]]+', ' ', 'g')), '');
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
    v_stored := btrim(regexp_replace(v_category, '^others[[:space:]]*:', '', 'i'));
    if v_stored = '' then
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

-- Average rating and count per approved provider that has ratings.
-- p_provider_ids null = every approved provider.
create or replace function public.get_average_ratings(p_provider_ids uuid[] default null)
returns table (provider_id uuid, avg_rating numeric, rating_count integer)
language sql stable
set search_path = public, pg_temp
as $$
  select p.id, p.avg_rating::numeric, p.rating_count
    from public.service_providers p
   where p.status = 'approved'
     and p.rating_count > 0
     and (p_provider_ids is null or p.id = any (p_provider_ids))
$$;

-- Directory list and search, filtered, sorted and paged in the database.
-- SECURITY DEFINER with an explicit status = 'approved' filter and only public
-- columns: under RLS, Postgres may not use an index for non-leakproof operators
-- (LIKE, pg_trgm) before the policy, which turned every search into a full scan.
--
-- Text search, cheapest first:
--  1. categories whose name or keyword (English, Hindi, Hinglish) equals a word
--     of the query, starts with it (3+ letters), or contains the whole query;
--  2. providers whose name / business / mobile / category / specialisation
--     contain the query (trigram index), or the digits of a typed phone number.
--  Only when that finds nothing (a typo), categories and vocabulary words
--  (search_words) similar to the query's words (pg_trgm) are used instead.
-- Totals of categories come from category_stats (kept by trigger) unless a
-- minimum rating is asked; pages are ordered index scans per category.
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
    v_order := 'p.avg_rating desc, p.rating_count desc, p.registration_date desc, p.id';
    v_order_text := '(p.avg_rating + 0) desc, (p.rating_count + 0) desc, p.registration_date desc, p.id';
    v_order_out := 'avg_rating desc, rating_count desc, registration_date desc, id';
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
      'select ' || v_cols || ', $9::bigint from public.service_providers p where ' || v_filters
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
      select string_agg('(select ' || v_cols || ' from public.service_providers p where ' || v_filters
             || ' and p.category = ($2)[' || i || '] order by ' || v_order || ' limit $7 + $8)', ' union all ')
        into v_catpart
        from generate_subscripts(v_cats, 1) as i;
    elsif cardinality(v_cats) > 12 then
      v_catpart := '(select ' || v_cols || ' from public.service_providers p where ' || v_filters
        || ' and p.category = any ($2) order by ' || v_order || ' limit $7 + $8)';
    else
      v_catpart := null;
    end if;
    return query execute
      'with t as materialized (select ' || v_cols || ', count(*) over () as n from public.service_providers p where '
      || v_filters || ' and ' || v_text || ' and not (p.category = any ($2)) order by ' || v_order_text || ' limit $7 + $8)'
      || ' select x.id, x.name, x.business_name, x.mobile, x.category, x.specialist_in, x.experience, x.address,'
      || ' x.verified, x.registration_date, x.avg_rating, x.rating_count,'
      || ' ($11 + coalesce((select t.n from t limit 1), 0))::bigint'
      || ' from (select t.id, t.name, t.business_name, t.mobile, t.category, t.specialist_in, t.experience, t.address,'
      || ' t.verified, t.registration_date, t.avg_rating, t.rating_count from t'
      || coalesce(' union all ' || v_catpart, '')
      || ') x order by ' || v_order_out || ' limit $7 offset $8'
      using v_like, v_cats, v_digits_like, v_q, v_category, v_min, v_limit, v_offset, null::bigint, v_words, v_total;
    get diagnostics v_rows = row_count;
    -- Rows found, or a page past the end: done. Nothing at all: try typos once.
    exit when v_rows > 0 or v_offset > 0 or v_total > 0;
  end loop;
end
$$;

-- Admin: registrations queue with masked Aadhaar.
create or replace function public.admin_list_registrations(
  p_status text default 'pending',
  p_limit integer default 50,
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
  status text,
  registration_date timestamptz,
  reviewed_at timestamptz,
  rejection_reason text,
  avg_rating numeric,
  rating_count integer,
  aadhaar_masked text,
  total_count bigint
)
language plpgsql stable security definer
set search_path = public, pg_temp
as $$
declare
  v_status text := nullif(btrim(coalesce(p_status, '')), '');
begin
  if not public.is_admin() then
    raise exception using errcode = '42501', message = 'not authorised';
  end if;
  if v_status = 'all' then
    v_status := null;
  end if;
  if v_status is not null and v_status not in ('pending', 'approved', 'rejected') then
    raise exception using errcode = '22023', message = 'p_status must be pending, approved, rejected or all';
  end if;
  return query
    select p.id, p.name, p.business_name, p.mobile, p.category, p.specialist_in, p.experience, p.address,
           p.verified, p.status, p.registration_date, p.reviewed_at, p.rejection_reason,
           p.avg_rating::numeric, p.rating_count,
           case when i.aadhaar is null then null else 'XXXX-XXXX-' || right(i.aadhaar, 4) end,
           count(*) over ()
      from public.service_providers p
      left join private.provider_identity i on i.provider_id = p.id
     where v_status is null or p.status = v_status
     order by p.registration_date desc, p.id
     limit least(greatest(coalesce(p_limit, 50), 1), 500)
    offset greatest(coalesce(p_offset, 0), 0);
end
$$;

-- Admin: approve, reject or send back to pending. Returns the updated row.
create or replace function public.admin_set_provider_status(
  p_provider_id uuid,
  p_status text,
  p_reason text default null
) returns public.service_providers
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_row public.service_providers;
begin
  if not public.is_admin() then
    raise exception using errcode = '42501', message = 'not authorised';
  end if;
  if p_status is null or p_status not in ('pending', 'approved', 'rejected') then
    raise exception using errcode = '22023', message = 'p_status must be pending, approved or rejected';
  end if;
  update public.service_providers
     set status = p_status,
         rejection_reason = case when p_status = 'rejected' then nullif(btrim(coalesce(p_reason, '')), '') end,
         reviewed_at = now()
   where id = p_provider_id
  returning * into v_row;
  if not found then
    raise exception using errcode = 'PT404', message = 'provider not found';
  end if;
  return v_row;
end
$$;

-- Admin: number of providers per status (all three statuses, zeros included).
create or replace function public.admin_status_counts()
returns table (status text, count bigint)
language plpgsql stable security definer
set search_path = public, pg_temp
as $$
begin
  if not public.is_admin() then
    raise exception using errcode = '42501', message = 'not authorised';
  end if;
  return query
    select s.status, count(p.id)
      from unnest(array['pending', 'approved', 'rejected']) as s(status)
      left join public.service_providers p on p.status = s.status
     group by s.status
     order by array_position(array['pending', 'approved', 'rejected'], s.status);
end
$$;

-- Admin: call / chat clicks per provider over the last p_days days.
create or replace function public.admin_click_totals(p_days integer default 30)
returns table (provider_id uuid, name text, call_count bigint, whatsapp_count bigint)
language plpgsql stable security definer
set search_path = public, pg_temp
as $$
begin
  if not public.is_admin() then
    raise exception using errcode = '42501', message = 'not authorised';
  end if;
  return query
    select c.provider_id, p.name,
           count(*) filter (where c.click_type = 'call'),
           count(*) filter (where c.click_type = 'whatsapp')
      from public.click_tracking c
      join public.service_providers p on p.id = c.provider_id
     where c.created_at >= now() - make_interval(days => greatest(coalesce(p_days, 30), 1))
     group by c.provider_id, p.name
     order by count(*) desc, p.name;
end
$$;

-- EXECUTE: nothing by default (Supabase grants it to everyone), then explicitly.
revoke all on function public.register_provider(text, text, text, text, text, text, integer, text) from public, anon, authenticated;
revoke all on function public.get_average_ratings(uuid[]) from public, anon, authenticated;
revoke all on function public.search_providers(text, text, numeric, text, text, integer, integer) from public, anon, authenticated;
revoke all on function public.admin_list_registrations(text, integer, integer) from public, anon, authenticated;
revoke all on function public.admin_set_provider_status(uuid, text, text) from public, anon, authenticated;
revoke all on function public.admin_status_counts() from public, anon, authenticated;
revoke all on function public.admin_click_totals(integer) from public, anon, authenticated;
revoke all on function public.provider_search_text(text, text, text, text, text) from public, anon, authenticated;

grant execute on function public.register_provider(text, text, text, text, text, text, integer, text) to anon, authenticated;
grant execute on function public.get_average_ratings(uuid[]) to anon, authenticated;
grant execute on function public.search_providers(text, text, numeric, text, text, integer, integer) to anon, authenticated;
grant execute on function public.provider_search_text(text, text, text, text, text) to anon, authenticated;
-- Admin functions check is_admin() themselves and raise 42501 'not authorised'.
grant execute on function public.admin_list_registrations(text, integer, integer) to anon, authenticated;
grant execute on function public.admin_set_provider_status(uuid, text, text) to anon, authenticated;
grant execute on function public.admin_status_counts() to anon, authenticated;
grant execute on function public.admin_click_totals(integer) to anon, authenticated;

-- Trigger functions are not callable by the API roles.
revoke all on all functions in schema private from public, anon, authenticated;
