import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  currentLanguage,
  ensureLanguage,
  parseRemotesManifest,
  REMOTE_NAMES,
  type RemoteModuleId,
  type RemoteModules,
  type RemoteName,
  type RemotesManifest,
} from '@city/shared';
import { ensureRuntimePlugins, fetchOrTakeEarly } from './startup-preload';

let manifest: RemotesManifest | null = null;

export async function loadRemotesManifest(
  url: string,
): Promise<{ ok: true; manifest: RemotesManifest } | { ok: false; failure: 'missing' | 'invalid'; detail: string }> {
  let response: Response;
  try {
    // The entry chunk may have asked already (startup-preload.ts): one request, not two.
    response = await fetchOrTakeEarly(url, { cache: 'no-cache' });
  } catch (e) {
    return { ok: false, failure: 'missing', detail: String(e) };
  }
  if (!response.ok) return { ok: false, failure: 'missing', detail: `HTTP ${response.status}` };
  try {
    return { ok: true, manifest: parseRemotesManifest(await response.json()) };
  } catch (e) {
    return { ok: false, failure: 'invalid', detail: (e as Error).message };
  }
}

/** Points the federation runtime at the deployed remotes (read at run time, no rebuild). */
export function registerRemoteManifest(next: RemotesManifest): void {
  manifest = next;
  ensureRuntimePlugins();
  // A remote the entry chunk already registered for preloading keeps that (same) entry.
  registerRemotes(REMOTE_NAMES.map((name) => ({ name, entry: next[name] })));
}

export class RemoteLoadError extends Error {
  constructor(
    public readonly remote: RemoteName,
    cause: unknown,
  ) {
    super(`Remote ${remote} could not be loaded: ${String((cause as Error)?.message ?? cause)}`);
    this.name = 'RemoteLoadError';
  }
}

export const remoteOf = (id: RemoteModuleId) => id.split('/')[0] as RemoteName;

/**
 * A remote's component, with its strings for the current language in. The remote adds its own
 * i18n namespace when it loads: Hindi inside its code, English a chunk of its own (a loader),
 * so on an English page that chunk is downloaded here before the component renders (no key is
 * ever shown); on a Hindi page nothing is pending and this costs nothing. A failure (the remote
 * is down, it was built against an incompatible @city/shared and the federation runtime refuses
 * it, or its strings cannot be downloaded) is a RemoteLoadError: the slot's fallback + Retry.
 */
export async function loadRemoteComponent<K extends RemoteModuleId>(id: K): Promise<ComponentType<RemoteModules[K]>> {
  const remote = remoteOf(id);
  let mod: { default?: ComponentType<RemoteModules[K]> } | null;
  try {
    mod = await loadRemote<{ default?: ComponentType<RemoteModules[K]> }>(id);
  } catch (e) {
    throw new RemoteLoadError(remote, e);
  }
  if (!mod?.default) throw new RemoteLoadError(remote, 'no default export');
  try {
    await ensureLanguage(currentLanguage());
  } catch (e) {
    throw new RemoteLoadError(remote, e);
  }
  return mod.default;
}

/**
 * Forgets what the runtime cached about a remote (its manifest, entry and modules), so the
 * next load really goes back to the network: used by Retry after a failure.
 */
export function forgetRemote(name: RemoteName): void {
  if (!manifest) return;
  registerRemotes([{ name, entry: manifest[name] }], { force: true });
}
