-- Operator console and visitor reports (issue 18). Applied migrations are never edited, so
-- everything below changes what 0001-0007 created (it uses 0007's private.normalize_mobile and
-- private.stored_category):
--  1. providers may also be 'suspended' (by the operator) or 'hidden' (3 open reports from
--     different devices, until the operator decides); everything public already shows
--     status = 'approved' only (RLS, search, category_stats, search_words, averages);
--  2. reviews may be hidden (by the operator, or 3 open reports);
--  3. visitors report a provider or a review, one report per device and target
--     (report_provider, report_review);
--  4. the operator's functions (admin_*): reports, any provider (edit, suspend, restore,
--     delete, Aadhaar), reviews, ads (ordered, scheduled), stats;
--  5. public.audit_log: every operator action (who, when, what, before -> after, reason),
--     append-only, written only by the functions and triggers below, read by admins through
--     admin_audit_log. The Aadhaar number never enters it.

-- ---------------------------------------------------------------- statuses, hidden reviews, ad order

alter table public.service_providers drop constraint service_providers_status_check;
alter table public.service_providers add constraint service_providers_status_check
  check (status in ('pending', 'approved', 'rejected', 'suspended', 'hidden'));

alter table public.reviews add column hidden boolean not null default false;
drop policy reviews_read on public.reviews;
create policy reviews_read on public.reviews
  for select to anon, authenticated
  using ((not hidden and exists (select 1 from public.service_providers p where p.id = provider_id and p.status = 'approved'))
         or (select public.is_admin()));

-- The popup shows ads by sort_order (smallest first), then newest.
alter table public.advertisements add column sort_order integer not null default 0
  constraint advertisements_sort_order_check check (sort_order between -1000000 and 1000000);
drop index public.advertisements_active_idx;
create index advertisements_active_idx on public.advertisements (active, sort_order, created_at desc);

-- ---------------------------------------------------------------- reports

create table public.reports (
  id uuid primary key default gen_random_uuid(),
  provider_id uuid not null references public.service_providers (id) on delete cascade,
  review_id uuid references public.reviews (id) on delete cascade,
  reason text not null,
  details text,
  -- sha256 of the reporting device's token (private.device_hash); never readable by the API roles
  device_hash text not null,
  status text not null default 'open',
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  resolved_by uuid,
  resolution text,
  constraint reports_reason_check check (reason in ('wrong_number', 'closed', 'wrong_service', 'abusive', 'other')),
  constraint reports_details_check check (details is null or char_length(details) between 1 and 500),
  constraint reports_other_details_check check (reason <> 'other' or details is not null),
  constraint reports_device_hash_check check (device_hash ~ '^[0-9a-f]{64}$'),
  constraint reports_status_check check (status in ('open', 'resolved', 'dismissed')),
  constraint reports_resolution_check check (resolution is null or char_length(resolution) <= 500)
);
-- One report per device and provider, and per device and review (for good: a resolved
-- report is not made again by the same device).
create unique index reports_provider_device_key on public.reports (provider_id, device_hash) where review_id is null;
create unique index reports_review_device_key on public.reports (review_id, device_hash) where review_id is not null;
create index reports_open_idx on public.reports (provider_id, review_id, created_at) where status = 'open';
create index reports_review_idx on public.reports (review_id) where review_id is not null;

alter table public.reports enable row level security;
-- No API role reads or writes reports: visitors write through report_provider/report_review,
-- the operator reads and resolves through admin_list_reports/admin_resolve_reports.
revoke all on public.reports from public, anon, authenticated;

-- ---------------------------------------------------------------- audit log

create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- auth.uid() and the JWT's email of the operator; null for what the system did (3 reports)
  actor uuid,
  actor_email text,
  action text not null,
  target_table text,
  target_id text,
  -- the provider's name or the ad's title at the time, for people reading the log
  target_name text,
  before jsonb,
  after jsonb,
  reason text
);
create index audit_log_target_idx on public.audit_log (target_table, target_id, id desc);
alter table public.audit_log enable row level security;
-- Append-only: no API role may write it (not even the service role); admins read it through
-- admin_audit_log. No policy: nobody reads it over /rest/v1 either.
revoke all on public.audit_log from public, anon, authenticated, service_role;
grant select on public.audit_log to service_role;
revoke all on sequence public.audit_log_id_seq from public, anon, authenticated, service_role;

create or replace function private.audit_log_append_only() returns trigger
language plpgsql security definer
set search_path = public, pg_temp
as $$
begin
  raise exception using errcode = '42501', message = 'audit_log is append-only';
end
$$;

create trigger audit_log_no_change
  before update or delete on public.audit_log
  for each row execute function private.audit_log_append_only();
create trigger audit_log_no_truncate
  before truncate on public.audit_log
  for each statement execute function private.audit_log_append_only();

-- A 12-digit number typed into a reason (an Aadhaar number, by mistake) is kept masked.
create or replace function private.mask_aadhaar_like(p text) returns text
language sql immutable parallel safe
as $$
  select regexp_replace(p, '[0-9]{4}[ -]?[0-9]{4}[ -]?([0-9]{4})', 'XXXX XXXX \1', 'g')
$$;

-- The Aadhaar number as the operator may see it again.
create or replace function private.aadhaar_masked(p text) returns text
language sql immutable parallel safe
as $$
  select case when p is null then null else 'XXXX XXXX ' || right(p, 4) end
$$;

-- The keys of a whose values differ in b (both rows of one table as jsonb).
create or replace function private.jsonb_changed(a jsonb, b jsonb) returns jsonb
language sql immutable parallel safe
as $$
  select coalesce(jsonb_object_agg(k, a -> k), '{}'::jsonb)
    from jsonb_object_keys(a) as k
   where (a -> k) is distinct from (b -> k)
$$;

-- A row as the log keeps it: never the search document or a device's hash.
create or replace function private.audit_row(p jsonb) returns jsonb
language sql immutable parallel safe
as $$
  select p - 'search_text' - 'device_hash' - 'aadhaar'
$$;

-- Appends one entry. p_system: an action of the system (3 reports), not of the caller.
create or replace function private.audit(
  p_action text, p_table text, p_id text, p_name text, p_before jsonb, p_after jsonb, p_reason text,
  p_system boolean default false
) returns void
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
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

-- The admin_* functions write one entry each (what the operator did, with the reason) and
-- set this flag for their transaction, so that the row triggers below do not log the same
-- change again. Any other change an admin makes (a direct /rest/v1 write with an admin
-- JWT, a function of another migration) is logged by the triggers.
create or replace function private.audit_explicit(p_on boolean) returns void
language plpgsql volatile
as $$
begin
  perform set_config('app.audit_explicit', case when p_on then 'on' else '' end, true);
end
$$;

create or replace function private.audit_admin_change() returns trigger
language plpgsql security definer
set search_path = public, pg_temp
as $$
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

create trigger service_providers_audit
  after insert or update or delete on public.service_providers
  for each row execute function private.audit_admin_change();
create trigger reviews_audit
  after insert or update or delete on public.reviews
  for each row execute function private.audit_admin_change();
create trigger advertisements_audit
  after insert or update or delete on public.advertisements
  for each row execute function private.audit_admin_change();
create trigger service_categories_audit
  after insert or update or delete on public.service_categories
  for each row execute function private.audit_admin_change();
create trigger service_ratings_audit
  after delete on public.service_ratings
  for each row execute function private.audit_admin_change();
create trigger reports_audit
  after insert or update or delete on public.reports
  for each row execute function private.audit_admin_change();
-- The operator's decisions on listing changes (0007's admin_decide_change_request) are logged
-- the same way: the request (its reason included) and the listing it changed.
create trigger provider_change_requests_audit
  after insert or update or delete on public.provider_change_requests
  for each row execute function private.audit_admin_change();

-- ---------------------------------------------------------------- shared checks

create or replace function private.require_admin() returns void
language plpgsql stable
as $$
begin
  if not public.is_admin() then
    raise exception using errcode = '42501', message = 'not authorised';
  end if;
end
$$;

-- The operator's reason for a change: cleaned, required, at most 500 characters (22023).
create or replace function private.admin_reason(p text) returns text
language plpgsql immutable
as $$
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

-- A visitor's report: the reason from the list, details cleaned (required for 'other').
create or replace function private.report_input(p_reason text, p_details text, out reason text, out details text)
language plpgsql immutable
as $$
begin
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

-- ---------------------------------------------------------------- visitor reports

-- Report a listed provider from this device. The third open report from a different device
-- hides the provider (status 'hidden') until the operator decides. A device reports a
-- provider once (23505, HTTP 409).
create or replace function public.report_provider(
  p_provider_id uuid default null,
  p_reason text default null,
  p_details text default null,
  p_device_token text default null
) returns jsonb
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_hash text := private.device_hash(p_device_token);
  v_in record;
  v_row public.reports;
  v_open integer;
  v_name text;
begin
  select * into v_in from private.report_input(p_reason, p_details);
  perform private.require_approved(p_provider_id);
  -- Reports on one provider are counted one at a time: concurrent reports cannot all see
  -- two open ones and none hide the provider.
  perform pg_advisory_xact_lock(hashtextextended('report:provider:' || p_provider_id::text, 0));
  begin
    insert into public.reports (provider_id, reason, details, device_hash)
    values (p_provider_id, v_in.reason, v_in.details, v_hash)
    returning * into v_row;
  exception when unique_violation then
    raise exception using errcode = '23505', message = 'this device has already reported this provider', detail = 'device_token';
  end;
  select count(distinct r.device_hash) into v_open
    from public.reports r
   where r.provider_id = p_provider_id and r.review_id is null and r.status = 'open';
  if v_open >= 3 then
    update public.service_providers set status = 'hidden'
     where id = p_provider_id and status = 'approved'
    returning name into v_name;
    if found then
      perform private.audit('provider.hidden_by_reports', 'service_providers', p_provider_id::text, v_name,
        jsonb_build_object('status', 'approved'), jsonb_build_object('status', 'hidden'),
        v_open || ' open reports from different devices', true);
    end if;
  end if;
  return jsonb_build_object('id', v_row.id, 'provider_id', v_row.provider_id, 'review_id', null,
    'reason', v_row.reason, 'details', v_row.details, 'created_at', v_row.created_at);
end
$$;

-- Report a visible review of a listed provider; hidden after 3 devices' open reports.
create or replace function public.report_review(
  p_review_id uuid default null,
  p_reason text default null,
  p_details text default null,
  p_device_token text default null
) returns jsonb
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_hash text := private.device_hash(p_device_token);
  v_in record;
  v_review public.reviews;
  v_row public.reports;
  v_open integer;
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
  perform pg_advisory_xact_lock(hashtextextended('report:review:' || p_review_id::text, 0));
  begin
    insert into public.reports (provider_id, review_id, reason, details, device_hash)
    values (v_review.provider_id, p_review_id, v_in.reason, v_in.details, v_hash)
    returning * into v_row;
  exception when unique_violation then
    raise exception using errcode = '23505', message = 'this device has already reported this review', detail = 'device_token';
  end;
  select count(distinct r.device_hash) into v_open
    from public.reports r
   where r.review_id = p_review_id and r.status = 'open';
  if v_open >= 3 then
    update public.reviews set hidden = true where id = p_review_id and not hidden;
    if found then
      perform private.audit('review.hidden_by_reports', 'reviews', p_review_id::text, left(v_review.review_text, 80),
        jsonb_build_object('hidden', false), jsonb_build_object('hidden', true),
        v_open || ' open reports from different devices', true);
    end if;
  end if;
  return jsonb_build_object('id', v_row.id, 'provider_id', v_row.provider_id, 'review_id', v_row.review_id,
    'reason', v_row.reason, 'details', v_row.details, 'created_at', v_row.created_at);
end
$$;

-- ---------------------------------------------------------------- admin: reports

-- Open reports grouped by target (a provider, or one review), most reported first.
-- status: the provider's status, or for a review 'hidden' / 'visible'.
create or replace function public.admin_list_reports()
returns table (
  target_type text,
  provider_id uuid,
  review_id uuid,
  provider_name text,
  provider_mobile text,
  review_text text,
  reasons jsonb,
  open_count integer,
  status text,
  first_reported_at timestamptz,
  last_reported_at timestamptz
)
language plpgsql stable security definer
set search_path = public, pg_temp
as $$
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
-- Returns {target_type, provider_id, review_id, action, reports, status}.
create or replace function public.admin_resolve_reports(
  p_provider_id uuid default null,
  p_review_id uuid default null,
  p_action text default null,
  p_reason text default null
) returns jsonb
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
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

-- ---------------------------------------------------------------- admin: providers

-- Any provider, any status; p_query matches name, business, mobile (digits), category,
-- specialisation, address or the id. Newest first.
create or replace function public.admin_search_providers(
  p_query text default null,
  p_status text default null,
  p_limit integer default 50,
  p_offset integer default 0
) returns table (
  id uuid,
  name text,
  business_name text,
  mobile text,
  category text,
  specialist_in text,
  experience integer,
  address text,
  verified boolean,
  status text,
  registration_date timestamptz,
  reviewed_at timestamptz,
  rejection_reason text,
  avg_rating numeric,
  rating_count integer,
  aadhaar_masked text,
  open_reports integer,
  on_leave_until date,
  opening_hours jsonb,
  total_count bigint
)
language plpgsql stable security definer
set search_path = public, pg_temp
as $$
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
$$;

-- Edit a provider: p_fields holds any of name, business_name, mobile, category,
-- specialist_in, experience, address, on_leave_until, opening_hours (null clears an optional one). Checked like
-- registration (23502 / 23514 with details = the field); live at once. Returns the row.
create or replace function public.admin_update_provider(
  p_id uuid default null,
  p_fields jsonb default null,
  p_reason text default null
) returns public.service_providers
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
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
$$;

-- Approve, reject, suspend, restore or send back to pending. As 0003, plus 'suspended', and a
-- reason is required to suspend and to change a suspended or hidden provider (22023).
-- Moving a provider out of 'hidden' resolves its open reports. Returns the updated row.
create or replace function public.admin_set_provider_status(
  p_provider_id uuid,
  p_status text,
  p_reason text default null
) returns public.service_providers
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
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

-- Delete a provider and everything of it (ratings, reviews, clicks, reports, Aadhaar).
-- Returns its id.
create or replace function public.admin_delete_provider(p_id uuid default null, p_reason text default null)
returns uuid
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
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

-- Set (or replace) a provider's Aadhaar number: a valid number is required (23502 / 23514,
-- details 'aadhaar'); verified follows. The number is never returned or logged, only
-- 'XXXX XXXX 1234'. Returns {id, verified, aadhaar_masked}.
create or replace function public.admin_set_aadhaar(p_id uuid default null, p_aadhaar text default null, p_reason text default null)
returns jsonb
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
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

-- ---------------------------------------------------------------- admin: reviews

-- Hide or show a review; its open reports are resolved. Returns the review row.
create or replace function public.admin_hide_review(p_review_id uuid default null, p_hidden boolean default null, p_reason text default null)
returns public.reviews
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
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

-- ---------------------------------------------------------------- admin: ads

-- Create (no "id") or change (with "id": only the keys given) an ad. Keys: title, active,
-- start_date, end_date (ISO timestamps or null), media_type ('image' | 'video' | 'youtube'),
-- media_url (http(s) URL; for YouTube a youtube.com / youtu.be / youtube-nocookie.com URL or
-- the 11-character id), redirect_link (http(s) URL or null), sort_order (smaller first);
-- created_at is ignored. An end before the start: 23514, details 'end_date'. Returns the row.
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
   where k not in ('id', 'title', 'active', 'start_date', 'end_date', 'media_type', 'media_url', 'redirect_link',
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
    insert into public.advertisements (title, active, start_date, end_date, media_type, media_url, redirect_link, sort_order)
    values (v_new.title, v_new.active, v_new.start_date, v_new.end_date, v_new.media_type, v_new.media_url,
            v_new.redirect_link, v_new.sort_order)
    returning * into v_new;
    perform private.audit('ad.create', 'advertisements', v_new.id::text, v_new.title, null, to_jsonb(v_new), v_reason);
  else
    update public.advertisements
       set title = v_new.title, active = v_new.active, start_date = v_new.start_date, end_date = v_new.end_date,
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

create or replace function public.admin_delete_ad(p_id uuid default null, p_reason text default null)
returns uuid
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
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

-- ---------------------------------------------------------------- admin: stats and the log

-- Counts per status, open reports, and calls / chat taps / profile views per day (Asia/Kolkata)
-- over the last p_days days (1-365), oldest first, zero-filled.
create or replace function public.admin_stats(p_days integer default 30)
returns jsonb
language plpgsql stable security definer
set search_path = public, pg_temp
as $$
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

-- The audit log, newest first, one page (at most 500 entries).
create or replace function public.admin_audit_log(p_limit integer default 50, p_offset integer default 0)
returns table (
  id bigint,
  at timestamptz,
  actor uuid,
  actor_email text,
  action text,
  target_table text,
  target_id text,
  target_name text,
  before jsonb,
  after jsonb,
  reason text,
  total_count bigint
)
language plpgsql stable security definer
set search_path = public, pg_temp
as $$
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

-- ---------------------------------------------------------------- grants

revoke all on function public.report_provider(uuid, text, text, text) from public, anon, authenticated;
revoke all on function public.report_review(uuid, text, text, text) from public, anon, authenticated;
revoke all on function public.admin_list_reports() from public, anon, authenticated;
revoke all on function public.admin_resolve_reports(uuid, uuid, text, text) from public, anon, authenticated;
revoke all on function public.admin_search_providers(text, text, integer, integer) from public, anon, authenticated;
revoke all on function public.admin_update_provider(uuid, jsonb, text) from public, anon, authenticated;
revoke all on function public.admin_set_provider_status(uuid, text, text) from public, anon, authenticated;
revoke all on function public.admin_delete_provider(uuid, text) from public, anon, authenticated;
revoke all on function public.admin_set_aadhaar(uuid, text, text) from public, anon, authenticated;
revoke all on function public.admin_hide_review(uuid, boolean, text) from public, anon, authenticated;
revoke all on function public.admin_save_ad(jsonb, text) from public, anon, authenticated;
revoke all on function public.admin_delete_ad(uuid, text) from public, anon, authenticated;
revoke all on function public.admin_stats(integer) from public, anon, authenticated;
revoke all on function public.admin_audit_log(integer, integer) from public, anon, authenticated;

grant execute on function public.report_provider(uuid, text, text, text) to anon, authenticated;
grant execute on function public.report_review(uuid, text, text, text) to anon, authenticated;
-- Admin functions check is_admin() themselves and raise 42501 'not authorised'.
grant execute on function public.admin_list_reports() to anon, authenticated;
grant execute on function public.admin_resolve_reports(uuid, uuid, text, text) to anon, authenticated;
grant execute on function public.admin_search_providers(text, text, integer, integer) to anon, authenticated;
grant execute on function public.admin_update_provider(uuid, jsonb, text) to anon, authenticated;
grant execute on function public.admin_set_provider_status(uuid, text, text) to anon, authenticated;
grant execute on function public.admin_delete_provider(uuid, text) to anon, authenticated;
grant execute on function public.admin_set_aadhaar(uuid, text, text) to anon, authenticated;
grant execute on function public.admin_hide_review(uuid, boolean, text) to anon, authenticated;
grant execute on function public.admin_save_ad(jsonb, text) to anon, authenticated;
grant execute on function public.admin_delete_ad(uuid, text) to anon, authenticated;
grant execute on function public.admin_stats(integer) to anon, authenticated;
grant execute on function public.admin_audit_log(integer, integer) to anon, authenticated;

revoke all on all functions in schema private from public, anon, authenticated;
