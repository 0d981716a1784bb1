-- The audit log (append only) and how every admin change and owner edit is written to it.
--
-- The current rules (see ../README.md, "The schema"). "(from NNNN)": the migration whose CREATE
-- made the object as it stands (later ALTERs may have added columns or constraints). A change
-- here needs a new migration too: tests/production/schema-files.test.ts says when they differ.

-- (from 0008)
CREATE TABLE public.audit_log (
    id bigint NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL,
    actor uuid,
    actor_email text,
    action text NOT NULL,
    target_table text,
    target_id text,
    target_name text,
    before jsonb,
    after jsonb,
    reason text
);

ALTER TABLE public.audit_log ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.audit_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);

CREATE INDEX audit_log_target_idx ON public.audit_log USING btree (target_table, target_id, id DESC);

-- The operator's reason for a change: cleaned, required, at most 500 characters (22023). (from 0008)
CREATE FUNCTION private.admin_reason(p text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    AS $$
declare
  v text := private.clean_text(p);
begin
  if private.is_blank(v) then
    raise exception using errcode = '22023', message = 'a reason is required', detail = 'reason';
  end if;
  if char_length(v) > 500 then
    raise exception using errcode = '22023', message = 'reason must be at most 500 characters', detail = 'reason';
  end if;
  return v;
end
$$;

-- The admin_* functions write one entry each (what the operator did, with the reason) and
-- set this flag for their transaction, so that the row triggers below do not log the same
-- change again. Any other change an admin makes (a direct /rest/v1 write with an admin
-- JWT, a function of another migration) is logged by the triggers. (from 0008)
CREATE FUNCTION private.audit_explicit(p_on boolean) RETURNS void
    LANGUAGE plpgsql
    AS $$
begin
  perform set_config('app.audit_explicit', case when p_on then 'on' else '' end, true);
end
$$;

-- (from 0008)
CREATE FUNCTION private.audit_log_append_only() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
begin
  raise exception using errcode = '42501', message = 'audit_log is append-only';
end
$$;

-- Every owner edit (update_my_listing, set_my_availability, set_my_opening_hours or a direct
-- PATCH) is in the audit log: only the changed columns, before and after. (from 0011)
CREATE FUNCTION private.audit_owner_edit() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_cols constant text[] := array['business_name', 'specialist_in', 'address', 'experience',
                                  'on_leave_until', 'opening_hours'];
  v_old jsonb := to_jsonb(old);
  v_new jsonb := to_jsonb(new);
  v_before jsonb := '{}';
  v_after jsonb := '{}';
  v_col text;
begin
  if public.is_admin() or public.current_mobile() is null or public.current_mobile() <> old.mobile then
    return null;
  end if;
  foreach v_col in array v_cols loop
    if v_old -> v_col is distinct from v_new -> v_col then
      v_before := v_before || jsonb_build_object(v_col, v_old -> v_col);
      v_after := v_after || jsonb_build_object(v_col, v_new -> v_col);
    end if;
  end loop;
  if v_after = '{}' then
    return null;
  end if;
  insert into public.audit_log (actor, actor_email, action, target_table, target_id, target_name, before, after, reason)
  values (auth.uid(), null, 'owner.edit', 'service_providers', new.id::text, left(new.name, 200), v_before, v_after, null);
  return null;
end
$$;

-- Audit entries never carry who rated or reported, nor the search keys. (from 0019)
CREATE FUNCTION private.audit_row(p jsonb) returns jsonb
language sql immutable parallel safe
as $$
  select p - 'search_text' - 'search_key' - 'device_hash' - 'phone_hash' - 'aadhaar'
$$;

-- Appends one entry. p_system: an action of the system (3 reports), not of the caller. (from 0008)
CREATE FUNCTION private.audit(p_action text, p_table text, p_id text, p_name text, p_before jsonb, p_after jsonb, p_reason text, p_system boolean DEFAULT false) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_before jsonb := private.audit_row(p_before);
  v_after jsonb := private.audit_row(p_after);
begin
  if v_before is not null and v_after is not null then
    -- an update: only what changed, on both sides
    v_before := private.jsonb_changed(v_before, p_after);
    v_after := private.jsonb_changed(v_after, p_before);
  end if;
  insert into public.audit_log (actor, actor_email, action, target_table, target_id, target_name, before, after, reason)
  values (
    case when p_system then null else auth.uid() end,
    case when p_system then null else nullif(auth.jwt() ->> 'email', '') end,
    p_action, p_table, p_id, left(p_name, 200), v_before, v_after, private.mask_aadhaar_like(p_reason)
  );
end
$$;

-- (from 0008)
CREATE FUNCTION private.audit_admin_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_before jsonb;
  v_after jsonb;
begin
  if not public.is_admin() or coalesce(current_setting('app.audit_explicit', true), '') = 'on' then
    return null;
  end if;
  if tg_op <> 'INSERT' then
    v_before := to_jsonb(old);
  end if;
  if tg_op <> 'DELETE' then
    v_after := to_jsonb(new);
  end if;
  if v_before is not null and v_after is not null
     and private.audit_row(v_before) = private.audit_row(v_after) then
    return null;
  end if;
  perform private.audit(
    tg_table_name || '.' || lower(tg_op), tg_table_name,
    coalesce(v_after ->> 'id', v_before ->> 'id', v_after ->> 'stored_value', v_before ->> 'stored_value'),
    coalesce(v_after ->> 'name', v_before ->> 'name', v_after ->> 'title', v_before ->> 'title'),
    v_before, v_after, null);
  return null;
end
$$;

-- (from 0008)
CREATE FUNCTION private.require_admin() RETURNS void
    LANGUAGE plpgsql STABLE
    AS $$
begin
  if not public.is_admin() then
    raise exception using errcode = '42501', message = 'not authorised';
  end if;
end
$$;

-- (from 0008)
CREATE TRIGGER audit_log_no_change BEFORE DELETE OR UPDATE ON public.audit_log FOR EACH ROW EXECUTE FUNCTION private.audit_log_append_only();

-- (from 0008)
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON public.audit_log FOR EACH STATEMENT EXECUTE FUNCTION private.audit_log_append_only();

ALTER TABLE public.audit_log ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON FUNCTION private.admin_reason(p text) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.audit(p_action text, p_table text, p_id text, p_name text, p_before jsonb, p_after jsonb, p_reason text, p_system boolean) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.audit_admin_change() FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.audit_explicit(p_on boolean) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.audit_log_append_only() FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.audit_owner_edit() FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.audit_row(p jsonb) FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON FUNCTION private.require_admin() FROM PUBLIC, anon, authenticated, service_role;


REVOKE ALL ON TABLE public.audit_log FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.audit_log TO service_role;

-- Only the owner writes the audit log (through its functions): no grant on its sequence.
REVOKE ALL ON SEQUENCE public.audit_log_id_seq FROM anon, authenticated, service_role;
