// Declared reads sent without supabase-js: the request as supabase-js would send it (with the
// public key, or the session's token), errors as ApiErrors, aborts as aborts.
import type { SupabaseClient } from '@supabase/supabase-js';
import { setRuntimeConfig } from '../../config/runtime-config-store';
import type { RuntimeConfig } from '../../contracts/runtime-config';
import { AUTH_STORAGE_KEY, setSupabaseClient } from '../../supabase/client';
import { ApiError } from '../errors';
import { offlineStore, SAVED_AT_HEADER } from '../../offline/offline-store';
import { canReadAnonymously, sendRest, sendRestRows } from '../public-rest';
import {
  buildPublicRequest,
  FIRST_READS_ELEMENT_ID,
  firstReadKey,
  takeFirstReadsFromDocument,
  type PublicQuery,
  type PublicTarget,
} from '../../contracts/public-rest-request';

const KEY = 'anon-key-123';
const publicRestRequest = (target: PublicTarget, config = { supabaseUrl: 'https://db.example.in/', supabaseAnonKey: KEY }) =>
  buildPublicRequest(target, config);
const publicSelect = (table: string, query: PublicQuery, options?: Parameters<typeof sendRest>[1]) =>
  sendRestRows({ table, query }, options);
const publicRpc = (rpc: string, args: Record<string, unknown>, options?: Parameters<typeof sendRest>[1]) =>
  sendRest({ rpc, args }, options);

beforeEach(() => {
  localStorage.clear();
  setRuntimeConfig({ supabaseUrl: 'https://db.example.in/', supabaseAnonKey: KEY } as RuntimeConfig);
});
afterEach(() => setSupabaseClient(null));

/** A fetch answering once like the server would (jsdom has no Response: the fields read). */
const answer = (status: number, body: unknown, statusText = '') =>
  jest.fn<Promise<Response>, [string, RequestInit?]>().mockResolvedValue({
    ok: status >= 200 && status < 300,
    status,
    statusText,
    headers: new Map<string, string>() as unknown as Headers,
    text: async () => (body === undefined ? '' : JSON.stringify(body)),
  } as Response);

describe('buildPublicRequest', () => {
  it('builds a GET of a table with the query and the public key as apikey and bearer', () => {
    const { url, init } = publicRestRequest({
      table: 'reviews',
      query: [
        ['select', 'id,review_text'],
        ['provider_id', 'eq.42'],
        ['or', '(a.is.null,b.eq.1)'],
        ['or', '(c.is.null)'],
      ],
    });
    expect(url).toBe(
      'https://db.example.in/rest/v1/reviews?select=id%2Creview_text&provider_id=eq.42&or=%28a.is.null%2Cb.eq.1%29&or=%28c.is.null%29',
    );
    expect(init).toEqual({ method: 'GET', headers: { apikey: KEY, Authorization: `Bearer ${KEY}`, Accept: 'application/json' } });
  });

  it('builds a POST of a function with its arguments as JSON', () => {
    const { url, init } = publicRestRequest({ rpc: 'search_providers', args: { p_query: 'nal', p_limit: 20 } });
    expect(url).toBe('https://db.example.in/rest/v1/rpc/search_providers');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"p_query":"nal","p_limit":20}');
    expect(init.headers).toEqual({
      apikey: KEY,
      Authorization: `Bearer ${KEY}`,
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
  });

  it('takes an explicit configuration (the entry chunk has no runtime store yet)', () => {
    const { url } = publicRestRequest({ table: 'service_providers' }, { supabaseUrl: 'http://127.0.0.1:54321', supabaseAnonKey: 'k' });
    expect(url).toBe('http://127.0.0.1:54321/rest/v1/service_providers');
  });
});

describe('sendRest and sendRestRows, anonymously', () => {
  it('return the JSON answer', async () => {
    const rows = [{ id: 'a' }, { id: 'b' }];
    const fetchImpl = answer(200, rows);
    await expect(publicSelect('reviews', { select: 'id' }, { fetchImpl: fetchImpl as unknown as typeof fetch })).resolves.toEqual(rows);
    const rpcFetch = answer(200, [{ provider_id: 'a', avg_rating: '4.5' }]);
    await expect(
      publicRpc('get_average_ratings', { p_provider_ids: ['a'] }, { fetchImpl: rpcFetch as unknown as typeof fetch }),
    ).resolves.toEqual([{ provider_id: 'a', avg_rating: '4.5' }]);
    expect(rpcFetch.mock.calls[0]![1]!.method).toBe('POST');
  });

  it("turn PostgREST's error body into an ApiError with its code, status and details", async () => {
    const fetchImpl = answer(400, { code: '22P02', message: 'invalid input syntax for type uuid', details: 'p_provider_id' });
    const error = await publicRpc('get_average_ratings', {}, { fetchImpl: fetchImpl as unknown as typeof fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: '22P02', status: 400, details: 'p_provider_id', message: 'invalid input syntax for type uuid' });
    expect((error as ApiError).isInvalid).toBe(true);
  });

  it('name the HTTP status when the error has no body (e.g. a proxy answered)', async () => {
    const error = await publicSelect(
      'reviews',
      {},
      { fetchImpl: answer(503, undefined, 'Service Unavailable') as unknown as typeof fetch },
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '503', status: 503, message: 'Service Unavailable' });
  });

  it('report an unreachable server as a network ApiError', async () => {
    const fetchImpl = jest.fn<Promise<Response>, [string, RequestInit?]>().mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await publicSelect('reviews', {}, { fetchImpl: fetchImpl as unknown as typeof fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetwork).toBe(true);
  });

  it('pass the signal on and reject with the abort itself, not as an ApiError', async () => {
    const controller = new AbortController();
    const fetchImpl = jest.fn((_url: string, init?: RequestInit) => {
      return new Promise<Response>((_resolve, reject) => {
        init!.signal!.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      });
    });
    const pending = publicRpc(
      'search_providers',
      { p_query: 'nal' },
      { signal: controller.signal, fetchImpl: fetchImpl as unknown as typeof fetch },
    );
    expect(fetchImpl.mock.calls[0]![1]!.signal).toBe(controller.signal);
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('canReadAnonymously', () => {
  it('is true for a visitor without a session before supabase-js is loaded', () => {
    expect(canReadAnonymously()).toBe(true);
  });

  it("is false when an operator's (e-mail) session is stored: it reads with its token", () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{"access_token":"x"}');
    expect(canReadAnonymously()).toBe(false);
    localStorage.setItem(AUTH_STORAGE_KEY, '{"access_token":"x","user":{"email":"op@example.in","app_metadata":{"role":"admin"}}}');
    expect(canReadAnonymously()).toBe(false);
  });

  it('is true with a phone session stored (a visitor who rated), client or not: public data reads the same, and the offline cache and the first HTML keep anonymous reads', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{"access_token":"x","user":{"phone":"919876543210","app_metadata":{}}}');
    expect(canReadAnonymously()).toBe(true);
    setSupabaseClient({} as SupabaseClient);
    expect(canReadAnonymously()).toBe(true);
  });

  it('is false once the page has a supabase-js client (no download to save)', () => {
    setSupabaseClient({} as SupabaseClient);
    expect(canReadAnonymously()).toBe(false);
  });
});

describe('sendRest with a session', () => {
  const signedIn = (accessToken: string) =>
    setSupabaseClient({
      auth: { getSession: async () => ({ data: { session: { access_token: accessToken } } }) },
    } as unknown as SupabaseClient);

  it("sends the operator's token as bearer, with the public key as apikey: the same request otherwise", async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{"access_token":"op-token","user":{"email":"op@example.in"}}');
    signedIn('op-token');
    const fetchImpl = answer(200, [{ id: '42', status: 'pending' }]);
    await expect(
      publicSelect('service_providers', { select: '*', id: 'eq.42' }, { fetchImpl: fetchImpl as unknown as typeof fetch }),
    ).resolves.toEqual([{ id: '42', status: 'pending' }]);
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('https://db.example.in/rest/v1/service_providers?select=*&id=eq.42');
    expect(init!.headers).toEqual({ apikey: KEY, Authorization: 'Bearer op-token', Accept: 'application/json' });
  });

  it("never takes the page's first reads, which were read as the anon role", async () => {
    // jsdom has no Response: enough of one for the handed-over answer.
    class FirstReadResponse {
      readonly ok: boolean;
      readonly headers = new Map<string, string>();
      readonly statusText = '';
      constructor(
        private readonly body: string,
        readonly init: { status: number },
      ) {
        this.ok = init.status === 200;
      }
      get status() {
        return this.init.status;
      }
      text = async () => this.body;
    }
    (globalThis as { Response?: unknown }).Response ??= FirstReadResponse;
    const target = { table: 'service_providers', query: { select: '*', id: 'eq.42' } };
    const element = {
      textContent: JSON.stringify({ at: Date.now(), reads: [{ key: firstReadKey(publicRestRequest(target)), status: 200, body: '[]' }] }),
    };
    takeFirstReadsFromDocument({ getElementById: (id: string) => (id === FIRST_READS_ELEMENT_ID ? element : null) });
    localStorage.setItem(AUTH_STORAGE_KEY, '{"access_token":"op-token","user":{"email":"op@example.in"}}');
    signedIn('op-token');
    const fetchImpl = answer(200, [{ id: '42', status: 'pending' }]);
    await expect(sendRestRows(target, { fetchImpl: fetchImpl as unknown as typeof fetch })).resolves.toEqual([
      { id: '42', status: 'pending' },
    ]);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    // Still there for an anonymous read of the same request.
    localStorage.clear();
    setSupabaseClient(null);
    const anonymous = answer(200, [{ id: '42', status: 'approved' }]);
    await expect(sendRestRows(target, { fetchImpl: anonymous as unknown as typeof fetch })).resolves.toEqual([]);
    expect(anonymous).not.toHaveBeenCalled();
  });
});

describe('an answer the service worker kept', () => {
  it('sets the "offline, saved on" note, as supabase-js answers do', async () => {
    const saved = '2026-11-20T10:00:00.000Z';
    const fetchImpl = jest.fn().mockResolvedValue({
      ok: true,
      status: 200,
      statusText: '',
      headers: new Map([[SAVED_AT_HEADER, saved]]) as unknown as Headers,
      text: async () => '[]',
    } as unknown as Response);
    await publicSelect('reviews', {}, { fetchImpl: fetchImpl as unknown as typeof fetch });
    expect(offlineStore.getState().savedAt).toBe(saved);
    offlineStore.setState({ savedAt: null });
  });
});
