import { parseRuntimeConfig, type RuntimeConfig } from '../contracts/runtime-config';

/**
 * The page's one runtime configuration. The shell (or a remote's standalone harness)
 * loads it once; every module reads it from here because @city/shared is a singleton.
 */
let current: RuntimeConfig | null = null;

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration has not been loaded yet');
  return current;
}

export type ConfigLoadFailure = { kind: 'missing' | 'malformed' | 'invalid'; detail: string };

/** Fetches and validates `config.json`; never throws, so the caller can show a clear message. */
export async function loadRuntimeConfig(
  url: string,
  fetchImpl: typeof fetch = fetch,
): Promise<{ ok: true; config: RuntimeConfig } | { ok: false; failure: ConfigLoadFailure }> {
  let response: Response;
  try {
    response = await fetchImpl(url, { cache: 'no-cache' });
  } catch (e) {
    return { ok: false, failure: { kind: 'missing', detail: String(e) } };
  }
  if (!response.ok) return { ok: false, failure: { kind: 'missing', detail: `HTTP ${response.status}` } };
  let json: unknown;
  try {
    json = await response.json();
  } catch (e) {
    return { ok: false, failure: { kind: 'malformed', detail: String(e) } };
  }
  try {
    const config = parseRuntimeConfig(json);
    setRuntimeConfig(config);
    return { ok: true, config };
  } catch (e) {
    return { ok: false, failure: { kind: 'invalid', detail: (e as Error).message } };
  }
}
