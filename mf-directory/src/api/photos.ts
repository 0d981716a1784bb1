// Cover thumbnails of the listed providers (issue 28; supabase/migrations/0017): one public
// read of provider_photos for a page of cards, asked once that page is painted and the browser
// is idle. Anon sees only approved photos of public listings; the first one of each provider
// (oldest) is its cover.
import { getRuntimeConfig, sendRestRows } from '@city/shared';

/** provider id -> public address of its cover's 240 px thumbnail. */
export async function fetchCoverThumbs(providerIds: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const ids = providerIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (ids.length === 0) return out;
  const rows = await sendRestRows<{ provider_id: string; path: string }>({
    table: 'provider_photos',
    query: { select: 'provider_id,path', provider_id: `in.(${ids.join(',')})`, order: 'provider_id.asc,created_at.asc,id.asc' },
  });
  const base = `${getRuntimeConfig().supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/public/provider-photos/`;
  for (const r of rows) {
    if (!out.has(r.provider_id)) out.set(r.provider_id, `${base}${r.path.split('/').map(encodeURIComponent).join('/')}_t`);
  }
  return out;
}
