import { ApiError, getSupabase, toApiError } from '@city/shared';
import { callRpc, str } from './rpc';

/**
 * Owner edits (supabase/migrations/0011): every change an owner makes to their own listing is
 * an audit entry (action 'owner.edit', before/after = the changed columns only); the operator
 * lists them and puts the `before` values back with one call.
 */

export interface OwnerEdit {
  /** The audit entry's id (bigint, kept as text). */
  id: string;
  at: string;
  provider_id: string;
  provider_name: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reverted: boolean;
}

const jsonObject = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/** Recent owner edits, newest first, one page. */
export async function adminListOwnerEdits(limit: number, offset: number): Promise<OwnerEdit[]> {
  const data = await callRpc('admin_list_owner_edits', { p_limit: limit, p_offset: offset });
  return (Array.isArray(data) ? (data as Record<string, unknown>[]) : []).map((r) => ({
    id: String(r.id),
    at: String(r.at ?? ''),
    provider_id: String(r.provider_id ?? ''),
    provider_name: String(r.provider_name ?? ''),
    before: jsonObject(r.before),
    after: jsonObject(r.after),
    reverted: r.reverted === true,
  }));
}

/**
 * Puts an owner edit's `before` values back. Refused with PT409 when the listing changed again
 * since (the operator edits it by hand then), PT404 for an unknown entry.
 */
export async function adminRevertOwnerEdit(auditId: string, reason?: string | null): Promise<void> {
  const why = reason?.trim() || null;
  // bigint ids fit a JSON number only up to 2^53: sent as the digits when larger.
  const id = /^\d{1,15}$/.test(auditId) ? Number(auditId) : auditId;
  await callRpc('admin_revert_owner_edit', { p_audit_id: id, p_reason: why });
}

/** PT409 for an entry already reverted (someone else, another tab): the entry is done. */
export const isAlreadyRevertedError = (e: unknown) => e instanceof ApiError && e.code === 'PT409' && /already reverted/i.test(e.message);
/** PT409: the listing changed again since this edit (its values are no longer the edit's). */
export const isChangedAgainError = (e: unknown) => e instanceof ApiError && e.code === 'PT409' && !isAlreadyRevertedError(e);
export const isNotFoundError = (e: unknown) => e instanceof ApiError && (e.code === 'PT404' || e.status === 404);

/**
 * Whether each listing shows visitors the caution "Some people say this number may be wrong"
 * (service_providers.number_caution, 0011), read with the rows (admins read every row).
 * Ids without a row are left out.
 */
export async function adminNumberCautions(ids: readonly string[]): Promise<Record<string, boolean>> {
  if (ids.length === 0) return {};
  try {
    const supabase = await getSupabase();
    const { data, error, status } = await supabase
      .from('service_providers')
      .select('id, number_caution')
      .in('id', [...new Set(ids)]);
    if (error) throw toApiError(error, status);
    const out: Record<string, boolean> = {};
    for (const r of (Array.isArray(data) ? data : []) as Record<string, unknown>[]) {
      const id = str(r.id);
      if (id) out[id] = r.number_caution === true;
    }
    return out;
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw toApiError({ message: e instanceof Error ? e.message : String(e) }, 0);
  }
}
