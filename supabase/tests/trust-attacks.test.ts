/**
 * The attacks of the trust issues, tried as a stranger with curl and the anon key would.
 * Each test failed on the schema before migration 0006 or 0011 (the write-limit and stall
 * attacks have files of their own: db-request-limits, limits-attack and stall tests). Since 0011 every "one per"
 * rule is keyed on a phone checked by a code, not on a token the client invents.
 */
import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  anonClient,
  createProvider,
  phoneJwt,
  phoneJwtClient,
  randomMobile,
  raw,
  registration,
  serviceClient,
  sharedAdmin,
  signedInClient,
} from './helpers';

const token = () => randomBytes(16).toString('base64url');
const anon = anonClient();
/** A new signed-in phone. */
const rater = () => phoneJwtClient(randomMobile());

async function rate(providerId: string, who: SupabaseClient, rating: number) {
  return who.rpc('rate_provider', { p_provider_id: providerId, p_rating: rating });
}

async function summary(providerId: string) {
  const { data } = await anon.rpc('get_average_ratings', { p_provider_ids: [providerId] });
  return (data as { avg_rating: number; rating_count: number }[])[0] ?? null;
}

describe('ratings cannot be forged', () => {
  test('anonymous ratings with invented device tokens store nothing (the old signature is gone)', async () => {
    const { id } = await createProvider();
    const calls = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 2 === 0
          ? anon.rpc('rate_provider', { p_provider_id: id, p_device_token: token(), p_rating: 1 })
          : anon.rpc('rate_provider', { p_provider_id: id, p_rating: 1 }),
      ),
    );
    expect(new Set(calls.map((c) => c.error?.code))).toEqual(new Set(['PGRST202', '42501']));
    expect(await summary(id)).toBeNull();
    expect((await serviceClient().from('service_ratings').select('id').eq('provider_id', id)).data).toEqual([]);
  });

  test('a phone rates once: twenty ratings from one phone, even from new sessions, are one rating', async () => {
    const { id } = await createProvider();
    const mobile = randomMobile();
    for (let i = 0; i < 20; i++) {
      expect((await rate(id, phoneJwtClient(mobile), i % 2 === 0 ? 1 : 2)).error).toBeNull();
    }
    expect(await summary(id)).toEqual({ provider_id: id, avg_rating: 2, rating_count: 1 });
  });

  test('PATCH with a filter rewrites no rating (anon and a phone have no UPDATE on service_ratings)', async () => {
    const { id } = await createProvider();
    expect((await rate(id, rater(), 5)).error).toBeNull();
    expect((await rate(id, rater(), 4)).error).toBeNull();
    for (const filter of ['rating=gte.1', `provider_id=eq.${id}`]) {
      const res = await raw(`/rest/v1/service_ratings?${filter}`, { method: 'PATCH', body: { rating: 1 } });
      expect(res.status).toBe(401);
      const asPhone = await raw(`/rest/v1/service_ratings?${filter}`, {
        method: 'PATCH',
        body: { rating: 1 },
        token: phoneJwt(randomMobile()),
      });
      expect(asPhone.status).toBeGreaterThanOrEqual(400);
    }
    expect(await summary(id)).toEqual({ provider_id: id, avg_rating: 4.5, rating_count: 2 });
  });

  test('no device or phone hash is readable, and a phone reads only its own ratings', async () => {
    const { id } = await createProvider();
    const mine = rater();
    expect((await rate(id, mine, 3)).error).toBeNull();
    expect((await rate(id, rater(), 5)).error).toBeNull();
    for (const select of ['device_id', 'device_hash', 'phone_hash', '*', 'rating']) {
      for (const auth of [{}, { token: phoneJwt(randomMobile()) }]) {
        const res = await raw(`/rest/v1/service_ratings?select=${select}&provider_id=eq.${id}`, auth);
        expect(res.text).not.toMatch(/[0-9a-f]{64}/);
        expect(res.text).not.toContain('"rating"');
      }
    }
    const embedded = await raw(`/rest/v1/service_providers?select=id,service_ratings(*)&id=eq.${id}`);
    expect(embedded.text).not.toMatch(/[0-9a-f]{64}/);
    const own = await mine.rpc('my_ratings', { p_provider_ids: [id] });
    expect(own.data).toEqual([{ provider_id: id, rating: 3 }]);
    const stranger = await rater().rpc('my_ratings', { p_provider_ids: [id] });
    expect(stranger.data).toEqual([]);
  });

  test('a signed-in non-admin sees no rating row either; an admin can read and remove one', async () => {
    const { id } = await createProvider();
    expect((await rate(id, rater(), 1)).error).toBeNull();
    const user = await signedInClient('user');
    const seen = await user.from('service_ratings').select('*').eq('provider_id', id);
    expect(seen.data ?? []).toEqual([]);
    expect((await user.from('service_ratings').delete().eq('provider_id', id)).error).toBeNull();
    expect(await summary(id)).toMatchObject({ rating_count: 1 });
    const admin = await sharedAdmin();
    expect((await admin.from('service_ratings').select('rating').eq('provider_id', id)).data).toEqual([{ rating: 1 }]);
    expect((await admin.from('service_ratings').delete().eq('provider_id', id)).error).toBeNull();
    expect(await summary(id)).toBeNull();
  });

  test("another phone's rating cannot be overwritten: a new phone adds a rating, it never replaces one", async () => {
    const { id } = await createProvider();
    const victim = rater();
    expect((await rate(id, victim, 5)).error).toBeNull();
    expect((await rate(id, rater(), 1)).error).toBeNull();
    expect(await summary(id)).toEqual({ provider_id: id, avg_rating: 3, rating_count: 2 });
    const own = await victim.rpc('my_ratings', { p_provider_ids: [id] });
    expect(own.data).toEqual([{ provider_id: id, rating: 5 }]);
  });

  test('one POST with an array of rows stores nothing, on the table and on the function', async () => {
    const { id } = await createProvider();
    const rows = Array.from({ length: 50 }, () => ({
      provider_id: id,
      device_id: `forged-${token()}`,
      device_hash: 'a'.repeat(64),
      rating: 5,
    }));
    const table = await raw('/rest/v1/service_ratings', { method: 'POST', body: rows });
    expect(table.status).toBeGreaterThanOrEqual(400);
    const calls = Array.from({ length: 50 }, () => ({ p_provider_id: id, p_rating: 5 }));
    for (const auth of [{}, { token: phoneJwt(randomMobile()) }]) {
      const rpc = await raw('/rest/v1/rpc/rate_provider', { method: 'POST', body: calls, ...auth });
      expect(rpc.status).toBeGreaterThanOrEqual(400);
    }
    expect(await summary(id)).toBeNull();
  });

  test('reviews and clicks go through their functions only; direct inserts are refused', async () => {
    const { id } = await createProvider();
    expect((await raw('/rest/v1/reviews', { method: 'POST', body: { provider_id: id, review_text: 'direct' } })).status).toBe(401);
    expect((await raw('/rest/v1/click_tracking', { method: 'POST', body: { provider_id: id, click_type: 'call' } })).status).toBe(401);
    const asPhone = await raw('/rest/v1/reviews', {
      method: 'POST',
      body: { provider_id: id, review_text: 'direct' },
      token: phoneJwt(randomMobile()),
    });
    expect(asPhone.status).toBeGreaterThanOrEqual(400);
    const review = await rater().rpc('add_review', { p_provider_id: id, p_review_text: '  अच्छा काम  ' }).single();
    expect(review.error).toBeNull();
    expect(review.data).toMatchObject({ provider_id: id, review_text: 'अच्छा काम' });
    const list = await anon.from('reviews').select('*').eq('provider_id', id);
    expect(list.data!.map((r) => r.review_text)).toEqual(['अच्छा काम']);
    expect(Object.keys(list.data![0]!).sort()).toEqual([
      'created_at',
      'hidden',
      'id',
      'provider_id',
      'rating',
      'replied_at',
      'reply_text',
      'review_text',
      'reviewer_name',
    ]);
  });

  test('anonymous reviews with invented tokens store nothing', async () => {
    const { id } = await createProvider();
    const calls = await Promise.all(
      Array.from({ length: 30 }, () => anon.rpc('add_review', { p_provider_id: id, p_review_text: 'best in town' })),
    );
    expect(calls.every((c) => c.status === 401 && c.error?.code === '42501')).toBe(true);
    const old = await anon.rpc('add_review', { p_provider_id: id, p_review_text: 'best', p_device_token: token() });
    expect(old.error?.code).toBe('PGRST202');
    expect((await anon.from('reviews').select('id').eq('provider_id', id)).data).toEqual([]);
  });

  test('the service role (operator tools, seeding) still writes a review directly, cleaned', async () => {
    const { id } = await createProvider();
    const res = await serviceClient()
      .from('reviews')
      .insert({ provider_id: id, review_text: ' ok\u202e fine ' })
      .select('review_text')
      .single();
    expect(res.error).toBeNull();
    expect(res.data).toEqual({ review_text: 'ok fine' });
  });

  test('a repeated tap from one device is counted once a day; another device counts', async () => {
    const { id } = await createProvider();
    const device = token();
    for (let i = 0; i < 5; i++) {
      expect((await anon.rpc('track_click', { p_provider_id: id, p_click_type: 'call', p_device_token: device })).error).toBeNull();
    }
    expect((await anon.rpc('track_click', { p_provider_id: id, p_click_type: 'whatsapp', p_device_token: device })).error).toBeNull();
    expect((await anon.rpc('track_click', { p_provider_id: id, p_click_type: 'call', p_device_token: token() })).error).toBeNull();
    const clicks = await serviceClient().from('click_tracking').select('click_type').eq('provider_id', id);
    expect(clicks.data!.map((c) => c.click_type).sort()).toEqual(['call', 'call', 'whatsapp']);
  });

  test('leads are not invented: 60 taps with fresh device tokens from one address count 3 per kind', async () => {
    const { id } = await createProvider();
    const taps = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        anon.rpc('track_click', { p_provider_id: id, p_click_type: i % 2 === 0 ? 'call' : 'view', p_device_token: token() }),
      ),
    );
    expect(taps.every((t) => t.error === null && t.status === 204)).toBe(true);
    const clicks = await serviceClient().from('click_tracking').select('click_type').eq('provider_id', id);
    expect(clicks.data!.map((c) => c.click_type).sort()).toEqual(['call', 'call', 'call', 'view', 'view', 'view']);
  });

  test('one phone posts at most 10 reviews a day (429), whatever the providers', async () => {
    const a = await createProvider();
    const b = await createProvider();
    const phone = rater();
    for (let i = 0; i < 10; i++) {
      expect((await phone.rpc('add_review', { p_provider_id: i < 5 ? a.id : b.id, p_review_text: `review ${i}` })).error).toBeNull();
    }
    const over = await phone.rpc('add_review', { p_provider_id: a.id, p_review_text: 'one more' });
    expect(over.status).toBe(429);
    expect(over.error!.code).toBe('PT429');
    expect((await anon.from('reviews').select('id').in('provider_id', [a.id, b.id])).data).toHaveLength(10);
  });

  test('unlisted providers and bad ratings are refused and store nothing', async () => {
    const { id } = await createProvider();
    const pending = await createProvider({ approve: false });
    for (const bad of [0, 6, null, 'five']) {
      const res = await rater().rpc('rate_provider', { p_provider_id: id, p_rating: bad });
      expect(res.status).toBe(400);
    }
    const notListed = await rate(pending.id, rater(), 4);
    expect(notListed.status).toBe(404);
    const unknown = await rate('00000000-0000-4000-8000-000000000000', rater(), 4);
    expect(unknown.status).toBe(404);
    expect(await summary(id)).toBeNull();
  });
});

describe('reports and registrations', () => {
  test('three reports with invented tokens hide nothing', async () => {
    const word = `zqr${randomBytes(4).toString('hex')}`;
    const { id } = await createProvider({ overrides: { p_name: `${word} Kumar` } });
    for (let i = 0; i < 3; i++) {
      const res = await anon.rpc('report_provider', { p_provider_id: id, p_reason: 'wrong_number', p_device_token: token() });
      expect(res.error).toBeNull();
    }
    expect(((await anon.rpc('search_providers', { p_query: word })).data as { id: string }[]).map((r) => r.id)).toEqual([id]);
    expect((await anon.from('service_providers').select('status, number_caution').eq('id', id).single()).data).toEqual({
      status: 'approved',
      number_caution: false,
    });
  });

  test("a registration cannot take another listing's number: the stranger's listing carries the stranger's phone", async () => {
    const owner = await createProvider();
    const strangerMobile = randomMobile();
    const stranger = phoneJwtClient(strangerMobile);
    const withParam = await stranger.rpc('register_provider', registration({ p_mobile: owner.mobile }));
    expect(withParam.error?.code).toBe('PGRST202');
    const res = await stranger.rpc('register_provider', registration({ p_name: 'Look Alike' }));
    expect(res.error).toBeNull();
    const admin = await sharedAdmin();
    expect(
      (
        await admin
          .from('service_providers')
          .select('mobile')
          .eq('id', res.data as string)
          .single()
      ).data,
    ).toEqual({
      mobile: strangerMobile,
    });
    const ownerSees = (await phoneJwtClient(owner.mobile).rpc('my_listings')).data as { id: string }[];
    expect(ownerSees.map((l) => l.id)).toEqual([owner.id]);
  });

  test('one number registered again and again keeps at most 3 listings', async () => {
    const mobile = randomMobile();
    const results = [];
    for (let i = 0; i < 8; i++) {
      results.push(await phoneJwtClient(mobile).rpc('register_provider', registration({ p_name: `Copy ${i}` })));
    }
    expect(results.filter((r) => r.error === null)).toHaveLength(3);
    expect(results.slice(3).every((r) => r.error?.code === '23514')).toBe(true);
    expect(((await phoneJwtClient(mobile).rpc('my_listings')).data as unknown[]).length).toBe(3);
  });
});

describe('Aadhaar and free text', () => {
  const admin = sharedAdmin;

  test.each([['000000000000'], ['012345678901'], ['999941057059'], ['123412341234']])(
    'Aadhaar %s (wrong first digit or check digit) is refused and stores nothing',
    async (aadhaar) => {
      const mobile = randomMobile();
      const res = await phoneJwtClient(mobile).rpc('register_provider', registration({ p_aadhaar: aadhaar }));
      expect(res.error).toMatchObject({ code: '23514', details: 'aadhaar' });
      const rows = await (await admin()).rpc('admin_search_providers', { p_query: mobile, p_status: 'all' });
      expect(rows.data).toEqual([]);
    },
  );

  test("a checksum-valid Aadhaar alone earns no badge; the operator's check does (0016)", async () => {
    const { id } = await createProvider({ overrides: { p_aadhaar: '999941057058' } });
    const row = await anon.from('service_providers').select('verified').eq('id', id).single();
    expect(row.data).toEqual({ verified: false });
    const res = await (await admin()).rpc('admin_verify_provider', { p_id: id, p_how: ['documents'], p_reason: 'card seen' });
    expect(res.error).toBeNull();
    const after = await anon.from('service_providers').select('verified, verified_how').eq('id', id).single();
    expect(after.data).toEqual({ verified: true, verified_how: ['documents'] });
  });

  test.each([
    ['zero-width spaces', '\u200b\u200b\u200b'],
    ['no-break spaces', '\u00a0\u00a0'],
    ['control characters', '\u0007\u0001\u001f'],
    ['a mix', ' \u200b\u00a0\u2060\ufeff\u200d '],
  ])('a name made only of %s is refused as blank (23502)', async (_, name) => {
    const res = await rater().rpc('register_provider', registration({ p_name: name }));
    expect(res.error).toMatchObject({ code: '23502', details: 'name' });
  });

  test('BEL and bidi overrides inside a name or a review are stripped; Devanagari joiners stay', async () => {
    const { id } = await createProvider({
      overrides: { p_name: 'Ram\u0007 \u202eLal\u202c क्\u200dष', p_address: 'Test Nagar\u2066 Sitapur\u2069' },
    });
    const row = await anon.from('service_providers').select('name, address').eq('id', id).single();
    expect(row.data).toEqual({ name: 'Ram Lal क्\u200dष', address: 'Test Nagar Sitapur' });
    const review = await rater().rpc('add_review', { p_provider_id: id, p_review_text: 'good\u202e work\u0007' }).single();
    expect(review.data).toMatchObject({ review_text: 'good work' });
    const blank = await rater().rpc('add_review', { p_provider_id: id, p_review_text: '\u200b\u00a0\u0007' });
    expect(blank.error).toMatchObject({ code: '23502', details: 'review_text' });
  });
});

describe('rejected or deleted providers leave no trace', () => {
  test('their words leave search_words; their rows leave search, averages and category counts', async () => {
    const word = `zqx${randomBytes(4).toString('hex')}`;
    const category = `OTHERS: trace ${word}`;
    const { id } = await createProvider({ overrides: { p_name: `${word} Kumar`, p_category: category } });
    expect((await rate(id, rater(), 4)).error).toBeNull();
    const words = async () => (await anon.from('search_words').select('word').eq('word', word)).data;
    const stats = async () => (await anon.from('category_stats').select('approved').eq('category', category)).data;
    expect(await words()).toEqual([{ word }]);
    expect(await stats()).toEqual([{ approved: 1 }]);

    const admin = await sharedAdmin();
    expect((await admin.rpc('admin_set_provider_status', { p_provider_id: id, p_status: 'rejected', p_reason: 'fake' })).error).toBeNull();
    expect(await words()).toEqual([]);
    expect(await stats()).toEqual([{ approved: 0 }]);
    expect(await summary(id)).toBeNull();
    const found = await anon.rpc('search_providers', { p_query: word });
    expect(found.data).toEqual([]);
    const typo = await anon.rpc('search_providers', { p_query: word.slice(0, -1) + 'z' });
    expect(typo.data).toEqual([]);

    // Approved again, then deleted: the word comes back, then goes for good.
    expect((await admin.rpc('admin_set_provider_status', { p_provider_id: id, p_status: 'approved' })).error).toBeNull();
    expect(await words()).toEqual([{ word }]);
    expect((await admin.from('service_providers').delete().eq('id', id)).error).toBeNull();
    expect(await words()).toEqual([]);
  });

  test('a word two providers share stays while one of them is listed', async () => {
    const word = `zqy${randomBytes(4).toString('hex')}`;
    const a = await createProvider({ overrides: { p_name: `${word} A` } });
    await createProvider({ overrides: { p_name: `${word} B` } });
    const admin = await sharedAdmin();
    await admin.rpc('admin_set_provider_status', { p_provider_id: a.id, p_status: 'rejected' });
    expect((await anon.from('search_words').select('word, providers').eq('word', word)).data).toEqual([{ word, providers: 1 }]);
  });
});

describe('top rated: Bayesian average with the category mean as prior', () => {
  test('one 5-star rating no longer beats 4.1 from 18 ratings; the plain average is still shown', async () => {
    const category = `OTHERS: bayes ${randomBytes(4).toString('hex')}`;
    const single = await createProvider({ overrides: { p_category: category, p_name: 'Single Five' } });
    const steady = await createProvider({ overrides: { p_category: category, p_name: 'Steady Four' } });
    const other = await createProvider({ overrides: { p_category: category, p_name: 'Average Three' } });
    expect((await rate(single.id, rater(), 5)).error).toBeNull();
    // 18 ratings averaging 4.1: 3 x 5, 14 x 4, 1 x 3 = 74.
    const steadyRatings = [...Array(3).fill(5), ...Array(14).fill(4), 3] as number[];
    for (const r of steadyRatings) expect((await rate(steady.id, rater(), r)).error).toBeNull();
    for (let i = 0; i < 10; i++) expect((await rate(other.id, rater(), 3)).error).toBeNull();

    const list = await anon.rpc('search_providers', { p_category: category, p_sort: 'rating_desc' });
    expect(list.error).toBeNull();
    const rows = list.data as { name: string; avg_rating: number; rating_count: number }[];
    expect(rows.map((r) => [r.name, Number(r.avg_rating), r.rating_count])).toEqual([
      ['Steady Four', 4.1, 18],
      ['Single Five', 5, 1],
      ['Average Three', 3, 10],
    ]);
    const byText = await anon.rpc('search_providers', { p_query: category.slice('OTHERS: '.length), p_sort: 'rating_desc' });
    expect((byText.data as { name: string }[]).map((r) => r.name)).toEqual(['Steady Four', 'Single Five', 'Average Three']);
  });
});
