-- Issue 28, item 3, honest badges: "Verified" means the operator has checked the person.
--
-- Before: guard_provider_row set verified from a checksum-valid Aadhaar number (0006), so the
-- public badge appeared as soon as a valid number was typed, before anyone had looked. Now
-- verified is true only while the operator's check is recorded on the row: verified_on (the
-- day of the check) and verified_how (one or more of documents, visited, called), both public
-- like the rest of an approved row (nothing private: who checked and the operator's note are
-- in the audit log only). Only admin_verify_provider and admin_withdraw_verification write
-- them; an owner's edit, a registration or any direct table write by the API roles cannot.
-- The Aadhaar number is still validated at registration and kept, privately, as before.
--
-- Existing rows: a badge earned only by the Aadhaar trigger is withdrawn here (verified =
-- false; category_stats.approved_verified follows by its trigger). No operator had recorded a
-- check before this migration, so no row keeps a badge. Nothing stored is lost: the Aadhaar
-- numbers stay in private.provider_identity (the console still shows them masked) and the
-- operator verifies each person again after checking them.

alter table public.service_providers
  add column verified_on date,
  add column verified_how text[],
  add constraint service_providers_verified_how_check check (
    verified_how is null
    or (cardinality(verified_how) between 1 and 3 and verified_how <@ array['documents', 'visited', 'called']::text[])),
  add constraint service_providers_verification_check check ((verified_on is null) = (verified_how is null));

-- As 0006, but verified is the operator's check (verified_on), no longer a valid Aadhaar
-- number; text is cleaned. (from 0016)
create or replace function private.guard_provider_row() returns trigger
language plpgsql security definer
set search_path = public, pg_temp
as $$
begin
  new.name := coalesce(private.clean_or_null(new.name), '');
  new.business_name := private.clean_or_null(new.business_name);
  new.category := coalesce(private.clean_or_null(new.category), '');
  new.specialist_in := private.clean_or_null(new.specialist_in);
  new.address := coalesce(private.clean_or_null(new.address), '');
  new.verified := new.verified_on is not null;
  new.search_text := public.provider_search_text(new.name, new.business_name, new.mobile, new.category, new.specialist_in);
  if tg_op = 'UPDATE' and new.status is distinct from old.status then
    new.reviewed_at := now();
  end if;
  if new.status <> 'rejected' then
    new.rejection_reason := null;
  end if;
  return new;
end
$$;

-- The Aadhaar rows no longer decide verified: their trigger goes.
drop trigger provider_identity_verified on private.provider_identity;
drop function private.sync_provider_verified();

-- The operator's check is written only by admin_verify_provider and admin_withdraw_verification
-- (security definer, so they run as the owner): a write by the API roles themselves (an
-- owner's or an admin's PATCH or POST of the table) that sets or changes verified_on or
-- verified_how is refused (42501). verified itself follows verified_on (guard_provider_row).
-- Not security definer: current_user is the API role. (from 0016)
create or replace function private.guard_verification() returns trigger
language plpgsql
set search_path = public, pg_temp
as $$
begin
  if current_user in ('anon', 'authenticated')
     and ((tg_op = 'INSERT' and (new.verified_on is not null or new.verified_how is not null))
          or (tg_op = 'UPDATE' and (new.verified_on is distinct from old.verified_on
                                    or new.verified_how is distinct from old.verified_how))) then
    raise exception using errcode = '42501',
      message = 'only the operator records a verification (admin_verify_provider, admin_withdraw_verification)',
      detail = 'verified_on';
  end if;
  return new;
end
$$;

revoke all on function private.guard_verification() from public, anon, authenticated, service_role;

create trigger service_providers_verification before insert or update on public.service_providers
  for each row execute function private.guard_verification();

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

-- The badges earned only by an Aadhaar number go (see the top of this file).
update public.service_providers set verified = false where verified;
