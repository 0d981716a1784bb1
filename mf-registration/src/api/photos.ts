// A provider's photos (/my-listing, issue 28; supabase/migrations/0017): start an upload (the
// database gives the path and decides who may upload there), upload the shrunk photo and its
// thumbnail to the bucket provider-photos, then submit it to the operator's queue. Nothing is
// public before the operator approves it.
import { ApiError, dataClient, toApiError } from '@city/shared';

export const PHOTO_BUCKET = 'provider-photos';
export const MAX_PHOTOS = 6;
export type PhotoKind = 'shop' | 'work' | 'self';

/** One photo of the owner's listing (my_photos). */
export interface MyPhoto {
  id: string;
  kind: PhotoKind;
  path: string;
  status: 'pending' | 'approved' | (string & {});
  created_at: string;
}

export type PhotoFailure = 'limit' | 'rate-limited' | 'forbidden' | 'too-large' | 'not-image' | 'network' | 'unknown';
export type PhotoResult = { ok: true } | { ok: false; reason: PhotoFailure };

const isNetworkMessage = (message: string) => /fetch|network|load failed/i.test(message);

/** The public address of a photo's object (`thumb`: its 240 px thumbnail). */
export async function photoUrl(path: string, thumb = false): Promise<string> {
  const supabase = await dataClient();
  return supabase.storage.from(PHOTO_BUCKET).getPublicUrl(thumb ? `${path}_t` : path).data.publicUrl;
}

/** The photos of the caller's listing (waiting and approved), oldest first. Throws ApiError. */
export async function fetchMyPhotos(providerId: string, signal?: AbortSignal): Promise<MyPhoto[]> {
  const supabase = await dataClient();
  let request = supabase.rpc('my_photos', { p_provider_id: providerId });
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request;
  if (error) throw toApiError(error, status);
  return (data ?? []) as MyPhoto[];
}

function failureOf(e: unknown, status?: number): PhotoFailure {
  const err = e instanceof ApiError ? e : null;
  const message = e instanceof Error ? e.message : String((e as { message?: unknown })?.message ?? e);
  const code = err?.code ?? (e as { code?: string })?.code;
  const st = status ?? err?.status ?? Number((e as { statusCode?: string })?.statusCode ?? 0);
  if (code === '23514') return 'limit';
  if (st === 429 || err?.isRateLimited) return 'rate-limited';
  if (st === 413) return 'too-large';
  if (st === 415) return 'not-image';
  if (st === 401 || st === 403 || code === '42501') return 'forbidden';
  if (err?.isNetwork || isNetworkMessage(message)) return 'network';
  return 'unknown';
}

/**
 * Adds a photo: start_photo_upload, the two uploads (the photo, then its thumbnail at
 * `<path>_t`), submit_photo. A failure after the start leaves an unsubmitted row that the
 * database drops after an hour.
 */
export async function addPhoto(
  providerId: string,
  kind: PhotoKind,
  photo: { full: Blob; thumb: Blob; type: string },
): Promise<PhotoResult> {
  try {
    const supabase = await dataClient();
    const started = await supabase.rpc('start_photo_upload', { p_provider_id: providerId, p_kind: kind });
    if (started.error) return { ok: false, reason: failureOf(toApiError(started.error, started.status), started.status) };
    const row = (started.data as { id: string; path: string }[] | null)?.[0];
    if (!row) return { ok: false, reason: 'unknown' };
    const bucket = supabase.storage.from(PHOTO_BUCKET);
    for (const [key, blob] of [
      [row.path, photo.full],
      [`${row.path}_t`, photo.thumb],
    ] as const) {
      const { error } = await bucket.upload(key, blob, { contentType: photo.type, upsert: false });
      if (error) return { ok: false, reason: failureOf(error) };
    }
    const submitted = await supabase.rpc('submit_photo', { p_id: row.id });
    if (submitted.error) return { ok: false, reason: failureOf(toApiError(submitted.error, submitted.status), submitted.status) };
    return { ok: true };
  } catch (e) {
    return { ok: false, reason: failureOf(e) };
  }
}

/** Deletes one of the owner's photos: its two objects (allowed while the row is theirs), then the row. */
export async function deletePhoto(photo: Pick<MyPhoto, 'id' | 'path'>): Promise<PhotoResult> {
  try {
    const supabase = await dataClient();
    await supabase.storage.from(PHOTO_BUCKET).remove([photo.path, `${photo.path}_t`]);
    const { error, status } = await supabase.rpc('delete_my_photo', { p_id: photo.id });
    if (error) return { ok: false, reason: failureOf(toApiError(error, status), status) };
    return { ok: true };
  } catch (e) {
    return { ok: false, reason: failureOf(e) };
  }
}
