import { getSupabase } from '../supabase/client';
import { toApiError } from './errors';

export interface Advertisement {
  id: string;
  title: string | null;
  active: boolean;
  start_date: string | null;
  end_date: string | null;
  media_type: 'image' | 'video' | 'youtube';
  media_url: string;
  redirect_link: string | null;
}

/** Active ads whose date window contains `now` (an open start or end counts as open). */
export async function fetchActiveAds(now: Date = new Date()): Promise<Advertisement[]> {
  const iso = now.toISOString();
  const { data, error, status } = await getSupabase()
    .from('advertisements')
    .select('*')
    .eq('active', true)
    .or(`start_date.is.null,start_date.lte.${iso}`)
    .or(`end_date.is.null,end_date.gte.${iso}`);
  if (error) throw toApiError(error, status);
  return (data ?? []) as Advertisement[];
}
