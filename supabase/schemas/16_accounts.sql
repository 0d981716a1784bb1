-- Provider self-service: a phone's own listings, edits, change requests, availability,
-- opening hours and leads.
--
-- The current rules (see ../README.md, "The schema"). "(from NNNN)": the migration whose CREATE
-- made the object as it stands (later ALTERs may have added columns or constraints). A change
-- here needs a new migration too: tests/production/schema-files.test.ts says when they differ.

-- (from 0007)
CREATE TABLE public.provider_change_requests (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    provider_id uuid NOT NULL,
    name text,
    category text,
    mobile text,
    status text DEFAULT 'pending'::text NOT NULL,
    reason text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    decided_at timestamp with time zone,
    decided_by uuid,
    CONSTRAINT provider_change_requests_category_check CHECK (((category IS NULL) OR ((char_length(btrim(category)) >= 1) AND (char_length(btrim(category)) <= 120)))),
    CONSTRAINT provider_change_requests_mobile_check CHECK (((mobile IS NULL) OR (mobile ~ '^[6-9][0-9]{9}$'::text))),
    CONSTRAINT provider_change_requests_name_check CHECK (((name IS NULL) OR ((char_length(btrim(name)) >= 1) AND (char_length(btrim(name)) <= 100)))),
    CONSTRAINT provider_change_requests_reason_check CHECK (((reason IS NULL) OR (char_length(reason) <= 500))),
    CONSTRAINT provider_change_requests_something CHECK (((name IS NOT NULL) OR (category IS NOT NULL) OR (mobile IS NOT NULL))),
    CONSTRAINT provider_change_requests_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'approved'::text, 'rejected'::text])))
);

-- (from 0011)
CREATE TABLE private.owner_edit_reverts (
    audit_id bigint NOT NULL,
    reverted_at timestamp with time zone DEFAULT now() NOT NULL,
    reverted_by uuid
);

ALTER TABLE ONLY private.owner_edit_reverts
    ADD CONSTRAINT owner_edit_reverts_pkey PRIMARY KEY (audit_id);

ALTER TABLE ONLY public.provider_change_requests
    ADD CONSTRAINT provider_change_requests_pkey PRIMARY KEY (id);

CREATE INDEX provider_change_requests_created_idx ON public.provider_change_requests USING btree (status, created_at);

CREATE UNIQUE INDEX provider_change_requests_pending_idx ON public.provider_change_requests USING btree (provider_id) WHERE (status = 'pending'::text);

-- The owner signed in with a code sent to the listing's number: the number works. Open
-- wrong-number and closed reports on the caller's listings are resolved (the caution goes
-- with them). Returns how many were resolved. (from 0011)
CREATE FUNCTION public.confirm_my_number() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_mobile text := private.require_phone('confirm your number');
  v_provider record;
  v_n integer;
  v_total integer := 0;
begin
  for v_provider in select p.id, p.name from public.service_providers p where p.mobile = v_mobile loop
    update public.reports r
       set status = 'resolved', resolved_at = now(), resolved_by = auth.uid(),
           resolution = 'owner_confirmed: signed in with a code sent to this number'
     where r.provider_id = v_provider.id and r.review_id is null and r.status = 'open'
       and r.reason in ('wrong_number', 'closed');
    get diagnostics v_n = row_count;
    if v_n > 0 then
      perform private.audit('reports.owner_confirmed', 'service_providers', v_provider.id::text, v_provider.name,
        null, null, v_n || ' wrong-number or closed reports resolved by the owner''s sign-in');
      v_total := v_total + v_n;
    end if;
  end loop;
  return v_total;
end
$$;

-- Calls, chat taps and profile views per week (weeks start on Monday, Asia/Kolkata), the
-- last p_weeks weeks (1-52, default 8) oldest first, zero-filled. Owner only (the click
-- table is not readable by providers): the owner check is the policies', from the JWT. (from 0007)
CREATE FUNCTION public.my_leads(p_provider_id uuid, p_weeks integer DEFAULT 8) RETURNS TABLE(week_start date, calls integer, chats integer, views integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_weeks integer := least(greatest(coalesce(p_weeks, 8), 1), 52);
  v_this_week date := date_trunc('week', now() at time zone 'Asia/Kolkata')::date;
  v_first date := v_this_week - 7 * (v_weeks - 1);
begin
  if public.current_mobile() is null then
    raise exception using errcode = '42501', message = 'sign in with the mobile number of the listing';
  end if;
  if not exists (select 1 from public.service_providers p where p.id = p_provider_id and p.mobile = public.current_mobile()) then
    raise exception using errcode = 'PT404', message = 'listing not found', detail = 'provider_id';
  end if;
  return query
    select w.d::date,
           count(c.id) filter (where c.click_type = 'call')::integer,
           count(c.id) filter (where c.click_type = 'whatsapp')::integer,
           count(c.id) filter (where c.click_type = 'view')::integer
      from generate_series(v_first, v_this_week, interval '7 days') as w(d)
      left join public.click_tracking c
        on c.provider_id = p_provider_id
       and c.created_at >= (w.d::date::timestamp at time zone 'Asia/Kolkata')
       and c.created_at < ((w.d::date + 7)::timestamp at time zone 'Asia/Kolkata')
     group by w.d
     order by w.d;
end
$$;

-- (from 0011)
CREATE FUNCTION public.my_listings() RETURNS TABLE(id uuid, name text, business_name text, mobile text, category text, specialist_in text, experience integer, address text, verified boolean, registration_date timestamp with time zone, avg_rating numeric, rating_count integer, on_leave_until date, opening_hours jsonb, status text, rejection_reason text, reviewed_at timestamp with time zone, pending_change jsonb, number_caution boolean)
    LANGUAGE sql STABLE
    SET search_path TO 'public', 'pg_temp'
    AS $$
  select p.id, p.name, p.business_name, p.mobile, p.category, p.specialist_in, p.experience, p.address,
         p.verified, p.registration_date, p.avg_rating::numeric, p.rating_count, p.on_leave_until, p.opening_hours,
         p.status, p.rejection_reason, p.reviewed_at,
         (select jsonb_build_object('name', r.name, 'category', r.category, 'mobile', r.mobile, 'created_at', r.created_at)
            from public.provider_change_requests r
           where r.provider_id = p.id and r.status = 'pending'),
         p.number_caution
    from public.service_providers p
   where p.mobile = public.current_mobile()
   order by p.registration_date desc, p.id
$$;

-- Ask the operator to change name, category and/or mobile (null = unchanged; a value equal
-- to the live one counts as unchanged). Replaces this listing's pending request, if any.
-- SECURITY DEFINER (the queue has no write grant): the owner check is the same as the
-- policies', from the JWT. (from 0007)
CREATE FUNCTION public.request_listing_change(p_provider_id uuid, p_name text DEFAULT NULL::text, p_category text DEFAULT NULL::text, p_mobile text DEFAULT NULL::text) RETURNS public.provider_change_requests
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_me text := public.current_mobile();
  v_live public.service_providers;
  v_name text := private.clean_or_null(p_name);
  v_category text := private.stored_category(p_category);
  v_mobile text;
  v_row public.provider_change_requests;
begin
  if v_me is null then
    raise exception using errcode = '42501', message = 'sign in with the mobile number of the listing';
  end if;
  select * into v_live from public.service_providers p where p.id = p_provider_id and p.mobile = v_me for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'listing not found', detail = 'provider_id';
  end if;
  if v_name is not null and char_length(v_name) > 100 then
    raise exception using errcode = '23514', message = 'name must be at most 100 characters', detail = 'name';
  end if;
  if nullif(btrim(coalesce(p_mobile, '')), '') is not null then
    v_mobile := private.normalize_mobile(p_mobile);
    if v_mobile is null then
      raise exception using errcode = '23514', message = 'mobile must be a 10-digit mobile number starting 6-9 (+91 or 0 in front allowed)',
        detail = 'mobile';
    end if;
  end if;
  if v_name = v_live.name then v_name := null; end if;
  if v_category = v_live.category then v_category := null; end if;
  if v_mobile = v_live.mobile then v_mobile := null; end if;
  if v_name is null and v_category is null and v_mobile is null then
    raise exception using errcode = '22023', message = 'nothing to change: give a new name, category or mobile';
  end if;
  delete from public.provider_change_requests r where r.provider_id = p_provider_id and r.status = 'pending';
  insert into public.provider_change_requests (provider_id, name, category, mobile)
  values (p_provider_id, v_name, v_category, v_mobile)
  returning * into v_row;
  return v_row;
end
$$;

-- Available today (null) or on leave until a date (today or later, Asia/Kolkata). (from 0007)
CREATE FUNCTION public.set_my_availability(p_provider_id uuid, p_on_leave_until date DEFAULT NULL::date) RETURNS public.service_providers
    LANGUAGE plpgsql
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_row public.service_providers;
begin
  if public.current_mobile() is null then
    raise exception using errcode = '42501', message = 'sign in with the mobile number of the listing';
  end if;
  if p_on_leave_until is not null and p_on_leave_until < (now() at time zone 'Asia/Kolkata')::date then
    raise exception using errcode = '22023', message = 'on_leave_until must be today or later (Asia/Kolkata)',
      detail = 'on_leave_until';
  end if;
  update public.service_providers p set on_leave_until = p_on_leave_until
   where p.id = p_provider_id and p.mobile = public.current_mobile()
  returning * into v_row;
  if not found then
    raise exception using errcode = 'PT404', message = 'listing not found', detail = 'provider_id';
  end if;
  return v_row;
end
$$;

-- Opening hours per weekday (see public.opening_hours_valid); null clears them. (from 0007)
CREATE FUNCTION public.set_my_opening_hours(p_provider_id uuid, p_hours jsonb DEFAULT NULL::jsonb) RETURNS public.service_providers
    LANGUAGE plpgsql
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_row public.service_providers;
  v_hours jsonb := case when jsonb_typeof(p_hours) = 'null' then null else p_hours end;
begin
  if public.current_mobile() is null then
    raise exception using errcode = '42501', message = 'sign in with the mobile number of the listing';
  end if;
  if not public.opening_hours_valid(v_hours) then
    raise exception using errcode = '22023',
      message = 'opening_hours must have the keys mon..sun, each null or {"open":"HH:MM","close":"HH:MM"} with open before close',
      detail = 'opening_hours';
  end if;
  update public.service_providers p set opening_hours = v_hours
   where p.id = p_provider_id and p.mobile = public.current_mobile()
  returning * into v_row;
  if not found then
    raise exception using errcode = 'PT404', message = 'listing not found', detail = 'provider_id';
  end if;
  return v_row;
end
$$;

-- As 0007, with the sizes checked before any cleaning. (from 0011)
CREATE FUNCTION public.update_my_listing(p_provider_id uuid, p_business_name text DEFAULT NULL::text, p_specialist_in text DEFAULT NULL::text, p_address text DEFAULT NULL::text, p_experience integer DEFAULT NULL::integer) RETURNS public.service_providers
    LANGUAGE plpgsql
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_row public.service_providers;
begin
  if public.current_mobile() is null then
    raise exception using errcode = '42501', message = 'sign in with the mobile number of the listing';
  end if;
  -- Sizes before any trimming (SECURITY INVOKER: no private.* helpers here).
  if char_length(p_business_name) > 300 or char_length(p_specialist_in) > 400 or char_length(p_address) > 600 then
    raise exception using errcode = '22001', message = 'a field is too long',
      detail = case when char_length(p_business_name) > 300 then 'business_name'
                    when char_length(p_specialist_in) > 400 then 'specialist_in' else 'address' end;
  end if;
  if p_business_name is not null and char_length(btrim(p_business_name)) > 150 then
    raise exception using errcode = '23514', message = 'business_name must be at most 150 characters', detail = 'business_name';
  end if;
  if p_specialist_in is not null and char_length(btrim(p_specialist_in)) > 200 then
    raise exception using errcode = '23514', message = 'specialist_in must be at most 200 characters', detail = 'specialist_in';
  end if;
  if p_address is null or btrim(p_address) = '' then
    raise exception using errcode = '23502', message = 'address is required', detail = 'address';
  end if;
  if char_length(btrim(p_address)) > 300 then
    raise exception using errcode = '23514', message = 'address must be at most 300 characters', detail = 'address';
  end if;
  if p_experience is null then
    raise exception using errcode = '23502', message = 'experience is required', detail = 'experience';
  end if;
  if p_experience < 0 or p_experience > 80 then
    raise exception using errcode = '23514', message = 'experience must be between 0 and 80 years', detail = 'experience';
  end if;
  update public.service_providers p
     set business_name = p_business_name, specialist_in = p_specialist_in, address = p_address, experience = p_experience
   where p.id = p_provider_id and p.mobile = public.current_mobile()
  returning * into v_row;
  if not found then
    raise exception using errcode = 'PT404', message = 'listing not found', detail = 'provider_id';
  end if;
  return v_row;
end
$$;

-- The operator's decisions on listing changes (0007's admin_decide_change_request) are logged
-- the same way: the request (its reason included) and the listing it changed. (from 0008)
CREATE TRIGGER provider_change_requests_audit AFTER INSERT OR DELETE OR UPDATE ON public.provider_change_requests FOR EACH ROW EXECUTE FUNCTION private.audit_admin_change();

ALTER TABLE ONLY public.provider_change_requests
    ADD CONSTRAINT provider_change_requests_provider_id_fkey FOREIGN KEY (provider_id) REFERENCES public.service_providers(id) ON DELETE CASCADE;

ALTER TABLE public.provider_change_requests ENABLE ROW LEVEL SECURITY;

-- (from 0007)
CREATE POLICY provider_change_requests_read ON public.provider_change_requests FOR SELECT TO authenticated USING ((( SELECT public.is_admin() AS is_admin) OR (EXISTS ( SELECT 1
   FROM public.service_providers p
  WHERE ((p.id = provider_change_requests.provider_id) AND (p.mobile = ( SELECT public.current_mobile() AS current_mobile)))))));

REVOKE ALL ON TABLE public.provider_change_requests FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.provider_change_requests TO service_role;
GRANT SELECT ON TABLE public.provider_change_requests TO authenticated;

REVOKE ALL ON FUNCTION public.confirm_my_number() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.confirm_my_number() TO service_role;
GRANT ALL ON FUNCTION public.confirm_my_number() TO authenticated;

REVOKE ALL ON FUNCTION public.my_leads(p_provider_id uuid, p_weeks integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.my_leads(p_provider_id uuid, p_weeks integer) TO service_role;
GRANT ALL ON FUNCTION public.my_leads(p_provider_id uuid, p_weeks integer) TO authenticated;

REVOKE ALL ON FUNCTION public.my_listings() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.my_listings() TO service_role;
GRANT ALL ON FUNCTION public.my_listings() TO authenticated;

REVOKE ALL ON FUNCTION public.request_listing_change(p_provider_id uuid, p_name text, p_category text, p_mobile text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.request_listing_change(p_provider_id uuid, p_name text, p_category text, p_mobile text) TO service_role;
GRANT ALL ON FUNCTION public.request_listing_change(p_provider_id uuid, p_name text, p_category text, p_mobile text) TO authenticated;

REVOKE ALL ON FUNCTION public.set_my_availability(p_provider_id uuid, p_on_leave_until date) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.set_my_availability(p_provider_id uuid, p_on_leave_until date) TO service_role;
GRANT ALL ON FUNCTION public.set_my_availability(p_provider_id uuid, p_on_leave_until date) TO authenticated;

REVOKE ALL ON FUNCTION public.set_my_opening_hours(p_provider_id uuid, p_hours jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.set_my_opening_hours(p_provider_id uuid, p_hours jsonb) TO service_role;
GRANT ALL ON FUNCTION public.set_my_opening_hours(p_provider_id uuid, p_hours jsonb) TO authenticated;

REVOKE ALL ON FUNCTION public.update_my_listing(p_provider_id uuid, p_business_name text, p_specialist_in text, p_address text, p_experience integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.update_my_listing(p_provider_id uuid, p_business_name text, p_specialist_in text, p_address text, p_experience integer) TO service_role;
GRANT ALL ON FUNCTION public.update_my_listing(p_provider_id uuid, p_business_name text, p_specialist_in text, p_address text, p_experience integer) TO authenticated;
