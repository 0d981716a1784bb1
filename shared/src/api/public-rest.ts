// Reads of the public REST API as one request description (a PublicTarget, declared once:
// contracts/page-reads.ts or the remote's api/), sent as a plain GET of a table or view or a
// plain POST of a function: with the public (anon) key as supabase-js sends them without a
// session (same URL, headers and body, so the service worker's data cache keys them alike), or
// with the session's token. Without a session supabase-js (57 KiB gzip) is not downloaded for
// them: only a write or a sign-in needs it (docs/performance.md).
import { getRuntimeConfig } from '../config/runtime-config-store';
import { hasStoredPhoneSession, hasStoredSession, hasSupabaseClient } from '../supabase/client';
import { dataClient } from './client';
import { toApiError } from './errors';
import { noteDataResponse } from '../offline/offline-store';
import {
  buildPublicRequest,
  takeFirstRead,
  type PublicQuery,
  type PublicRequest,
  type PublicTarget,
} from '../contracts/public-rest-request';

export interface PublicRequestOptions {
  /** Aborts the request; the promise then rejects with the signal's reason (an AbortError). */
  signal?: AbortSignal;
  /** Defaults to the page's fetch. */
  fetchImpl?: typeof fetch;
  /** Whether the page's first reads (answered in its HTML, as the anon role) may answer it. */
  takeFirstRead?: boolean;
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

const isAbort = (e: unknown, signal?: AbortSignal) => Boolean(signal?.aborted) || (e instanceof Error && e.name === 'AbortError');

/**
 * Sends a request (buildPublicRequest) and returns its JSON body. An HTTP error becomes
 * the ApiError of its PostgREST body (toApiError), a request that cannot be sent a network
 * ApiError; an abort rejects with the AbortError itself. The same request answered in the page's
 * first HTML (takeFirstReadsFromDocument) is answered from there, once.
 */
export async function sendPublicRequest<T>(request: PublicRequest, options: PublicRequestOptions = {}): Promise<T> {
  const { signal, fetchImpl = fetch, takeFirstRead: mayTakeFirstRead = true } = options;
  const { url, init } = request;
  let res: Response;
  try {
    // The same read answered in the first HTML, if any: its answer, once.
    const early = signal?.aborted || !mayTakeFirstRead ? null : takeFirstRead(request);
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

/** The signed-in session's access token (supabase-js refreshes it when due), or null. */
async function sessionAccessToken(): Promise<string | null> {
  const { data } = await (await dataClient()).auth.getSession();
  return data.session?.access_token ?? null;
}

/**
 * Sends one declared request and returns its JSON body: anonymously when canReadAnonymously()
 * (the first HTML's answer taken once), else with the session's token (an operator, who may see
 * more rows, e.g. a pending profile). Errors as sendPublicRequest.
 */
export async function sendRest<T>(target: PublicTarget, options: PublicRequestOptions = {}): Promise<T> {
  const config = getRuntimeConfig();
  if (canReadAnonymously()) return sendPublicRequest<T>(buildPublicRequest(target, config), options);
  const token = await sessionAccessToken();
  return sendPublicRequest<T>(buildPublicRequest(target, config, token ?? undefined), { ...options, takeFirstRead: false });
}

/** Rows of a table or view (a declared read whose answer is an array). */
export async function sendRestRows<T>(target: PublicTarget, options?: PublicRequestOptions): Promise<T[]> {
  const body = await sendRest<unknown>(target, options);
  return Array.isArray(body) ? (body as T[]) : [];
}

/**
 * @deprecated Use sendRestRows with a declared read. Kept for remotes built against
 * @city/shared 2.7 or older, which call it at run time through the shared singleton.
 * @public
 */
export function publicSelect<T>(table: string, query: PublicQuery, options?: PublicRequestOptions): Promise<T[]> {
  return sendRestRows<T>({ table, query }, options);
}

/**
 * @deprecated Use sendRest with a declared read. Kept for remotes built against @city/shared
 * 2.7 or older, which call it at run time through the shared singleton.
 * @public
 */
export function publicRpc<T>(fn: string, args: Record<string, unknown>, options?: PublicRequestOptions): Promise<T> {
  return sendRest<T>({ rpc: fn, args }, options);
}
