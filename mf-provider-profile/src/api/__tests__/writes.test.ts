import { ApiError, DEVICE_TOKEN_KEY, setSupabaseClient } from '@city/shared';
import { fetchDeviceRating, fetchDeviceRatings } from '../ratings';
import { fetchMyRating, fetchMyRatings, submitRating, submitReview } from '../as-phone';
import { needsPhoneSignIn } from '../session';
import { fetchReviews, reviewerNameOk, reviewLength, reviewTextProblem } from '../reviews';
import { installFakeRest, installFakeSupabase, type FakeSupabaseAnswer as Answer } from '@city/shared/testing';

const PROVIDER = '3f1c2a7e-9b1d-4c55-8a2e-6d0f4b8e1a90';
const OTHER = '9a8b7c6d-0000-4000-8000-000000000001';
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';

const fakeClient = installFakeSupabase;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(DEVICE_TOKEN_KEY, TOKEN);
});
let restoreFetch = () => {};
afterEach(() => {
  setSupabaseClient(null);
  restoreFetch();
});

/** The REST API for reads (they go as plain requests, without supabase-js). */
function fakeRest(answer: Answer = {}) {
  const fake = installFakeRest(answer);
  restoreFetch = fake.restore;
  return fake.calls;
}

describe('ratings', () => {
  it("reads this device's ratings through get_device_ratings with the device token", async () => {
    const calls = fakeRest({
      data: [
        { provider_id: PROVIDER, rating: 4 },
        { provider_id: OTHER, rating: '2' },
      ],
    });
    expect(await fetchDeviceRatings([PROVIDER, OTHER])).toEqual(
      new Map([
        [PROVIDER, 4],
        [OTHER, 2],
      ]),
    );
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: 'rpc/get_device_ratings',
        args: { p_device_token: TOKEN, p_provider_ids: [PROVIDER, OTHER] },
      }),
    ]);
  });

  it('asks for all of them without a provider list, and for none with an empty one', async () => {
    const calls = fakeRest({ data: [] });
    await fetchDeviceRatings();
    expect(calls.at(-1)).toMatchObject({ path: 'rpc/get_device_ratings', args: { p_device_token: TOKEN } });
    expect(calls.at(-1)!.args).not.toHaveProperty('p_provider_ids');
    expect(await fetchDeviceRatings([])).toEqual(new Map());
    expect(calls).toHaveLength(1);
  });

  it("gives one provider's rating, or null when this device has not rated it", async () => {
    fakeRest({ data: [{ provider_id: PROVIDER, rating: 5 }] });
    expect(await fetchDeviceRating(PROVIDER)).toBe(5);
    restoreFetch();
    fakeRest({ data: [] });
    expect(await fetchDeviceRating(PROVIDER)).toBeNull();
  });

  it('rates through rate_provider with the provider and the stars only: the phone comes from the session', async () => {
    const { rpc, from } = fakeClient();
    await submitRating(PROVIDER, 4);
    expect(rpc).toHaveBeenCalledWith('rate_provider', { p_provider_id: PROVIDER, p_rating: 4 });
    expect(JSON.stringify(rpc.mock.calls)).not.toMatch(/device|phone|mobile/);
    expect(from).not.toHaveBeenCalled();
  });

  it("reads the signed-in phone's ratings through my_ratings", async () => {
    const { rpc } = fakeClient({ data: [{ provider_id: PROVIDER, rating: '3' }] });
    expect(await fetchMyRatings([PROVIDER, OTHER])).toEqual(new Map([[PROVIDER, 3]]));
    expect(rpc).toHaveBeenCalledWith('my_ratings', { p_provider_ids: [PROVIDER, OTHER] });
    expect(await fetchMyRating(PROVIDER)).toBe(3);
    fakeClient({ data: [] });
    expect(await fetchMyRating(PROVIDER)).toBeNull();
  });

  it.each<[string, Answer]>([
    ['anon (401)', { error: { code: '42501', message: 'sign in with your mobile number to rate' }, status: 401 }],
    ['an expired session (401 without a code)', { error: { code: '', message: 'JWT expired' }, status: 401 }],
  ])('says a phone sign-in is needed when the database answers %s', async (_case, answer) => {
    fakeClient(answer);
    const error = await submitRating(PROVIDER, 4).catch((e: unknown) => e);
    expect(needsPhoneSignIn(error)).toBe(true);
    expect(needsPhoneSignIn(new ApiError('boom', '500', 500))).toBe(false);
  });

  it.each([0, 6, 2.5, Number.NaN])('refuses rating %p without a request', async (rating) => {
    const { rpc } = fakeClient();
    await expect(submitRating(PROVIDER, rating)).rejects.toMatchObject({ code: '23514', details: 'rating' });
    expect(rpc).not.toHaveBeenCalled();
  });

  it.each<[string, Answer, Partial<Record<'isRateLimited' | 'isNetwork' | 'isNotFound' | 'isInvalid', boolean>>]>([
    ['a refused rating', { error: { code: '23514', message: 'rating must be 1..5', details: 'rating' }, status: 400 }, { isInvalid: true }],
    [
      'a provider not approved',
      { error: { code: 'P0002', message: 'provider not found' }, status: 404 },
      { isNotFound: true, isRateLimited: false },
    ],
    ['the per-client limit', { error: { code: '', message: 'Too many requests' }, status: 429 }, { isRateLimited: true }],
    [
      'a network failure',
      { error: { code: '', message: 'TypeError: Failed to fetch' }, status: 0 },
      { isNetwork: true, isRateLimited: false },
    ],
  ])('turns %s into an ApiError the UI can explain', async (_case, answer, expected) => {
    fakeClient(answer);
    const error = await submitRating(PROVIDER, 4).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject(expected);
  });
});

describe('reviews', () => {
  const row = { id: 'r1', provider_id: PROVIDER, review_text: 'Good work', created_at: '2026-03-15T09:30:00Z' };

  it('reads the public columns by name, newest first', async () => {
    const calls = fakeRest({ data: [row] });
    expect(await fetchReviews(PROVIDER, { offset: 20, limit: 10 })).toEqual([row]);
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: 'reviews',
        query: [
          ['select', 'id,provider_id,review_text,created_at,reviewer_name,rating,reply_text,replied_at'],
          ['provider_id', `eq.${PROVIDER}`],
          ['order', 'created_at.desc,id.desc'],
          ['offset', '20'],
          ['limit', '10'],
        ],
      }),
    ]);
  });

  it('posts through add_review with the cleaned text only (the phone comes from the session), and returns the row', async () => {
    const { rpc, from } = fakeClient({ data: { ...row, review_text: 'Fixed it.\nOn time.' } });
    const stored = await submitReview(PROVIDER, '  \u200BFixed \u202Eit.\r\nOn\u0007 time.\u00A0 ');
    expect(rpc).toHaveBeenCalledWith('add_review', {
      p_provider_id: PROVIDER,
      p_review_text: 'Fixed it.\nOn time.',
    });
    expect(stored).toEqual({
      ...row,
      review_text: 'Fixed it.\nOn time.',
      reviewer_name: null,
      rating: null,
      reply_text: null,
      replied_at: null,
    });
    expect(from).not.toHaveBeenCalled();
  });

  it('takes the row from a one-row list too', async () => {
    fakeClient({ data: [row] });
    expect(await submitReview(PROVIDER, 'Good work')).toEqual({
      ...row,
      reviewer_name: null,
      rating: null,
      reply_text: null,
      replied_at: null,
    });
  });

  it('sends the first name cleaned (p_reviewer_name); a name that is not 2-40 letters is refused without a request', async () => {
    const { rpc } = fakeClient({ data: { ...row, reviewer_name: 'सीमा' } });
    expect(await submitReview(PROVIDER, 'Good', ' \u200Bसीमा ')).toMatchObject({ reviewer_name: 'सीमा' });
    expect(rpc).toHaveBeenCalledWith('add_review', { p_provider_id: PROVIDER, p_review_text: 'Good', p_reviewer_name: 'सीमा' });
    rpc.mockClear();
    for (const bad of ['A', '98765', 'Ravi Kumar', 'Ravi2', 'x'.repeat(41)]) {
      expect(reviewerNameOk(bad)).toBe(false);
      await expect(submitReview(PROVIDER, 'Good', bad)).rejects.toMatchObject({ code: '23514', details: 'reviewer_name' });
    }
    expect(rpc).not.toHaveBeenCalled();
    expect(reviewerNameOk('   ')).toBe(true);
    expect(reviewerNameOk('Ravi')).toBe(true);
  });

  it.each([['   '], ['\u200B\u200C\u200D'], ['\u2060\uFEFF\u00A0\u00AD'], ['\u0001\n\u202E']])(
    'refuses a blank review %j without a request',
    async (text) => {
      const { rpc } = fakeClient({ data: row });
      expect(reviewTextProblem(text)).toBe('empty');
      await expect(submitReview(PROVIDER, text)).rejects.toMatchObject({ code: '23514', details: 'review_text' });
      expect(rpc).not.toHaveBeenCalled();
    },
  );

  it('counts the cleaned text against the limit', async () => {
    expect(reviewLength(' \u200BGood\u202E ')).toBe(4);
    expect(reviewTextProblem('क'.repeat(1000))).toBeNull();
    expect(reviewTextProblem(`${'क'.repeat(1000)}\u202E`)).toBeNull();
    expect(reviewTextProblem('क'.repeat(1001))).toBe('tooLong');
    const { rpc } = fakeClient({ data: row });
    await expect(submitReview(PROVIDER, 'x'.repeat(1001))).rejects.toMatchObject({ code: '23514' });
    expect(rpc).not.toHaveBeenCalled();
  });

  it('reports too many reviews from this phone (PT429) as rate limited', async () => {
    fakeClient({ error: { code: 'PT429', message: 'too many reviews today' }, status: 429 });
    await expect(submitReview(PROVIDER, 'Good work')).rejects.toMatchObject({ isRateLimited: true });
    // Even if a proxy were to change the status, the code says it.
    expect(new ApiError('too many reviews today', 'PT429', 400).isRateLimited).toBe(true);
  });
});
