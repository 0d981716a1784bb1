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
    reviewer_name text,
    rating smallint,
    reply_text text,
    replied_at timestamp with time zone,
    CONSTRAINT reviews_review_text_check CHECK (((char_length(review_text) >= 1) AND (char_length(review_text) <= 1000))),
    -- What the page shows beside a review (0015; every column of reviews is public): the first
    -- name its writer chose (letters only, 2..40; null: "A visitor"), the stars of that phone's
    -- rating of the provider (kept in step by service_ratings_review_stars), the owner's answer
    -- while it is shown (private.review_replies holds it; null when none or hidden).
    CONSTRAINT reviews_reviewer_name_check CHECK (((reviewer_name IS NULL) OR (reviewer_name ~ '^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u0900-\u0963\u0971-\u097F]{2,40}$'::text))),
    CONSTRAINT reviews_rating_check CHECK (((rating IS NULL) OR ((rating >= 1) AND (rating <= 5)))),
    CONSTRAINT reviews_reply_text_check CHECK (((reply_text IS NULL) OR ((char_length(reply_text) >= 1) AND (char_length(reply_text) <= 500))))
);

-- The owner's answer to a review: one per review (the key), hidden by the operator
-- (admin_hide_reply). Not readable by the API roles. (from 0015)
CREATE TABLE private.review_replies (
    review_id uuid NOT NULL,
    provider_id uuid NOT NULL,
    reply_text text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    hidden boolean DEFAULT false NOT NULL,
    CONSTRAINT review_replies_reply_text_check CHECK (((char_length(reply_text) >= 1) AND (char_length(reply_text) <= 500)))
);

ALTER TABLE ONLY private.review_replies
    ADD CONSTRAINT review_replies_pkey PRIMARY KEY (review_id);

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

-- Post a review (cleaned, 1..1000 characters) as the signed-in phone, with the writer's first
-- name if given (letters only, 2..40) and the phone's stars; returns the stored row. At most
-- 10 a day per phone (429). (from 0015)
create function public.add_review(p_provider_id uuid, p_review_text text, p_reviewer_name text default null)
returns public.reviews
    language plpgsql security definer
    set search_path to 'public', 'pg_temp'
    as $$
declare
  v_mobile text := private.require_phone('write a review');
  v_hash text := private.phone_hash(v_mobile);
  v_text text;
  v_name text;
  v_row public.reviews;
begin
  perform private.check_size(p_review_text, 2000, 'review_text');
  perform private.check_size(p_reviewer_name, 200, 'reviewer_name');
  v_text := private.clean_text(p_review_text);
  if private.is_blank(v_text) then
    raise exception using errcode = '23502', message = 'review_text is required', detail = 'review_text';
  end if;
  if char_length(v_text) > 1000 then
    raise exception using errcode = '23514', message = 'review_text must be at most 1000 characters', detail = 'review_text';
  end if;
  v_name := private.clean_or_null(p_reviewer_name);
  if v_name is not null
     and v_name !~ '^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u0900-\u0963\u0971-\u097F]{2,40}$' then
    raise exception using errcode = '23514', message = 'reviewer_name must be a first name of 2 to 40 letters',
      detail = 'reviewer_name';
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
  insert into public.reviews (provider_id, review_text, reviewer_name, rating)
  values (p_provider_id, v_text, v_name,
          (select r.rating from public.service_ratings r where r.provider_id = p_provider_id and r.phone_hash = v_hash))
  returning * into v_row;
  insert into private.review_devices (review_id, phone_hash) values (v_row.id, v_hash);
  return v_row;
end
$$;

-- The listing's owner (the signed-in phone that is the listing's mobile, as the owner edits)
-- answers a shown review once (1..500 characters, cleaned); a second answer is refused
-- (23505): an answer is not edited. Logged as owner.reply. (from 0015)
create function public.reply_to_review(p_review_id uuid, p_reply_text text)
returns public.reviews
    language plpgsql security definer
    set search_path to 'public', 'pg_temp'
    as $$
declare
  v_mobile text := private.require_phone('reply to a review');
  v_review public.reviews;
  v_owner text;
  v_text text;
begin
  perform private.check_size(p_reply_text, 2000, 'reply_text');
  select v.* into v_review from public.reviews v where v.id = p_review_id and not v.hidden for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'review not found', detail = 'review_id';
  end if;
  select p.mobile into v_owner from public.service_providers p where p.id = v_review.provider_id;
  if v_owner is distinct from v_mobile then
    raise exception using errcode = '42501', message = 'only the listing''s owner replies to its reviews', detail = 'review_id';
  end if;
  v_text := private.clean_text(p_reply_text);
  if private.is_blank(v_text) then
    raise exception using errcode = '23502', message = 'reply_text is required', detail = 'reply_text';
  end if;
  if char_length(v_text) > 500 then
    raise exception using errcode = '23514', message = 'reply_text must be at most 500 characters', detail = 'reply_text';
  end if;
  if exists (select 1 from private.review_replies r where r.review_id = p_review_id) then
    raise exception using errcode = '23505', message = 'this review already has a reply: a review is answered once',
      detail = 'review_id';
  end if;
  insert into private.review_replies (review_id, provider_id, reply_text) values (p_review_id, v_review.provider_id, v_text);
  update public.reviews set reply_text = v_text, replied_at = now() where id = p_review_id returning * into v_review;
  perform private.audit('owner.reply', 'reviews', p_review_id::text, left(v_review.review_text, 80),
    null, jsonb_build_object('reply_text', v_text), null);
  return v_review;
end
$$;

-- A phone's reviews of a provider show its current rating of that provider. (from 0015)
create function private.sync_review_rating() returns trigger
    language plpgsql security definer
    set search_path to 'public', 'pg_temp'
    as $$
declare
  v_provider uuid := case when tg_op = 'DELETE' then old.provider_id else new.provider_id end;
  v_hash text := case when tg_op = 'DELETE' then old.phone_hash else new.phone_hash end;
  v_rating smallint := case when tg_op = 'DELETE' then null else new.rating end;
begin
  if v_hash is null then
    return null;
  end if;
  update public.reviews v
     set rating = v_rating
    from private.review_devices d
   where d.review_id = v.id and d.phone_hash = v_hash and v.provider_id = v_provider
     and v.rating is distinct from v_rating;
  return null;
end
$$;

-- (from 0008)
CREATE TRIGGER reviews_audit AFTER INSERT OR DELETE OR UPDATE ON public.reviews FOR EACH ROW EXECUTE FUNCTION private.audit_admin_change();

-- (from 0015)
CREATE TRIGGER service_ratings_review_stars AFTER INSERT OR DELETE OR UPDATE ON public.service_ratings FOR EACH ROW EXECUTE FUNCTION private.sync_review_rating();

-- (from 0001)
CREATE TRIGGER reviews_trim BEFORE INSERT OR UPDATE ON public.reviews FOR EACH ROW EXECUTE FUNCTION private.trim_review_text();

ALTER TABLE ONLY private.review_devices
    ADD CONSTRAINT review_devices_review_id_fkey FOREIGN KEY (review_id) REFERENCES public.reviews(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.review_replies
    ADD CONSTRAINT review_replies_provider_id_fkey FOREIGN KEY (provider_id) REFERENCES public.service_providers(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.review_replies
    ADD CONSTRAINT review_replies_review_id_fkey FOREIGN KEY (review_id) REFERENCES public.reviews(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.reviews
    ADD CONSTRAINT reviews_provider_id_fkey FOREIGN KEY (provider_id) REFERENCES public.service_providers(id) ON DELETE CASCADE;

ALTER TABLE private.review_devices ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.review_replies ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.reviews ENABLE ROW LEVEL SECURITY;

-- (from 0002)
CREATE POLICY reviews_admin_delete ON public.reviews FOR DELETE TO authenticated USING (( SELECT public.is_admin() AS is_admin));

-- (from 0008)
CREATE POLICY reviews_read ON public.reviews FOR SELECT TO anon, authenticated USING ((((NOT hidden) AND (EXISTS ( SELECT 1
   FROM public.service_providers p
  WHERE ((p.id = reviews.provider_id) AND (p.status = 'approved'::text))))) OR ( SELECT public.is_admin() AS is_admin)));

REVOKE ALL ON FUNCTION private.trim_review_text() FROM PUBLIC, anon, authenticated, service_role;

REVOKE ALL ON FUNCTION private.sync_review_rating() FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON TABLE public.reviews FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.reviews TO service_role;
GRANT SELECT ON TABLE public.reviews TO anon;
GRANT SELECT,DELETE ON TABLE public.reviews TO authenticated;

revoke all on function public.add_review(p_provider_id uuid, p_review_text text, p_reviewer_name text) from public, anon, authenticated, service_role;
grant all on function public.add_review(p_provider_id uuid, p_review_text text, p_reviewer_name text) to service_role;
grant all on function public.add_review(p_provider_id uuid, p_review_text text, p_reviewer_name text) to anon;
grant all on function public.add_review(p_provider_id uuid, p_review_text text, p_reviewer_name text) to authenticated;

revoke all on function public.reply_to_review(p_review_id uuid, p_reply_text text) from public, anon, authenticated, service_role;
grant all on function public.reply_to_review(p_review_id uuid, p_reply_text text) to service_role;
grant all on function public.reply_to_review(p_review_id uuid, p_reply_text text) to authenticated;
