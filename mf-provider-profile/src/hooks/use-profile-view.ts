import { useEffect } from 'react';
import { whenIdle } from '@city/shared';
import { trackProfileView } from '../api';

/**
 * Counts a view of the shown provider once the profile has painted and the page is idle (at
 * most 3 s later), so the count never competes with the first render. Once per provider shown.
 */
export function useProfileView(providerId: string | null): void {
  useEffect(() => {
    if (!providerId) return;
    return whenIdle(() => trackProfileView(providerId), { timeoutMs: 3000, fallbackMs: 1000 });
  }, [providerId]);
}
