// The profile's first reads without supabase-js: an anonymous visitor (no session, no client
// yet) reads the row, the reviews and the ratings as plain requests with the public key.
import { PROFILE_PROVIDER_COLUMNS, setRuntimeConfig, type RuntimeConfig } from '@city/shared';
import { fetchProvider } from '../provider';
import { fetchRatingSummary } from '../ratings';
import { fetchReviews } from '../reviews';

const PROVIDER = '3f1c2a7e-9b1d-4c55-8a2e-6d0f4b8e1a90';
const realFetch = global.fetch;
let fetchMock: jest.Mock<Promise<Response>, [string, RequestInit]>;

const answer = (status: number, body: unknown) =>
  ({
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: new Map<string, string>() as unknown as Headers,
    text: async () => JSON.stringify(body),
  }) as Response;

beforeEach(() => {
  localStorage.clear();
  setRuntimeConfig({ supabaseUrl: 'http://db.test', supabaseAnonKey: 'anon' } as RuntimeConfig);
  fetchMock = jest.fn();
  global.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => {
  global.fetch = realFetch;
});

const sent = (i = 0) => {
  const [url, init] = fetchMock.mock.calls[i]!;
  return { url: new URL(url), init };
};

it('reads the provider row with a GET of service_providers, null when there is none', async () => {
  fetchMock.mockResolvedValueOnce(answer(200, [{ id: PROVIDER, name: 'Ramesh', status: 'approved' }]));
  expect(await fetchProvider(PROVIDER)).toEqual({ id: PROVIDER, name: 'Ramesh', status: 'approved' });
  const { url, init } = sent();
  expect(url.pathname).toBe('/rest/v1/service_providers');
  expect(Object.fromEntries(url.searchParams)).toEqual({ select: PROFILE_PROVIDER_COLUMNS, id: `eq.${PROVIDER}` });
  // Every public column, and the place's names embedded (issue 27): one request.
  expect(PROFILE_PROVIDER_COLUMNS).toMatch(/^\*,place:places!service_providers_place_fkey\(/);
  expect(init).toMatchObject({ method: 'GET', headers: { apikey: 'anon', Authorization: 'Bearer anon' } });
  fetchMock.mockResolvedValueOnce(answer(200, []));
  expect(await fetchProvider(PROVIDER)).toBeNull();
});

it('reads a page of reviews newest first', async () => {
  fetchMock.mockResolvedValueOnce(answer(200, [{ id: 'r1', provider_id: PROVIDER, review_text: 'अच्छा', created_at: '2026-01-01' }]));
  expect(await fetchReviews(PROVIDER, { offset: 20, limit: 20 })).toHaveLength(1);
  expect(Object.fromEntries(sent().url.searchParams)).toEqual({
    select: 'id,provider_id,review_text,created_at,reviewer_name,rating,reply_text,replied_at',
    provider_id: `eq.${PROVIDER}`,
    order: 'created_at.desc,id.desc',
    offset: '20',
    limit: '20',
  });
});

it('reads the rating summary with a POST of get_average_ratings, zero when unrated', async () => {
  fetchMock.mockResolvedValueOnce(answer(200, [{ provider_id: PROVIDER, avg_rating: '4.5', rating_count: '2' }]));
  expect(await fetchRatingSummary(PROVIDER)).toEqual({ provider_id: PROVIDER, avg_rating: 4.5, rating_count: 2 });
  const { url, init } = sent();
  expect(url.pathname).toBe('/rest/v1/rpc/get_average_ratings');
  expect(JSON.parse(init.body as string)).toEqual({ p_provider_ids: [PROVIDER] });
  fetchMock.mockResolvedValueOnce(answer(200, []));
  expect(await fetchRatingSummary(PROVIDER)).toEqual({ provider_id: PROVIDER, avg_rating: 0, rating_count: 0 });
});

it('reports a server error as the ApiError the page translates', async () => {
  fetchMock.mockResolvedValueOnce(answer(500, { code: 'XX000', message: 'boom' }));
  await expect(fetchProvider(PROVIDER)).rejects.toMatchObject({ code: 'XX000', status: 500 });
});
