-- Ratings: one per phone and provider; the aggregates on the provider row; the rating API.
--
-- The current rules (see ../README.md, "The schema"). "(from NNNN)": the migration whose CREATE
-- made the object as it stands (later ALTERs may have added columns or constraints). A change
-- here needs a new migration too: tests/production/schema-files.test.ts says when they differ.

-- (from 0001)
CREATE TABLE public.service_ratings (
    id bigint NOT NULL,
    provider_id uuid NOT NULL,
    rating smallint NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    device_hash text,
    phone_hash text,
    CONSTRAINT service_ratings_device_hash_check CHECK ((device_hash ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT service_ratings_phone_hash_check CHECK (((phone_hash IS NULL) OR (phone_hash ~ '^[0-9a-f]{64}$'::text))),
    CONSTRAINT service_ratings_rater_check CHECK (((device_hash IS NOT NULL) OR (phone_hash IS NOT NULL))),
    CONSTRAINT service_ratings_rating_check CHECK (((rating >= 1) AND (rating <= 5)))
);

ALTER TABLE public.service_ratings ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.service_ratings_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public.service_ratings
    ADD CONSTRAINT service_ratings_pkey PRIMARY KEY (id);

-- Ratings from before 0011 were per device: one per device and provider.
-- (from 0006)
ALTER TABLE ONLY public.service_ratings
    ADD CONSTRAINT service_ratings_provider_device_key UNIQUE (provider_id, device_hash);

CREATE INDEX service_ratings_device_idx ON public.service_ratings USING btree (device_hash);

CREATE INDEX service_ratings_phone_idx ON public.service_ratings USING btree (phone_hash) WHERE (phone_hash IS NOT NULL);

-- THE RATING RULE: one rating per signed-in phone and provider (a phone rates once; rating
-- again changes the value). Device ratings (device_hash) are older ones, kept as history.
CREATE UNIQUE INDEX service_ratings_provider_phone_key ON public.service_ratings USING btree (provider_id, phone_hash) WHERE (phone_hash IS NOT NULL);

-- A rating belongs to one provider and one rater for good: only the value changes. (from 0011)
CREATE FUNCTION private.guard_rating_update() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  if new.provider_id is distinct from old.provider_id or new.device_hash is distinct from old.device_hash
     or new.phone_hash is distinct from old.phone_hash then
    raise exception using errcode = '23514', message = 'a rating cannot move to another provider or rater',
      detail = 'provider_id, device_hash, phone_hash';
  end if;
  new.created_at := old.created_at;
  new.updated_at := now();
  return new;
end
$$;

-- Rating aggregates on the provider row: as 0005, plus the sum. (from 0006)
CREATE FUNCTION private.refresh_provider_rating() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_ids uuid[];
begin
  if tg_op = 'INSERT' then
    v_ids := array[new.provider_id];
  elsif tg_op = 'DELETE' then
    v_ids := array[old.provider_id];
  else
    v_ids := array[new.provider_id, old.provider_id];
  end if;
  -- See 0005: lock first, so the UPDATE's new snapshot sees every committed rating.
  perform 1 from public.service_providers p where p.id = any (v_ids) order by p.id for no key update;
  update public.service_providers p
     set avg_rating = coalesce(s.avg_rating, 0),
         rating_count = coalesce(s.rating_count, 0),
         rating_sum = coalesce(s.rating_sum, 0)
    from (
      select x.id,
             (select round(avg(r.rating), 1) from public.service_ratings r where r.provider_id = x.id) as avg_rating,
             (select count(*)::integer from public.service_ratings r where r.provider_id = x.id) as rating_count,
             (select sum(r.rating)::integer from public.service_ratings r where r.provider_id = x.id) as rating_sum
        from unnest(v_ids) as x(id)
    ) s
   where p.id = s.id;
  return null;
end
$$;

-- As 0003, with the list bounded (SECURITY DEFINER: the check lives in schema private; the
-- explicit status filter is what RLS did). (from 0011)
CREATE FUNCTION public.get_average_ratings(p_provider_ids uuid[] DEFAULT NULL::uuid[]) RETURNS TABLE(provider_id uuid, avg_rating numeric, rating_count integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
begin
  perform private.check_ids(p_provider_ids, 200, 'p_provider_ids');
  return query
    select p.id, p.avg_rating::numeric, p.rating_count
      from public.service_providers p
     where p.status = 'approved'
       and p.rating_count > 0
       and (p_provider_ids is null or p.id = any (p_provider_ids));
end
$$;

-- As 0006 (old device ratings, shown as history), with the list bounded. (from 0011)
CREATE FUNCTION public.get_device_ratings(p_device_token text, p_provider_ids uuid[] DEFAULT NULL::uuid[]) RETURNS TABLE(provider_id uuid, rating integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_hash text;
begin
  perform private.check_ids(p_provider_ids, 200, 'p_provider_ids');
  v_hash := private.device_hash(p_device_token);
  return query
    select r.provider_id, r.rating::integer
      from public.service_ratings r
      join public.service_providers p on p.id = r.provider_id and p.status = 'approved'
     where r.device_hash = v_hash
       and (p_provider_ids is null or r.provider_id = any (p_provider_ids));
end
$$;

-- The signed-in phone's own ratings (of the given providers, or all) of listed providers.
-- Nothing for anyone else. (from 0011)
CREATE FUNCTION public.my_ratings(p_provider_ids uuid[] DEFAULT NULL::uuid[]) RETURNS TABLE(provider_id uuid, rating integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_mobile text := public.current_mobile();
begin
  perform private.check_ids(p_provider_ids, 200, 'p_provider_ids');
  if v_mobile is null then
    return;
  end if;
  return query
    select r.provider_id, r.rating::integer
      from public.service_ratings r
      join public.service_providers p on p.id = r.provider_id and p.status = 'approved'
     where r.phone_hash = private.phone_hash(v_mobile)
       and (p_provider_ids is null or r.provider_id = any (p_provider_ids));
end
$$;

-- Rate a provider (1..5) as the signed-in phone; rating again changes the same row. An owner
-- does not rate their own listing. (from 0011)
CREATE FUNCTION public.rate_provider(p_provider_id uuid, p_rating integer) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_mobile text := private.require_phone('rate');
  v_hash text := private.phone_hash(v_mobile);
begin
  if p_rating is null then
    raise exception using errcode = '23502', message = 'rating is required', detail = 'rating';
  end if;
  if p_rating not between 1 and 5 then
    raise exception using errcode = '23514', message = 'rating must be between 1 and 5', detail = 'rating';
  end if;
  perform private.require_approved(p_provider_id);
  if exists (select 1 from public.service_providers p where p.id = p_provider_id and p.mobile = v_mobile) then
    raise exception using errcode = '42501', message = 'a provider does not rate their own listing';
  end if;
  insert into public.service_ratings (provider_id, phone_hash, rating)
  values (p_provider_id, v_hash, p_rating)
  on conflict (provider_id, phone_hash) where phone_hash is not null do update set rating = excluded.rating
    where public.service_ratings.rating is distinct from excluded.rating;
end
$$;

-- (from 0001)
CREATE TRIGGER service_ratings_aggregate AFTER INSERT OR DELETE OR UPDATE ON public.service_ratings FOR EACH ROW EXECUTE FUNCTION private.refresh_provider_rating();

-- (from 0008)
CREATE TRIGGER service_ratings_audit AFTER DELETE ON public.service_ratings FOR EACH ROW EXECUTE FUNCTION private.audit_admin_change();

-- (from 0001)
CREATE TRIGGER service_ratings_guard BEFORE UPDATE ON public.service_ratings FOR EACH ROW EXECUTE FUNCTION private.guard_rating_update();

ALTER TABLE ONLY public.service_ratings
    ADD CONSTRAINT service_ratings_provider_id_fkey FOREIGN KEY (provider_id) REFERENCES public.service_providers(id) ON DELETE CASCADE;

ALTER TABLE public.service_ratings ENABLE ROW LEVEL SECURITY;

-- (from 0002)
CREATE POLICY service_ratings_admin_delete ON public.service_ratings FOR DELETE TO authenticated USING (( SELECT public.is_admin() AS is_admin));

-- (from 0006)
CREATE POLICY service_ratings_admin_read ON public.service_ratings FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));

REVOKE ALL ON FUNCTION private.guard_rating_update() FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.refresh_provider_rating() FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION public.get_average_ratings(p_provider_ids uuid[]) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_average_ratings(p_provider_ids uuid[]) TO service_role;
GRANT ALL ON FUNCTION public.get_average_ratings(p_provider_ids uuid[]) TO anon;
GRANT ALL ON FUNCTION public.get_average_ratings(p_provider_ids uuid[]) TO authenticated;

REVOKE ALL ON FUNCTION public.get_device_ratings(p_device_token text, p_provider_ids uuid[]) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_device_ratings(p_device_token text, p_provider_ids uuid[]) TO service_role;
GRANT ALL ON FUNCTION public.get_device_ratings(p_device_token text, p_provider_ids uuid[]) TO anon;
GRANT ALL ON FUNCTION public.get_device_ratings(p_device_token text, p_provider_ids uuid[]) TO authenticated;

REVOKE ALL ON FUNCTION public.my_ratings(p_provider_ids uuid[]) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.my_ratings(p_provider_ids uuid[]) TO service_role;
GRANT ALL ON FUNCTION public.my_ratings(p_provider_ids uuid[]) TO anon;
GRANT ALL ON FUNCTION public.my_ratings(p_provider_ids uuid[]) TO authenticated;

REVOKE ALL ON FUNCTION public.rate_provider(p_provider_id uuid, p_rating integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.rate_provider(p_provider_id uuid, p_rating integer) TO service_role;
GRANT ALL ON FUNCTION public.rate_provider(p_provider_id uuid, p_rating integer) TO anon;
GRANT ALL ON FUNCTION public.rate_provider(p_provider_id uuid, p_rating integer) TO authenticated;

REVOKE ALL ON TABLE public.service_ratings FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.service_ratings TO service_role;
GRANT SELECT,DELETE ON TABLE public.service_ratings TO authenticated;

REVOKE ALL ON SEQUENCE public.service_ratings_id_seq FROM anon, authenticated, service_role;
GRANT ALL ON SEQUENCE public.service_ratings_id_seq TO service_role;
