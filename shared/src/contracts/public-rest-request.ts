// The request of a read of the public REST API, and the hand-over of the first reads the
// serving layer answered in the page's HTML: the shell's entry chunk (which must not load the
// '@city/shared' singleton) takes them from the document, and the remote's same read
// (public-rest's sendPublicRequest) takes that answer once instead of asking. Plain code, no
// shared state but one global of the page (the entry and the singleton are two copies of this
// module).

export type PublicQuery = Record<string, string> | ReadonlyArray<readonly [string, string]>;

export type PublicTarget = { table: string; query?: PublicQuery } | { rpc: string; args?: Record<string, unknown> };

export interface PublicRequest {
  url: string;
  init: RequestInit;
}

/**
 * `GET /rest/v1/<table>?<query>` or, with `rpc`, `POST /rest/v1/rpc/<fn>` with the arguments as
 * JSON, with the public key as apikey and as bearer (what supabase-js sends without a session),
 * or the session's access token as bearer (what it sends with one).
 */
export function buildPublicRequest(
  target: PublicTarget,
  config: { supabaseUrl: string; supabaseAnonKey: string },
  accessToken?: string,
): PublicRequest {
  const base = `${config.supabaseUrl.replace(/\/+$/, '')}/rest/v1`;
  const headers: Record<string, string> = {
    apikey: config.supabaseAnonKey,
    Authorization: `Bearer ${accessToken ?? config.supabaseAnonKey}`,
    Accept: 'application/json',
  };
  if ('rpc' in target) {
    return {
      url: `${base}/rpc/${encodeURIComponent(target.rpc)}`,
      init: { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(target.args ?? {}) },
    };
  }
  const query = new URLSearchParams(target.query as Record<string, string> | [string, string][] | undefined).toString();
  return { url: `${base}/${encodeURIComponent(target.table)}${query ? `?${query}` : ''}`, init: { method: 'GET', headers } };
}

/** A first read is taken only this soon after the page handed it over (else the read asks again). */
const HANDED_OVER_MAX_AGE_MS = 15_000;

const GLOBAL_KEY = '__cityFirstReads';

type HandedOverReads = Map<string, { at: number; response: Promise<Response> }>;

function handedOverReads(): HandedOverReads | null {
  // The page's global (window; this module is also type-checked by programs without the DOM).
  const g = globalThis as unknown as Record<string, HandedOverReads | undefined> & { document?: unknown };
  if (typeof g.document === 'undefined') return null;
  return (g[GLOBAL_KEY] ??= new Map());
}

const keyOf = ({ url, init }: PublicRequest) => `${init.method ?? 'GET'} ${url} ${typeof init.body === 'string' ? init.body : ''}`;

/** What identifies a read (method, URL, body): the serving step keys the first reads it embeds by it. */
export const firstReadKey = keyOf;

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
  const reads = handedOverReads();
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

/** The first read answered for the same request, once; null when there is none (or it is old). */
export function takeFirstRead(request: PublicRequest): Promise<Response> | null {
  const reads = handedOverReads();
  const key = keyOf(request);
  const early = reads?.get(key);
  if (!reads || !early) return null;
  reads.delete(key);
  return Date.now() - early.at <= HANDED_OVER_MAX_AGE_MS ? early.response : null;
}
