// The ads popup's query, owned by this remote (over the page's one supabase client).
import { dataClient, toApiError } from '@city/shared';

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
}

/** Columns read by the popup (not created_at: the page never shows it). */
const AD_COLUMNS = 'id,title,active,start_date,end_date,media_type,media_url,redirect_link';

/** At most this many ads per visit: the popup lives 15 s and rotates every 7 s. */
const MAX_ACTIVE_ADS = 10;

/**
 * Active ads whose date window contains now (a null start or end is open), in the operator's
 * order (sort_order, smallest first), then newest first.
 * Without `now` the database's clock decides (Postgres reads the literal 'now' as the
 * current time), so a phone with a wrong clock still sees exactly the running ads.
 * RLS already hides inactive rows from the public; the filter is repeated so an admin sees
 * the same popup as everybody else.
 */
export async function fetchActiveAds(now?: Date): Promise<Advertisement[]> {
  const at = now ? `"${now.toISOString()}"` : 'now';
  const supabase = await dataClient();
  const { data, error, status } = await supabase
    .from('advertisements')
    .select(AD_COLUMNS)
    .eq('active', true)
    .or(`start_date.is.null,start_date.lte.${at}`)
    .or(`end_date.is.null,end_date.gte.${at}`)
    .order('sort_order', { ascending: true })
    .order('created_at', { ascending: false })
    .order('id', { ascending: true })
    .limit(MAX_ACTIVE_ADS);
  if (error) throw toApiError(error, status);
  return (data ?? []) as Advertisement[];
}
