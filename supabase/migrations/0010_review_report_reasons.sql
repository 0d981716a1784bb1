-- 0010: a review is reported as fake or abusive, or "something else" with words. The listing's
-- reasons (wrong number, closed or moved, not this service) say nothing about a review. The
-- same rule as the report form (mf-provider-profile src/api/reports.ts, reportReasonsFor).
--
-- On insert only: reports made before this rule stay as they were and can still be resolved.

create or replace function private.check_review_report_reason() returns trigger
language plpgsql security definer
set search_path = public, pg_temp
as $$
begin
  if new.review_id is not null and new.reason not in ('abusive', 'other') then
    raise exception using errcode = '23514', message = 'a review is reported as abusive or other', detail = 'reason';
  end if;
  return new;
end
$$;

create trigger reports_review_reason
  before insert on public.reports
  for each row execute function private.check_review_report_reason();
