/**
 * Pure logic of the service worker's remote sets (docs/offline.md): which files make up one
 * deployment of a remote, and how a deployment is named. No service-worker globals here, so
 * jest tests it directly (shell/sw/__tests__/remote-sets.test.ts).
 *
 * A set is one remote deployment: its mf-manifest.json (the exact text the page was given),
 * its remoteEntry.js and the JS/CSS files of what it exposes. The shared libraries a remote
 * also ships are left out: the shell provides every shared singleton ('loaded-first').
 */

interface AssetList {
  sync?: unknown;
  async?: unknown;
}
interface ManifestShape {
  metaData?: { publicPath?: unknown; remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { assets?: { js?: AssetList; css?: AssetList } }[];
  shared?: { assets?: { js?: AssetList; css?: AssetList } }[];
}

const strings = (x: unknown): string[] => (Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string' && s !== '') : []);

/** Where a remote's files live: its publicPath when absolute, else beside its manifest ('auto'). */
export function remoteBase(manifestUrl: string, manifest: unknown): string {
  const publicPath = (manifest as ManifestShape | null)?.metaData?.publicPath;
  if (typeof publicPath === 'string' && /^https?:\/\//.test(publicPath)) return publicPath.endsWith('/') ? publicPath : `${publicPath}/`;
  return new URL('./', manifestUrl).href;
}

/**
 * The lazy chunks of `@city/shared` (its `webpackChunkName`s): every remote ships its own copy of
 * them, which a page never loads (the shell provides @city/shared). Kept in step with
 * shared/src by shell/sw/__tests__/remote-sets.test.ts.
 */
export const SHARED_LAZY_CHUNKS: readonly string[] = ['category-details', 'i18n-en', 'i18n-hi', 'legal-en', 'legal-hi', 'supabase'];

/** A file's chunk name: `25.8de9e8a3.js` -> `25`, `i18n-en.929e70da.js` -> `i18n-en`. */
const chunkName = (file: string) => /([^/]+?)(\.[0-9a-f]{8})?\.(js|css)$/i.exec(file)?.[1] ?? file;

/**
 * The absolute URLs of one deployment's files besides the manifest: remoteEntry.js first, then
 * each exposed module's sync JS and CSS (what loading it always fetches) and its lazy chunks
 * (the remote's own: a profile's phone step, its offline sender, its report dialog, its strings
 * in the other language), without duplicates. A lazy chunk is first needed when the visitor
 * acts, possibly offline (the sender loads once something is kept, that is, offline), so the
 * set has it from the start. Not the shared libraries a remote also ships, nor the lazy chunks
 * of its own copy of @city/shared (SHARED_LAZY_CHUNKS), which the page never loads.
 * Throws on a manifest that names no remoteEntry (not a federation manifest: nothing is kept).
 */
export function remoteSetFiles(manifestUrl: string, manifest: unknown): string[] {
  const m = manifest as ManifestShape | null;
  const entry = m?.metaData?.remoteEntry;
  if (!entry || typeof entry.name !== 'string' || !entry.name) throw new Error('not a federation manifest: no remoteEntry');
  const base = remoteBase(manifestUrl, manifest);
  const path = typeof entry.path === 'string' && entry.path ? `${entry.path.replace(/\/$/, '')}/` : '';
  const files = [`${path}${entry.name}`];
  const sharedFiles = new Set(
    (Array.isArray(m.shared) ? m.shared : []).flatMap((s) =>
      [s?.assets?.js, s?.assets?.css].flatMap((kind) => [...strings(kind?.sync), ...strings(kind?.async)]),
    ),
  );
  const ownLazy = (f: string) => !sharedFiles.has(f) && !SHARED_LAZY_CHUNKS.includes(chunkName(f));
  for (const expose of Array.isArray(m.exposes) ? m.exposes : []) {
    for (const kind of [expose?.assets?.js, expose?.assets?.css]) files.push(...strings(kind?.sync));
    for (const kind of [expose?.assets?.js, expose?.assets?.css]) files.push(...strings(kind?.async).filter(ownLazy));
  }
  return [...new Set(files.map((f) => new URL(f, base).href))];
}

/** File names with a content hash never change: safe to serve from any set (see isHashedAsset). */
export const isHashedAsset = (url: string) => /\.[0-9a-f]{8}\.(js|css)$/.test(new URL(url).pathname);

/** Hex SHA-256 of a string (crypto.subtle: the service worker and Node both have it). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * What a set holds, in this worker's version: a worker that keeps more of a deployment (2: its
 * lazy chunks) names every set anew, so a set an older worker kept is rebuilt whole when the page
 * next reaches the network (and served offline meanwhile).
 */
const SET_FORMAT = 2;

/**
 * A deployment's identity: the manifest's URL and exact text. The build version in the
 * manifest (the package version) does not change on every build, the text does: every
 * chunk's file name in it carries its content hash. With the set format: a new format is a new set.
 */
export const deploymentId = (manifestUrl: string, manifestText: string) => sha256Hex(`${SET_FORMAT}\n${manifestUrl}\n${manifestText}`);

/** The Cache Storage name of one deployment's set. */
export const remoteSetCacheName = (id: string) => `city-remote-${id.slice(0, 20)}`;

/** What the worker remembers per manifest URL (persisted as JSON in Cache Storage). */
interface RemoteIndexEntry {
  /** The complete set served when the network cannot answer: the newest complete one. */
  active: string;
  /** Complete sets, newest last; at most KEEP_SETS (a page still open on the older one can finish). */
  sets: { id: string; savedAt: string }[];
}
export type RemoteIndex = Record<string, RemoteIndexEntry>;
const KEEP_SETS = 2;

/**
 * The index after a set became complete: it is now the active one, and sets beyond KEEP_SETS
 * are dropped (their caches are to be deleted: `dropped`).
 */
export function withCompleteSet(
  index: RemoteIndex,
  manifestUrl: string,
  id: string,
  savedAt: string,
): { index: RemoteIndex; dropped: string[] } {
  const previous = index[manifestUrl]?.sets.filter((s) => s.id !== id) ?? [];
  const sets = [...previous, { id, savedAt }];
  const keep = sets.slice(-KEEP_SETS);
  const dropped = sets.slice(0, -KEEP_SETS).map((s) => s.id);
  return { index: { ...index, [manifestUrl]: { active: id, sets: keep } }, dropped };
}

/** The manifest URL whose files `url` belongs to (the longest matching base), or null. */
export function manifestForAsset(url: string, bases: ReadonlyMap<string, string>): string | null {
  let best: string | null = null;
  let bestLength = -1;
  for (const [manifestUrl, base] of bases) {
    if (url.startsWith(base) && base.length > bestLength) {
      best = manifestUrl;
      bestLength = base.length;
    }
  }
  return best;
}

/**
 * The remotes of remotes.json (name, manifest URL) worth keeping offline: every one but the
 * operators' console. `only`: just these names.
 */
export function offlineRemotes(remotesJson: unknown, only?: ReadonlySet<string>): [name: string, manifestUrl: string][] {
  if (!remotesJson || typeof remotesJson !== 'object') return [];
  return Object.entries(remotesJson as Record<string, unknown>).filter(
    (e): e is [string, string] => typeof e[1] === 'string' && /^https?:\/\//.test(e[1]) && e[0] !== 'mf_admin' && (!only || only.has(e[0])),
  );
}
