// The approved photos of a provider (issue 28; supabase/migrations/0017): one public read of
// provider_photos (anon sees only approved photos of public listings). Imported only by the
// gallery's chunk (components/photo-gallery.tsx), never by the profile's first render.
import { getRuntimeConfig, sendRestRows } from '@city/shared';

export const PHOTO_BUCKET = 'provider-photos';

export interface PublicPhoto {
  id: string;
  kind: 'shop' | 'work' | 'self' | (string & {});
  path: string;
}

/** The public address of a photo's object (`thumb`: its 240 px thumbnail). */
export function photoUrl(path: string, thumb = false): string {
  const base = getRuntimeConfig().supabaseUrl.replace(/\/+$/, '');
  const key = (thumb ? `${path}_t` : path).split('/').map(encodeURIComponent).join('/');
  return `${base}/storage/v1/object/public/${PHOTO_BUCKET}/${key}`;
}

export function fetchPhotos(providerId: string): Promise<PublicPhoto[]> {
  return sendRestRows<PublicPhoto>({
    table: 'provider_photos',
    query: { select: 'id,kind,path', provider_id: `eq.${providerId}`, order: 'created_at.asc,id.asc', limit: '6' },
  });
}
