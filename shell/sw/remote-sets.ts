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
}

const strings = (x: unknown): string[] => (Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string' && s !== '') : []);

/** Where a remote's files live: its publicPath when absolute, else beside its manifest ('auto'). */
export function remoteBase(manifestUrl: string, manifest: unknown): string {
  const publicPath = (manifest as ManifestShape | null)?.metaData?.publicPath;
  if (typeof publicPath === 'string' && /^https?:\/\//.test(publicPath)) return publicPath.endsWith('/') ? publicPath : `${publicPath}/`;
  return new URL('./', manifestUrl).href;
}

/** A remote's own strings chunk (`webpackChunkName: "i18n-<lang>-<namespace>"` in its src/locales). */
const REMOTE_STRINGS_CHUNK = /(^|\/)i18n-[a-z]{2}-[a-z0-9-]+\.[0-9a-f]{8}\.js$/i;

/**
 * The absolute URLs of one deployment's files besides the manifest: remoteEntry.js first, then
 * each exposed module's sync JS and CSS (what loading it always fetches) and its own strings in
 * the other language (a page in that language needs them before the remote renders), without
 * duplicates. Not the other async chunks: here they are the lazy chunks of @city/shared's own
 * copy in the remote (`i18n-en`, legal texts, catalogue details), which the page never loads
 * (the shell provides @city/shared); a lazy chunk the page does load is added to the set when it
 * is fetched.
 * Throws on a manifest that names no remoteEntry (not a federation manifest: nothing is kept).
 */
export function remoteSetFiles(manifestUrl: string, manifest: unknown): string[] {
  const m = manifest as ManifestShape | null;
  const entry = m?.metaData?.remoteEntry;
  if (!entry || typeof entry.name !== 'string' || !entry.name) throw new Error('not a federation manifest: no remoteEntry');
  const base = remoteBase(manifestUrl, manifest);
  const path = typeof entry.path === 'string' && entry.path ? `${entry.path.replace(/\/$/, '')}/` : '';
  const files = [`${path}${entry.name}`];
  for (const expose of Array.isArray(m.exposes) ? m.exposes : []) {
    for (const kind of [expose?.assets?.js, expose?.assets?.css]) files.push(...strings(kind?.sync));
    // The remote's own strings in another language (`i18n-<lang>-<namespace>` chunks: English
    // for a Hindi build's remote): loaded before the remote renders on a page in that language.
    files.push(...strings(expose?.assets?.js?.async).filter((f) => REMOTE_STRINGS_CHUNK.test(f)));
  }
  return [...new Set(files.map((f) => new URL(f, base).href))];
}

/** File names with a content hash never change: safe to serve from any set (see isHashedAsset). */
export const isHashedAsset = (url: string) => /\.[0-9a-f]{8}\.(js|css)$/.test(new URL(url).pathname);

/** Hex SHA-256 of a string (crypto.subtle: the service worker and Node 20 both have it). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A deployment's identity: the manifest's URL and exact text. The build version in the
 * manifest (the package version) does not change on every build, the text does: every
 * chunk's file name in it carries its content hash.
 */
export const deploymentId = (manifestUrl: string, manifestText: string) => sha256Hex(`${manifestUrl}\n${manifestText}`);

/** The Cache Storage name of one deployment's set. */
export const remoteSetCacheName = (id: string) => `city-remote-${id.slice(0, 20)}`;

/** What the worker remembers per manifest URL (persisted as JSON in Cache Storage). */
export interface RemoteIndexEntry {
  /** The complete set served when the network cannot answer: the newest complete one. */
  active: string;
  /** Complete sets, newest last; at most KEEP_SETS (a page still open on the older one can finish). */
  sets: { id: string; savedAt: string }[];
}
export type RemoteIndex = Record<string, RemoteIndexEntry>;
export const KEEP_SETS = 2;

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
