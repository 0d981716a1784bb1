// A provider's own listings (/my-listing): phone sign-in through GoTrue's OTP and the provider
// functions of supabase/migrations/0007. The database decides ownership (RLS on the JWT's phone
// claim); nothing here trusts the page. Components and hooks import from here (tests stub it).
import {
  ApiError,
  dataClient,
  reviewsRead,
  sendRestRows,
  toApiError,
  type OpeningHours,
  type PlaceName,
  type ProviderFields,
  type ServeMode,
} from '@city/shared';
import type { ChangeInput, DetailsInput } from '../validation/my-listing';
import { serveErrorForDb, type ServeArgs, type ServeErrorKey, type ServeField } from '../validation/serve-choice';

export type ListingStatus = 'pending' | 'approved' | 'rejected';

/** A change of name, category or mobile waiting for the operator. */
export interface PendingChange {
  name: string | null;
  category: string | null;
  mobile: string | null;
  created_at: string;
}

/** One of the signed-in provider's listings (my_listings()). */
export interface MyListing extends ProviderFields {
  status: ListingStatus | (string & {});
  rejection_reason: string | null;
  pending_change: PendingChange | null;
  /**
   * Visitors signed in by phone (3 different ones) reported this number as wrong or closed;
   * the public profile shows a caution until the owner confirms the number (confirm_my_number).
   */
  number_caution?: boolean;
}

/** One week of leads (my_leads), oldest first; week_start is a Monday in Asia/Kolkata. */
export interface LeadWeek {
  week_start: string;
  calls: number;
  chats: number;
  views: number;
}

// Phone sign-in: the platform's code step and its reading of GoTrue's answers
// (@city/shared/phone-sign-in). Re-exported here so the page's components and tests use one module.
export {
  sendPhoneCode as sendCode,
  verifyPhoneCode as verifyCode,
  type PhoneSignInFailure as SignInFailure,
  type PhoneSignInResult as SignInResult,
} from '@city/shared/phone-sign-in';

const isNetworkMessage = (message: string) => /fetch|network|load failed/i.test(message);

const toInt = (v: unknown) => Number(v ?? 0) || 0;

/** The listings whose mobile is the signed-in phone (none for any other session). Throws ApiError. */
export async function fetchMyListings(signal?: AbortSignal): Promise<MyListing[]> {
  const supabase = await dataClient();
  let request = supabase.rpc('my_listings');
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request;
  if (error) throw toApiError(error, status);
  return (data ?? []) as MyListing[];
}

/** Calls, chat taps and profile views per week, the last `weeks` weeks, oldest first. Throws ApiError. */
export async function fetchLeads(providerId: string, weeks = 8, signal?: AbortSignal): Promise<LeadWeek[]> {
  const supabase = await dataClient();
  let request = supabase.rpc('my_leads', { p_provider_id: providerId, p_weeks: weeks });
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request;
  if (error) throw toApiError(error, status);
  return ((data ?? []) as LeadWeek[]).map((w) => ({
    week_start: String(w.week_start).slice(0, 10),
    calls: toInt(w.calls),
    chats: toInt(w.chats),
    views: toInt(w.views),
  }));
}

export type WriteResult<T> =
  | { ok: true; data: T }
  /** invalid: the database refused a value; forbidden: not this session's listing; gone: no such listing. */
  | { ok: false; reason: 'invalid' | 'forbidden' | 'gone' | 'rate-limited' | 'network' | 'unknown' }
  /** The review already has the owner's reply (23505: a review is answered once). */
  | { ok: false; reason: 'already-replied' }
  /** A phone number or a link in the business name or specialisation (23514, "no phone numbers or links"). */
  | { ok: false; reason: 'contact-details'; field: 'business_name' | 'specialist_in' };

async function write<T>(fn: string, args: Record<string, unknown>): Promise<WriteResult<T>> {
  try {
    const supabase = await dataClient();
    const { data, error, status } = await supabase.rpc(fn, args);
    if (!error) return { ok: true, data: data as T };
    const e = toApiError(error, status);
    if (e.isRateLimited) return { ok: false, reason: 'rate-limited' };
    if (e.isNetwork) return { ok: false, reason: 'network' };
    const field = e.details?.replace(/^p_/, '');
    if (e.code === '23514' && /no phone numbers or links/i.test(e.message) && (field === 'business_name' || field === 'specialist_in')) {
      return { ok: false, reason: 'contact-details', field };
    }
    if (e.code === '23505' && fn === 'reply_to_review') return { ok: false, reason: 'already-replied' };
    if (e.isInvalid) return { ok: false, reason: 'invalid' };
    if (e.code === '42501' || status === 401 || status === 403) return { ok: false, reason: 'forbidden' };
    if (e.isNotFound) return { ok: false, reason: 'gone' };
    return { ok: false, reason: 'unknown' };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return { ok: false, reason: (e instanceof ApiError && e.isNetwork) || isNetworkMessage(message) ? 'network' : 'unknown' };
  }
}

/** Business name, specialisation, address, experience: public at once. */
export const updateMyDetails = (providerId: string, input: DetailsInput) =>
  write<MyListing>('update_my_listing', {
    p_provider_id: providerId,
    p_business_name: input.businessName,
    p_specialist_in: input.specialistIn,
    p_address: input.address,
    p_experience: input.experience,
  });

/** Name, category, mobile: to the operator's queue; the public keeps the old values until approved. */
export const requestListingChange = (providerId: string, input: ChangeInput) =>
  write<unknown>('request_listing_change', {
    p_provider_id: providerId,
    p_name: input.name,
    p_category: input.category,
    p_mobile: input.mobile,
  });

/** null: available today; a date: on leave until then (inclusive). */
export const setMyAvailability = (providerId: string, onLeaveUntil: string | null) =>
  write<unknown>('set_my_availability', { p_provider_id: providerId, p_on_leave_until: onLeaveUntil });

/** null clears the hours. */
export const setMyOpeningHours = (providerId: string, hours: OpeningHours | null) =>
  write<unknown>('set_my_opening_hours', { p_provider_id: providerId, p_hours: hours });

export type ConfirmResult = { ok: true; cleared: number } | { ok: false };

/**
 * The signed-in owner confirms their number works (they just got a code on it): the open
 * "wrong number" / "closed" reports on their listings are resolved and the caution cleared.
 * Returns how many reports were cleared. Never throws.
 */
export async function confirmMyNumber(): Promise<ConfirmResult> {
  try {
    const supabase = await dataClient();
    const { data, error } = await supabase.rpc('confirm_my_number');
    if (error) return { ok: false };
    return { ok: true, cleared: toInt(data) };
  } catch {
    return { ok: false };
  }
}

/** A review of the listing as the public reads it (reviewsRead), with the owner's reply if shown. */
export interface ListingReview {
  id: string;
  review_text: string;
  created_at: string;
  reviewer_name?: string | null;
  rating?: number | null;
  reply_text?: string | null;
}

/** How many of the newest reviews /my-listing shows, to reply to. */
export const LISTING_REVIEWS_SHOWN = 50;

/** The listing's newest reviews, as the public profile reads them. Throws ApiError. */
export const fetchListingReviews = (providerId: string, signal?: AbortSignal) =>
  sendRestRows<ListingReview>(reviewsRead(providerId, { limit: LISTING_REVIEWS_SHOWN }), signal ? { signal } : undefined);

/** The owner's one reply to a review (reply_to_review, migration 0015): shown under it on the profile. */
export const replyToReview = (reviewId: string, text: string) =>
  write<ListingReview>('reply_to_review', { p_review_id: reviewId, p_reply_text: text });

/** A listing's place and whom they serve, with the places' names (the owner reads their own row). */
export interface MyPlace {
  place_kind: string | null;
  place_code: string | null;
  serve_mode: ServeMode;
  serve_radius_km: number;
  place: (PlaceName & { lat: number | string | null; lon: number | string | null }) | null;
  serves: { place: (PlaceName & { lat?: number | string | null; lon?: number | string | null }) | null }[];
}

const MY_PLACE_COLUMNS =
  'place_kind,place_code,serve_mode,serve_radius_km,place:places!service_providers_place_fkey(kind,code,name_en,name_hi,lat,lon)' +
  ',serves:provider_serves(place:places(kind,code,name_en,name_hi,lat,lon))';

/** The listing's place and served places (RLS: the owner's own row, approved or not). Throws ApiError. */
export async function fetchMyPlace(providerId: string, signal?: AbortSignal): Promise<MyPlace | null> {
  const supabase = await dataClient();
  let request = supabase.from('service_providers').select(MY_PLACE_COLUMNS).eq('id', providerId);
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request;
  if (error) throw toApiError(error, status);
  return ((data ?? []) as unknown as MyPlace[])[0] ?? null;
}

export type PlaceWriteResult =
  | { ok: true }
  | { ok: false; reason: 'place'; field: ServeField; key: ServeErrorKey }
  | { ok: false; reason: 'invalid' | 'forbidden' | 'gone' | 'rate-limited' | 'network' | 'unknown' };

/** The owner's place and whom they serve (set_my_place, migration 0018): all replaced at once. Never throws. */
export async function setMyPlace(providerId: string, args: ServeArgs): Promise<PlaceWriteResult> {
  try {
    const supabase = await dataClient();
    const { error, status } = await supabase.rpc('set_my_place', { p_provider_id: providerId, ...args });
    if (!error) return { ok: true };
    const e = toApiError(error, status);
    if (e.isRateLimited) return { ok: false, reason: 'rate-limited' };
    if (e.isNetwork) return { ok: false, reason: 'network' };
    const place = serveErrorForDb(e.code, e.details);
    if (place) return { ok: false, reason: 'place', ...place };
    if (e.isInvalid) return { ok: false, reason: 'invalid' };
    if (e.code === '42501' || status === 401 || status === 403) return { ok: false, reason: 'forbidden' };
    if (e.isNotFound) return { ok: false, reason: 'gone' };
    return { ok: false, reason: 'unknown' };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return { ok: false, reason: (e instanceof ApiError && e.isNetwork) || isNetworkMessage(message) ? 'network' : 'unknown' };
  }
}
