import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * false while rendering on the server (the build's prerender of `/`) and while hydrating that
 * HTML, true in every other render. For what depends on the deployment (config.json) or the
 * device: the prerendered markup cannot know it, and hydration must match that markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
