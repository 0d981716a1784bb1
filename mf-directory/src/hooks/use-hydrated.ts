import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * false in the build's prerender of `/` and while the app hydrates that HTML, true in every
 * other render. A control that needs the app (voice, the banner's pause) is shown inactive
 * until then, instead of looking ready and doing nothing for the seconds a slow phone takes.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
