import { useEffect, useState } from 'react';
import { fetchActiveAds } from '../api';
import { toSlides, type AdSlide } from '../utils/ad-slides';

/**
 * The ads to show, or null while loading. Loading errors are quiet: the popup is optional,
 * so a failure means "no ads" and nothing else on the page notices.
 */
export function useActiveAds(enabled: boolean): AdSlide[] | null {
  const [slides, setSlides] = useState<AdSlide[] | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    fetchActiveAds().then(
      (ads) => live && setSlides(toSlides(ads)),
      () => live && setSlides([]),
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return slides;
}
