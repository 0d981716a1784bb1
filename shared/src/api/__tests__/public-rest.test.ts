// Anonymous reads without supabase-js: the request as supabase-js would send it without a
// session, errors as ApiErrors, aborts as aborts, and supabase-js still used with a session.
import type { SupabaseClient } from '@supabase/supabase-js';
import { setRuntimeConfig } from '../../config/runtime-config-store';
import type { RuntimeConfig } from '../../contracts/runtime-config';
import { AUTH_STORAGE_KEY, setSupabaseClient } from '../../supabase/client';
import { ApiError } from '../errors';
import { offlineStore, SAVED_AT_HEADER } from '../../offline/offline-store';
import { canReadAnonymously, publicRestRequest, publicRpc, publicSelect } from '../public-rest';
import { EARLY_READ_MAX_AGE_MS, startEarlyRead, takeEarlyRead } from '../../contracts/public-rest-request';

const KEY = 'anon-key-123';

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

describe('publicRestRequest', () => {
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

describe('publicSelect and publicRpc', () => {
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

describe('a read started early by the entry chunk', () => {
  it('is answered from that request once, then asks the network', async () => {
    const request = publicRestRequest({ table: 'service_providers', query: { select: '*', id: 'eq.42' } });
    const early = answer(200, [{ id: '42', name: 'early' }]);
    startEarlyRead(request, early as unknown as typeof fetch);
    expect(early).toHaveBeenCalledWith(request.url, request.init);
    const later = answer(200, [{ id: '42', name: 'later' }]);
    const read = () => publicSelect('service_providers', { select: '*', id: 'eq.42' }, { fetchImpl: later as unknown as typeof fetch });
    await expect(read()).resolves.toEqual([{ id: '42', name: 'early' }]);
    expect(later).not.toHaveBeenCalled();
    await expect(read()).resolves.toEqual([{ id: '42', name: 'later' }]);
  });

  it('is not taken by a different request (another body), nor when old', async () => {
    const fetchImpl = answer(200, []);
    startEarlyRead(publicRestRequest({ rpc: 'search_providers', args: { p_query: 'nal' } }), fetchImpl as unknown as typeof fetch);
    expect(takeEarlyRead(publicRestRequest({ rpc: 'search_providers', args: { p_query: 'bijli' } }))).toBeNull();
    const now = Date.now();
    const spy = jest.spyOn(Date, 'now').mockReturnValue(now + EARLY_READ_MAX_AGE_MS + 1);
    try {
      expect(takeEarlyRead(publicRestRequest({ rpc: 'search_providers', args: { p_query: 'nal' } }))).toBeNull();
    } finally {
      spy.mockRestore();
    }
  });

  it('asks the network again when the early request failed', async () => {
    const request = publicRestRequest({ rpc: 'get_average_ratings', args: { p_provider_ids: ['a'] } });
    startEarlyRead(request, jest.fn().mockRejectedValue(new TypeError('Failed to fetch')) as unknown as typeof fetch);
    const retry = answer(200, [{ provider_id: 'a', avg_rating: 5, rating_count: 1 }]);
    await expect(
      publicRpc('get_average_ratings', { p_provider_ids: ['a'] }, { fetchImpl: retry as unknown as typeof fetch }),
    ).resolves.toHaveLength(1);
    expect(retry).toHaveBeenCalledTimes(1);
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
