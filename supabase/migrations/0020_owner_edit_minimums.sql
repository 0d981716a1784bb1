-- Issue 28: the form's minimums hold for an owner's edits too. 0012 made registrations refuse
-- an address of fewer than 2 letters; /my-listing's edit (update_my_listing, or a direct PATCH)
-- could still store one. The owner guard (0019's, which carries every earlier rule) now refuses
-- it (23514, detail 'address'), as register_provider does. Existing rows are untouched: the rule
-- applies when the address changes.

create or replace function private.guard_owner_update() returns trigger
language plpgsql
set search_path = public, pg_temp
as $_$
declare
  v_free constant text[] := array['business_name', 'specialist_in', 'address', 'experience',
                                  'on_leave_until', 'opening_hours', 'search_text', 'search_key'];
  v_col text;
  v_text text;
begin
  if current_user in ('anon', 'authenticated') and not coalesce(public.is_admin(), false) then
    if (to_jsonb(new) - v_free) is distinct from (to_jsonb(old) - v_free) then
      raise exception using errcode = '42501',
        message = 'a provider may change only business_name, specialist_in, address, experience, on_leave_until and opening_hours; name, category and mobile go through request_listing_change',
        hint = 'Use request_listing_change for name, category or mobile.';
    end if;
    -- A phone number (7+ digits, any separators, Devanagari digits too) or a link. Inline:
    -- this trigger runs as the API role, which has no usage on schema private.
    foreach v_col in array array['business_name', 'specialist_in'] loop
      v_text := to_jsonb(new) ->> v_col;
      if v_text is distinct from to_jsonb(old) ->> v_col and v_text is not null and (
           regexp_replace(translate(v_text, '०१२३४५६७८९', '0123456789'), '[[:space:]().,/+_-]', '', 'g') ~ '[0-9]{7,}'
           or v_text ~* '(https?:|www\.|[a-z0-9-]+\.(com|in|net|org|co|info|biz|xyz|io|me|app|site|online|shop|store|link|ly)([^a-z]|$))') then
        raise exception using errcode = '23514', message = v_col || ': no phone numbers or links', detail = v_col;
      end if;
    end loop;
    -- The form's minimum (0012's rule for registrations): an address the owner changes has at
    -- least 2 letters. private.letter_count's pattern, inline for the same reason as above.
    if new.address is distinct from old.address
       and char_length(regexp_replace(coalesce(new.address, ''), '[[:space:][:punct:][:digit:]०-९]', '', 'g')) < 2 then
      raise exception using errcode = '23514', message = 'address must have at least 2 letters', detail = 'address';
    end if;
  end if;
  return new;
end
$_$;

revoke all on function private.guard_owner_update() from public, anon, authenticated, service_role;
