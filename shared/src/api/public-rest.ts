// Anonymous reads of the public REST API without supabase-js (57 KiB gzip): a plain GET of a
// table or view, a plain POST of a read-only function, with the public (anon) key, as
// supabase-js sends them without a session (same URL, headers and body, so the service
// worker's data cache keys them alike). A page's first reads use these, and supabase-js is
// downloaded only when a write or a signed-in read needs it (docs/performance.md).
import { getRuntimeConfig } from '../config/runtime-config-store';
import { hasStoredPhoneSession, hasStoredSession, hasSupabaseClient } from '../supabase/client';
import { toApiError } from './errors';
import { noteDataResponse } from '../offline/offline-store';
import {
  buildPublicRequest,
  takeEarlyRead,
  type PublicQuery,
  type PublicRequest,
  type PublicTarget,
} from '../contracts/public-rest-request';

export interface PublicRequestOptions {
  /** Aborts the request; the promise then rejects with the signal's reason (an AbortError). */
  signal?: AbortSignal;
  /** Defaults to the page's fetch. */
  fetchImpl?: typeof fetch;
}

/**
 * Whether a read can go as a plain anonymous request: no session is stored and the page has no
 * supabase-js client yet (once it has one, it costs nothing more to use it), or the stored
 * session is a phone's (a visitor who rated, a provider): public data reads the same for it, and
 * anonymous reads are the ones the service worker keeps for offline and the first HTML answers.
 * A signed-in operator (who may see more rows, e.g. a pending profile) reads through supabase-js
 * with its token.
 */
export function canReadAnonymously(): boolean {
  return hasStoredSession() ? hasStoredPhoneSession() : !hasSupabaseClient();
}

/**
 * The request of an anonymous read, without sending it: `GET /rest/v1/<table>?<query>` or,
 * with `rpc`, `POST /rest/v1/rpc/<fn>` with the arguments as JSON.
 */
export function publicRestRequest(
  target: PublicTarget,
  config: { supabaseUrl: string; supabaseAnonKey: string } = getRuntimeConfig(),
): PublicRequest {
  return buildPublicRequest(target, config);
}

const isAbort = (e: unknown, signal?: AbortSignal) => Boolean(signal?.aborted) || (e instanceof Error && e.name === 'AbortError');

/**
 * Sends a request built by publicRestRequest and returns its JSON body. An HTTP error becomes
 * the ApiError of its PostgREST body (toApiError), a request that cannot be sent a network
 * ApiError; an abort rejects with the AbortError itself. The same request started early by the
 * shell's entry chunk (startEarlyRead), or answered in the page's first HTML (takeFirstReadsFromDocument), is answered from there, once.
 */
export async function sendPublicRequest<T>(request: PublicRequest, options: PublicRequestOptions = {}): Promise<T> {
  const { signal, fetchImpl = fetch } = options;
  const { url, init } = request;
  let res: Response;
  try {
    // The same read answered in the first HTML (or started early), if any: its answer, once.
    const early = signal?.aborted ? null : takeEarlyRead(request);
    res = early ? await early.catch(() => fetchImpl(url, { ...init, signal })) : await fetchImpl(url, { ...init, signal });
  } catch (e) {
    if (isAbort(e, signal)) throw e;
    throw toApiError({ message: e instanceof Error ? e.message : String(e) }, 0);
  }
  // An answer the service worker kept from an earlier visit sets the "offline, saved on" note.
  noteDataResponse(res);
  let text: string;
  try {
    text = await res.text();
  } catch (e) {
    if (isAbort(e, signal)) throw e;
    throw toApiError({ message: e instanceof Error ? e.message : String(e) }, 0);
  }
  let body: unknown = null;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = null;
  }
  if (!res.ok) {
    const error = body && typeof body === 'object' ? (body as { message?: string; code?: string; details?: string }) : null;
    throw toApiError(error?.message ? error : { ...error, message: res.statusText || `HTTP ${res.status}` }, res.status);
  }
  return body as T;
}

/** Rows of a table or view, read anonymously (GET /rest/v1/<table>?<query>). */
export async function publicSelect<T>(table: string, query: PublicQuery, options?: PublicRequestOptions): Promise<T[]> {
  const body = await sendPublicRequest<unknown>(publicRestRequest({ table, query }), options);
  return Array.isArray(body) ? (body as T[]) : [];
}

/** The answer of a read-only database function, called anonymously (POST /rest/v1/rpc/<fn>). */
export function publicRpc<T>(fn: string, args: Record<string, unknown>, options?: PublicRequestOptions): Promise<T> {
  return sendPublicRequest<T>(publicRestRequest({ rpc: fn, args }), options);
}
