/**
 * @jest-environment node
 */
import { ApiError, setRuntimeConfig } from '@city/shared';
import { TEST_CONFIG } from '@city/shared/testing';
import { activeAdsQuery, fetchActiveAds } from '../ads';

beforeEach(() => setRuntimeConfig(TEST_CONFIG));

const answer = (status: number, body: unknown) =>
  jest.fn().mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('fetchActiveAds: one GET of the public REST API, without supabase-js', () => {
  it('asks for the running, active ads, newest first, at most 10, with the anon key', async () => {
    const rows = [{ id: 'a', title: 'Sale', media_type: 'image', media_url: 'https://x/y.png' }];
    const fetchImpl = answer(200, rows);
    await expect(fetchActiveAds(undefined, fetchImpl)).resolves.toEqual(rows);
    const [url, init] = fetchImpl.mock.calls[0] as [string, RequestInit];
    const u = new URL(url);
    expect(`${u.origin}${u.pathname}`).toBe(`${TEST_CONFIG.supabaseUrl.replace(/\/+$/, '')}/rest/v1/advertisements`);
    expect(u.searchParams.get('active')).toBe('eq.true');
    expect(u.searchParams.getAll('or')).toEqual(['(start_date.is.null,start_date.lte.now)', '(end_date.is.null,end_date.gte.now)']);
    expect(u.searchParams.get('order')).toBe('sort_order.asc,created_at.desc,id.asc');
    expect(u.searchParams.get('limit')).toBe('10');
    expect(u.searchParams.get('select')).not.toContain('created_at');
    expect(init.headers).toMatchObject({ apikey: TEST_CONFIG.supabaseAnonKey, Authorization: `Bearer ${TEST_CONFIG.supabaseAnonKey}` });
  });

  it('uses the given time instead of the database clock', () => {
    expect(activeAdsQuery(new Date('2026-01-02T03:04:05Z')).getAll('or')[0]).toBe(
      '(start_date.is.null,start_date.lte."2026-01-02T03:04:05.000Z")',
    );
  });

  it('fails as an ApiError with the server’s code, or as a network error', async () => {
    const refused = fetchActiveAds(undefined, answer(400, { message: 'bad filter', code: 'PGRST100' }));
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ code: 'PGRST100', status: 400 });
    await expect(fetchActiveAds(undefined, jest.fn().mockRejectedValue(new TypeError('Failed to fetch')))).rejects.toMatchObject({
      code: 'network',
    });
  });
});
