-- Issue 28, item 2: reviews people can trust.
--
-- Each review shows its stars (the rating the same signed-in phone gave the provider, if any),
-- the date and the first name its writer chose (never the phone); the listing's owner answers
-- each review once; the operator can hide an answer (with a reason, audited).
--
-- Storage: public.reviews is public (select *, one request of the profile's first reads), so
-- every new column on it is public by design and holds only what the page shows:
--   reviewer_name  what the writer typed (letters only, 2..40) or null ("A visitor");
--   rating         a copy of that phone's rating of this provider, kept in step by a trigger
--                  on service_ratings (null when that phone has not rated);
--   reply_text, replied_at  the owner's answer while it is shown (null when none or hidden).
-- The answer itself lives in private.review_replies (not readable by the API roles): a hidden
-- answer leaves public.reviews, and a review is answered once even after it was hidden.
-- Nothing on reviews is writable by the API roles (SELECT/DELETE grants only): the columns are
-- written by add_review, reply_to_review, admin_hide_reply and the rating trigger.

alter table public.reviews add column reviewer_name text;
alter table public.reviews add column rating smallint;
alter table public.reviews add column reply_text text;
alter table public.reviews add column replied_at timestamp with time zone;

-- A first name: letters only (Latin, Latin-1/Extended-A/B letters, Devanagari letters and
-- signs, not its digits or dandas), 2..40 characters; the form checks the same.
alter table public.reviews add constraint reviews_reviewer_name_check
  check (reviewer_name is null or reviewer_name ~ '^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u0900-\u0963\u0971-\u097F]{2,40}$');
alter table public.reviews add constraint reviews_rating_check check (rating is null or (rating >= 1 and rating <= 5));
alter table public.reviews add constraint reviews_reply_text_check
  check (reply_text is null or (char_length(reply_text) >= 1 and char_length(reply_text) <= 500));

-- The owner's answer to a review, one per review (the key); hidden by the operator.
create table private.review_replies (
  review_id uuid not null,
  provider_id uuid not null,
  reply_text text not null,
  created_at timestamp with time zone default now() not null,
  hidden boolean default false not null,
  constraint review_replies_reply_text_check check (char_length(reply_text) >= 1 and char_length(reply_text) <= 500)
);

alter table only private.review_replies add constraint review_replies_pkey primary key (review_id);
alter table only private.review_replies
  add constraint review_replies_review_id_fkey foreign key (review_id) references public.reviews(id) on delete cascade;
alter table only private.review_replies
  add constraint review_replies_provider_id_fkey foreign key (provider_id) references public.service_providers(id) on delete cascade;
alter table private.review_replies enable row level security;

-- The stars of existing reviews: the rating of the phone that wrote each one.
update public.reviews v
   set rating = r.rating
  from private.review_devices d
  join public.service_ratings r on r.phone_hash = d.phone_hash
 where d.review_id = v.id and d.phone_hash is not null and r.provider_id = v.provider_id;

-- A phone's reviews of a provider show its current rating of that provider (rated before or
-- after writing, changed, or removed by the operator).
create function private.sync_review_rating() returns trigger
    language plpgsql security definer
    set search_path to 'public', 'pg_temp'
    as $$
declare
  v_provider uuid := case when tg_op = 'DELETE' then old.provider_id else new.provider_id end;
  v_hash text := case when tg_op = 'DELETE' then old.phone_hash else new.phone_hash end;
  v_rating smallint := case when tg_op = 'DELETE' then null else new.rating end;
begin
  if v_hash is null then
    return null;
  end if;
  update public.reviews v
     set rating = v_rating
    from private.review_devices d
   where d.review_id = v.id and d.phone_hash = v_hash and v.provider_id = v_provider
     and v.rating is distinct from v_rating;
  return null;
end
$$;

revoke all on function private.sync_review_rating() from public, anon, authenticated, service_role;

create trigger service_ratings_review_stars after insert or delete or update on public.service_ratings
  for each row execute function private.sync_review_rating();

-- add_review: as 0011, with the writer's first name (optional) and the phone's stars. The old
-- two-argument function goes: PostgREST would find two candidates for the same call.
drop function public.add_review(p_provider_id uuid, p_review_text text);

create function public.add_review(p_provider_id uuid, p_review_text text, p_reviewer_name text default null)
returns public.reviews
    language plpgsql security definer
    set search_path to 'public', 'pg_temp'
    as $$
declare
  v_mobile text := private.require_phone('write a review');
  v_hash text := private.phone_hash(v_mobile);
  v_text text;
  v_name text;
  v_row public.reviews;
begin
  perform private.check_size(p_review_text, 2000, 'review_text');
  perform private.check_size(p_reviewer_name, 200, 'reviewer_name');
  v_text := private.clean_text(p_review_text);
  if private.is_blank(v_text) then
    raise exception using errcode = '23502', message = 'review_text is required', detail = 'review_text';
  end if;
  if char_length(v_text) > 1000 then
    raise exception using errcode = '23514', message = 'review_text must be at most 1000 characters', detail = 'review_text';
  end if;
  v_name := private.clean_or_null(p_reviewer_name);
  if v_name is not null
     and v_name !~ '^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u0900-\u0963\u0971-\u097F]{2,40}$' then
    raise exception using errcode = '23514', message = 'reviewer_name must be a first name of 2 to 40 letters',
      detail = 'reviewer_name';
  end if;
  perform private.require_approved(p_provider_id);
  if exists (select 1 from public.service_providers p where p.id = p_provider_id and p.mobile = v_mobile) then
    raise exception using errcode = '42501', message = 'a provider does not review their own listing';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('review:' || v_hash, 0));
  if (select count(*) from private.review_devices d
       where d.phone_hash = v_hash and d.created_at > now() - interval '1 day') >= 10 then
    raise exception using errcode = 'PT429', message = 'too many reviews from this mobile today: at most 10 a day',
      detail = 'phone', hint = 'retry after ' || 86400 || ' seconds';
  end if;
  insert into public.reviews (provider_id, review_text, reviewer_name, rating)
  values (p_provider_id, v_text, v_name,
          (select r.rating from public.service_ratings r where r.provider_id = p_provider_id and r.phone_hash = v_hash))
  returning * into v_row;
  insert into private.review_devices (review_id, phone_hash) values (v_row.id, v_hash);
  return v_row;
end
$$;

revoke all on function public.add_review(p_provider_id uuid, p_review_text text, p_reviewer_name text) from public, anon, authenticated, service_role;
grant all on function public.add_review(p_provider_id uuid, p_review_text text, p_reviewer_name text) to service_role;
grant all on function public.add_review(p_provider_id uuid, p_review_text text, p_reviewer_name text) to anon;
grant all on function public.add_review(p_provider_id uuid, p_review_text text, p_reviewer_name text) to authenticated;

-- The listing's owner (the signed-in phone that is the listing's mobile, as the owner edits
-- of 0007/0011) answers a shown review once (1..500 characters, cleaned like a review). A
-- second answer is refused (23505): an answer is not edited. Logged as owner.reply.
create function public.reply_to_review(p_review_id uuid, p_reply_text text)
returns public.reviews
    language plpgsql security definer
    set search_path to 'public', 'pg_temp'
    as $$
declare
  v_mobile text := private.require_phone('reply to a review');
  v_review public.reviews;
  v_owner text;
  v_text text;
begin
  perform private.check_size(p_reply_text, 2000, 'reply_text');
  select v.* into v_review from public.reviews v where v.id = p_review_id and not v.hidden for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'review not found', detail = 'review_id';
  end if;
  select p.mobile into v_owner from public.service_providers p where p.id = v_review.provider_id;
  if v_owner is distinct from v_mobile then
    raise exception using errcode = '42501', message = 'only the listing''s owner replies to its reviews', detail = 'review_id';
  end if;
  v_text := private.clean_text(p_reply_text);
  if private.is_blank(v_text) then
    raise exception using errcode = '23502', message = 'reply_text is required', detail = 'reply_text';
  end if;
  if char_length(v_text) > 500 then
    raise exception using errcode = '23514', message = 'reply_text must be at most 500 characters', detail = 'reply_text';
  end if;
  if exists (select 1 from private.review_replies r where r.review_id = p_review_id) then
    raise exception using errcode = '23505', message = 'this review already has a reply: a review is answered once',
      detail = 'review_id';
  end if;
  insert into private.review_replies (review_id, provider_id, reply_text) values (p_review_id, v_review.provider_id, v_text);
  update public.reviews set reply_text = v_text, replied_at = now() where id = p_review_id returning * into v_review;
  perform private.audit('owner.reply', 'reviews', p_review_id::text, left(v_review.review_text, 80),
    null, jsonb_build_object('reply_text', v_text), null);
  return v_review;
end
$$;

revoke all on function public.reply_to_review(p_review_id uuid, p_reply_text text) from public, anon, authenticated, service_role;
grant all on function public.reply_to_review(p_review_id uuid, p_reply_text text) to service_role;
grant all on function public.reply_to_review(p_review_id uuid, p_reply_text text) to authenticated;

-- Hide or show an owner's answer (a reason required, audited as reply.hide / reply.show).
-- Hidden: no longer in public.reviews; the owner cannot answer that review again.
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

revoke all on function public.admin_hide_reply(p_review_id uuid, p_hidden boolean, p_reason text) from public, anon, authenticated, service_role;
grant all on function public.admin_hide_reply(p_review_id uuid, p_hidden boolean, p_reason text) to service_role;
grant all on function public.admin_hide_reply(p_review_id uuid, p_hidden boolean, p_reason text) to authenticated;

-- The owners' answers, newest first, hidden ones too, for the console (operator only).
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

revoke all on function public.admin_list_replies(p_limit integer, p_offset integer) from public, anon, authenticated, service_role;
grant all on function public.admin_list_replies(p_limit integer, p_offset integer) to service_role;
grant all on function public.admin_list_replies(p_limit integer, p_offset integer) to authenticated;
