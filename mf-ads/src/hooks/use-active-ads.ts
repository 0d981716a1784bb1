import { useQuery, type Query } from '@city/shared';
import { fetchActiveAds } from '../api';
import { toSlides, type AdSlide } from '../utils/ad-slides';

/**
 * The ads to show (nothing is asked while `enabled` is false). Loading errors are quiet: the
 * popup is optional, so a failure means "no ads" (it shows only `data`) and nothing else on the
 * page notices.
 */
export function useActiveAds(enabled: boolean): Query<AdSlide[]> {
  return useQuery(enabled ? 'active-ads' : null, () => fetchActiveAds().then(toSlides));
}
