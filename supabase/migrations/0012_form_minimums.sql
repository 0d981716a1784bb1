-- Form minimums (issue 28): a provider's name and address have at least 2 letters, and a name
-- is not only digits. The registration rules live in register_provider (0003, 0006, 0007,
-- 0011), so the new ones do too: only new registrations are held to them, and rows stored
-- before (a 1-letter name) are kept as they are. The form (mf-registration's validation) has
-- the same rule and a message of its own for each refusal (23514, details name / address).

-- What counts as letters: every character but white space, punctuation and symbols, and digits
-- (ASCII and Devanagari). In a C-locale database the classes are ASCII only, so any other
-- character counts as a letter: the form, which knows Unicode, is the stricter of the two.
create or replace function private.letter_count(p_text text) returns integer
language sql immutable parallel safe
set search_path = pg_catalog, pg_temp
as $$
  select char_length(regexp_replace(coalesce(p_text, ''), '[[:space:][:punct:][:digit:]०-९]', '', 'g'))
$$;
revoke all on function private.letter_count(text) from public;

create or replace function public.register_provider(
  p_name text default null,
  p_business_name text default null,
  p_category text default null,
  p_specialist_in text default null,
  p_aadhaar text default null,
  p_experience integer default null,
  p_address text default null
) returns uuid
language plpgsql volatile security definer
set search_path = public, pg_temp
as $$
declare
  v_mobile text := private.require_phone('register');
  v_name text;
  v_business text;
  v_category text;
  v_specialist text;
  v_aadhaar text;
  v_address text;
  v_stored text;
  v_id uuid;
begin
  perform private.check_size(p_name, 200, 'name');
  perform private.check_size(p_business_name, 300, 'business_name');
  perform private.check_size(p_category, 300, 'category');
  perform private.check_size(p_specialist_in, 400, 'specialist_in');
  perform private.check_size(p_aadhaar, 40, 'aadhaar');
  perform private.check_size(p_address, 600, 'address');
  v_name := private.clean_or_null(p_name);
  v_business := private.clean_or_null(p_business_name);
  v_category := private.clean_or_null(p_category);
  v_specialist := private.clean_or_null(p_specialist_in);
  v_aadhaar := nullif(btrim(coalesce(p_aadhaar, '')), '');
  v_address := private.clean_or_null(p_address);
  if v_name is null then
    raise exception using errcode = '23502', message = 'name is required', detail = 'name';
  end if;
  if char_length(v_name) > 100 then
    raise exception using errcode = '23514', message = 'name must be at most 100 characters', detail = 'name';
  end if;
  if private.letter_count(v_name) < 2 then
    raise exception using errcode = '23514', message = 'name must have at least 2 letters (not only digits)', detail = 'name';
  end if;
  if v_business is not null and char_length(v_business) > 150 then
    raise exception using errcode = '23514', message = 'business_name must be at most 150 characters', detail = 'business_name';
  end if;
  if v_category is null then
    raise exception using errcode = '23502', message = 'category is required', detail = 'category';
  end if;
  if v_category ~* '^others[[:space:]]*:' then
    v_stored := private.clean_line(regexp_replace(v_category, '^others[[:space:]]*:', '', 'i'));
    if private.is_blank(v_stored) then
      raise exception using errcode = '23514', message = 'category: the service name for Other must not be blank', detail = 'category';
    end if;
    if char_length(v_stored) > 100 then
      raise exception using errcode = '23514', message = 'category: the service name for Other must be at most 100 characters', detail = 'category';
    end if;
    v_stored := 'OTHERS: ' || v_stored;
  else
    select c.stored_value into v_stored
      from public.service_categories c
     where c.stored_value = v_category
        or replace(c.stored_value, U&'\FE0F', '') = replace(v_category, U&'\FE0F', '')
     order by c.stored_value = v_category desc
     limit 1;
    if v_stored is null then
      raise exception using errcode = '23514', message = 'category is not in the catalogue', detail = 'category';
    end if;
  end if;
  if v_specialist is not null and char_length(v_specialist) > 200 then
    raise exception using errcode = '23514', message = 'specialist_in must be at most 200 characters', detail = 'specialist_in';
  end if;
  if v_aadhaar is not null and v_aadhaar !~ '^[0-9]{12}$' then
    raise exception using errcode = '23514', message = 'aadhaar must be exactly 12 digits', detail = 'aadhaar';
  end if;
  if v_aadhaar is not null and not private.aadhaar_valid(v_aadhaar) then
    raise exception using errcode = '23514', message = 'aadhaar is not a valid Aadhaar number (first digit 2-9, Verhoeff check digit)',
      detail = 'aadhaar';
  end if;
  if p_experience is null then
    raise exception using errcode = '23502', message = 'experience is required', detail = 'experience';
  end if;
  if p_experience < 0 or p_experience > 80 then
    raise exception using errcode = '23514', message = 'experience must be between 0 and 80 years', detail = 'experience';
  end if;
  if v_address is null then
    raise exception using errcode = '23502', message = 'address is required', detail = 'address';
  end if;
  if char_length(v_address) > 300 then
    raise exception using errcode = '23514', message = 'address must be at most 300 characters', detail = 'address';
  end if;
  if private.letter_count(v_address) < 2 then
    raise exception using errcode = '23514', message = 'address must have at least 2 letters', detail = 'address';
  end if;

  -- One mobile's registrations are counted one at a time.
  perform pg_advisory_xact_lock(hashtextextended('register:' || v_mobile, 0));
  if exists (select 1 from public.service_providers p
              where p.mobile = v_mobile and p.status <> 'rejected'
                and lower(p.name) = lower(v_name) and p.category = v_stored) then
    raise exception using errcode = '23505', message = 'this mobile has already registered this name in this category',
      detail = 'name';
  end if;
  if (select count(*) from public.service_providers p where p.mobile = v_mobile and p.status <> 'rejected') >= 3 then
    raise exception using errcode = '23514', message = 'at most 3 listings per mobile number', detail = 'mobile';
  end if;

  insert into public.service_providers
    (name, business_name, mobile, category, specialist_in, experience, address, status)
  values
    (v_name, v_business, v_mobile, v_stored, v_specialist, p_experience, v_address, 'pending')
  returning id into v_id;

  if v_aadhaar is not null then
    insert into private.provider_identity (provider_id, aadhaar) values (v_id, v_aadhaar);
  end if;
  return v_id;
end
$$;
