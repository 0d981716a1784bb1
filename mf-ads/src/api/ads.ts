// The ads popup's query, owned by this remote.
import { getRuntimeConfig, toApiError } from '@city/shared';

export type AdMediaType = 'image' | 'video' | 'youtube';

/** A row of public.advertisements as the popup needs it (supabase/migrations/0001_schema.sql). */
export interface Advertisement {
  id: string;
  title: string | null;
  active: boolean;
  start_date: string | null;
  end_date: string | null;
  media_type: AdMediaType;
  /** Image or video URL; for YouTube a video URL or the bare 11-character id. */
  media_url: string;
  redirect_link: string | null;
  /** What an image shows, in words (required for image ads since migration 0013). */
  media_alt?: string | null;
}

/** Columns read by the popup (not created_at: the page never shows it). */
const AD_COLUMNS = 'id,title,active,start_date,end_date,media_type,media_url,redirect_link,media_alt';

/** At most this many ads per visit: the popup lives 15 s and rotates every 7 s. */
const MAX_ACTIVE_ADS = 10;

/** The query string of the active-ads read (what supabase-js would send for the same query). */
export function activeAdsQuery(now?: Date): URLSearchParams {
  const at = now ? `"${now.toISOString()}"` : 'now';
  const query = new URLSearchParams({ select: AD_COLUMNS, active: 'eq.true' });
  query.append('or', `(start_date.is.null,start_date.lte.${at})`);
  query.append('or', `(end_date.is.null,end_date.gte.${at})`);
  query.set('order', 'sort_order.asc,created_at.desc,id.asc');
  query.set('limit', String(MAX_ACTIVE_ADS));
  return query;
}

/**
 * Active ads whose date window contains now (a null start or end is open), in the operator's
 * order (sort_order, smallest first), then newest first.
 * Without `now` the database's clock decides (Postgres reads the literal 'now' as the
 * current time), so a phone with a wrong clock still sees exactly the running ads.
 * RLS already hides inactive rows from the public; the filter is repeated so an admin sees
 * the same popup as everybody else.
 *
 * One plain GET of the public REST API with the anon key, not through supabase-js: the popup
 * is the only data call of a visit to `/` that only looks, and supabase-js (57 KiB gzip) was
 * most of what `/` downloaded after its first render (docs/performance.md, the 30 s budget).
 * The ads are public: a signed-in admin gets the same rows.
 */
export async function fetchActiveAds(now?: Date, fetchImpl: typeof fetch = fetch): Promise<Advertisement[]> {
  const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
  const url = `${supabaseUrl.replace(/\/+$/, '')}/rest/v1/advertisements?${activeAdsQuery(now).toString()}`;
  let res: Response;
  try {
    res = await fetchImpl(url, {
      headers: { apikey: supabaseAnonKey, Authorization: `Bearer ${supabaseAnonKey}`, Accept: 'application/json' },
    });
  } catch (e) {
    throw toApiError({ message: e instanceof Error ? e.message : String(e) }, 0);
  }
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) {
    const error = body && typeof body === 'object' ? (body as { message?: string; code?: string; details?: string }) : null;
    throw toApiError(error ?? { message: res.statusText || `HTTP ${res.status}` }, res.status);
  }
  return Array.isArray(body) ? (body as Advertisement[]) : [];
}
