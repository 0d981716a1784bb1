-- Per-client and per-phone limits on public writes (PostgREST pre-request check_request()).
--
-- The current rules (see ../README.md, "The schema"). "(from NNNN)": the migration whose CREATE
-- made the object as it stands (later ALTERs may have added columns or constraints). A change
-- here needs a new migration too: tests/production/schema-files.test.ts says when they differ.

-- (from 0011)
CREATE TABLE private.request_counts (
    bucket text NOT NULL,
    window_start timestamp with time zone NOT NULL,
    hits integer NOT NULL
);

-- The limits, as data: an operator tunes them with admin_set_request_limit (audited), and
-- a test server raises them (all its clients share 127.0.0.1). A name with no row is not
-- limited. Windows are fixed and aligned to midnight in India (Asia/Kolkata). (from 0011)
CREATE TABLE private.request_limits (
    name text NOT NULL,
    max_hits integer NOT NULL,
    window_seconds integer NOT NULL,
    CONSTRAINT request_limits_max_check CHECK (((max_hits >= 0) AND (max_hits <= 100000000))),
    CONSTRAINT request_limits_window_check CHECK (((window_seconds >= 1) AND (window_seconds <= 604800)))
);

ALTER TABLE ONLY private.request_counts
    ADD CONSTRAINT request_counts_pkey PRIMARY KEY (bucket, window_start);

ALTER TABLE ONLY private.request_limits
    ADD CONSTRAINT request_limits_pkey PRIMARY KEY (name);

-- The client's address as Supabase's gateway passes it: cf-connecting-ip is set by the
-- Cloudflare edge in front of every hosted project and replaces whatever the client sent.
-- Without it (self-hosted, local), the LAST x-forwarded-for entry, the one the nearest proxy
-- appended; the first entries are whatever the client wrote. (from 0011)
CREATE FUNCTION private.client_address() RETURNS text
    LANGUAGE sql STABLE
    AS $$
  select left(coalesce(
           nullif(btrim(h ->> 'cf-connecting-ip'), ''),
           nullif(btrim(regexp_replace(coalesce(h ->> 'x-forwarded-for', ''), '^.*,', '')), ''),
           'unknown'), 64)
    from (select coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb as h) s
$$;

-- One more hit for p_key under the limit p_name; false (and not counted) once the window
-- is full. p_retry: seconds until the window ends. (from 0011)
CREATE FUNCTION private.take(p_name text, p_key text, OUT allowed boolean, OUT retry_after integer) RETURNS record
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_limit private.request_limits;
  v_window interval;
  v_start timestamptz;
  v_hits integer;
begin
  allowed := true;
  retry_after := 0;
  select * into v_limit from private.request_limits l where l.name = p_name;
  if not found then
    return;
  end if;
  v_window := make_interval(secs => v_limit.window_seconds);
  v_start := date_bin(v_window, now(), timestamptz '2000-01-01 00:00:00+05:30');
  insert into private.request_counts as c (bucket, window_start, hits) values (p_name || ':' || p_key, v_start, 1)
  on conflict (bucket, window_start) do update set hits = c.hits + 1
  returning hits into v_hits;
  if v_hits > v_limit.max_hits then
    update private.request_counts c set hits = v_limit.max_hits
     where c.bucket = p_name || ':' || p_key and c.window_start = v_start;
    allowed := false;
    retry_after := greatest(1, ceil(extract(epoch from v_start + v_window - now())))::integer;
  end if;
  -- Old windows are dropped now and then (about one write in 500).
  if random() < 0.002 then
    delete from private.request_counts c where c.window_start < now() - interval '8 days';
  end if;
end
$$;

-- As take(), but refusing with PT429 (HTTP 429) and when to retry. (from 0011)
CREATE FUNCTION private.limit_hit(p_name text, p_key text, p_what text) RETURNS void
    LANGUAGE plpgsql
    AS $$
declare
  v record;
begin
  select * into v from private.take(p_name, p_key);
  if not v.allowed then
    raise exception using errcode = 'PT429', message = 'too many requests: ' || p_what,
      detail = p_name, hint = 'retry after ' || v.retry_after || ' seconds';
  end if;
end
$$;

-- (from 0011)
CREATE FUNCTION public.admin_request_limits() RETURNS TABLE(name text, max_hits integer, window_seconds integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
begin
  perform private.require_admin();
  return query select l.name, l.max_hits, l.window_seconds from private.request_limits l order by l.name;
end
$$;

-- Changes one existing limit (audited). 22023 for an unknown name or a value out of range. (from 0011)
CREATE FUNCTION public.admin_set_request_limit(p_name text, p_max_hits integer, p_window_seconds integer) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_old private.request_limits;
begin
  perform private.require_admin();
  select * into v_old from private.request_limits l where l.name = p_name for update;
  if not found then
    raise exception using errcode = '22023', message = 'unknown limit', detail = 'name';
  end if;
  if p_max_hits is null or p_max_hits not between 0 and 100000000
     or p_window_seconds is null or p_window_seconds not between 1 and 604800 then
    raise exception using errcode = '22023', message = 'max_hits must be 0..100000000 and window_seconds 1..604800';
  end if;
  update private.request_limits l set max_hits = p_max_hits, window_seconds = p_window_seconds where l.name = p_name;
  perform private.audit('request_limit.set', 'request_limits', p_name, p_name,
    jsonb_build_object('max_hits', v_old.max_hits, 'window_seconds', v_old.window_seconds),
    jsonb_build_object('max_hits', p_max_hits, 'window_seconds', p_window_seconds), null);
end
$$;

-- PostgREST runs this before every request, in the request's transaction, once the role,
-- request.jwt.claims, request.headers, request.method and request.path are set. Reads run
-- read-only, so only POSTs to the public write functions are counted. (from 0011)
CREATE FUNCTION public.check_request() RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $_$
declare
  v_headers jsonb := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb;
  v_method text := upper(coalesce(current_setting('request.method', true), ''));
  v_path text := coalesce(current_setting('request.path', true), '');
  v_length text := v_headers ->> 'content-length';
  v_fn text;
  v_addr text;
  v_phone text;
begin
  if v_length ~ '^[0-9]{1,18}$' and v_length::bigint > 65536 then
    raise exception using errcode = '22001', message = 'request body too large (at most 64 KiB)', detail = 'body';
  end if;
  -- PostgREST passes the path as sent but finds the table or function by the decoded name:
  -- /rpc/report%5Fprovider or /%72pc/report_provider would run report_provider uncounted.
  -- No name of ours needs an escape, and the app never sends one.
  if strpos(v_path, '%') > 0 then
    raise exception using errcode = '22023', message = 'escaped characters are not accepted in the path', detail = 'path';
  end if;
  if v_method <> 'POST' or v_path !~ '(^|/)rpc/' then
    return;
  end if;
  if v_path !~ '^(/[a-z0-9_.-]+)*/rpc/[a-z_]+$' then
    raise exception using errcode = '22023', message = 'function paths are /rpc/ and the plain name', detail = 'path';
  end if;
  v_fn := substring(v_path from '/rpc/([a-z_]+)$');
  if v_fn not in ('register_provider', 'rate_provider', 'add_review', 'report_provider', 'report_review',
                  'track_click', 'confirm_my_number') then
    return;
  end if;
  v_addr := private.client_address();
  v_phone := public.current_mobile();
  case v_fn
    when 'register_provider' then
      perform private.limit_hit('addr:register', v_addr, 'registrations from this address');
      if v_phone is not null then
        perform private.limit_hit('phone:register', private.phone_hash(v_phone), 'registrations from this mobile');
      end if;
    when 'rate_provider' then
      perform private.limit_hit('addr:rate', v_addr, 'ratings from this address');
      if v_phone is not null then
        perform private.limit_hit('phone:rate', private.phone_hash(v_phone), 'ratings from this mobile');
      end if;
    when 'add_review' then
      perform private.limit_hit('addr:review', v_addr, 'reviews from this address');
      if v_phone is not null then
        perform private.limit_hit('phone:review', private.phone_hash(v_phone), 'reviews from this mobile');
      end if;
    when 'report_provider', 'report_review' then
      perform private.limit_hit('addr:report', v_addr, 'reports from this address');
      if v_phone is not null then
        perform private.limit_hit('phone:report', private.phone_hash(v_phone), 'reports from this mobile');
      end if;
    when 'track_click' then
      perform private.limit_hit('addr:click', v_addr, 'taps from this address');
    when 'confirm_my_number' then
      perform private.limit_hit('addr:confirm', v_addr, 'confirmations from this address');
      if v_phone is not null then
        perform private.limit_hit('phone:confirm', private.phone_hash(v_phone), 'confirmations from this mobile');
      end if;
  end case;
end
$_$;

REVOKE ALL ON FUNCTION private.client_address() FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.limit_hit(p_name text, p_key text, p_what text) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.take(p_name text, p_key text, OUT allowed boolean, OUT retry_after integer) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION public.admin_request_limits() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.admin_request_limits() TO service_role;
GRANT ALL ON FUNCTION public.admin_request_limits() TO anon;
GRANT ALL ON FUNCTION public.admin_request_limits() TO authenticated;

REVOKE ALL ON FUNCTION public.admin_set_request_limit(p_name text, p_max_hits integer, p_window_seconds integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.admin_set_request_limit(p_name text, p_max_hits integer, p_window_seconds integer) TO service_role;
GRANT ALL ON FUNCTION public.admin_set_request_limit(p_name text, p_max_hits integer, p_window_seconds integer) TO anon;
GRANT ALL ON FUNCTION public.admin_set_request_limit(p_name text, p_max_hits integer, p_window_seconds integer) TO authenticated;

REVOKE ALL ON FUNCTION public.check_request() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.check_request() TO service_role;
GRANT ALL ON FUNCTION public.check_request() TO anon;
GRANT ALL ON FUNCTION public.check_request() TO authenticated;
