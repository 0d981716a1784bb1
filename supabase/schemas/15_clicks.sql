-- Call and chat taps (leads), counted once per device, provider and kind in 10 minutes.
--
-- The current rules (see ../README.md, "The schema"). "(from NNNN)": the migration whose CREATE
-- made the object as it stands (later ALTERs may have added columns or constraints). A change
-- here needs a new migration too: tests/production/schema-files.test.ts says when they differ.

-- (from 0001)
CREATE TABLE public.click_tracking (
    id bigint NOT NULL,
    provider_id uuid NOT NULL,
    click_type text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    device_hash text,
    CONSTRAINT click_tracking_click_type_check CHECK ((click_type = ANY (ARRAY['call'::text, 'whatsapp'::text, 'view'::text]))),
    CONSTRAINT click_tracking_device_hash_check CHECK (((device_hash IS NULL) OR (device_hash ~ '^[0-9a-f]{64}$'::text)))
);

ALTER TABLE public.click_tracking ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.click_tracking_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public.click_tracking
    ADD CONSTRAINT click_tracking_pkey PRIMARY KEY (id);

CREATE INDEX click_tracking_created_idx ON public.click_tracking USING btree (created_at);

CREATE INDEX click_tracking_device_idx ON public.click_tracking USING btree (device_hash, provider_id, created_at) WHERE (device_hash IS NOT NULL);

CREATE INDEX click_tracking_provider_idx ON public.click_tracking USING btree (provider_id, created_at);

-- One count per device, provider, kind and Asia/Kolkata day; at most 3 per client address,
-- provider, kind and day (invented device tokens cannot add more). Beyond either: not
-- counted, and no error. (from 0011)
CREATE FUNCTION public.track_click(p_provider_id uuid, p_click_type text, p_device_token text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_hash text := private.device_hash(p_device_token);
  v_since timestamptz := date_trunc('day', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata';
begin
  if p_click_type is null or p_click_type not in ('call', 'whatsapp', 'view') then
    raise exception using errcode = '23514', message = 'click_type must be call, whatsapp or view', detail = 'click_type';
  end if;
  perform private.require_approved(p_provider_id);
  -- Two taps arriving together must not both pass the check below.
  perform pg_advisory_xact_lock(hashtextextended(v_hash || p_provider_id::text || p_click_type, 0));
  if exists (select 1 from public.click_tracking c
              where c.device_hash = v_hash and c.provider_id = p_provider_id and c.click_type = p_click_type
                and c.created_at >= v_since) then
    return;
  end if;
  if not (private.take('addr:click_provider', private.client_address() || ':' || p_provider_id::text || ':' || p_click_type)).allowed then
    return;
  end if;
  insert into public.click_tracking (provider_id, click_type, device_hash) values (p_provider_id, p_click_type, v_hash);
end
$$;

ALTER TABLE ONLY public.click_tracking
    ADD CONSTRAINT click_tracking_provider_id_fkey FOREIGN KEY (provider_id) REFERENCES public.service_providers(id) ON DELETE CASCADE;

ALTER TABLE public.click_tracking ENABLE ROW LEVEL SECURITY;

-- (from 0002)
CREATE POLICY click_tracking_admin_read ON public.click_tracking FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));

REVOKE ALL ON FUNCTION public.track_click(p_provider_id uuid, p_click_type text, p_device_token text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.track_click(p_provider_id uuid, p_click_type text, p_device_token text) TO service_role;
GRANT ALL ON FUNCTION public.track_click(p_provider_id uuid, p_click_type text, p_device_token text) TO anon;
GRANT ALL ON FUNCTION public.track_click(p_provider_id uuid, p_click_type text, p_device_token text) TO authenticated;

REVOKE ALL ON TABLE public.click_tracking FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.click_tracking TO service_role;
GRANT SELECT ON TABLE public.click_tracking TO authenticated;

REVOKE ALL ON SEQUENCE public.click_tracking_id_seq FROM anon, authenticated, service_role;
GRANT ALL ON SEQUENCE public.click_tracking_id_seq TO service_role;
