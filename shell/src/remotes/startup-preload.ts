/**
 * Runs from the entry chunk (src/index.ts), before the app's own chunks have downloaded:
 * asks for config.json and remotes.json at once and, as soon as the latter arrives, starts
 * downloading the remote the current route renders first (the route manifest's module: its
 * mf-manifest, remoteEntry.js and the exposed module's files), in parallel with React and the
 * shared libraries instead of after them.
 *
 * Imports nothing shared (not the '@city/shared' singleton, no React): the entry chunk must not consume
 * federated singletons before the share scope is negotiated. Failures are swallowed here:
 * the real load in load-remote.ts reports them (fallback + Retry).
 */
import { loadShare, preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
// The contracts entry point, not '@city/shared': plain data bundled here, no shared singleton.
import { matchRoute, routeNeedsDataAtOnce, takeFirstReadsFromDocument, type RemoteName } from '@city/shared/contracts';
import { fetchRetryPlugin } from './runtime-plugins/fetch-retry-plugin';
import { sharedRetryPlugin } from './runtime-plugins/shared-retry-plugin';

const early = new Map<string, Promise<Response>>();
let pluginsRegistered = false;

/** The retry plugin must be in place before the first manifest request, whoever makes it. */
export function ensureRuntimePlugins(): void {
  if (pluginsRegistered) return;
  pluginsRegistered = true;
  registerPlugins([fetchRetryPlugin(), sharedRetryPlugin()]);
}

/** A request started by startPreload (remotes.json, config.json), handed over once to its real reader. */
function takeEarlyRequest(url: string): Promise<Response> | null {
  const response = early.get(url) ?? null;
  early.delete(url);
  return response;
}

/** fetch() that first uses a request startPreload already made (e.g. for loadRuntimeConfig). */
export const fetchOrTakeEarly: typeof fetch = (input, init) =>
  (typeof input === 'string' ? takeEarlyRequest(input) : null) ?? fetch(input, init);

/**
 * Which remote module the first paint of a path needs (the one that holds its LCP): the route
 * manifest's. Not behind a guard: whether the visitor may see it is only known once the session
 * is read, and a visitor turned away must not download the module.
 */
export function firstRemoteFor(pathname: string): { name: RemoteName; expose: string } | null {
  const { module, guard } = matchRoute(pathname);
  return module && guard === null ? { name: module.remote, expose: module.expose } : null;
}

/** Pages that show data at once: the app calls the Supabase API as soon as it runs (the route manifest's `data`). */
export function needsDataAtOnce(pathname: string, search: string): boolean {
  return routeNeedsDataAtOnce(matchRoute(pathname), search);
}

/**
 * Whether a signed-in session may be stored (supabase-js's keys end in '-auth-token'; the
 * page's is 'city-auth-token'). Read here without '@city/shared' (see the top of this file).
 */
function mayHaveStoredSession(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) if (localStorage.key(i)?.endsWith('-auth-token')) return true;
    return false;
  } catch {
    return false; // storage blocked: supabase-js cannot have stored one either
  }
}

/**
 * Whether a data page needs supabase-js at once: a signed-in page (a guarded route: sign-in
 * and its reads) or a stored session (the reads then go through supabase-js with its token).
 * An anonymous visitor's first reads are plain requests (@city/shared's public-rest).
 */
export function needsSupabaseAtOnce(pathname: string, search: string): boolean {
  return needsDataAtOnce(pathname, search) && (matchRoute(pathname).guard !== null || mayHaveStoredSession());
}

export function startPreload(urls: { remotes: string; config: string }, pathname: string, search = ''): void {
  for (const url of [urls.config, urls.remotes]) {
    const request = fetch(url, { cache: 'no-cache' });
    request.catch(() => undefined); // reported by the real reader
    early.set(url, request);
  }
  if (needsDataAtOnce(pathname, search)) {
    // Without a session the page's first reads are plain anonymous requests (@city/shared's
    // public-rest) and supabase-js (57 KiB) waits for a write. With one, they go through
    // supabase-js: it downloads alongside React rather than after it. Through the share scope,
    // so the app's own import later gets this same singleton; a failure is retried by that
    // import (shared-retry).
    if (needsSupabaseAtOnce(pathname, search)) {
      ensureRuntimePlugins();
      void loadShare('@supabase/supabase-js').catch(() => undefined);
    } else {
      // A profile's or a search's first reads came with the HTML (shell/server/first-reads.ts):
      // handed to public-rest, so the remote's same reads are answered without a request.
      takeFirstReadsFromDocument(document);
    }
  }
  const response = early.get(urls.remotes)!;
  const first = firstRemoteFor(pathname);
  if (!first) return;
  void response
    .then(async (res) => {
      if (!res.ok) return;
      // The real reader gets this same Response: read a copy.
      const manifest = (await res.clone().json()) as Record<string, unknown>;
      const entry = manifest[first.name];
      if (typeof entry !== 'string') return;
      ensureRuntimePlugins();
      registerRemotes([{ name: first.name, entry }]);
      await preloadRemote([{ nameOrAlias: first.name, exposes: [first.expose] }]);
    })
    .catch(() => undefined);
}
