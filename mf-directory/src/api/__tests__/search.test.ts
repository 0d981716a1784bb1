import { ApiError, setRuntimeConfig, type RuntimeConfig } from '@city/shared';
import { installFakeRest } from '@city/shared/testing';
import { normaliseMinRating, normaliseSearchQuery, searchProviders } from '../search';

let restore = () => {};
afterEach(() => restore());

/** The REST API answering `response`; its calls as it saw them. */
function fakeServer(response: { data: unknown; error: unknown; status: number }) {
  const fake = installFakeRest(response as Parameters<typeof installFakeRest>[0]);
  restore = fake.restore;
  return fake.calls;
}

const row = (over: Record<string, unknown> = {}) => ({
  id: 'a',
  name: 'Ramesh',
  business_name: null,
  mobile: '9876543210',
  category: '🔧 प्लंबर',
  specialist_in: null,
  experience: 3,
  address: 'Road',
  verified: true,
  registration_date: '2026-01-01T00:00:00Z',
  avg_rating: '4.5',
  rating_count: 2,
  total_count: 41,
  ...over,
});

describe('searchProviders', () => {
  it('calls search_providers with the filters and returns rows and the total', async () => {
    const calls = fakeServer({ data: [row()], error: null, status: 200 });
    const controller = new AbortController();
    const result = await searchProviders({
      query: '  plambar  ',
      category: null,
      minRating: 4,
      verified: 'verified',
      sort: 'newly_added',
      offset: 20,
      signal: controller.signal,
    });
    expect(calls).toEqual([
      expect.objectContaining({
        path: 'rpc/search_providers',
        args: {
          p_query: 'plambar',
          p_category: null,
          p_min_rating: 4,
          p_verified: 'verified',
          p_sort: 'newly_added',
          p_limit: 20,
          p_offset: 20,
        },
        signal: controller.signal,
      }),
    ]);
    expect(result.total).toBe(41);
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]).not.toHaveProperty('total_count');
    expect(result.rows[0]!.avg_rating).toBe(4.5); // numeric may arrive as a string
  });

  it('sends no text for blank or spaces-only queries, and cuts long ones', async () => {
    const calls = fakeServer({ data: [], error: null, status: 200 });
    await searchProviders({ query: '   \n\t ', category: '⚡ इलेक्ट्रीशियन' });
    expect(calls[0]!.args).toMatchObject({
      p_query: null,
      p_category: '⚡ इलेक्ट्रीशियन',
      p_min_rating: 0,
      p_verified: 'all',
      p_sort: 'rating_desc',
    });
    await searchProviders({ query: 'y'.repeat(2000) });
    expect((calls[1]!.args!.p_query as string).length).toBe(100);
  });

  it('asks for providers available today only when the filter is on (p_available)', async () => {
    const calls = fakeServer({ data: [], error: null, status: 200 });
    await searchProviders({ query: 'x', available: true });
    await searchProviders({ query: 'x', available: false });
    expect(calls[0]!.args).toMatchObject({ p_available: true });
    expect(calls[1]!.args).not.toHaveProperty('p_available');
  });

  it('reports no more rows past the end', async () => {
    fakeServer({ data: [], error: null, status: 200 });
    expect(await searchProviders({ category: 'OTHERS' })).toEqual({ rows: [], total: 0 });
    expect(await searchProviders({ category: 'OTHERS', offset: 40 })).toEqual({ rows: [], total: 40 });
  });

  it('throws an ApiError on failure', async () => {
    fakeServer({ data: null, error: { message: 'p_sort must be rating_desc or newly_added', code: '22023' }, status: 400 });
    await expect(searchProviders({})).rejects.toEqual(expect.any(ApiError));
    await expect(searchProviders({})).rejects.toMatchObject({ code: '22023', status: 400 });
  });
});

describe('normalisers', () => {
  it('collapse whitespace and control characters in queries', () => {
    expect(normaliseSearchQuery(' a \u0000 b\n')).toBe('a b');
    expect(normaliseSearchQuery(null)).toBe('');
  });

  it('keep minimum ratings within 0..5 in steps of 0.5', () => {
    expect(normaliseMinRating('4')).toBe(4);
    expect(normaliseMinRating('3.7')).toBe(3.5);
    expect(normaliseMinRating('9')).toBe(5);
    expect(normaliseMinRating('-1')).toBe(0);
    expect(normaliseMinRating('abc')).toBe(0);
  });
});

describe('searchProviders without supabase-js (an anonymous visitor, no client yet)', () => {
  it('sends the same call as a plain POST with the public key, and aborts with the signal', async () => {
    setRuntimeConfig({ supabaseUrl: 'http://db.test', supabaseAnonKey: 'anon' } as RuntimeConfig);
    const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>().mockResolvedValue({
      ok: true,
      status: 200,
      statusText: 'OK',
      headers: new Map<string, string>() as unknown as Headers,
      text: async () => JSON.stringify([row()]),
    } as Response);
    const before = global.fetch;
    restore = () => void (global.fetch = before);
    global.fetch = fetchMock as unknown as typeof fetch;
    const controller = new AbortController();
    const result = await searchProviders({ query: ' nal ', category: 'plumber', signal: controller.signal });
    expect(result).toEqual({ rows: [expect.objectContaining({ id: 'a', avg_rating: 4.5, rating_count: 2 })], total: 41 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://db.test/rest/v1/rpc/search_providers');
    expect(init).toMatchObject({ method: 'POST', signal: controller.signal, headers: { apikey: 'anon', Authorization: 'Bearer anon' } });
    expect(JSON.parse(init.body as string)).toEqual({
      p_query: 'nal',
      p_category: 'plumber',
      p_min_rating: 0,
      p_verified: 'all',
      p_sort: 'rating_desc',
      p_limit: 20,
      p_offset: 0,
    });
  });
});
