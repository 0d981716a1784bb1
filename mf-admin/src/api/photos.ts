// Providers' photos waiting for the operator (issue 28; supabase/migrations/0017). Approving
// makes a photo public; removing deletes its row (audited, with the reason), then its two
// objects in the bucket provider-photos (the photo and its `_t` thumbnail).
import { ApiError, dataClient, toApiError } from '@city/shared';
import { callRpc } from './rpc';

export const PHOTO_BUCKET = 'provider-photos';
export type PhotoKind = 'shop' | 'work' | 'self';

export interface QueuedPhoto {
  id: string;
  provider_id: string;
  provider_name: string;
  kind: PhotoKind;
  path: string;
  submitted_at: string;
  /** Public addresses of the photo and its thumbnail. */
  url: string;
  thumbUrl: string;
}

const KINDS: readonly string[] = ['shop', 'work', 'self'];

export async function adminPhotoQueue(): Promise<QueuedPhoto[]> {
  const data = await callRpc('admin_photo_queue', {});
  const supabase = await dataClient();
  const bucket = supabase.storage.from(PHOTO_BUCKET);
  return ((Array.isArray(data) ? data : []) as Record<string, unknown>[]).map((r) => {
    const path = String(r.path);
    return {
      id: String(r.id),
      provider_id: String(r.provider_id),
      provider_name: String(r.provider_name ?? ''),
      kind: (KINDS.includes(String(r.kind)) ? r.kind : 'shop') as PhotoKind,
      path,
      submitted_at: String(r.submitted_at ?? ''),
      url: bucket.getPublicUrl(path).data.publicUrl,
      thumbUrl: bucket.getPublicUrl(`${path}_t`).data.publicUrl,
    };
  });
}

export async function adminApprovePhoto(id: string): Promise<void> {
  await callRpc('admin_approve_photo', { p_id: id });
}

/** Removes the photo (row, audited with `reason`), then its objects. */
export async function adminRemovePhoto(id: string, reason: string): Promise<void> {
  const path = await callRpc('admin_remove_photo', { p_id: id, p_reason: reason.trim() || null });
  if (typeof path !== 'string' || !path) return;
  const supabase = await dataClient();
  const { error } = await supabase.storage.from(PHOTO_BUCKET).remove([path, `${path}_t`]);
  if (error) throw error instanceof ApiError ? error : toApiError({ message: error.message }, 0);
}
