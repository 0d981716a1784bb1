-- Reviews: public to read, written one at a time through add_review.
--
-- The current rules (see ../README.md, "The schema"). "(from NNNN)": the migration whose CREATE
-- made the object as it stands (later ALTERs may have added columns or constraints). A change
-- here needs a new migration too: tests/production/schema-files.test.ts says when they differ.

-- (from 0001)
CREATE TABLE public.reviews (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    provider_id uuid NOT NULL,
    review_text text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    hidden boolean DEFAULT false NOT NULL,
    CONSTRAINT reviews_review_text_check CHECK (((char_length(review_text) >= 1) AND (char_length(review_text) <= 1000)))
);

-- Not a column of reviews: reviews are public (select *), and a column grant cannot hide
-- one column from a table-wide grant. (from 0006)
CREATE TABLE private.review_devices (
    review_id uuid NOT NULL,
    device_hash text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    phone_hash text,
    CONSTRAINT review_devices_device_hash_check CHECK ((device_hash ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT review_devices_phone_hash_check CHECK (((phone_hash IS NULL) OR (phone_hash ~ '^[0-9a-f]{64}$'::text)))
);

ALTER TABLE ONLY private.review_devices
    ADD CONSTRAINT review_devices_pkey PRIMARY KEY (review_id);

ALTER TABLE ONLY public.reviews
    ADD CONSTRAINT reviews_pkey PRIMARY KEY (id);

CREATE INDEX review_devices_device_idx ON private.review_devices USING btree (device_hash, created_at);

CREATE INDEX review_devices_phone_idx ON private.review_devices USING btree (phone_hash, created_at) WHERE (phone_hash IS NOT NULL);

CREATE INDEX reviews_provider_idx ON public.reviews USING btree (provider_id, created_at DESC);

-- Reviews: cleaned like other text (newlines kept); blank then fails the length check. (from 0006)
CREATE FUNCTION private.trim_review_text() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
begin
  new.review_text := private.clean_text(coalesce(new.review_text, ''));
  if private.is_blank(new.review_text) then
    new.review_text := '';
  end if;
  if tg_op = 'INSERT' then
    new.created_at := now();
  end if;
  return new;
end
$$;


SET default_tablespace = '';

SET default_table_access_method = heap;

-- Post a review (cleaned, 1..1000 characters) as the signed-in phone; returns the stored
-- row. At most 10 a day per phone (429). (from 0011)
CREATE FUNCTION public.add_review(p_provider_id uuid, p_review_text text) RETURNS public.reviews
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_mobile text := private.require_phone('write a review');
  v_hash text := private.phone_hash(v_mobile);
  v_text text;
  v_row public.reviews;
begin
  perform private.check_size(p_review_text, 2000, 'review_text');
  v_text := private.clean_text(p_review_text);
  if private.is_blank(v_text) then
    raise exception using errcode = '23502', message = 'review_text is required', detail = 'review_text';
  end if;
  if char_length(v_text) > 1000 then
    raise exception using errcode = '23514', message = 'review_text must be at most 1000 characters', detail = 'review_text';
  end if;
  perform private.require_approved(p_provider_id);
  if exists (select 1 from public.service_providers p where p.id = p_provider_id and p.mobile = v_mobile) then
    raise exception using errcode = '42501', message = 'a provider does not review their own listing';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('review:' || v_hash, 0));
  if (select count(*) from private.review_devices d
       where d.phone_hash = v_hash and d.created_at > now() - interval '1 day') >= 10 then
    raise exception using errcode = 'PT429', message = 'too many reviews from this mobile today: at most 10 a day',
      detail = 'phone', hint = 'retry after ' || 86400 || ' seconds';
  end if;
  insert into public.reviews (provider_id, review_text) values (p_provider_id, v_text) returning * into v_row;
  insert into private.review_devices (review_id, phone_hash) values (v_row.id, v_hash);
  return v_row;
end
$$;

-- (from 0008)
CREATE TRIGGER reviews_audit AFTER INSERT OR DELETE OR UPDATE ON public.reviews FOR EACH ROW EXECUTE FUNCTION private.audit_admin_change();

-- (from 0001)
CREATE TRIGGER reviews_trim BEFORE INSERT OR UPDATE ON public.reviews FOR EACH ROW EXECUTE FUNCTION private.trim_review_text();

ALTER TABLE ONLY private.review_devices
    ADD CONSTRAINT review_devices_review_id_fkey FOREIGN KEY (review_id) REFERENCES public.reviews(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.reviews
    ADD CONSTRAINT reviews_provider_id_fkey FOREIGN KEY (provider_id) REFERENCES public.service_providers(id) ON DELETE CASCADE;

ALTER TABLE private.review_devices ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.reviews ENABLE ROW LEVEL SECURITY;

-- (from 0002)
CREATE POLICY reviews_admin_delete ON public.reviews FOR DELETE TO authenticated USING (( SELECT public.is_admin() AS is_admin));

-- (from 0008)
CREATE POLICY reviews_read ON public.reviews FOR SELECT TO anon, authenticated USING ((((NOT hidden) AND (EXISTS ( SELECT 1
   FROM public.service_providers p
  WHERE ((p.id = reviews.provider_id) AND (p.status = 'approved'::text))))) OR ( SELECT public.is_admin() AS is_admin)));

REVOKE ALL ON FUNCTION private.trim_review_text() FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON TABLE public.reviews FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.reviews TO service_role;
GRANT SELECT ON TABLE public.reviews TO anon;
GRANT SELECT,DELETE ON TABLE public.reviews TO authenticated;

REVOKE ALL ON FUNCTION public.add_review(p_provider_id uuid, p_review_text text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.add_review(p_provider_id uuid, p_review_text text) TO service_role;
GRANT ALL ON FUNCTION public.add_review(p_provider_id uuid, p_review_text text) TO anon;
GRANT ALL ON FUNCTION public.add_review(p_provider_id uuid, p_review_text text) TO authenticated;
