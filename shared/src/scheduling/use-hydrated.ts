import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * false while rendering on the server (the build's prerender of `/`) and while hydrating that
 * HTML, true in every other render. For what the prerendered markup cannot know (the
 * deployment's config.json, the device) and for a control that needs the app (voice, the
 * banner's pause): shown inactive until then, instead of looking ready and doing nothing for
 * the seconds a slow phone takes.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
