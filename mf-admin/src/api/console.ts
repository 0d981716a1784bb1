import { ApiError, getSupabase, toApiError } from '@city/shared';
import { callRpc, num, str } from './rpc';
import { adminNumberCautions } from './owner-edits';

/**
 * The operator console's data calls (supabase/migrations/0007 and 0008). Every admin_* function
 * checks the caller's JWT in the database (42501 otherwise); the ones that change something
 * take a non-empty reason (22023 otherwise), which the audit log keeps.
 */

export const CONSOLE_PROVIDER_STATUSES = ['pending', 'approved', 'rejected', 'suspended', 'hidden'] as const;
export type ConsoleProviderStatus = (typeof CONSOLE_PROVIDER_STATUSES)[number];

const toConsoleStatus = (v: unknown): ConsoleProviderStatus =>
  (CONSOLE_PROVIDER_STATUSES as readonly unknown[]).includes(v) ? (v as ConsoleProviderStatus) : 'pending';

const rows = (data: unknown) => (Array.isArray(data) ? data : data ? [data] : []) as Record<string, unknown>[];
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

// ---- listing change requests (0007) ----

export interface ChangeRequest {
  id: string;
  provider_id: string;
  /** The live values (name, category, mobile). */
  current: Record<string, unknown>;
  /** The proposed values; a null field is unchanged. */
  proposed: Record<string, unknown>;
  created_at: string;
}

export async function adminListChangeRequests(): Promise<ChangeRequest[]> {
  return rows(await callRpc('admin_list_change_requests', {})).map((r) => ({
    id: String(r.id),
    provider_id: String(r.provider_id),
    current: obj(r.current),
    proposed: obj(r.proposed),
    created_at: String(r.created_at ?? ''),
  }));
}

export async function adminDecideChangeRequest(id: string, approve: boolean, reason: string): Promise<void> {
  await callRpc('admin_decide_change_request', { p_id: id, p_approve: approve, p_reason: reason.trim() });
}

// ---- reports (0008) ----

export const REPORT_ACTIONS = ['dismiss', 'restore', 'suspend', 'hide_review', 'edited'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export interface ReportReasonEntry {
  reason: string;
  details: string | null;
  created_at: string;
}

export interface ReportGroup {
  /** provider id, or provider:review for a review (unique in the list). */
  id: string;
  target_type: 'provider' | 'review';
  provider_id: string;
  review_id: string | null;
  provider_name: string;
  review_text: string | null;
  reasons: ReportReasonEntry[];
  open_count: number;
  /** The provider's status, or for a review 'hidden' / 'visible'. */
  status: string;
  /**
   * Whether visitors see the listing's caution "Some people say this number may be wrong"
   * (0011: set by the database, never by a report alone hiding anything); null when unknown.
   */
  number_caution: boolean | null;
}

const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);

/**
 * Open reports grouped by target. The caution comes with the row when admin_list_reports
 * returns it, else it is read with the providers' rows; when it cannot be read it is unknown.
 */
export async function adminListReports(): Promise<ReportGroup[]> {
  const groups = rows(await callRpc('admin_list_reports', {})).map((r): ReportGroup => {
    const review = str(r.review_id);
    return {
      id: review ? `${String(r.provider_id)}:${review}` : String(r.provider_id),
      target_type: r.target_type === 'review' ? 'review' : 'provider',
      provider_id: String(r.provider_id),
      review_id: review,
      provider_name: String(r.provider_name ?? ''),
      review_text: str(r.review_text),
      reasons: (Array.isArray(r.reasons) ? (r.reasons as Record<string, unknown>[]) : []).map((x) => ({
        reason: String(x.reason ?? ''),
        details: str(x.details),
        created_at: String(x.created_at ?? ''),
      })),
      open_count: num(r.open_count),
      status: String(r.status ?? r.target_status ?? ''),
      number_caution: bool(r.number_caution),
    };
  });
  const unknown = groups.filter((g) => g.number_caution === null).map((g) => g.provider_id);
  if (unknown.length === 0) return groups;
  const cautions = await adminNumberCautions(unknown).catch(() => ({}) as Record<string, boolean>);
  return groups.map((g) =>
    g.number_caution === null && Object.hasOwn(cautions, g.provider_id) ? { ...g, number_caution: cautions[g.provider_id]! } : g,
  );
}

export async function adminResolveReports(
  providerId: string,
  reviewId: string | null,
  action: ReportAction,
  reason: string,
): Promise<void> {
  await callRpc('admin_resolve_reports', { p_provider_id: providerId, p_review_id: reviewId, p_action: action, p_reason: reason.trim() });
}

export async function adminHideReview(reviewId: string, hidden: boolean, reason: string): Promise<void> {
  await callRpc('admin_hide_review', { p_review_id: reviewId, p_hidden: hidden, p_reason: reason.trim() });
}

// ---- owners' replies to reviews (0015) ----

/** An owner's reply to a review, hidden ones too (admin_list_replies). */
export interface ConsoleReply {
  review_id: string;
  provider_id: string;
  provider_name: string;
  review_text: string;
  reply_text: string;
  created_at: string;
  hidden: boolean;
}

/** The newest replies, 50 at most. */
export async function adminListReplies(): Promise<ConsoleReply[]> {
  const rows = (await callRpc('admin_list_replies', { p_limit: 50, p_offset: 0 })) as Record<string, unknown>[] | null;
  return (rows ?? []).map((r) => ({
    review_id: String(r.review_id),
    provider_id: String(r.provider_id),
    provider_name: str(r.provider_name) ?? '',
    review_text: str(r.review_text) ?? '',
    reply_text: str(r.reply_text) ?? '',
    created_at: String(r.created_at),
    hidden: r.hidden === true,
  }));
}

/** Hides (or shows again) an owner's reply; the reason goes to the audit log. */
export async function adminHideReply(reviewId: string, hidden: boolean, reason: string): Promise<void> {
  await callRpc('admin_hide_reply', { p_review_id: reviewId, p_hidden: hidden, p_reason: reason.trim() });
}

// ---- providers (0008) ----

export interface ConsoleProvider {
  id: string;
  name: string;
  business_name: string | null;
  mobile: string;
  category: string;
  specialist_in: string | null;
  experience: number | null;
  address: string;
  verified: boolean;
  status: ConsoleProviderStatus;
  registration_date: string;
  /** 'XXXX XXXX 1234' or null: the number itself never comes back. */
  aadhaar_masked: string | null;
  /** Visitors see "Some people say this number may be wrong" (0011); false when not returned. */
  number_caution?: boolean;
}

/** The fields admin_update_provider accepts. */
export const EDITABLE_FIELDS = ['name', 'business_name', 'mobile', 'category', 'specialist_in', 'experience', 'address'] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];
export type ProviderEdit = Partial<Record<EditableField, string | number | null>>;

const toProvider = (r: Record<string, unknown>): ConsoleProvider => ({
  id: String(r.id),
  name: String(r.name ?? ''),
  business_name: str(r.business_name),
  mobile: String(r.mobile ?? ''),
  category: String(r.category ?? ''),
  specialist_in: str(r.specialist_in),
  experience: r.experience === null || r.experience === undefined ? null : num(r.experience),
  address: String(r.address ?? ''),
  verified: r.verified === true,
  status: toConsoleStatus(r.status),
  registration_date: String(r.registration_date ?? ''),
  aadhaar_masked: str(r.aadhaar_masked),
  ...(typeof r.number_caution === 'boolean' ? { number_caution: r.number_caution } : {}),
});

/** One provider, any status (admins read every row), for the editor; null when gone. */
export async function adminGetProvider(id: string): Promise<ConsoleProvider | null> {
  try {
    const supabase = await getSupabase();
    const { data, error, status } = await supabase.from('service_providers').select('*').eq('id', id);
    if (error) throw toApiError(error, status);
    const row = rows(data)[0];
    return row ? toProvider(row) : null;
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw toApiError({ message: e instanceof Error ? e.message : String(e) }, 0);
  }
}

export interface ProviderPage {
  items: ConsoleProvider[];
  total?: number;
  more?: boolean;
}

export async function adminSearchProviders(
  query: string,
  status: ConsoleProviderStatus | 'all',
  limit: number,
  offset: number,
): Promise<ProviderPage> {
  const raw = rows(
    await callRpc('admin_search_providers', {
      p_query: query.trim() || null,
      p_status: status === 'all' ? null : status,
      p_limit: limit,
      p_offset: offset,
    }),
  );
  const items = raw.map(toProvider);
  const total = raw[0] && raw[0].total_count !== undefined ? num(raw[0].total_count) : undefined;
  return total === undefined ? { items, more: raw.length === limit } : { items, total };
}

export async function adminUpdateProvider(id: string, fields: ProviderEdit, reason: string): Promise<ConsoleProvider> {
  const data = await callRpc('admin_update_provider', { p_id: id, p_fields: fields, p_reason: reason.trim() });
  const row = rows(data)[0];
  return row ? toProvider(row) : ({ id } as ConsoleProvider);
}

/** Suspend, restore (approved) or any other status, always with a reason. */
export async function adminChangeProviderStatus(id: string, status: ConsoleProviderStatus, reason: string): Promise<void> {
  await callRpc('admin_set_provider_status', { p_provider_id: id, p_status: status, p_reason: reason.trim() });
}

export async function adminDeleteProvider(id: string, reason: string): Promise<void> {
  await callRpc('admin_delete_provider', { p_id: id, p_reason: reason.trim() });
}

/** Stores a checked Aadhaar number (the server checks it too); answers the masked form. */
export async function adminSetAadhaar(id: string, aadhaar: string, reason: string): Promise<string | null> {
  const data = await callRpc('admin_set_aadhaar', { p_id: id, p_aadhaar: aadhaar.replace(/\D/g, ''), p_reason: reason.trim() });
  const row = rows(data)[0];
  return row ? str(row.aadhaar_masked) : null;
}

// ---- the operator's check of a person (0016) ----

/** How the operator checked a person: documents seen, visited, called (one or more). */
export const VERIFY_METHODS = ['documents', 'visited', 'called'] as const;
export type VerifyMethod = (typeof VERIFY_METHODS)[number];

/** Records the check (the listing is then verified); `checkedOn` YYYY-MM-DD, today or before. */
export async function adminVerifyProvider(id: string, how: readonly VerifyMethod[], checkedOn: string, reason: string): Promise<void> {
  await callRpc('admin_verify_provider', { p_id: id, p_how: [...how], p_checked_on: checkedOn, p_reason: reason.trim() });
}

/** Withdraws the check: the badge goes (the audit log keeps who and why). */
export async function adminWithdrawVerification(id: string, reason: string): Promise<void> {
  await callRpc('admin_withdraw_verification', { p_id: id, p_reason: reason.trim() });
}

// ---- ads (0001 table + 0008 sort_order, admin_save_ad, storage) ----

export type AdMediaType = 'image' | 'video' | 'youtube';

export interface ConsoleAd {
  id: string;
  title: string | null;
  /** The image's description (alt text); required for new image ads (0013). */
  media_alt: string | null;
  active: boolean;
  start_date: string | null;
  end_date: string | null;
  media_type: AdMediaType;
  media_url: string;
  redirect_link: string | null;
  sort_order: number;
}

export type AdDraft = Omit<ConsoleAd, 'id'> & { id?: string };

const toAd = (r: Record<string, unknown>): ConsoleAd => ({
  id: String(r.id),
  title: str(r.title),
  media_alt: str(r.media_alt),
  active: r.active === true,
  start_date: str(r.start_date),
  end_date: str(r.end_date),
  media_type: r.media_type === 'video' || r.media_type === 'youtube' ? r.media_type : 'image',
  media_url: String(r.media_url ?? ''),
  redirect_link: str(r.redirect_link),
  sort_order: num(r.sort_order),
});

/** Every ad (admins read inactive ones too), in the popup's order. */
export async function adminListAds(): Promise<ConsoleAd[]> {
  try {
    const supabase = await getSupabase();
    const { data, error, status } = await supabase
      .from('advertisements')
      .select('*')
      .order('sort_order', { ascending: true })
      .order('created_at', { ascending: false });
    if (error) throw toApiError(error, status);
    return rows(data).map(toAd);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw toApiError({ message: e instanceof Error ? e.message : String(e) }, 0);
  }
}

export async function adminSaveAd(ad: AdDraft, reason: string): Promise<ConsoleAd> {
  const data = await callRpc('admin_save_ad', { p_ad: ad, p_reason: reason.trim() });
  const row = rows(data)[0];
  return row ? toAd(row) : ({ ...ad, id: ad.id ?? '' } as ConsoleAd);
}

export async function adminDeleteAd(id: string, reason: string): Promise<void> {
  await callRpc('admin_delete_ad', { p_id: id, p_reason: reason.trim() });
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

/**
 * Uploads an ad's image or video; answers its public URL. Images go to the `ads-images`
 * bucket (1 MiB), videos to `ads-videos` (10 MiB): supabase/config.toml, where each bucket
 * has its own size and type limit.
 */
export async function uploadAdMedia(file: File): Promise<string> {
  try {
    const supabase = await getSupabase();
    const ext = EXTENSIONS[file.type] ?? 'bin';
    const path = `${new Date().toISOString().slice(0, 10)}/${crypto.randomUUID()}.${ext}`;
    const bucket = supabase.storage.from(file.type.startsWith('video/') ? 'ads-videos' : 'ads-images');
    const { error } = await bucket.upload(path, file, { contentType: file.type, upsert: false });
    if (error) {
      const status = Number((error as { statusCode?: string | number }).statusCode ?? (error as { status?: number }).status ?? 0);
      throw new ApiError(error.message, status ? String(status) : 'storage', status || undefined);
    }
    return bucket.getPublicUrl(path).data.publicUrl;
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw toApiError({ message: e instanceof Error ? e.message : String(e) }, 0);
  }
}

// ---- stats and audit (0008) ----

export interface DailyCounts {
  day: string;
  calls: number;
  chats: number;
  views: number;
}

export interface ConsoleStats {
  approved: number;
  pending: number;
  suspended: number;
  hidden: number;
  reports_open: number;
  daily: DailyCounts[];
}

export async function adminStats(days = 30): Promise<ConsoleStats> {
  const d = obj(await callRpc('admin_stats', { p_days: days }));
  return {
    approved: num(d.approved),
    pending: num(d.pending),
    suspended: num(d.suspended),
    hidden: num(d.hidden),
    reports_open: num(d.reports_open),
    daily: (Array.isArray(d.daily) ? (d.daily as Record<string, unknown>[]) : []).map((x) => ({
      day: String(x.day ?? ''),
      calls: num(x.calls),
      chats: num(x.chats),
      views: num(x.views),
    })),
  };
}

export interface AuditEntry {
  id: string;
  at: string;
  actor_email: string | null;
  action: string;
  target_table: string;
  target_id: string | null;
  /** The provider's name or the ad's title at the time. */
  target_name: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
}

export async function adminAuditLog(limit: number, offset: number): Promise<{ items: AuditEntry[]; total?: number }> {
  const raw = rows(await callRpc('admin_audit_log', { p_limit: limit, p_offset: offset }));
  const total = raw[0] && raw[0].total_count !== undefined ? num(raw[0].total_count) : undefined;
  const items = raw.map((r) => ({
    id: String(r.id),
    at: String(r.at ?? ''),
    actor_email: str(r.actor_email),
    action: String(r.action ?? ''),
    target_table: String(r.target_table ?? ''),
    target_id: str(r.target_id),
    target_name: str(r.target_name),
    before: r.before && typeof r.before === 'object' ? (r.before as Record<string, unknown>) : null,
    after: r.after && typeof r.after === 'object' ? (r.after as Record<string, unknown>) : null,
    reason: str(r.reason),
  }));
  return total === undefined ? { items } : { items, total };
}
