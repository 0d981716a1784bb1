import { ApiError, type ProviderFields } from '@city/shared';
import { callRpc, num, str } from './rpc';

/**
 * Typed access to the admin RPCs (supabase/migrations/0003_functions.sql). Each one checks
 * the caller's JWT (app_metadata.role = 'admin') in the database and raises 42501
 * 'not authorised' otherwise; failures are thrown as ApiError (see isNotAuthorisedError).
 */

export const ADMIN_PROVIDER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AdminProviderStatus = (typeof ADMIN_PROVIDER_STATUSES)[number];

/** One registration as the admin sees it: every field, the Aadhaar number only masked. */
export interface AdminRegistration extends ProviderFields {
  experience: number;
  status: AdminProviderStatus;
  reviewed_at: string | null;
  rejection_reason: string | null;
  avg_rating: number;
  rating_count: number;
  /** 'XXXX-XXXX-1234', or null when no Aadhaar number was given. */
  aadhaar_masked: string | null;
}

export interface AdminRegistrationPage {
  rows: AdminRegistration[];
  /** All rows matching the filter (not just this page). */
  total: number;
}

export type AdminStatusCounts = Record<AdminProviderStatus, number>;

export interface AdminClickTotal {
  provider_id: string;
  name: string;
  call_count: number;
  whatsapp_count: number;
}

/** The provider row after a status change (the fields the panel needs). */
export interface AdminStatusChange {
  id: string;
  name: string;
  status: AdminProviderStatus;
  reviewed_at: string | null;
  rejection_reason: string | null;
}

/** The database refused because the caller is not an admin. */
export function isNotAuthorisedError(e: unknown): boolean {
  return e instanceof ApiError && (e.code === '42501' || e.status === 401 || e.status === 403);
}

function toStatus(v: unknown): AdminProviderStatus {
  return (ADMIN_PROVIDER_STATUSES as readonly unknown[]).includes(v) ? (v as AdminProviderStatus) : 'pending';
}

/**
 * Registrations with the given status ('all' for every status), newest first, one page.
 * The database caps `limit` at 500.
 */
export async function adminListRegistrations(
  options: { status?: AdminProviderStatus | 'all'; limit?: number; offset?: number } = {},
): Promise<AdminRegistrationPage> {
  const { status = 'pending', limit = 50, offset = 0 } = options;
  const data = await callRpc('admin_list_registrations', { p_status: status, p_limit: limit, p_offset: offset });
  const raw = (Array.isArray(data) ? data : []) as Record<string, unknown>[];
  const rows = raw.map((r): AdminRegistration => ({
    id: String(r.id),
    name: String(r.name ?? ''),
    business_name: str(r.business_name),
    mobile: String(r.mobile ?? ''),
    category: String(r.category ?? ''),
    specialist_in: str(r.specialist_in),
    experience: num(r.experience),
    address: String(r.address ?? ''),
    verified: r.verified === true,
    status: toStatus(r.status),
    registration_date: String(r.registration_date),
    reviewed_at: str(r.reviewed_at),
    rejection_reason: str(r.rejection_reason),
    avg_rating: num(r.avg_rating),
    rating_count: num(r.rating_count),
    aadhaar_masked: str(r.aadhaar_masked),
  }));
  return { rows, total: raw.length ? num(raw[0]!.total_count) : 0 };
}

/** Approves, rejects (with an optional reason) or returns a registration to pending. */
export async function adminSetProviderStatus(
  providerId: string,
  status: AdminProviderStatus,
  reason?: string | null,
): Promise<AdminStatusChange> {
  const trimmed = reason?.trim() ? reason.trim() : null;
  const data = (await callRpc('admin_set_provider_status', {
    p_provider_id: providerId,
    p_status: status,
    p_reason: status === 'rejected' ? trimmed : null,
  })) as Record<string, unknown> | Record<string, unknown>[] | null;
  const row = (Array.isArray(data) ? data[0] : data) ?? {};
  return {
    id: String(row.id ?? providerId),
    name: String(row.name ?? ''),
    status: toStatus(row.status ?? status),
    reviewed_at: str(row.reviewed_at),
    rejection_reason: str(row.rejection_reason),
  };
}

/** Number of providers per status (zeros included). */
export async function adminStatusCounts(): Promise<AdminStatusCounts> {
  const data = await callRpc('admin_status_counts', {});
  const counts: AdminStatusCounts = { pending: 0, approved: 0, rejected: 0 };
  for (const r of (Array.isArray(data) ? data : []) as { status: unknown; count: unknown }[]) {
    if ((ADMIN_PROVIDER_STATUSES as readonly unknown[]).includes(r.status)) counts[r.status as AdminProviderStatus] = num(r.count);
  }
  return counts;
}

/** Call and chat clicks per provider over the last `days` days, most clicked first. */
export async function adminClickTotals(days = 30): Promise<AdminClickTotal[]> {
  const data = await callRpc('admin_click_totals', { p_days: days });
  return ((Array.isArray(data) ? data : []) as Record<string, unknown>[]).map((r) => ({
    provider_id: String(r.provider_id),
    name: String(r.name ?? ''),
    call_count: num(r.call_count),
    whatsapp_count: num(r.whatsapp_count),
  }));
}

/** Another listing that one in the queue may duplicate: same mobile, or same name and place. */
export interface DuplicateHint {
  provider_id: string;
  other_id: string;
  other_name: string;
  /** 'pending' | 'approved' | 'rejected' | 'suspended' | 'hidden'. */
  other_status: string;
  match: 'mobile' | 'name_place';
}

/** The duplicate hints of these listings (one console page, at most 200), computed by the database. */
export async function adminDuplicateHints(ids: readonly string[]): Promise<DuplicateHint[]> {
  if (ids.length === 0) return [];
  const data = await callRpc('admin_duplicate_hints', { p_ids: ids });
  return ((Array.isArray(data) ? data : []) as Record<string, unknown>[]).map((r) => ({
    provider_id: String(r.provider_id),
    other_id: String(r.other_id),
    other_name: String(r.other_name ?? ''),
    other_status: String(r.other_status ?? ''),
    match: r.match === 'mobile' ? 'mobile' : 'name_place',
  }));
}
