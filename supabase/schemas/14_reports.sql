-- Visitor reports about a provider or a review, for the operator.
--
-- The current rules (see ../README.md, "The schema"). "(from NNNN)": the migration whose CREATE
-- made the object as it stands (later ALTERs may have added columns or constraints). A change
-- here needs a new migration too: tests/production/schema-files.test.ts says when they differ.

-- (from 0008)
CREATE TABLE public.reports (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    provider_id uuid NOT NULL,
    review_id uuid,
    reason text NOT NULL,
    details text,
    device_hash text NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    resolved_at timestamp with time zone,
    resolved_by uuid,
    resolution text,
    phone_hash text,
    CONSTRAINT reports_details_check CHECK (((details IS NULL) OR ((char_length(details) >= 1) AND (char_length(details) <= 500)))),
    CONSTRAINT reports_device_hash_check CHECK ((device_hash ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT reports_other_details_check CHECK (((reason <> 'other'::text) OR (details IS NOT NULL))),
    CONSTRAINT reports_phone_hash_check CHECK (((phone_hash IS NULL) OR (phone_hash ~ '^[0-9a-f]{64}$'::text))),
    CONSTRAINT reports_reason_check CHECK ((reason = ANY (ARRAY['wrong_number'::text, 'closed'::text, 'wrong_service'::text, 'abusive'::text, 'other'::text]))),
    CONSTRAINT reports_resolution_check CHECK (((resolution IS NULL) OR (char_length(resolution) <= 500))),
    CONSTRAINT reports_status_check CHECK ((status = ANY (ARRAY['open'::text, 'resolved'::text, 'dismissed'::text])))
);

ALTER TABLE ONLY public.reports
    ADD CONSTRAINT reports_pkey PRIMARY KEY (id);

CREATE INDEX reports_open_idx ON public.reports USING btree (provider_id, review_id, created_at) WHERE (status = 'open'::text);

CREATE UNIQUE INDEX reports_provider_device_key ON public.reports USING btree (provider_id, device_hash) WHERE (review_id IS NULL);

CREATE UNIQUE INDEX reports_provider_phone_key ON public.reports USING btree (provider_id, phone_hash) WHERE ((review_id IS NULL) AND (phone_hash IS NOT NULL));

CREATE UNIQUE INDEX reports_review_device_key ON public.reports USING btree (review_id, device_hash) WHERE (review_id IS NOT NULL);

CREATE INDEX reports_review_idx ON public.reports USING btree (review_id) WHERE (review_id IS NOT NULL);

CREATE UNIQUE INDEX reports_review_phone_key ON public.reports USING btree (review_id, phone_hash) WHERE ((review_id IS NOT NULL) AND (phone_hash IS NOT NULL));

-- (from 0010)
CREATE FUNCTION private.check_review_report_reason() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
begin
  if new.review_id is not null and new.reason not in ('abusive', 'other') then
    raise exception using errcode = '23514', message = 'a review is reported as abusive or other', detail = 'reason';
  end if;
  return new;
end
$$;

-- As 0008, with the sizes checked first. (from 0011)
CREATE FUNCTION private.report_input(p_reason text, p_details text, OUT reason text, OUT details text) RETURNS record
    LANGUAGE plpgsql IMMUTABLE
    AS $$
begin
  perform private.check_size(p_reason, 40, 'reason');
  perform private.check_size(p_details, 1000, 'details');
  reason := nullif(btrim(coalesce(p_reason, '')), '');
  if reason is null then
    raise exception using errcode = '23502', message = 'reason is required', detail = 'reason';
  end if;
  if reason not in ('wrong_number', 'closed', 'wrong_service', 'abusive', 'other') then
    raise exception using errcode = '23514', message = 'reason must be wrong_number, closed, wrong_service, abusive or other',
      detail = 'reason';
  end if;
  details := private.clean_text(p_details);
  if private.is_blank(details) then
    details := null;
  end if;
  if details is null and reason = 'other' then
    raise exception using errcode = '23502', message = 'details are required for the reason other', detail = 'details';
  end if;
  if char_length(details) > 500 then
    raise exception using errcode = '23514', message = 'details must be at most 500 characters', detail = 'details';
  end if;
end
$$;

-- number_caution follows the open wrong-number / closed reports of 3 different signed-in
-- phones, whoever changes the reports (a visitor, the owner's confirmation, the operator). (from 0011)
CREATE FUNCTION private.sync_number_caution() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_provider uuid := coalesce(new.provider_id, old.provider_id);
  v_caution boolean;
begin
  -- One provider's reports are counted one transaction at a time: the count below is a new
  -- statement, so once the lock is ours it sees every report committed before (three phones
  -- reporting at once cannot each see fewer than three).
  perform pg_advisory_xact_lock(hashtextextended('caution:' || v_provider::text, 0));
  select count(distinct r.phone_hash) >= 3 into v_caution
    from public.reports r
   where r.provider_id = v_provider and r.review_id is null and r.status = 'open'
     and r.reason in ('wrong_number', 'closed') and r.phone_hash is not null;
  update public.service_providers p set number_caution = v_caution
   where p.id = v_provider and p.number_caution is distinct from v_caution;
  return null;
end
$$;

-- Report a listed provider. It goes to the operator's queue and hides nothing. A device, and
-- a signed-in phone, reports a provider once (23505, HTTP 409). (from 0011)
CREATE FUNCTION public.report_provider(p_provider_id uuid DEFAULT NULL::uuid, p_reason text DEFAULT NULL::text, p_details text DEFAULT NULL::text, p_device_token text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_hash text := private.device_hash(p_device_token);
  v_phone text := private.phone_hash(public.current_mobile());
  v_in record;
  v_row public.reports;
begin
  select * into v_in from private.report_input(p_reason, p_details);
  perform private.require_approved(p_provider_id);
  begin
    insert into public.reports (provider_id, reason, details, device_hash, phone_hash)
    values (p_provider_id, v_in.reason, v_in.details, v_hash, v_phone)
    returning * into v_row;
  exception when unique_violation then
    raise exception using errcode = '23505', message = 'this device or mobile has already reported this provider',
      detail = 'device_token';
  end;
  return jsonb_build_object('id', v_row.id, 'provider_id', v_row.provider_id, 'review_id', null,
    'reason', v_row.reason, 'details', v_row.details, 'created_at', v_row.created_at);
end
$$;

-- Report a visible review of a listed provider: to the operator's queue, hiding nothing. (from 0011)
CREATE FUNCTION public.report_review(p_review_id uuid DEFAULT NULL::uuid, p_reason text DEFAULT NULL::text, p_details text DEFAULT NULL::text, p_device_token text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_hash text := private.device_hash(p_device_token);
  v_phone text := private.phone_hash(public.current_mobile());
  v_in record;
  v_review public.reviews;
  v_row public.reports;
begin
  select * into v_in from private.report_input(p_reason, p_details);
  if p_review_id is null then
    raise exception using errcode = '23502', message = 'review_id is required', detail = 'review_id';
  end if;
  select r.* into v_review
    from public.reviews r
    join public.service_providers p on p.id = r.provider_id and p.status = 'approved'
   where r.id = p_review_id and not r.hidden;
  if not found then
    raise exception using errcode = 'PT404', message = 'review not found', detail = 'review_id';
  end if;
  begin
    insert into public.reports (provider_id, review_id, reason, details, device_hash, phone_hash)
    values (v_review.provider_id, p_review_id, v_in.reason, v_in.details, v_hash, v_phone)
    returning * into v_row;
  exception when unique_violation then
    raise exception using errcode = '23505', message = 'this device or mobile has already reported this review',
      detail = 'device_token';
  end;
  return jsonb_build_object('id', v_row.id, 'provider_id', v_row.provider_id, 'review_id', v_row.review_id,
    'reason', v_row.reason, 'details', v_row.details, 'created_at', v_row.created_at);
end
$$;

-- (from 0008)
CREATE TRIGGER reports_audit AFTER INSERT OR DELETE OR UPDATE ON public.reports FOR EACH ROW EXECUTE FUNCTION private.audit_admin_change();

-- (from 0011)
CREATE TRIGGER reports_number_caution AFTER INSERT OR DELETE OR UPDATE ON public.reports FOR EACH ROW EXECUTE FUNCTION private.sync_number_caution();

-- (from 0010)
CREATE TRIGGER reports_review_reason BEFORE INSERT ON public.reports FOR EACH ROW EXECUTE FUNCTION private.check_review_report_reason();

ALTER TABLE ONLY public.reports
    ADD CONSTRAINT reports_provider_id_fkey FOREIGN KEY (provider_id) REFERENCES public.service_providers(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.reports
    ADD CONSTRAINT reports_review_id_fkey FOREIGN KEY (review_id) REFERENCES public.reviews(id) ON DELETE CASCADE;

ALTER TABLE public.reports ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON FUNCTION private.check_review_report_reason() FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.report_input(p_reason text, p_details text, OUT reason text, OUT details text) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.sync_number_caution() FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION public.report_provider(p_provider_id uuid, p_reason text, p_details text, p_device_token text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.report_provider(p_provider_id uuid, p_reason text, p_details text, p_device_token text) TO service_role;
GRANT ALL ON FUNCTION public.report_provider(p_provider_id uuid, p_reason text, p_details text, p_device_token text) TO anon;
GRANT ALL ON FUNCTION public.report_provider(p_provider_id uuid, p_reason text, p_details text, p_device_token text) TO authenticated;

REVOKE ALL ON FUNCTION public.report_review(p_review_id uuid, p_reason text, p_details text, p_device_token text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.report_review(p_review_id uuid, p_reason text, p_details text, p_device_token text) TO service_role;
GRANT ALL ON FUNCTION public.report_review(p_review_id uuid, p_reason text, p_details text, p_device_token text) TO anon;
GRANT ALL ON FUNCTION public.report_review(p_review_id uuid, p_reason text, p_details text, p_device_token text) TO authenticated;

REVOKE ALL ON TABLE public.reports FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.reports TO service_role;
