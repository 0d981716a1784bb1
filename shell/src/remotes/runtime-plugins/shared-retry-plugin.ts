import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

interface ShareEntry {
  loading?: Promise<unknown> | null;
  loaded?: boolean;
}
type ShareScopeMap = Record<string, Record<string, Record<string, ShareEntry>> | undefined>;

/**
 * A shared module that failed to download can be loaded again. supabase-js is a shared
 * singleton loaded on demand (when data is first needed); if that download fails (offline for
 * a moment), the federation runtime keeps the rejected promise in its share scope and every
 * later attempt fails the same way, so a visitor's "Retry" could never work. Before each load
 * of a shared module, a load that has failed is forgotten, and the next one downloads anew.
 */
export function sharedRetryPlugin(): ModuleFederationRuntimePlugin {
  const failed = new WeakSet<Promise<unknown>>();
  const watched = new WeakSet<Promise<unknown>>();
  return {
    name: 'city-shared-retry',
    async beforeLoadShare(args) {
      const scopes = (args.origin as unknown as { shareScopeMap?: ShareScopeMap }).shareScopeMap ?? {};
      for (const scope of Object.values(scopes)) {
        for (const entry of Object.values(scope?.[args.pkgName] ?? {})) {
          const loading = entry.loading;
          if (!loading || entry.loaded) continue;
          if (!watched.has(loading)) {
            watched.add(loading);
            loading.catch(() => failed.add(loading));
            // A rejection that already happened is seen once the microtasks have run.
            await new Promise((resolve) => setTimeout(resolve, 0));
          }
          if (failed.has(loading)) entry.loading = null;
        }
      }
      return args;
    },
  };
}
