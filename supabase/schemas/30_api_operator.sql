-- The operator console's functions (admin_*): each checks is_admin() first.
--
-- The current rules (see ../README.md, "The schema"). "(from NNNN)": the migration whose CREATE
-- made the object as it stands (later ALTERs may have added columns or constraints). A change
-- here needs a new migration too: tests/production/schema-files.test.ts says when they differ.

-- The audit log, newest first, one page (at most 500 entries). (from 0008)
CREATE FUNCTION public.admin_audit_log(p_limit integer DEFAULT 50, p_offset integer DEFAULT 0) RETURNS TABLE(id bigint, at timestamp with time zone, actor uuid, actor_email text, action text, target_table text, target_id text, target_name text, before jsonb, after jsonb, reason text, total_count bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
begin
  perform private.require_admin();
  return query
    select a.id, a.at, a.actor, a.actor_email, a.action, a.target_table, a.target_id, a.target_name,
           a.before, a.after, a.reason, count(*) over ()
      from public.audit_log a
     order by a.id desc
     limit least(greatest(coalesce(p_limit, 50), 1), 500)
    offset greatest(coalesce(p_offset, 0), 0);
end
$$;

-- As 0003, counting calls and chat taps only (views are in the same table now). (from 0007)
CREATE FUNCTION public.admin_click_totals(p_days integer DEFAULT 30) RETURNS TABLE(provider_id uuid, name text, call_count bigint, whatsapp_count bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
begin
  if not public.is_admin() then
    raise exception using errcode = '42501', message = 'not authorised';
  end if;
  return query
    select c.provider_id, p.name,
           count(*) filter (where c.click_type = 'call'),
           count(*) filter (where c.click_type = 'whatsapp')
      from public.click_tracking c
      join public.service_providers p on p.id = c.provider_id
     where c.created_at >= now() - make_interval(days => greatest(coalesce(p_days, 30), 1))
       and c.click_type in ('call', 'whatsapp')
     group by c.provider_id, p.name
     order by count(*) desc, p.name;
end
$$;

-- Approve (the listing takes the new values; search words and category counts follow by
-- trigger) or reject (a reason is required). Returns the decided request. (from 0007)
CREATE FUNCTION public.admin_decide_change_request(p_id uuid, p_approve boolean, p_reason text DEFAULT NULL::text) RETURNS public.provider_change_requests
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_req public.provider_change_requests;
  v_reason text := private.clean_or_null(p_reason);
begin
  if not public.is_admin() then
    raise exception using errcode = '42501', message = 'not authorised';
  end if;
  if p_approve is null then
    raise exception using errcode = '22023', message = 'p_approve must be true or false';
  end if;
  if not p_approve and v_reason is null then
    raise exception using errcode = '22023', message = 'a reason is required to reject a change', detail = 'reason';
  end if;
  if v_reason is not null and char_length(v_reason) > 500 then
    raise exception using errcode = '23514', message = 'reason must be at most 500 characters', detail = 'reason';
  end if;
  select * into v_req from public.provider_change_requests r where r.id = p_id for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'change request not found';
  end if;
  if v_req.status <> 'pending' then
    raise exception using errcode = '22023', message = 'this change request was already decided';
  end if;
  if p_approve then
    update public.service_providers p
       set name = coalesce(v_req.name, p.name),
           category = coalesce(v_req.category, p.category),
           mobile = coalesce(v_req.mobile, p.mobile)
     where p.id = v_req.provider_id;
  end if;
  update public.provider_change_requests r
     set status = case when p_approve then 'approved' else 'rejected' end,
         reason = v_reason, decided_at = now(), decided_by = auth.uid()
   where r.id = p_id
  returning * into v_req;
  return v_req;
end
$$;

-- (from 0008)
CREATE FUNCTION public.admin_delete_ad(p_id uuid DEFAULT NULL::uuid, p_reason text DEFAULT NULL::text) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_reason text;
  v_old public.advertisements;
begin
  perform private.require_admin();
  v_reason := private.admin_reason(p_reason);
  select * into v_old from public.advertisements where id = p_id for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'ad not found', detail = 'id';
  end if;
  perform private.audit_explicit(true);
  delete from public.advertisements where id = p_id;
  perform private.audit('ad.delete', 'advertisements', p_id::text, v_old.title, to_jsonb(v_old), null, v_reason);
  perform private.audit_explicit(false);
  return p_id;
end
$$;

-- Delete a provider and everything of it (ratings, reviews, clicks, reports, Aadhaar).
-- Returns its id. (from 0008)
CREATE FUNCTION public.admin_delete_provider(p_id uuid DEFAULT NULL::uuid, p_reason text DEFAULT NULL::text) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_reason text;
  v_old public.service_providers;
begin
  perform private.require_admin();
  v_reason := private.admin_reason(p_reason);
  select * into v_old from public.service_providers where id = p_id for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'provider not found', detail = 'id';
  end if;
  perform private.audit_explicit(true);
  delete from public.service_providers where id = p_id;
  perform private.audit('provider.delete', 'service_providers', p_id::text, v_old.name, to_jsonb(v_old), null, v_reason);
  perform private.audit_explicit(false);
  return p_id;
end
$$;

-- Hide or show an owner's answer (a reason required, audited as reply.hide / reply.show).
-- Hidden: no longer in public.reviews; the owner cannot answer that review again. (from 0015)
create function public.admin_hide_reply(p_review_id uuid default null, p_hidden boolean default null, p_reason text default null)
returns public.reviews
    language plpgsql security definer
    set search_path to 'public', 'pg_temp'
    as $$
declare
  v_reason text;
  v_reply private.review_replies;
  v_row public.reviews;
begin
  perform private.require_admin();
  v_reason := private.admin_reason(p_reason);
  if p_hidden is null then
    raise exception using errcode = '22023', message = 'p_hidden must be true or false', detail = 'hidden';
  end if;
  select * into v_reply from private.review_replies where review_id = p_review_id for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'reply not found', detail = 'review_id';
  end if;
  perform private.audit_explicit(true);
  update private.review_replies set hidden = p_hidden where review_id = p_review_id;
  update public.reviews
     set reply_text = case when p_hidden then null else v_reply.reply_text end,
         replied_at = case when p_hidden then null else v_reply.created_at end
   where id = p_review_id
  returning * into v_row;
  perform private.audit(case when p_hidden then 'reply.hide' else 'reply.show' end, 'reviews', p_review_id::text,
    left(v_reply.reply_text, 80), jsonb_build_object('reply_hidden', v_reply.hidden),
    jsonb_build_object('reply_hidden', p_hidden), v_reason);
  perform private.audit_explicit(false);
  return v_row;
end
$$;

-- The owners' answers, newest first, hidden ones too, for the console (operator only). (from 0015)
create function public.admin_list_replies(p_limit integer default 50, p_offset integer default 0)
returns table(review_id uuid, provider_id uuid, provider_name text, review_text text, reply_text text,
              created_at timestamp with time zone, hidden boolean, total_count bigint)
    language plpgsql stable security definer
    set search_path to 'public', 'pg_temp'
    as $$
begin
  perform private.require_admin();
  return query
    select r.review_id, r.provider_id, p.name, v.review_text, r.reply_text, r.created_at, r.hidden,
           count(*) over ()
      from private.review_replies r
      join public.reviews v on v.id = r.review_id
      join public.service_providers p on p.id = r.provider_id
     order by r.created_at desc, r.review_id
     limit least(greatest(coalesce(p_limit, 50), 1), 200) offset greatest(coalesce(p_offset, 0), 0);
end
$$;

-- Hide or show a review; its open reports are resolved. Returns the review row. (from 0008)
CREATE FUNCTION public.admin_hide_review(p_review_id uuid DEFAULT NULL::uuid, p_hidden boolean DEFAULT NULL::boolean, p_reason text DEFAULT NULL::text) RETURNS public.reviews
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_reason text;
  v_old public.reviews;
  v_row public.reviews;
begin
  perform private.require_admin();
  v_reason := private.admin_reason(p_reason);
  if p_hidden is null then
    raise exception using errcode = '22023', message = 'p_hidden must be true or false', detail = 'hidden';
  end if;
  select * into v_old from public.reviews where id = p_review_id for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'review not found', detail = 'review_id';
  end if;
  perform private.audit_explicit(true);
  update public.reviews set hidden = p_hidden where id = p_review_id returning * into v_row;
  update public.reports
     set status = 'resolved', resolved_at = now(), resolved_by = auth.uid(),
         resolution = case when p_hidden then 'hide_review' else 'restore' end
   where review_id = p_review_id and status = 'open';
  perform private.audit(case when p_hidden then 'review.hide' else 'review.show' end, 'reviews', p_review_id::text,
    left(v_old.review_text, 80), jsonb_build_object('hidden', v_old.hidden), jsonb_build_object('hidden', v_row.hidden), v_reason);
  perform private.audit_explicit(false);
  return v_row;
end
$$;

-- Pending change requests, oldest first, with the live values beside the proposed ones
-- (proposed: null = unchanged). (from 0007)
CREATE FUNCTION public.admin_list_change_requests() RETURNS TABLE(id uuid, provider_id uuid, current jsonb, proposed jsonb, created_at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
begin
  if not public.is_admin() then
    raise exception using errcode = '42501', message = 'not authorised';
  end if;
  return query
    select r.id, r.provider_id,
           jsonb_build_object('name', p.name, 'category', p.category, 'mobile', p.mobile, 'status', p.status,
                              'business_name', p.business_name),
           jsonb_build_object('name', r.name, 'category', r.category, 'mobile', r.mobile),
           r.created_at
      from public.provider_change_requests r
      join public.service_providers p on p.id = r.provider_id
     where r.status = 'pending'
     order by r.created_at, r.id;
end
$$;

-- Recent owner edits, newest first, for the operator. (from 0011)
CREATE FUNCTION public.admin_list_owner_edits(p_limit integer DEFAULT 50, p_offset integer DEFAULT 0) RETURNS TABLE(id bigint, at timestamp with time zone, provider_id uuid, provider_name text, before jsonb, after jsonb, reverted boolean)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
begin
  perform private.require_admin();
  if p_limit is null or p_limit not between 1 and 200 or p_offset is null or p_offset not between 0 and 100000 then
    raise exception using errcode = '22023', message = 'limit must be 1..200 and offset 0..100000';
  end if;
  return query
    select a.id, a.at, a.target_id::uuid, coalesce(p.name, a.target_name), a.before, a.after,
           exists (select 1 from private.owner_edit_reverts r where r.audit_id = a.id)
      from public.audit_log a
      left join public.service_providers p on p.id::text = a.target_id
     where a.action = 'owner.edit'
     order by a.at desc, a.id desc
     limit p_limit offset p_offset;
end
$$;

-- Admin: registrations queue with masked Aadhaar. (from 0003)
CREATE FUNCTION public.admin_list_registrations(p_status text DEFAULT 'pending'::text, p_limit integer DEFAULT 50, p_offset integer DEFAULT 0) RETURNS TABLE(id uuid, name text, business_name text, mobile text, category text, specialist_in text, experience integer, address text, verified boolean, status text, registration_date timestamp with time zone, reviewed_at timestamp with time zone, rejection_reason text, avg_rating numeric, rating_count integer, aadhaar_masked text, total_count bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_status text := nullif(btrim(coalesce(p_status, '')), '');
begin
  if not public.is_admin() then
    raise exception using errcode = '42501', message = 'not authorised';
  end if;
  if v_status = 'all' then
    v_status := null;
  end if;
  if v_status is not null and v_status not in ('pending', 'approved', 'rejected') then
    raise exception using errcode = '22023', message = 'p_status must be pending, approved, rejected or all';
  end if;
  return query
    select p.id, p.name, p.business_name, p.mobile, p.category, p.specialist_in, p.experience, p.address,
           p.verified, p.status, p.registration_date, p.reviewed_at, p.rejection_reason,
           p.avg_rating::numeric, p.rating_count,
           case when i.aadhaar is null then null else 'XXXX-XXXX-' || right(i.aadhaar, 4) end,
           count(*) over ()
      from public.service_providers p
      left join private.provider_identity i on i.provider_id = p.id
     where v_status is null or p.status = v_status
     order by p.registration_date desc, p.id
     limit least(greatest(coalesce(p_limit, 50), 1), 500)
    offset greatest(coalesce(p_offset, 0), 0);
end
$$;

-- Open reports grouped by target (a provider, or one review), most reported first.
-- status: the provider's status, or for a review 'hidden' / 'visible'. (from 0008)
CREATE FUNCTION public.admin_list_reports() RETURNS TABLE(target_type text, provider_id uuid, review_id uuid, provider_name text, provider_mobile text, review_text text, reasons jsonb, open_count integer, status text, first_reported_at timestamp with time zone, last_reported_at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
begin
  perform private.require_admin();
  return query
    select case when r.review_id is null then 'provider' else 'review' end,
           r.provider_id, r.review_id, p.name, p.mobile, v.review_text,
           jsonb_agg(jsonb_build_object('reason', r.reason, 'details', r.details, 'created_at', r.created_at)
                     order by r.created_at),
           count(*)::integer,
           case when r.review_id is null then p.status when v.hidden then 'hidden' else 'visible' end,
           min(r.created_at), max(r.created_at)
      from public.reports r
      join public.service_providers p on p.id = r.provider_id
      left join public.reviews v on v.id = r.review_id
     where r.status = 'open'
     group by r.provider_id, r.review_id, p.name, p.mobile, p.status, v.review_text, v.hidden
     order by count(*) desc, max(r.created_at) desc
     limit 500;
end
$$;

-- Decide on the open reports of a provider (p_review_id null) or of one review:
--   provider: 'dismiss' (reports unfounded: dismissed; a hidden provider listed again),
--             'restore' (resolved; hidden or suspended -> approved), 'suspend' (resolved;
--             suspended), 'edited' (the operator fixed the listing: resolved; hidden -> approved);
--   review:   'dismiss' (dismissed; shown again), 'restore' (resolved; shown again),
--             'hide_review' (resolved; hidden).
-- Returns {target_type, provider_id, review_id, action, reports, status}. (from 0008)
CREATE FUNCTION public.admin_resolve_reports(p_provider_id uuid DEFAULT NULL::uuid, p_review_id uuid DEFAULT NULL::uuid, p_action text DEFAULT NULL::text, p_reason text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_reason text;
  v_action text := nullif(btrim(coalesce(p_action, '')), '');
  v_provider public.service_providers;
  v_review public.reviews;
  v_new_status text;
  v_new_hidden boolean;
  v_n integer;
begin
  perform private.require_admin();
  v_reason := private.admin_reason(p_reason);
  if v_action is null or v_action not in ('dismiss', 'restore', 'suspend', 'hide_review', 'edited') then
    raise exception using errcode = '22023', message = 'p_action must be dismiss, restore, suspend, hide_review or edited',
      detail = 'action';
  end if;
  perform private.audit_explicit(true);

  if p_review_id is not null then
    if v_action not in ('dismiss', 'restore', 'hide_review') then
      raise exception using errcode = '22023', message = 'a review''s reports are resolved by dismiss, restore or hide_review',
        detail = 'action';
    end if;
    select * into v_review from public.reviews where id = p_review_id for update;
    if not found or (p_provider_id is not null and v_review.provider_id <> p_provider_id) then
      raise exception using errcode = 'PT404', message = 'review not found', detail = 'review_id';
    end if;
    update public.reports
       set status = case when v_action = 'dismiss' then 'dismissed' else 'resolved' end,
           resolved_at = now(), resolved_by = auth.uid(), resolution = v_action
     where review_id = p_review_id and status = 'open';
    get diagnostics v_n = row_count;
    if v_n = 0 then
      raise exception using errcode = 'PT404', message = 'this review has no open reports', detail = 'review_id';
    end if;
    v_new_hidden := v_action = 'hide_review';
    update public.reviews set hidden = v_new_hidden where id = p_review_id and hidden is distinct from v_new_hidden;
    perform private.audit('reports.' || v_action, 'reviews', p_review_id::text, left(v_review.review_text, 80),
      jsonb_build_object('hidden', v_review.hidden, 'open_reports', v_n),
      jsonb_build_object('hidden', v_new_hidden, 'open_reports', 0), v_reason);
    perform private.audit_explicit(false);
    return jsonb_build_object('target_type', 'review', 'provider_id', v_review.provider_id, 'review_id', p_review_id,
      'action', v_action, 'reports', v_n, 'status', case when v_new_hidden then 'hidden' else 'visible' end);
  end if;

  if p_provider_id is null then
    raise exception using errcode = '23502', message = 'provider_id or review_id is required', detail = 'provider_id';
  end if;
  if v_action = 'hide_review' then
    raise exception using errcode = '22023', message = 'hide_review needs a review_id', detail = 'action';
  end if;
  select * into v_provider from public.service_providers where id = p_provider_id for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'provider not found', detail = 'provider_id';
  end if;
  update public.reports
     set status = case when v_action = 'dismiss' then 'dismissed' else 'resolved' end,
         resolved_at = now(), resolved_by = auth.uid(), resolution = v_action
   where provider_id = p_provider_id and review_id is null and status = 'open';
  get diagnostics v_n = row_count;
  if v_n = 0 then
    raise exception using errcode = 'PT404', message = 'this provider has no open reports', detail = 'provider_id';
  end if;
  v_new_status := case
    when v_action = 'suspend' then 'suspended'
    when v_action = 'restore' and v_provider.status in ('hidden', 'suspended') then 'approved'
    when v_action in ('dismiss', 'edited') and v_provider.status = 'hidden' then 'approved'
    else v_provider.status
  end;
  if v_new_status <> v_provider.status then
    update public.service_providers set status = v_new_status where id = p_provider_id;
  end if;
  perform private.audit('reports.' || v_action, 'service_providers', p_provider_id::text, v_provider.name,
    jsonb_build_object('status', v_provider.status, 'open_reports', v_n),
    jsonb_build_object('status', v_new_status, 'open_reports', 0), v_reason);
  perform private.audit_explicit(false);
  return jsonb_build_object('target_type', 'provider', 'provider_id', p_provider_id, 'review_id', null,
    'action', v_action, 'reports', v_n, 'status', v_new_status);
end
$$;

-- Puts an owner edit's "before" values back, if the listing still shows its "after" values
-- (else PT409, HTTP 409: it changed again since; not 40001, which PostgREST answers with 500
-- and may retry). Audited as owner_edit.reverted. (from 0011)
CREATE FUNCTION public.admin_revert_owner_edit(p_audit_id bigint, p_reason text DEFAULT NULL::text) RETURNS public.service_providers
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_entry public.audit_log;
  v_row public.service_providers;
  v_now jsonb;
  v_old public.service_providers;
  v_reason text;
  v_col text;
begin
  perform private.require_admin();
  -- The reason is optional here: one press reverts.
  v_reason := case when private.is_blank(p_reason) then null else private.admin_reason(p_reason) end;
  select * into v_entry from public.audit_log a where a.id = p_audit_id and a.action = 'owner.edit';
  if not found then
    raise exception using errcode = 'PT404', message = 'owner edit not found', detail = 'audit_id';
  end if;
  if exists (select 1 from private.owner_edit_reverts r where r.audit_id = p_audit_id) then
    raise exception using errcode = 'PT409', message = 'this owner edit was already reverted', detail = 'audit_id';
  end if;
  select * into v_row from public.service_providers p where p.id = v_entry.target_id::uuid for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'listing not found', detail = 'provider_id';
  end if;
  v_now := to_jsonb(v_row);
  for v_col in select jsonb_object_keys(v_entry.after) loop
    if v_now -> v_col is distinct from v_entry.after -> v_col then
      raise exception using errcode = 'PT409', message = 'the listing changed again since this edit', detail = v_col;
    end if;
  end loop;
  v_old := jsonb_populate_record(v_row, v_entry.before);
  perform private.audit_explicit(true);
  update public.service_providers p
     set business_name = v_old.business_name, specialist_in = v_old.specialist_in, address = v_old.address,
         experience = v_old.experience, on_leave_until = v_old.on_leave_until, opening_hours = v_old.opening_hours
   where p.id = v_row.id
  returning * into v_row;
  insert into private.owner_edit_reverts (audit_id, reverted_by) values (p_audit_id, auth.uid());
  perform private.audit('owner_edit.reverted', 'service_providers', v_row.id::text, v_row.name,
    v_entry.after, v_entry.before, coalesce(v_reason, 'owner edit ' || p_audit_id || ' reverted'));
  perform private.audit_explicit(false);
  return v_row;
end
$$;

-- Create (no "id") or change (with "id": only the keys given) an ad. Keys: title, active,
-- start_date, end_date (ISO timestamps or null), media_type ('image' | 'video' | 'youtube'),
-- media_url (http(s) URL; for YouTube a youtube.com / youtu.be / youtube-nocookie.com URL or
-- the 11-character id), redirect_link (http(s) URL or null), sort_order (smaller first);
-- created_at is ignored; media_alt, the image's description. An end before the start: 23514,
-- details 'end_date'. Returns the row. (from 0013)
create or replace function public.admin_save_ad(p_ad jsonb default null, p_reason text default null)
returns public.advertisements
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_reason text;
  v_key text;
  v_old public.advertisements;
  v_new public.advertisements;
  v_id uuid;
  v_text text;
  v_is_new boolean;
begin
  perform private.require_admin();
  v_reason := private.admin_reason(p_reason);
  if p_ad is null or jsonb_typeof(p_ad) <> 'object' then
    raise exception using errcode = '22023', message = 'p_ad must be an object', detail = 'ad';
  end if;
  select k into v_key from jsonb_object_keys(p_ad) as k
   where k not in ('id', 'title', 'media_alt', 'active', 'start_date', 'end_date', 'media_type', 'media_url', 'redirect_link',
                   'sort_order', 'created_at')
   limit 1;
  if v_key is not null then
    raise exception using errcode = '22023', message = 'unknown field: ' || v_key, detail = v_key;
  end if;
  v_is_new := coalesce(jsonb_typeof(p_ad -> 'id'), 'null') = 'null';
  if v_is_new then
    v_new.active := true;
    v_new.sort_order := 0;
  else
    begin
      v_id := (p_ad ->> 'id')::uuid;
    exception when others then
      raise exception using errcode = '22023', message = 'id must be a uuid', detail = 'id';
    end;
    select * into v_old from public.advertisements where id = v_id for update;
    if not found then
      raise exception using errcode = 'PT404', message = 'ad not found', detail = 'id';
    end if;
    v_new := v_old;
  end if;

  if p_ad ? 'title' then
    v_text := private.clean_or_null(p_ad ->> 'title');
    if char_length(v_text) > 200 then
      raise exception using errcode = '23514', message = 'title must be at most 200 characters', detail = 'title';
    end if;
    v_new.title := v_text;
  end if;
  if p_ad ? 'media_alt' then
    v_text := private.clean_or_null(p_ad ->> 'media_alt');
    if char_length(v_text) > 300 then
      raise exception using errcode = '23514', message = 'media_alt must be at most 300 characters', detail = 'media_alt';
    end if;
    v_new.media_alt := v_text;
  end if;
  if p_ad ? 'active' then
    if jsonb_typeof(p_ad -> 'active') <> 'boolean' then
      raise exception using errcode = '23514', message = 'active must be true or false', detail = 'active';
    end if;
    v_new.active := (p_ad ->> 'active')::boolean;
  end if;
  if p_ad ? 'start_date' then
    begin
      v_new.start_date := nullif(btrim(coalesce(p_ad ->> 'start_date', '')), '')::timestamptz;
    exception when others then
      raise exception using errcode = '22007', message = 'start_date must be a date and time', detail = 'start_date';
    end;
  end if;
  if p_ad ? 'end_date' then
    begin
      v_new.end_date := nullif(btrim(coalesce(p_ad ->> 'end_date', '')), '')::timestamptz;
    exception when others then
      raise exception using errcode = '22007', message = 'end_date must be a date and time', detail = 'end_date';
    end;
  end if;
  if v_new.start_date is not null and v_new.end_date is not null and v_new.end_date < v_new.start_date then
    raise exception using errcode = '23514', message = 'end_date must not be before start_date', detail = 'end_date';
  end if;
  if p_ad ? 'media_type' then
    v_new.media_type := nullif(btrim(coalesce(p_ad ->> 'media_type', '')), '');
  end if;
  if v_new.media_type is null then
    raise exception using errcode = '23502', message = 'media_type is required', detail = 'media_type';
  end if;
  if v_new.media_type not in ('image', 'video', 'youtube') then
    raise exception using errcode = '23514', message = 'media_type must be image, video or youtube', detail = 'media_type';
  end if;
  if p_ad ? 'media_url' then
    v_new.media_url := nullif(btrim(coalesce(p_ad ->> 'media_url', '')), '');
  end if;
  if v_new.media_url is null then
    raise exception using errcode = '23502', message = 'media_url is required', detail = 'media_url';
  end if;
  if char_length(v_new.media_url) > 2000 then
    raise exception using errcode = '23514', message = 'media_url must be at most 2000 characters', detail = 'media_url';
  end if;
  if v_new.media_type = 'youtube' then
    if v_new.media_url !~ '^[A-Za-z0-9_-]{11}$'
       and v_new.media_url !~ '^https://(www\.|m\.)?(youtube\.com|youtube-nocookie\.com|youtu\.be)/[^[:space:]]+$' then
      raise exception using errcode = '23514', message = 'media_url must be a YouTube link or video id', detail = 'media_url';
    end if;
  elsif v_new.media_url !~ '^https?://[^[:space:]]+$' then
    raise exception using errcode = '23514', message = 'media_url must be an http(s) URL', detail = 'media_url';
  end if;
  if p_ad ? 'redirect_link' then
    v_new.redirect_link := nullif(btrim(coalesce(p_ad ->> 'redirect_link', '')), '');
  end if;
  if v_new.redirect_link is not null
     and (v_new.redirect_link !~ '^https?://[^[:space:]]+$' or char_length(v_new.redirect_link) > 2000) then
    raise exception using errcode = '23514', message = 'redirect_link must be an http(s) URL of at most 2000 characters',
      detail = 'redirect_link';
  end if;
  if p_ad ? 'sort_order' then
    v_text := btrim(coalesce(p_ad ->> 'sort_order', ''));
    if v_text !~ '^-?[0-9]{1,7}$' or abs(v_text::integer) > 1000000 then
      raise exception using errcode = '23514', message = 'sort_order must be a whole number between -1000000 and 1000000',
        detail = 'sort_order';
    end if;
    v_new.sort_order := v_text::integer;
  end if;

  perform private.audit_explicit(true);
  if v_is_new then
    insert into public.advertisements (title, media_alt, active, start_date, end_date, media_type, media_url, redirect_link,
                                       sort_order)
    values (v_new.title, v_new.media_alt, v_new.active, v_new.start_date, v_new.end_date, v_new.media_type, v_new.media_url,
            v_new.redirect_link, v_new.sort_order)
    returning * into v_new;
    perform private.audit('ad.create', 'advertisements', v_new.id::text, v_new.title, null, to_jsonb(v_new), v_reason);
  else
    update public.advertisements
       set title = v_new.title, media_alt = v_new.media_alt, active = v_new.active, start_date = v_new.start_date, end_date = v_new.end_date,
           media_type = v_new.media_type, media_url = v_new.media_url, redirect_link = v_new.redirect_link,
           sort_order = v_new.sort_order
     where id = v_id
    returning * into v_new;
    if to_jsonb(v_old) is distinct from to_jsonb(v_new) then
      perform private.audit('ad.update', 'advertisements', v_id::text, v_new.title, to_jsonb(v_old), to_jsonb(v_new), v_reason);
    end if;
  end if;
  perform private.audit_explicit(false);
  return v_new;
end
$$;

-- Any provider, any status; p_query matches name, business, mobile (digits), category,
-- specialisation, address or the id. Newest first. (from 0008)
CREATE FUNCTION public.admin_search_providers(p_query text DEFAULT NULL::text, p_status text DEFAULT NULL::text, p_limit integer DEFAULT 50, p_offset integer DEFAULT 0) RETURNS TABLE(id uuid, name text, business_name text, mobile text, category text, specialist_in text, experience integer, address text, verified boolean, status text, registration_date timestamp with time zone, reviewed_at timestamp with time zone, rejection_reason text, avg_rating numeric, rating_count integer, aadhaar_masked text, open_reports integer, on_leave_until date, opening_hours jsonb, total_count bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $_$
declare
  v_status text := nullif(btrim(coalesce(p_status, '')), '');
  v_q text := lower(private.clean_line(left(coalesce(p_query, ''), 200)));
  v_like text;
  v_digits text;
begin
  perform private.require_admin();
  if v_status = 'all' then
    v_status := null;
  end if;
  if v_status is not null and v_status not in ('pending', 'approved', 'rejected', 'suspended', 'hidden') then
    raise exception using errcode = '22023', message = 'p_status must be pending, approved, rejected, suspended, hidden or all',
      detail = 'status';
  end if;
  v_q := nullif(v_q, '');
  v_like := '%' || replace(replace(replace(v_q, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_digits := private.normalize_mobile(v_q);
  if v_digits is null and v_q ~ '^[0-9 +().-]+$' then
    v_digits := nullif(regexp_replace(v_q, '[^0-9]', '', 'g'), '');
  end if;
  return query
    select p.id, p.name, p.business_name, p.mobile, p.category, p.specialist_in, p.experience, p.address,
           p.verified, p.status, p.registration_date, p.reviewed_at, p.rejection_reason,
           p.avg_rating::numeric, p.rating_count,
           private.aadhaar_masked(i.aadhaar),
           (select count(*)::integer from public.reports r
             where r.provider_id = p.id and r.review_id is null and r.status = 'open'),
           p.on_leave_until, p.opening_hours,
           count(*) over ()
      from public.service_providers p
      left join private.provider_identity i on i.provider_id = p.id
     where (v_status is null or p.status = v_status)
       and (v_q is null
            or p.search_text like v_like
            or lower(p.address) like v_like
            or p.id::text = v_q
            or (v_digits is not null and p.mobile like '%' || v_digits || '%'))
     order by p.registration_date desc, p.id
     limit least(greatest(coalesce(p_limit, 50), 1), 500)
    offset greatest(coalesce(p_offset, 0), 0);
end
$_$;

-- Set (or replace) a provider's Aadhaar number: a valid number is required (23502 / 23514,
-- details 'aadhaar'). The number is never returned or logged, only
-- 'XXXX XXXX 1234'. Returns {id, verified, aadhaar_masked}; since 0016 the number no longer
-- makes the listing verified (admin_verify_provider does). (from 0008)
CREATE FUNCTION public.admin_set_aadhaar(p_id uuid DEFAULT NULL::uuid, p_aadhaar text DEFAULT NULL::text, p_reason text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_reason text;
  v_number text := regexp_replace(coalesce(p_aadhaar, ''), '[[:space:]-]', '', 'g');
  v_old public.service_providers;
  v_old_number text;
  v_verified boolean;
begin
  perform private.require_admin();
  v_reason := private.admin_reason(p_reason);
  if v_number = '' then
    raise exception using errcode = '23502', message = 'aadhaar is required', detail = 'aadhaar';
  end if;
  if not private.aadhaar_valid(v_number) then
    raise exception using errcode = '23514', message = 'aadhaar is not a valid Aadhaar number (12 digits, first digit 2-9, Verhoeff check digit)',
      detail = 'aadhaar';
  end if;
  select * into v_old from public.service_providers where id = p_id for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'provider not found', detail = 'id';
  end if;
  select i.aadhaar into v_old_number from private.provider_identity i where i.provider_id = p_id;
  perform private.audit_explicit(true);
  insert into private.provider_identity (provider_id, aadhaar) values (p_id, v_number)
  on conflict (provider_id) do update set aadhaar = excluded.aadhaar, created_at = now();
  select p.verified into v_verified from public.service_providers p where p.id = p_id;
  perform private.audit('provider.aadhaar', 'service_providers', p_id::text, v_old.name,
    jsonb_build_object('verified', v_old.verified, 'aadhaar_masked', private.aadhaar_masked(v_old_number)),
    jsonb_build_object('verified', v_verified, 'aadhaar_masked', private.aadhaar_masked(v_number)), v_reason);
  perform private.audit_explicit(false);
  return jsonb_build_object('id', p_id, 'verified', v_verified, 'aadhaar_masked', private.aadhaar_masked(v_number));
end
$$;

-- Approve, reject, suspend, restore or send back to pending. As 0003, plus 'suspended', and a
-- reason is required to suspend and to change a suspended or hidden provider (22023).
-- Moving a provider out of 'hidden' resolves its open reports. Returns the updated row. (from 0008)
CREATE FUNCTION public.admin_set_provider_status(p_provider_id uuid, p_status text, p_reason text DEFAULT NULL::text) RETURNS public.service_providers
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_old public.service_providers;
  v_row public.service_providers;
  v_reason text;
  v_action text;
begin
  perform private.require_admin();
  if p_status is null or p_status not in ('pending', 'approved', 'rejected', 'suspended') then
    raise exception using errcode = '22023', message = 'p_status must be pending, approved, rejected or suspended';
  end if;
  select * into v_old from public.service_providers where id = p_provider_id for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'provider not found';
  end if;
  if p_status = 'suspended' or v_old.status in ('suspended', 'hidden') then
    v_reason := private.admin_reason(p_reason);
  else
    v_reason := nullif(private.clean_text(p_reason), '');
    if private.is_blank(v_reason) then
      v_reason := null;
    end if;
  end if;
  v_action := case
    when p_status = 'approved' and v_old.status in ('suspended', 'hidden') then 'provider.restore'
    when p_status = 'approved' then 'provider.approve'
    when p_status = 'rejected' then 'provider.reject'
    when p_status = 'suspended' then 'provider.suspend'
    else 'provider.pending'
  end;
  perform private.audit_explicit(true);
  update public.service_providers
     set status = p_status,
         rejection_reason = case when p_status = 'rejected' then v_reason end,
         reviewed_at = now()
   where id = p_provider_id
  returning * into v_row;
  if v_old.status = 'hidden' then
    update public.reports
       set status = 'resolved', resolved_at = now(), resolved_by = auth.uid(), resolution = 'status: ' || p_status
     where provider_id = p_provider_id and review_id is null and status = 'open';
  end if;
  perform private.audit(v_action, 'service_providers', p_provider_id::text, v_row.name,
    jsonb_build_object('status', v_old.status, 'rejection_reason', v_old.rejection_reason),
    jsonb_build_object('status', v_row.status, 'rejection_reason', v_row.rejection_reason), v_reason);
  perform private.audit_explicit(false);
  return v_row;
end
$$;

-- Counts per status, open reports, and calls / chat taps / profile views per day (Asia/Kolkata)
-- over the last p_days days (1-365), oldest first, zero-filled. (from 0008)
CREATE FUNCTION public.admin_stats(p_days integer DEFAULT 30) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
declare
  v_days integer := least(greatest(coalesce(p_days, 30), 1), 365);
  v_today date := (now() at time zone 'Asia/Kolkata')::date;
  v_from date := v_today - (v_days - 1);
  v_out jsonb;
begin
  perform private.require_admin();
  select jsonb_build_object(
           'approved', count(*) filter (where p.status = 'approved'),
           'pending', count(*) filter (where p.status = 'pending'),
           'rejected', count(*) filter (where p.status = 'rejected'),
           'suspended', count(*) filter (where p.status = 'suspended'),
           'hidden', count(*) filter (where p.status = 'hidden'))
    into v_out
    from public.service_providers p;
  v_out := v_out
    || jsonb_build_object('reports_open', (select count(*) from public.reports r where r.status = 'open'))
    || jsonb_build_object('daily', (
      select coalesce(jsonb_agg(jsonb_build_object('day', d.day, 'calls', coalesce(c.calls, 0),
                                                   'chats', coalesce(c.chats, 0), 'views', coalesce(c.views, 0))
                                order by d.day), '[]'::jsonb)
        from (select (v_from + i) as day from generate_series(0, v_days - 1) as i) d
        left join (
          select (t.created_at at time zone 'Asia/Kolkata')::date as day,
                 count(*) filter (where t.click_type = 'call') as calls,
                 count(*) filter (where t.click_type = 'whatsapp') as chats,
                 count(*) filter (where t.click_type = 'view') as views
            from public.click_tracking t
           where t.created_at >= (v_from::timestamp at time zone 'Asia/Kolkata')
           group by 1
        ) c on c.day = d.day));
  return v_out;
end
$$;

-- Admin: number of providers per status (all three statuses, zeros included). (from 0003)
CREATE FUNCTION public.admin_status_counts() RETURNS TABLE(status text, count bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
begin
  if not public.is_admin() then
    raise exception using errcode = '42501', message = 'not authorised';
  end if;
  return query
    select s.status, count(p.id)
      from unnest(array['pending', 'approved', 'rejected']) as s(status)
      left join public.service_providers p on p.status = s.status
     group by s.status
     order by array_position(array['pending', 'approved', 'rejected'], s.status);
end
$$;

-- Edit a provider: p_fields holds any of name, business_name, mobile, category,
-- specialist_in, experience, address, on_leave_until, opening_hours (null clears an optional one). Checked like
-- registration (23502 / 23514 with details = the field); live at once. Returns the row. (from 0008)
CREATE FUNCTION public.admin_update_provider(p_id uuid DEFAULT NULL::uuid, p_fields jsonb DEFAULT NULL::jsonb, p_reason text DEFAULT NULL::text) RETURNS public.service_providers
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $_$
declare
  v_reason text;
  v_old public.service_providers;
  v_new public.service_providers;
  v_key text;
  v_text text;
  v_exp text;
begin
  perform private.require_admin();
  v_reason := private.admin_reason(p_reason);
  if p_fields is null or jsonb_typeof(p_fields) <> 'object' then
    raise exception using errcode = '22023', message = 'p_fields must be an object of the fields to change', detail = 'fields';
  end if;
  select k into v_key from jsonb_object_keys(p_fields) as k
   where k not in ('name', 'business_name', 'mobile', 'category', 'specialist_in', 'experience', 'address',
                   'on_leave_until', 'opening_hours')
   limit 1;
  if v_key is not null then
    raise exception using errcode = '22023', message = 'unknown or read-only field: ' || v_key, detail = v_key;
  end if;
  select * into v_old from public.service_providers where id = p_id for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'provider not found', detail = 'id';
  end if;
  v_new := v_old;
  if p_fields ? 'name' then
    v_text := private.clean_or_null(p_fields ->> 'name');
    if v_text is null then
      raise exception using errcode = '23502', message = 'name is required', detail = 'name';
    end if;
    if char_length(v_text) > 100 then
      raise exception using errcode = '23514', message = 'name must be at most 100 characters', detail = 'name';
    end if;
    v_new.name := v_text;
  end if;
  if p_fields ? 'business_name' then
    v_text := private.clean_or_null(p_fields ->> 'business_name');
    if char_length(v_text) > 150 then
      raise exception using errcode = '23514', message = 'business_name must be at most 150 characters', detail = 'business_name';
    end if;
    v_new.business_name := v_text;
  end if;
  if p_fields ? 'mobile' then
    v_text := nullif(btrim(coalesce(p_fields ->> 'mobile', '')), '');
    if v_text is null then
      raise exception using errcode = '23502', message = 'mobile is required', detail = 'mobile';
    end if;
    v_text := private.normalize_mobile(v_text);
    if v_text is null then
      raise exception using errcode = '23514', message = 'mobile must be a 10-digit Indian mobile number (starting 6-9)',
        detail = 'mobile';
    end if;
    v_new.mobile := v_text;
  end if;
  if p_fields ? 'category' then
    v_text := private.stored_category(p_fields ->> 'category');
    if v_text is null then
      raise exception using errcode = '23502', message = 'category is required', detail = 'category';
    end if;
    v_new.category := v_text;
  end if;
  if p_fields ? 'specialist_in' then
    v_text := private.clean_or_null(p_fields ->> 'specialist_in');
    if char_length(v_text) > 200 then
      raise exception using errcode = '23514', message = 'specialist_in must be at most 200 characters', detail = 'specialist_in';
    end if;
    v_new.specialist_in := v_text;
  end if;
  if p_fields ? 'experience' then
    v_exp := btrim(coalesce(p_fields ->> 'experience', ''));
    if v_exp = '' then
      raise exception using errcode = '23502', message = 'experience is required', detail = 'experience';
    end if;
    if v_exp !~ '^[0-9]{1,2}$' or v_exp::integer > 80 then
      raise exception using errcode = '23514', message = 'experience must be between 0 and 80 years', detail = 'experience';
    end if;
    v_new.experience := v_exp::integer;
  end if;
  if p_fields ? 'address' then
    v_text := private.clean_or_null(p_fields ->> 'address');
    if v_text is null then
      raise exception using errcode = '23502', message = 'address is required', detail = 'address';
    end if;
    if char_length(v_text) > 300 then
      raise exception using errcode = '23514', message = 'address must be at most 300 characters', detail = 'address';
    end if;
    v_new.address := v_text;
  end if;
  if p_fields ? 'on_leave_until' then
    begin
      v_new.on_leave_until := nullif(btrim(coalesce(p_fields ->> 'on_leave_until', '')), '')::date;
    exception when others then
      raise exception using errcode = '22007', message = 'on_leave_until must be a date (YYYY-MM-DD)', detail = 'on_leave_until';
    end;
  end if;
  if p_fields ? 'opening_hours' then
    if jsonb_typeof(p_fields -> 'opening_hours') = 'null' then
      v_new.opening_hours := null;
    elsif not public.opening_hours_valid(p_fields -> 'opening_hours') then
      raise exception using errcode = '23514',
        message = 'opening_hours must be mon..sun, each null or {"open":"HH:MM","close":"HH:MM"} with open before close',
        detail = 'opening_hours';
    else
      v_new.opening_hours := p_fields -> 'opening_hours';
    end if;
  end if;

  perform private.audit_explicit(true);
  update public.service_providers
     set name = v_new.name, business_name = v_new.business_name, mobile = v_new.mobile, category = v_new.category,
         specialist_in = v_new.specialist_in, experience = v_new.experience, address = v_new.address,
         on_leave_until = v_new.on_leave_until, opening_hours = v_new.opening_hours
   where id = p_id
  returning * into v_new;
  if private.audit_row(to_jsonb(v_old)) is distinct from private.audit_row(to_jsonb(v_new)) then
    perform private.audit('provider.update', 'service_providers', p_id::text, v_new.name, to_jsonb(v_old), to_jsonb(v_new), v_reason);
  end if;
  perform private.audit_explicit(false);
  return v_new;
end
$_$;

REVOKE ALL ON FUNCTION public.admin_audit_log(p_limit integer, p_offset integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.admin_audit_log(p_limit integer, p_offset integer) TO service_role;
GRANT ALL ON FUNCTION public.admin_audit_log(p_limit integer, p_offset integer) TO anon;
GRANT ALL ON FUNCTION public.admin_audit_log(p_limit integer, p_offset integer) TO authenticated;

REVOKE ALL ON FUNCTION public.admin_click_totals(p_days integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.admin_click_totals(p_days integer) TO service_role;
GRANT ALL ON FUNCTION public.admin_click_totals(p_days integer) TO anon;
GRANT ALL ON FUNCTION public.admin_click_totals(p_days integer) TO authenticated;

REVOKE ALL ON FUNCTION public.admin_decide_change_request(p_id uuid, p_approve boolean, p_reason text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.admin_decide_change_request(p_id uuid, p_approve boolean, p_reason text) TO service_role;
GRANT ALL ON FUNCTION public.admin_decide_change_request(p_id uuid, p_approve boolean, p_reason text) TO authenticated;

REVOKE ALL ON FUNCTION public.admin_delete_ad(p_id uuid, p_reason text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.admin_delete_ad(p_id uuid, p_reason text) TO service_role;
GRANT ALL ON FUNCTION public.admin_delete_ad(p_id uuid, p_reason text) TO anon;
GRANT ALL ON FUNCTION public.admin_delete_ad(p_id uuid, p_reason text) TO authenticated;

REVOKE ALL ON FUNCTION public.admin_delete_provider(p_id uuid, p_reason text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.admin_delete_provider(p_id uuid, p_reason text) TO service_role;
GRANT ALL ON FUNCTION public.admin_delete_provider(p_id uuid, p_reason text) TO anon;
GRANT ALL ON FUNCTION public.admin_delete_provider(p_id uuid, p_reason text) TO authenticated;

revoke all on function public.admin_hide_reply(p_review_id uuid, p_hidden boolean, p_reason text) from public, anon, authenticated, service_role;
grant all on function public.admin_hide_reply(p_review_id uuid, p_hidden boolean, p_reason text) to service_role;
grant all on function public.admin_hide_reply(p_review_id uuid, p_hidden boolean, p_reason text) to authenticated;

-- The owners' answers, newest first, hidden ones too, for the console (operator only).

revoke all on function public.admin_list_replies(p_limit integer, p_offset integer) from public, anon, authenticated, service_role;
grant all on function public.admin_list_replies(p_limit integer, p_offset integer) to service_role;
grant all on function public.admin_list_replies(p_limit integer, p_offset integer) to authenticated;

REVOKE ALL ON FUNCTION public.admin_hide_review(p_review_id uuid, p_hidden boolean, p_reason text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.admin_hide_review(p_review_id uuid, p_hidden boolean, p_reason text) TO service_role;
GRANT ALL ON FUNCTION public.admin_hide_review(p_review_id uuid, p_hidden boolean, p_reason text) TO anon;
GRANT ALL ON FUNCTION public.admin_hide_review(p_review_id uuid, p_hidden boolean, p_reason text) TO authenticated;

REVOKE ALL ON FUNCTION public.admin_list_change_requests() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.admin_list_change_requests() TO service_role;
GRANT ALL ON FUNCTION public.admin_list_change_requests() TO authenticated;

REVOKE ALL ON FUNCTION public.admin_list_owner_edits(p_limit integer, p_offset integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.admin_list_owner_edits(p_limit integer, p_offset integer) TO service_role;
GRANT ALL ON FUNCTION public.admin_list_owner_edits(p_limit integer, p_offset integer) TO anon;
GRANT ALL ON FUNCTION public.admin_list_owner_edits(p_limit integer, p_offset integer) TO authenticated;

REVOKE ALL ON FUNCTION public.admin_list_registrations(p_status text, p_limit integer, p_offset integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.admin_list_registrations(p_status text, p_limit integer, p_offset integer) TO service_role;
GRANT ALL ON FUNCTION public.admin_list_registrations(p_status text, p_limit integer, p_offset integer) TO anon;
GRANT ALL ON FUNCTION public.admin_list_registrations(p_status text, p_limit integer, p_offset integer) TO authenticated;

REVOKE ALL ON FUNCTION public.admin_list_reports() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.admin_list_reports() TO service_role;
GRANT ALL ON FUNCTION public.admin_list_reports() TO anon;
GRANT ALL ON FUNCTION public.admin_list_reports() TO authenticated;

REVOKE ALL ON FUNCTION public.admin_resolve_reports(p_provider_id uuid, p_review_id uuid, p_action text, p_reason text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.admin_resolve_reports(p_provider_id uuid, p_review_id uuid, p_action text, p_reason text) TO service_role;
GRANT ALL ON FUNCTION public.admin_resolve_reports(p_provider_id uuid, p_review_id uuid, p_action text, p_reason text) TO anon;
GRANT ALL ON FUNCTION public.admin_resolve_reports(p_provider_id uuid, p_review_id uuid, p_action text, p_reason text) TO authenticated;

REVOKE ALL ON FUNCTION public.admin_revert_owner_edit(p_audit_id bigint, p_reason text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.admin_revert_owner_edit(p_audit_id bigint, p_reason text) TO service_role;
GRANT ALL ON FUNCTION public.admin_revert_owner_edit(p_audit_id bigint, p_reason text) TO anon;
GRANT ALL ON FUNCTION public.admin_revert_owner_edit(p_audit_id bigint, p_reason text) TO authenticated;

REVOKE ALL ON FUNCTION public.admin_save_ad(p_ad jsonb, p_reason text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.admin_save_ad(p_ad jsonb, p_reason text) TO service_role;
GRANT ALL ON FUNCTION public.admin_save_ad(p_ad jsonb, p_reason text) TO anon;
GRANT ALL ON FUNCTION public.admin_save_ad(p_ad jsonb, p_reason text) TO authenticated;

REVOKE ALL ON FUNCTION public.admin_search_providers(p_query text, p_status text, p_limit integer, p_offset integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.admin_search_providers(p_query text, p_status text, p_limit integer, p_offset integer) TO service_role;
GRANT ALL ON FUNCTION public.admin_search_providers(p_query text, p_status text, p_limit integer, p_offset integer) TO anon;
GRANT ALL ON FUNCTION public.admin_search_providers(p_query text, p_status text, p_limit integer, p_offset integer) TO authenticated;

REVOKE ALL ON FUNCTION public.admin_set_aadhaar(p_id uuid, p_aadhaar text, p_reason text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.admin_set_aadhaar(p_id uuid, p_aadhaar text, p_reason text) TO service_role;
GRANT ALL ON FUNCTION public.admin_set_aadhaar(p_id uuid, p_aadhaar text, p_reason text) TO anon;
GRANT ALL ON FUNCTION public.admin_set_aadhaar(p_id uuid, p_aadhaar text, p_reason text) TO authenticated;

REVOKE ALL ON FUNCTION public.admin_set_provider_status(p_provider_id uuid, p_status text, p_reason text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.admin_set_provider_status(p_provider_id uuid, p_status text, p_reason text) TO service_role;
GRANT ALL ON FUNCTION public.admin_set_provider_status(p_provider_id uuid, p_status text, p_reason text) TO anon;
GRANT ALL ON FUNCTION public.admin_set_provider_status(p_provider_id uuid, p_status text, p_reason text) TO authenticated;

REVOKE ALL ON FUNCTION public.admin_stats(p_days integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.admin_stats(p_days integer) TO service_role;
GRANT ALL ON FUNCTION public.admin_stats(p_days integer) TO anon;
GRANT ALL ON FUNCTION public.admin_stats(p_days integer) TO authenticated;

REVOKE ALL ON FUNCTION public.admin_status_counts() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.admin_status_counts() TO service_role;
GRANT ALL ON FUNCTION public.admin_status_counts() TO anon;
GRANT ALL ON FUNCTION public.admin_status_counts() TO authenticated;

REVOKE ALL ON FUNCTION public.admin_update_provider(p_id uuid, p_fields jsonb, p_reason text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.admin_update_provider(p_id uuid, p_fields jsonb, p_reason text) TO service_role;
GRANT ALL ON FUNCTION public.admin_update_provider(p_id uuid, p_fields jsonb, p_reason text) TO anon;
GRANT ALL ON FUNCTION public.admin_update_provider(p_id uuid, p_fields jsonb, p_reason text) TO authenticated;

-- For each of the given listings (at most 200: one page of the console), the other listings it
-- may duplicate: 'mobile' (same mobile) or 'name_place' (same name and address, normalised).
-- Admins only (42501 otherwise).
create or replace function public.admin_duplicate_hints(p_ids uuid[])
returns table (provider_id uuid, other_id uuid, other_name text, other_status text, match text)
language plpgsql stable security definer
set search_path = public, pg_temp
as $$
begin
  if not public.is_admin() then
    raise exception 'not authorised' using errcode = '42501';
  end if;
  if p_ids is null or cardinality(p_ids) > 200 then
    raise exception 'between 0 and 200 ids' using errcode = '22023';
  end if;
  return query
    select p.id, o.id, o.name, o.status,
           case when o.mobile = p.mobile then 'mobile' else 'name_place' end
      from public.service_providers p
      join public.service_providers o
        on o.id <> p.id
       and (o.mobile = p.mobile
            or (public.console_norm(o.name) = public.console_norm(p.name)
                and public.console_norm(o.address) = public.console_norm(p.address)))
     where p.id = any(p_ids)
     order by p.id, (o.mobile = p.mobile) desc, o.registration_date, o.id;
end;
$$;

revoke all on function public.admin_duplicate_hints(uuid[]) from public, anon, authenticated;
grant execute on function public.admin_duplicate_hints(uuid[]) to authenticated;

-- What `npm run check:deploy` needs to compare a deployment's database with the repo's
-- migrations, with the public anon key: the version and name of each applied migration (as
-- the Supabase CLI records them in supabase_migrations.schema_migrations), nothing else (not
-- the statements, not who applied them or when). The file names are public in the repo.
-- A project whose migrations were applied without the CLI has no such table: an empty list.
create or replace function public.applied_migrations()
returns table (version text, name text)
language plpgsql stable security definer
set search_path = pg_catalog, pg_temp
as $$
begin
  if to_regclass('supabase_migrations.schema_migrations') is null then
    return;
  end if;
  return query execute
    'select m.version::text, m.name::text from supabase_migrations.schema_migrations m order by m.version';
end
$$;

revoke all on function public.applied_migrations() from public, anon, authenticated;
grant execute on function public.applied_migrations() to anon, authenticated;

-- "Verified" means the operator has checked the person (issue 28): the operator records how
-- (one or more of documents, visited, called) and the day of the check (default today in the
-- district; not in the future). The listing is then verified. A reason / note is required
-- (22023), as for the console's other actions; who and why are in the audit log
-- (provider.verify). Admins only (42501). Returns the row. (from 0016)
create or replace function public.admin_verify_provider(
  p_id uuid default null,
  p_how text[] default null,
  p_checked_on date default null,
  p_reason text default null
) returns public.service_providers
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_reason text;
  v_today date := (now() at time zone 'Asia/Kolkata')::date;
  v_on date := coalesce(p_checked_on, (now() at time zone 'Asia/Kolkata')::date);
  v_how text[];
  v_old public.service_providers;
  v_row public.service_providers;
begin
  perform private.require_admin();
  v_reason := private.admin_reason(p_reason);
  select array_agg(distinct h order by h) into v_how from unnest(p_how) as h;
  if v_how is null or not (v_how <@ array['documents', 'visited', 'called']::text[]) then
    raise exception using errcode = '22023', message = 'how must be one or more of documents, visited, called',
      detail = 'how';
  end if;
  if v_on > v_today or v_on < date '2020-01-01' then
    raise exception using errcode = '22023', message = 'the day of the check must be today or a past day',
      detail = 'checked_on';
  end if;
  select * into v_old from public.service_providers where id = p_id for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'provider not found', detail = 'id';
  end if;
  perform private.audit_explicit(true);
  update public.service_providers set verified_on = v_on, verified_how = v_how where id = p_id
  returning * into v_row;
  perform private.audit('provider.verify', 'service_providers', p_id::text, v_row.name,
    jsonb_build_object('verified', v_old.verified, 'verified_on', v_old.verified_on, 'verified_how', v_old.verified_how),
    jsonb_build_object('verified', v_row.verified, 'verified_on', v_row.verified_on, 'verified_how', v_row.verified_how),
    v_reason);
  perform private.audit_explicit(false);
  return v_row;
end
$$;

revoke all on function public.admin_verify_provider(uuid, text[], date, text) from public, anon, authenticated;
grant execute on function public.admin_verify_provider(uuid, text[], date, text) to authenticated;

-- The operator withdraws a verification (the badge goes; a reason is required). Audited as
-- provider.unverify. Admins only (42501). Returns the row. (from 0016)
create or replace function public.admin_withdraw_verification(p_id uuid default null, p_reason text default null)
returns public.service_providers
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_reason text;
  v_old public.service_providers;
  v_row public.service_providers;
begin
  perform private.require_admin();
  v_reason := private.admin_reason(p_reason);
  select * into v_old from public.service_providers where id = p_id for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'provider not found', detail = 'id';
  end if;
  if v_old.verified_on is null then
    raise exception using errcode = '22023', message = 'this listing is not verified', detail = 'verified';
  end if;
  perform private.audit_explicit(true);
  update public.service_providers set verified_on = null, verified_how = null where id = p_id
  returning * into v_row;
  perform private.audit('provider.unverify', 'service_providers', p_id::text, v_row.name,
    jsonb_build_object('verified', v_old.verified, 'verified_on', v_old.verified_on, 'verified_how', v_old.verified_how),
    jsonb_build_object('verified', v_row.verified, 'verified_on', v_row.verified_on, 'verified_how', v_row.verified_how),
    v_reason);
  perform private.audit_explicit(false);
  return v_row;
end
$$;

revoke all on function public.admin_withdraw_verification(uuid, text) from public, anon, authenticated;
grant execute on function public.admin_withdraw_verification(uuid, text) to authenticated;
