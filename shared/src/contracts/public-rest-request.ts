// The request of an anonymous read of the public REST API, and the hand-over of one started
// early: the shell's entry chunk (which must not load the '@city/shared' singleton) starts a
// page's first read as soon as config.json arrives, and the remote's read (public-rest's
// sendPublicRequest) takes that answer instead of asking again. Plain code, no shared state
// but one global of the page (the entry and the singleton are two copies of this module).

export type PublicQuery = Record<string, string> | ReadonlyArray<readonly [string, string]>;

export type PublicTarget = { table: string; query?: PublicQuery } | { rpc: string; args?: Record<string, unknown> };

/**
 * The columns the profile reads of a provider row (mf-provider-profile/src/api/provider.ts), the
 * one list the serving step's first read (shell/server/first-reads.ts) sends too, so the two are
 * the same request. Every public column (ProviderFields: `number_caution` with the rest).
 */
export const PROFILE_PROVIDER_COLUMNS = '*';

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

/** What identifies a read (method, URL, body): the serving step keys the first reads it embeds by it. */
export const earlyReadKey = keyOf;

/** The id of the first HTML's `<script type="application/json">` with the page's first reads. */
export const FIRST_READS_ELEMENT_ID = 'first-reads';

/** An HTML whose first reads are older than this by the device's clock (kept by the service worker) is not believed. */
export const FIRST_READS_MAX_AGE_MS = 5 * 60_000;

/** The first reads the serving step embeds: each answer by its read's key, and when it read them. */
export interface FirstReads {
  at: number;
  reads: { key: string; status: number; body: string }[];
}

/**
 * Takes the first reads the serving step wrote into the page's HTML (a profile's row, rating
 * summary and reviews; a search's first page) as early reads, for the remotes' same requests to
 * take once: their data came with the HTML, with no request of their own. Anything malformed or
 * too old is ignored (the remotes then ask for themselves).
 */
export function takeFirstReadsFromDocument(doc: { getElementById(id: string): { textContent: string | null } | null }): void {
  const reads = earlyReads();
  const element = doc.getElementById(FIRST_READS_ELEMENT_ID);
  if (!reads || !element) return;
  let data: Partial<FirstReads> | null;
  try {
    data = JSON.parse(element.textContent ?? '') as Partial<FirstReads> | null;
  } catch {
    return;
  }
  if (!data || !(Math.abs(Date.now() - Number(data.at)) <= FIRST_READS_MAX_AGE_MS) || !Array.isArray(data.reads)) return;
  for (const read of data.reads) {
    if (typeof read?.key !== 'string' || typeof read.body !== 'string' || typeof read.status !== 'number') continue;
    const response = new Response(read.body, { status: read.status, headers: { 'Content-Type': 'application/json' } });
    reads.set(read.key, { at: Date.now(), response: Promise.resolve(response) });
  }
}

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
