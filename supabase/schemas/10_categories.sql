-- Service categories, their search keywords and per-category counts. The rows themselves
-- come from the generated migrations (npm run gen:categories), not from this file.
--
-- The current rules (see ../README.md, "The schema"). "(from NNNN)": the migration whose CREATE
-- made the object as it stands (later ALTERs may have added columns or constraints). A change
-- here needs a new migration too: tests/production/schema-files.test.ts says when they differ.

-- Approved providers per category (all / verified), kept by trigger, so list
-- totals do not grow with the number of providers. (from 0001)
CREATE TABLE public.category_stats (
    category text NOT NULL,
    approved integer DEFAULT 0 NOT NULL,
    approved_verified integer DEFAULT 0 NOT NULL,
    rating_sum bigint DEFAULT 0 NOT NULL,
    rating_count bigint DEFAULT 0 NOT NULL
);

-- Category catalogue (rows come from a generated migration, kept in sync with
-- shared/src/catalogue by supabase/scripts/gen-categories-migration.ts). (from 0001)
CREATE TABLE public.service_categories (
    stored_value text NOT NULL,
    slug text NOT NULL,
    en text NOT NULL,
    hi text NOT NULL,
    icon text NOT NULL,
    keywords text[] DEFAULT '{}'::text[] NOT NULL,
    sort_order integer DEFAULT 0 NOT NULL
);

-- One row per search word of a category (keywords, English and Hindi names),
-- kept by trigger from service_categories; trigram-indexed for typo tolerance. (from 0001)
CREATE TABLE public.service_category_keywords (
    keyword text NOT NULL,
    stored_value text NOT NULL
);

ALTER TABLE ONLY public.category_stats
    ADD CONSTRAINT category_stats_pkey PRIMARY KEY (category);

ALTER TABLE ONLY public.service_categories
    ADD CONSTRAINT service_categories_pkey PRIMARY KEY (stored_value);

ALTER TABLE ONLY public.service_categories
    ADD CONSTRAINT service_categories_slug_key UNIQUE (slug);

ALTER TABLE ONLY public.service_category_keywords
    ADD CONSTRAINT service_category_keywords_pkey PRIMARY KEY (keyword, stored_value);

CREATE INDEX service_category_keywords_trgm_idx ON public.service_category_keywords USING gin (keyword extensions.gin_trgm_ops);

-- The category as registration stores it (catalogue value, or "OTHERS: <service>"); errors as
-- register_provider's. (from 0007)
CREATE FUNCTION private.stored_category(p_category text) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_category text := private.clean_or_null(p_category);
  v_stored text;
begin
  if v_category is null then
    return null;
  end if;
  if v_category ~* '^others[[:space:]]*:' then
    v_stored := private.clean_line(regexp_replace(v_category, '^others[[:space:]]*:', '', 'i'));
    if private.is_blank(v_stored) then
      raise exception using errcode = '23514', message = 'category: the service name for Other must not be blank', detail = 'category';
    end if;
    if char_length(v_stored) > 100 then
      raise exception using errcode = '23514', message = 'category: the service name for Other must be at most 100 characters', detail = 'category';
    end if;
    return 'OTHERS: ' || v_stored;
  end if;
  select c.stored_value into v_stored
    from public.service_categories c
   where c.stored_value = v_category
      or replace(c.stored_value, U&'\FE0F', '') = replace(v_category, U&'\FE0F', '')
   order by c.stored_value = v_category desc
   limit 1;
  if v_stored is null then
    raise exception using errcode = '23514', message = 'category is not in the catalogue', detail = 'category';
  end if;
  return v_stored;
end
$$;

-- Category search words follow service_categories. (from 0001)
CREATE FUNCTION private.sync_category_keywords() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    delete from public.service_category_keywords where stored_value = old.stored_value;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into public.service_category_keywords (keyword, stored_value)
    select distinct k, new.stored_value
      from unnest(array[lower(new.en), lower(new.hi)] || new.keywords) as k
     where btrim(k) <> ''
    on conflict do nothing;
  end if;
  return null;
end
$$;

-- (from 0008)
CREATE TRIGGER service_categories_audit AFTER INSERT OR DELETE OR UPDATE ON public.service_categories FOR EACH ROW EXECUTE FUNCTION private.audit_admin_change();

-- (from 0001)
CREATE TRIGGER service_categories_keywords AFTER INSERT OR DELETE OR UPDATE ON public.service_categories FOR EACH ROW EXECUTE FUNCTION private.sync_category_keywords();

ALTER TABLE ONLY public.service_category_keywords
    ADD CONSTRAINT service_category_keywords_stored_value_fkey FOREIGN KEY (stored_value) REFERENCES public.service_categories(stored_value) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE public.category_stats ENABLE ROW LEVEL SECURITY;

-- (from 0002)
CREATE POLICY category_stats_read ON public.category_stats FOR SELECT TO anon, authenticated USING (true);

ALTER TABLE public.service_categories ENABLE ROW LEVEL SECURITY;

-- (from 0002)
CREATE POLICY service_categories_admin_write ON public.service_categories TO authenticated USING (( SELECT public.is_admin() AS is_admin)) WITH CHECK (( SELECT public.is_admin() AS is_admin));

-- (from 0002)
CREATE POLICY service_categories_read ON public.service_categories FOR SELECT TO anon, authenticated USING (true);

ALTER TABLE public.service_category_keywords ENABLE ROW LEVEL SECURITY;

-- (from 0002)
CREATE POLICY service_category_keywords_read ON public.service_category_keywords FOR SELECT TO anon, authenticated USING (true);

REVOKE ALL ON FUNCTION private.stored_category(p_category text) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.sync_category_keywords() FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON TABLE public.category_stats FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.category_stats TO service_role;
GRANT SELECT ON TABLE public.category_stats TO anon;
GRANT SELECT ON TABLE public.category_stats TO authenticated;

REVOKE ALL ON TABLE public.service_categories FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.service_categories TO service_role;
GRANT SELECT ON TABLE public.service_categories TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.service_categories TO authenticated;

REVOKE ALL ON TABLE public.service_category_keywords FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.service_category_keywords TO service_role;
GRANT SELECT ON TABLE public.service_category_keywords TO anon;
GRANT SELECT ON TABLE public.service_category_keywords TO authenticated;
