import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdsPopupProps } from '@city/shared';
// This remote's strings, added to the page's i18n before anything here renders.
import './locales';
import { AdsDialog } from './components/ads-dialog';
import { useActiveAds } from './hooks/use-active-ads';
import { markSeenThisVisit, wasSeenThisVisit } from './utils/seen';
import { OPEN_DELAY_MS } from './utils/timings';
import { anotherDialogOpen, trackVisitorActivity, type VisitorActivity } from './utils/visitor-activity';
import './ads.css';

/**
 * Advertisement popup for the home page: loads the ads running now and, if there are any,
 * opens a carousel OPEN_DELAY_MS later, once per visit (per tab). Renders nothing when there
 * are no ads, when loading fails, or when it has already been shown in this visit.
 *
 * It never takes focus from a visitor who is typing: while focus is in an editable field,
 * and until TYPING_QUIET_MS after the last keystroke, opening waits. Once the visitor has
 * submitted a form (a search) on this page, it does not open here at all (they are reading the
 * results); not counted as seen, it opens on their next visit to the home page. Nor does it
 * open over another dialog (the registration form, a module's error): a visitor in a dialog is
 * doing something; not counted as seen either. The shell does not mount it at all on a page
 * opened to act (`/?register=1`).
 */
export default function AdsPopup(_props: AdsPopupProps) {
  const [alreadySeen] = useState(wasSeenThisVisit);
  // undefined while loading, when already seen, and when loading failed: no popup.
  const slides = useActiveAds(!alreadySeen).data;
  const [phase, setPhase] = useState<'waiting' | 'open' | 'closed'>('waiting');
  const activity = useRef<VisitorActivity | null>(null);

  // From mount, not from when the ads arrive: keystrokes and a search before then count.
  useEffect(() => {
    if (alreadySeen) return;
    const tracked = trackVisitorActivity(() => setPhase((p) => (p === 'waiting' ? 'closed' : p)));
    activity.current = tracked;
    return () => {
      tracked.stop();
      activity.current = null;
    };
  }, [alreadySeen]);

  useEffect(() => {
    if (phase !== 'waiting' || !slides || slides.length === 0) return;
    let cancelWait = () => {};
    const timer = setTimeout(() => {
      const open = () => {
        if (anotherDialogOpen()) {
          setPhase('closed');
          return;
        }
        markSeenThisVisit();
        setPhase('open');
      };
      if (activity.current) cancelWait = activity.current.whenNotTyping(open);
      else open();
    }, OPEN_DELAY_MS);
    return () => {
      clearTimeout(timer);
      cancelWait();
    };
  }, [phase, slides]);

  const close = useCallback(() => setPhase('closed'), []);

  if (phase !== 'open' || !slides) return null;
  return <AdsDialog slides={slides} onClose={close} />;
}
