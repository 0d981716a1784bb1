import { useEffect } from 'react';
import { trackProfileView } from '../api';

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * Counts a view of the shown provider once the profile has painted and the page is idle (at
 * most 3 s later), so the count never competes with the first render. Once per provider shown.
 */
export function useProfileView(providerId: string | null): void {
  useEffect(() => {
    if (!providerId) return;
    const w = window as IdleWindow;
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(() => trackProfileView(providerId), { timeout: 3000 });
      return () => w.cancelIdleCallback?.(id);
    }
    const timer = setTimeout(() => trackProfileView(providerId), 1000);
    return () => clearTimeout(timer);
  }, [providerId]);
}
