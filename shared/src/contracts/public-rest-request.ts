// The request of an anonymous read of the public REST API, and the hand-over of one started
// early: the shell's entry chunk (which must not load the '@city/shared' singleton) starts a
// page's first read as soon as config.json arrives, and the remote's read (public-rest's
// sendPublicRequest) takes that answer instead of asking again. Plain code, no shared state
// but one global of the page (the entry and the singleton are two copies of this module).

export type PublicQuery = Record<string, string> | ReadonlyArray<readonly [string, string]>;

export type PublicTarget = { table: string; query?: PublicQuery } | { rpc: string; args?: Record<string, unknown> };

export interface PublicRequest {
  url: string;
  init: RequestInit;
}

/**
 * `GET /rest/v1/<table>?<query>` or, with `rpc`, `POST /rest/v1/rpc/<fn>` with the arguments as
 * JSON, with the public key as apikey and bearer (what supabase-js sends without a session).
 */
export function buildPublicRequest(target: PublicTarget, config: { supabaseUrl: string; supabaseAnonKey: string }): PublicRequest {
  const base = `${config.supabaseUrl.replace(/\/+$/, '')}/rest/v1`;
  const headers: Record<string, string> = {
    apikey: config.supabaseAnonKey,
    Authorization: `Bearer ${config.supabaseAnonKey}`,
    Accept: 'application/json',
  };
  if ('rpc' in target) {
    return {
      url: `${base}/rpc/${encodeURIComponent(target.rpc)}`,
      init: { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(target.args ?? {}) },
    };
  }
  const query = new URLSearchParams(target.query as Record<string, string> | string[][] | undefined).toString();
  return { url: `${base}/${encodeURIComponent(target.table)}${query ? `?${query}` : ''}`, init: { method: 'GET', headers } };
}

/** An early answer is taken only this soon after it was started (else the read asks again). */
export const EARLY_READ_MAX_AGE_MS = 15_000;

const GLOBAL_KEY = '__cityEarlyReads';

type EarlyReads = Map<string, { at: number; response: Promise<Response> }>;

function earlyReads(): EarlyReads | null {
  // The page's global (window; this module is also type-checked by programs without the DOM).
  const g = globalThis as unknown as Record<string, EarlyReads | undefined> & { document?: unknown };
  if (typeof g.document === 'undefined') return null;
  return (g[GLOBAL_KEY] ??= new Map());
}

const keyOf = ({ url, init }: PublicRequest) => `${init.method ?? 'GET'} ${url} ${typeof init.body === 'string' ? init.body : ''}`;

/** Starts a read now (the entry chunk), for the same request made later to take once. */
export function startEarlyRead(request: PublicRequest, fetchImpl: typeof fetch = fetch): void {
  const reads = earlyReads();
  if (!reads) return;
  const response = fetchImpl(request.url, request.init);
  response.catch(() => undefined); // the taker asks again
  reads.set(keyOf(request), { at: Date.now(), response });
}

/** The answer of the same request started early, once; null when there is none (or it is old). */
export function takeEarlyRead(request: PublicRequest): Promise<Response> | null {
  const reads = earlyReads();
  const key = keyOf(request);
  const early = reads?.get(key);
  if (!reads || !early) return null;
  reads.delete(key);
  return Date.now() - early.at <= EARLY_READ_MAX_AGE_MS ? early.response : null;
}
