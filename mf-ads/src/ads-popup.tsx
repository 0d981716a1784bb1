import { useCallback, useEffect, useState } from 'react';
import type { AdsPopupProps } from '@city/shared';
// This remote's strings, added to the page's i18n before anything here renders.
import './locales';
import { AdsDialog } from './components/ads-dialog';
import { useActiveAds } from './hooks/use-active-ads';
import { markSeenThisVisit, wasSeenThisVisit } from './utils/seen';
import { OPEN_DELAY_MS } from './utils/timings';
import './ads.css';

/**
 * Advertisement popup for the home page: loads the ads running now and, if there are any,
 * opens a carousel OPEN_DELAY_MS later, once per visit (per tab). Renders nothing when there
 * are no ads, when loading fails, or when it has already been shown in this visit.
 */
export default function AdsPopup(_props: AdsPopupProps) {
  const [alreadySeen] = useState(wasSeenThisVisit);
  // undefined while loading, when already seen, and when loading failed: no popup.
  const slides = useActiveAds(!alreadySeen).data;
  const [phase, setPhase] = useState<'waiting' | 'open' | 'closed'>('waiting');

  useEffect(() => {
    if (phase !== 'waiting' || !slides || slides.length === 0) return;
    const timer = setTimeout(() => {
      markSeenThisVisit();
      setPhase('open');
    }, OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase, slides]);

  const close = useCallback(() => setPhase('closed'), []);

  if (phase !== 'open' || !slides) return null;
  return <AdsDialog slides={slides} onClose={close} />;
}
