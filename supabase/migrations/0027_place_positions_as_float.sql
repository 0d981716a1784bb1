-- Issue 27, item 5 (after 0026): distances from places' positions as double precision.
--
-- places.lat and lon are numeric(8,5) (as the LGD and the import give them). Every distance cast
-- them to double precision, and a numeric's cast goes through its text: ~7 us a value on PGlite
-- (measured: sum(lat::double precision) over 10,000 rows 55-90 ms). A search with a place tests
-- its first 360 matches, four casts each (12 ms of its ~60 on PGlite at 50,000 providers); a list
-- of a category with a place, up to eight per provider of the category. lat_float and lon_float
-- hold the same values once, stored; search_providers reads them (the bounding boxes on the
-- numeric columns, where an index serves them, compare numeric bounds). Same pages and totals
-- (tests/near-place-parity.test.ts).

alter table public.places
  add column lat_float double precision generated always as (lat::double precision) stored,
  add column lon_float double precision generated always as (lon::double precision) stored;

-- public.search_providers as in 0026, reading lat_float and lon_float.
create or replace function public.search_providers(p_query text default null, p_category text default null,
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
        from private.search_providers_core(v_query, p_category, p_min_rating, p_verified, p_sort, v_scan, v_fetched, p_available)
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
