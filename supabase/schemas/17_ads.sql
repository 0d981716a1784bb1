-- Advertisements: public to read while active, written by the operator.
--
-- The current rules (see ../README.md, "The schema"). "(from NNNN)": the migration whose CREATE
-- made the object as it stands (later ALTERs may have added columns or constraints). A change
-- here needs a new migration too: tests/production/schema-files.test.ts says when they differ.

-- (from 0001)
CREATE TABLE public.advertisements (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    title text,
    active boolean DEFAULT true NOT NULL,
    start_date timestamp with time zone,
    end_date timestamp with time zone,
    media_type text NOT NULL,
    media_url text NOT NULL,
    redirect_link text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    sort_order integer DEFAULT 0 NOT NULL,
    media_alt text,
    CONSTRAINT advertisements_dates_check CHECK (((start_date IS NULL) OR (end_date IS NULL) OR (end_date >= start_date))),
    CONSTRAINT advertisements_media_type_check CHECK ((media_type = ANY (ARRAY['image'::text, 'video'::text, 'youtube'::text]))),
    CONSTRAINT advertisements_media_alt_check CHECK (((media_alt IS NULL) OR (char_length(media_alt) <= 300))),
    CONSTRAINT advertisements_media_url_check CHECK (((char_length(media_url) >= 1) AND (char_length(media_url) <= 2000))),
    CONSTRAINT advertisements_redirect_link_check CHECK (((redirect_link IS NULL) OR (char_length(redirect_link) <= 2000))),
    CONSTRAINT advertisements_sort_order_check CHECK (((sort_order >= '-1000000'::integer) AND (sort_order <= 1000000))),
    CONSTRAINT advertisements_title_check CHECK (((title IS NULL) OR (char_length(title) <= 200)))
);

ALTER TABLE ONLY public.advertisements
    ADD CONSTRAINT advertisements_pkey PRIMARY KEY (id);

CREATE INDEX advertisements_active_idx ON public.advertisements USING btree (active, sort_order, created_at DESC);

-- (from 0008)
CREATE TRIGGER advertisements_audit AFTER INSERT OR DELETE OR UPDATE ON public.advertisements FOR EACH ROW EXECUTE FUNCTION private.audit_admin_change();

ALTER TABLE public.advertisements ENABLE ROW LEVEL SECURITY;

-- (from 0002)
CREATE POLICY advertisements_admin_delete ON public.advertisements FOR DELETE TO authenticated USING (( SELECT public.is_admin() AS is_admin));

-- (from 0002)
CREATE POLICY advertisements_admin_insert ON public.advertisements FOR INSERT TO authenticated WITH CHECK (( SELECT public.is_admin() AS is_admin));

-- (from 0002)
CREATE POLICY advertisements_admin_update ON public.advertisements FOR UPDATE TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));

-- (from 0002)
CREATE POLICY advertisements_read ON public.advertisements FOR SELECT TO anon, authenticated USING ((active OR ( SELECT public.is_admin() AS is_admin)));

REVOKE ALL ON TABLE public.advertisements FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.advertisements TO service_role;
GRANT SELECT ON TABLE public.advertisements TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.advertisements TO authenticated;

-- Ads need a title (its caption, and the name screen readers give it) and, for an image, a
-- description of the image (its alt text). New ads and any change of an ad's title, image or
-- description must have them (23514, detail 'title' / 'media_alt'); an older ad without them
-- is kept as it is and can still be switched on or off, rescheduled or deleted. (from 0013)
create or replace function private.ads_require_words() returns trigger
language plpgsql
set search_path = public, pg_temp
as $$
begin
  if tg_op = 'UPDATE'
     and new.title is not distinct from old.title
     and new.media_alt is not distinct from old.media_alt
     and new.media_type is not distinct from old.media_type
     and new.media_url is not distinct from old.media_url then
    return new;
  end if;
  if new.title is null or btrim(new.title) = '' then
    raise exception using errcode = '23514', message = 'an ad needs a title', detail = 'title';
  end if;
  if new.media_type = 'image' and (new.media_alt is null or btrim(new.media_alt) = '') then
    raise exception using errcode = '23514', message = 'an image ad needs a description of the image', detail = 'media_alt';
  end if;
  return new;
end
$$;

revoke all on function private.ads_require_words() from public;

drop trigger if exists advertisements_require_words on public.advertisements;
create trigger advertisements_require_words
  before insert or update on public.advertisements
  for each row execute function private.ads_require_words();
