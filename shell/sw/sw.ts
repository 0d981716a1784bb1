/// <reference lib="webworker" />
/**
 * The site's service worker (docs/offline.md). Built by shell/sw/build-sw.ts after the shell's
 * build: bundled with Rspack, then Workbox's injectManifest writes the shell's precache list
 * into `self.__WB_MANIFEST`. Served as /sw.js from the shell's origin, scope '/'.
 *
 * - The shell: precached (Workbox), so `/` and every route start offline.
 * - Pages (navigations), config.json, remotes.json: network first, the last answer kept.
 * - Remotes: one set per deployment (manifest + remoteEntry.js + exposed chunks), downloaded
 *   whole and checked before it is used; a page is served the remoteEntry.js of the very
 *   manifest it was given (remote-sets.ts).
 * - Data: anonymous reads of the Supabase API, network first, the last answers kept with the
 *   time they were saved (data-cache.ts).
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim, type RouteHandlerCallbackOptions } from 'workbox-core';
import { matchRoute } from '@city/shared/contracts';
import { dataCacheKey, dataRoute, firstReadsInHtml, SAVED_AT_HEADER, withoutFirstReads, type FirstRead } from './data-cache';
import {
  deploymentId,
  isHashedAsset,
  manifestForAsset,
  offlineRemotes,
  remoteBase,
  remoteSetCacheName,
  remoteSetFiles,
  withCompleteSet,
  type RemoteIndex,
} from './remote-sets';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

/** A slow connection is given this long before the kept copy answers instead. */
const NETWORK_TIMEOUT_S = 4;
const CONFIG_CACHE = 'city-config';
const PAGES_CACHE = 'city-pages';
const INDEX_CACHE = 'city-remote-index';
const INDEX_KEY = '/__city-sw/remote-index.json';

// A new version takes over at once (policy: docs/offline.md, "Updates").
void self.skipWaiting();
clientsClaim();

// The shell. directoryIndex '': `/` is a page (network first below), not the precached file,
// so that an online visit always gets the current HTML and its current security policy.
// The category pictograms' sprite is asked for with its content version (`?v=`, from
// @city/shared's catalogue), which the precache's own revision already covers: matched without it.
precacheAndRoute(self.__WB_MANIFEST, {
  directoryIndex: '',
  cleanURLs: false,
  ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, /^v$/],
});
cleanupOutdatedCaches();

// The web fonts, when the page needed them (not precached: most phones have the font).
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.endsWith('.woff2'),
  new CacheFirst({ cacheName: 'city-fonts', plugins: [new ExpirationPlugin({ maxEntries: 4 })] }),
);

// ---------------------------------------------------------------------------------- pages
const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_S,
  plugins: [
    new ExpirationPlugin({ maxEntries: 40 }),
    {
      // A profile's, list's or search's data came with its HTML (no request of the page's own):
      // kept in the data cache as if fetched, for offline (firstReadsInHtml).
      fetchDidSucceed: async ({ response, event }) => {
        if (response.ok && (response.headers.get('content-type') ?? '').includes('text/html')) {
          const copy = response.clone();
          (event as FetchEvent).waitUntil(
            copy
              .text()
              .then((html) => keepFirstReads(firstReadsInHtml(html)))
              .catch(() => undefined),
          );
        }
        return response;
      },
      // A kept page answers offline (or on a slow network): its data is not the live answer it
      // was, so it goes without them and the app reads the data cache, which says when it was saved.
      cachedResponseWillBeUsed: async ({ cachedResponse }) => {
        if (!cachedResponse || !(cachedResponse.headers.get('content-type') ?? '').includes('text/html')) return cachedResponse;
        const html = await cachedResponse.text();
        const { status, statusText, headers } = cachedResponse;
        return new Response(withoutFirstReads(html), { status, statusText, headers });
      },
    },
  ],
});
registerRoute(({ request }) => request.mode === 'navigate', pages);
// A route never opened online: the precached page the serving step would have answered with,
// `/`'s prerendered index.html for the home, shell.html (header + loading state) for any other
// path (the app renders the route itself).
setCatchHandler(async ({ request, url }) => {
  if (request.destination !== 'document') return Response.error();
  const page = url.pathname === '/' ? '/index.html' : '/shell.html';
  return (await matchPrecache(page)) ?? (await matchPrecache('/index.html')) ?? Response.error();
});

// ------------------------------------------------------------------ config.json, remotes.json
const config = new NetworkFirst({ cacheName: CONFIG_CACHE, networkTimeoutSeconds: NETWORK_TIMEOUT_S });
registerRoute(({ url }) => url.origin === self.location.origin && url.pathname === '/config.json', config);
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/remotes.json',
  async (options) => {
    const response = await config.handle(options);
    if (response.ok) options.event.waitUntil(learnRemotes(response.clone()).catch(() => undefined));
    return response;
  },
);

// ----------------------------------------------------------------------------------- remotes
/** manifest URL -> where its files live, from remotes.json and the index (refilled after a restart). */
const bases = new Map<string, string>();
/** Which deployment each page was given, per manifest URL: a set id, or 'network'. */
const bindings = new Map<string, Map<string, string>>();
const building = new Map<string, Promise<void>>();

async function readIndex(): Promise<RemoteIndex> {
  const hit = await (await caches.open(INDEX_CACHE)).match(INDEX_KEY);
  return hit ? ((await hit.json()) as RemoteIndex) : {};
}
let indexWrite: Promise<unknown> = Promise.resolve();
/** Index updates one at a time (two remotes may finish together). */
function updateIndex(change: (index: RemoteIndex) => RemoteIndex): Promise<void> {
  const next = indexWrite.then(async () => {
    const index = change(await readIndex());
    await (
      await caches.open(INDEX_CACHE)
    ).put(INDEX_KEY, new Response(JSON.stringify(index), { headers: { 'content-type': 'application/json' } }));
  });
  indexWrite = next.catch(() => undefined);
  return next;
}

async function knownBases(): Promise<Map<string, string>> {
  if (bases.size === 0) {
    for (const url of Object.keys(await readIndex())) bases.set(url, new URL('./', url).href);
    const remotes = await (await caches.open(CONFIG_CACHE)).match('/remotes.json');
    if (remotes) for (const [, url] of offlineRemotes(await remotes.json().catch(() => null))) bases.set(url, new URL('./', url).href);
  }
  return bases;
}

const fetchWithTimeout = (request: Request | string, init?: RequestInit) =>
  Promise.race([
    fetch(request, init),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('network timeout')), NETWORK_TIMEOUT_S * 1000)),
  ]);

/** The current remotes.json: remember its remotes, and get each one's current set ready. */
let learnt = { text: '', at: 0 };
async function learnRemotes(response: Response): Promise<void> {
  const text = await response.text();
  // Once per 5 minutes for the same remotes.json (each visit asks for it).
  if (text === learnt.text && Date.now() - learnt.at < 5 * 60_000) return;
  learnt = { text, at: Date.now() };
  const all = offlineRemotes(JSON.parse(text) as unknown);
  await knownBases();
  for (const [, url] of all) bases.set(url, new URL('./', url).href);
  // Downloaded now: the directory (`/`) and the remote of each open page's route (already in
  // the HTTP cache: nothing new on the wire). Any other remote: the first time a page uses it.
  const now = new Set<string>(['mf_directory']);
  for (const client of await self.clients.matchAll({ type: 'window' })) {
    const { module } = matchRoute(new URL(client.url).pathname);
    if (module) now.add(module.remote);
  }
  await Promise.all(
    offlineRemotes(JSON.parse(text) as unknown, now).map(async ([, url]) => {
      const res = await fetchWithTimeout(url, { cache: 'no-cache', mode: 'cors', credentials: 'omit' });
      if (res.ok) await buildSet(url, await res.text());
    }),
  );
}

/**
 * Downloads one deployment whole, checks that the manifest did not change meanwhile (a deploy
 * in progress), and only then stores it and makes it the active set. Any failure: nothing
 * stored, the previous set stays active.
 */
async function buildSet(manifestUrl: string, text: string): Promise<void> {
  const id = await deploymentId(manifestUrl, text);
  const running = building.get(id);
  if (running) return running;
  const job = downloadSet(manifestUrl, text, id).finally(() => building.delete(id));
  building.set(id, job);
  return job;
}

async function downloadSet(manifestUrl: string, text: string, id: string): Promise<void> {
  if ((await readIndex())[manifestUrl]?.sets.some((s) => s.id === id)) return;
  const manifest = JSON.parse(text) as unknown;
  bases.set(manifestUrl, remoteBase(manifestUrl, manifest));
  const files = remoteSetFiles(manifestUrl, manifest);
  const responses = await Promise.all(
    files.map(async (file) => {
      const res = await fetch(file, { cache: isHashedAsset(file) ? 'default' : 'no-cache', mode: 'cors', credentials: 'omit' });
      if (!res.ok) throw new Error(`${file}: HTTP ${res.status}`);
      return [file, res] as const;
    }),
  );
  const again = await fetch(manifestUrl, { cache: 'no-cache', mode: 'cors', credentials: 'omit' });
  // Redeployed meanwhile: nothing stored; the next visit builds the newer one.
  if (!again.ok || (await deploymentId(manifestUrl, await again.text())) !== id) return;
  const cache = await caches.open(remoteSetCacheName(id));
  await Promise.all(responses.map(([file, res]) => cache.put(file, res)));
  // The manifest last: a set whose manifest is stored is complete.
  await cache.put(manifestUrl, new Response(text, { headers: { 'content-type': 'application/json; charset=utf-8' } }));
  let dropped: string[] = [];
  await updateIndex((index) => {
    const next = withCompleteSet(index, manifestUrl, id, new Date().toISOString());
    dropped = next.dropped;
    return next.index;
  });
  await Promise.all(dropped.map((old) => caches.delete(remoteSetCacheName(old))));
}

function bind(clientId: string, manifestUrl: string, set: string): void {
  if (!clientId) return;
  let perClient = bindings.get(clientId);
  if (!perClient) bindings.set(clientId, (perClient = new Map()));
  perClient.set(manifestUrl, set);
}

/** A remote's mf-manifest.json: the network's when it answers (its set built in the background), else the active set's. */
async function manifestHandler({ request, event }: RouteHandlerCallbackOptions): Promise<Response> {
  const manifestUrl = request.url;
  const clientId = (event as FetchEvent).clientId;
  const entry = (await readIndex())[manifestUrl];
  try {
    const res = await fetchWithTimeout(manifestUrl, { cache: 'no-cache', mode: 'cors', credentials: 'omit' });
    if (!res.ok) {
      if (entry) throw new Error(`HTTP ${res.status}`);
      return res;
    }
    const text = await res.text();
    const id = await deploymentId(manifestUrl, text);
    if (entry?.sets.some((s) => s.id === id)) bind(clientId, manifestUrl, id);
    else {
      bind(clientId, manifestUrl, 'network');
      (event as FetchEvent).waitUntil(buildSet(manifestUrl, text).catch(() => undefined));
    }
    return new Response(text, { headers: { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' } });
  } catch (e) {
    if (!entry) throw e;
    const kept = await (await caches.open(remoteSetCacheName(entry.active))).match(manifestUrl);
    if (!kept) throw e;
    bind(clientId, manifestUrl, entry.active);
    return kept;
  }
}

/** A remote's file: from the set of the manifest this page was given; hashed files from any set. */
async function remoteAssetHandler({ request, event }: RouteHandlerCallbackOptions, manifestUrl: string): Promise<Response> {
  const clientId = (event as FetchEvent).clientId;
  const bound = bindings.get(clientId)?.get(manifestUrl) ?? null;
  const fromSet = async (id: string) => (await caches.open(remoteSetCacheName(id))).match(request.url);
  if (bound && bound !== 'network') {
    const hit = await fromSet(bound);
    if (hit) return hit;
  }
  if (isHashedAsset(request.url)) {
    // Content-addressed: the same name is the same bytes in every deployment.
    const hit = await caches.match(request.url);
    if (hit) return hit;
  }
  let response: Response;
  try {
    response = await fetch(request);
  } catch (e) {
    // Offline with no manifest seen by this page (e.g. the worker restarted): the active set.
    const entry = bound === 'network' ? undefined : (await readIndex())[manifestUrl];
    const hit = entry ? await fromSet(entry.active) : undefined;
    if (hit) return hit;
    throw e;
  }
  // A lazy chunk of the deployment this page runs: kept with its set (content-addressed).
  const set = bound && bound !== 'network' ? bound : bound ? null : ((await readIndex())[manifestUrl]?.active ?? null);
  if (response.ok && isHashedAsset(request.url) && set) {
    const copy = response.clone();
    (event as FetchEvent).waitUntil(
      caches
        .open(remoteSetCacheName(set))
        .then((cache) => cache.put(request.url, copy))
        .catch(() => undefined),
    );
  }
  return response;
}

// On activation: keep config.json and remotes.json, and each remote of the current remotes.json
// (the page that installed the worker read them before the worker was there).
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CONFIG_CACHE);
      await Promise.all(
        ['/config.json', '/remotes.json'].map(async (path) => {
          const res = await fetch(path, { cache: 'no-cache' });
          if (!res.ok) return;
          await cache.put(path, res.clone());
          // Not awaited: activation (and the page's control) does not wait for the downloads.
          if (path === '/remotes.json') void learnRemotes(res).catch(() => undefined);
        }),
      );
    })().catch(() => undefined),
  );
});

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.pathname.endsWith('/mf-manifest.json') && url.href !== `${self.location.origin}/mf-manifest.json`,
  async (options) => {
    const known = await knownBases();
    if (known.has(options.request.url)) return manifestHandler(options);
    return fetch(options.request);
  },
);
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin !== self.location.origin && /\.(js|css)$/.test(url.pathname),
  async (options) => {
    const manifestUrl = manifestForAsset(options.request.url, await knownBases());
    return manifestUrl ? remoteAssetHandler(options, manifestUrl) : fetch(options.request);
  },
);

// -------------------------------------------------------------------------------------- data
async function dataHandler({ request, event }: RouteHandlerCallbackOptions): Promise<Response> {
  const route = dataRoute(new URL(request.url), request.method, request.headers)!;
  const body = request.method === 'POST' ? await request.clone().text() : '';
  const key = dataCacheKey(request.url, request.method, body);
  try {
    const res = await fetch(request);
    if (res.ok) {
      const copy = res.clone();
      (event as FetchEvent).waitUntil(
        (async () => {
          const headers = new Headers(copy.headers);
          headers.set(SAVED_AT_HEADER, new Date().toISOString());
          const stored = new Response(await copy.blob(), { status: copy.status, statusText: copy.statusText, headers });
          await keepAnswer(route.cacheName, route.maxEntries, key, stored);
        })().catch(() => undefined),
      );
    }
    return res;
  } catch (e) {
    const hit = await (await caches.open(route.cacheName)).match(key);
    if (!hit) throw e;
    // Read by the page's data client (the "offline, saved on" note): exposed to the page's CORS read.
    const headers = new Headers(hit.headers);
    headers.set(
      'access-control-expose-headers',
      [headers.get('access-control-expose-headers'), SAVED_AT_HEADER].filter(Boolean).join(', '),
    );
    return new Response(await hit.blob(), { status: hit.status, statusText: hit.statusText, headers });
  }
}
/** Stores answers under the key and with the note a fetched one gets (dataHandler). */
async function keepAnswer(cacheName: string, maxEntries: number, key: string, stored: Response): Promise<void> {
  await (await caches.open(cacheName)).put(key, stored);
  const expiration = new CacheExpiration(cacheName, { maxEntries });
  await expiration.updateTimestamp(key);
  await expiration.expireEntries();
}

/** The first reads a page's HTML carried: anonymous by construction (the serving step reads as anon). */
async function keepFirstReads(reads: FirstRead[]): Promise<void> {
  const anonymous = { get: (name: string) => (name === 'apikey' ? 'anon' : null) };
  for (const read of reads) {
    const route = dataRoute(new URL(read.url), read.method, anonymous);
    if (!route) continue;
    const headers = new Headers({ 'content-type': 'application/json', [SAVED_AT_HEADER]: new Date().toISOString() });
    await keepAnswer(
      route.cacheName,
      route.maxEntries,
      dataCacheKey(read.url, read.method, read.body),
      new Response(read.answer, { status: 200, headers }),
    );
  }
}

for (const method of ['GET', 'POST'] as const) {
  registerRoute(({ url, request }) => dataRoute(url, request.method, request.headers) !== null, dataHandler, method);
}
