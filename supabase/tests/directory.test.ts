/**
 * Spec section 7 reads of the directory, through supabase-js over HTTP:
 * approved providers, one provider by id, search_providers (filters, sorting,
 * paging, text search) and get_average_ratings.
 */
import { CATEGORIES, storedCategoryValue } from '@city/shared/catalogue';
import { OTHER_SERVICES } from '@city/shared/catalogue/other-services';
import { anonClient, createProvider, phoneJwtClient, randomMobile, raw, sharedAdmin, validAadhaar } from './helpers';

type Row = {
  id: string;
  name: string;
  business_name: string | null;
  mobile: string;
  category: string;
  verified: boolean;
  registration_date: string;
  avg_rating: number;
  rating_count: number;
  total_count: number;
};

const supabase = anonClient();

async function search(params: Record<string, unknown>): Promise<Row[]> {
  const { data, error } = await supabase.rpc('search_providers', params);
  if (error) throw new Error(JSON.stringify(error));
  return data as Row[];
}

/**
 * "Top rated" order, computed here from public data: the Bayesian average
 * (5 * m + sum) / (5 + n) with the category's mean m as prior (3 without ratings),
 * then more ratings, then newer. Returns the first pair out of that order, or null.
 * Other test files rate (and re-rate) providers concurrently: the category means and every
 * approved provider's sum and count are read before and after the search, and the check is
 * repeated until nothing moved in between.
 */
async function topRatedOrderViolation(run: () => Promise<Row[]>): Promise<string | null> {
  const stats = async () => {
    const res = await supabase.from('category_stats').select('category, rating_sum, rating_count');
    if (res.error) throw new Error(JSON.stringify(res.error));
    return new Map((res.data as { category: string; rating_sum: number; rating_count: number }[]).map((s) => [s.category, s]));
  };
  const sums = async () => {
    const res = await supabase.from('service_providers').select('id, rating_sum, rating_count').order('id').range(0, 999);
    if (res.error) throw new Error(JSON.stringify(res.error));
    expect(res.data.length).toBeLessThan(1000);
    return new Map((res.data as { id: string; rating_sum: number; rating_count: number }[]).map((r) => [r.id, r]));
  };
  for (;;) {
    const [before, sumsBefore] = [await stats(), await sums()];
    const rows = await run();
    const [after, byId] = [await stats(), await sums()];
    const stable =
      JSON.stringify([...before]) === JSON.stringify([...after]) && JSON.stringify([...sumsBefore]) === JSON.stringify([...byId]);
    // Until a search saw the same figures before and after it (bounded by the test's timeout,
    // not a number of tries: a busy machine may need more of them).
    if (!stable) continue;
    const score = (r: Row) => {
      const s = after.get(r.category);
      const m = s && Number(s.rating_count) > 0 ? Number(s.rating_sum) / Number(s.rating_count) : 3;
      return (5 * m + byId.get(r.id)!.rating_sum) / (5 + r.rating_count);
    };
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      const [sa, sb] = [score(a), score(b)];
      const inOrder =
        sa > sb + 1e-9 ||
        (Math.abs(sa - sb) <= 1e-9 &&
          (a.rating_count > b.rating_count ||
            (a.rating_count === b.rating_count && Date.parse(a.registration_date) >= Date.parse(b.registration_date))));
      if (!inOrder)
        return `${i - 1}: ${a.id} (score ${sa}, ${a.rating_count} ratings) before ${b.id} (score ${sb}, ${b.rating_count} ratings)`;
    }
    return null;
  }
}

describe('service_providers reads', () => {
  test('select * returns only approved providers, with the public columns and no Aadhaar', async () => {
    const { data, error } = await supabase.from('service_providers').select('*').eq('status', 'approved').limit(1000);
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThan(400);
    const all = await supabase.from('service_providers').select('status').limit(5000);
    expect(new Set(all.data!.map((r) => r.status))).toEqual(new Set(['approved']));
    const row = data![0]!;
    for (const key of [
      'id',
      'name',
      'business_name',
      'mobile',
      'category',
      'specialist_in',
      'experience',
      'address',
      'verified',
      'status',
      'registration_date',
      'number_caution',
    ]) {
      expect(row).toHaveProperty(key);
    }
    expect(Object.keys(row).some((k) => /aadha/i.test(k))).toBe(false);
    expect(row.mobile).toMatch(/^[6-9][0-9]{9}$/);
  });

  test('by id with .single(): one approved provider; pending or unknown ids give 406 PGRST116', async () => {
    const approved = await createProvider();
    const one = await supabase.from('service_providers').select('*').eq('id', approved.id).single();
    expect(one.error).toBeNull();
    expect(one.data).toMatchObject({ id: approved.id, status: 'approved', mobile: approved.mobile, number_caution: false });

    const pending = await createProvider({ approve: false });
    const hidden = await supabase.from('service_providers').select('*').eq('id', pending.id).single();
    expect(hidden.status).toBe(406);
    expect(hidden.error).toMatchObject({ code: 'PGRST116' });

    const unknown = await supabase.from('service_providers').select('*').eq('id', '00000000-0000-4000-8000-000000000000').single();
    expect(unknown.status).toBe(406);
    expect(unknown.error?.code).toBe('PGRST116');

    const maybe = await supabase.from('service_providers').select('*').eq('id', pending.id).maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
  });
});

describe('search_providers', () => {
  // Other test files add providers concurrently (plumber / OTHERS): exact counts use electricians.
  const electrician = storedCategoryValue(CATEGORIES.find((c) => c.id === 'electrician')!);

  test('defaults: approved rows, rating_desc, 20 per page, total_count on every row', async () => {
    const rows = await search({});
    expect(rows).toHaveLength(20);
    const total = rows[0]!.total_count;
    expect(rows.every((r) => r.total_count === total)).toBe(true);
    expect(total).toBeGreaterThan(400);
    const inCategory = await search({ p_category: electrician });
    const { count } = await supabase.from('service_providers').select('id', { count: 'exact', head: true }).eq('category', electrician);
    expect(inCategory[0]!.total_count).toBe(count);
    // rating_desc is "top rated": the Bayesian average, not the plain one.
    expect(await topRatedOrderViolation(() => search({}))).toBeNull();
    expect(await topRatedOrderViolation(() => search({ p_category: electrician, p_limit: 100 }))).toBeNull();
    expect(Object.keys(rows[0]!).sort()).toEqual(
      [
        'address',
        'avg_rating',
        'business_name',
        'category',
        'experience',
        'id',
        'mobile',
        'name',
        'on_leave_until',
        'opening_hours',
        'rating_count',
        'registration_date',
        'specialist_in',
        'total_count',
        'verified',
        // 0022: the provider's place, and whether they serve / how far from the visitor's place.
        'place_kind',
        'place_code',
        'place_name_en',
        'place_name_hi',
        'serves_visitor',
        'distance_km',
      ].sort(),
    );
  });

  test('category filter, paging without overlap, and newly_added order', async () => {
    const plumber = electrician; // a category no other test file adds providers to
    const page1 = await search({ p_category: plumber, p_limit: 5, p_offset: 0 });
    const page2 = await search({ p_category: plumber, p_limit: 5, p_offset: 5 });
    expect(page1.length).toBe(5);
    expect(page1.every((r) => r.category === plumber)).toBe(true);
    expect(page2.every((r) => r.category === plumber)).toBe(true);
    expect(page1.map((r) => r.id).filter((id) => page2.some((r) => r.id === id))).toEqual([]);
    expect(page2[0]?.total_count ?? page1[0]!.total_count).toBe(page1[0]!.total_count);

    const newest = await search({ p_category: plumber, p_sort: 'newly_added', p_limit: 50 });
    for (let i = 1; i < newest.length; i++) {
      expect(Date.parse(newest[i - 1]!.registration_date)).toBeGreaterThanOrEqual(Date.parse(newest[i]!.registration_date));
    }
    const past = await search({ p_category: plumber, p_offset: 100000 });
    expect(past).toEqual([]);
  });

  test("'OTHERS' matches every free-text category", async () => {
    const { id } = await createProvider({ overrides: { p_category: 'OTHERS: बेकरी वाला' } });
    const rows = await search({ p_category: 'OTHERS', p_limit: 100 });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.category.startsWith('OTHERS: '))).toBe(true);
    expect(rows.map((r) => r.id)).toContain(id);
  });

  test('minimum rating and verified filters', async () => {
    const rated = await search({ p_min_rating: 4.5, p_limit: 100 });
    expect(rated.length).toBeGreaterThan(0);
    expect(rated.every((r) => r.avg_rating >= 4.5)).toBe(true);
    const verified = await search({ p_verified: 'verified', p_limit: 100, p_category: electrician });
    const unverified = await search({ p_verified: 'unverified', p_limit: 100, p_category: electrician });
    expect(verified.length).toBeGreaterThan(0);
    expect(unverified.length).toBeGreaterThan(0);
    expect(verified.every((r) => r.verified)).toBe(true);
    expect(unverified.every((r) => !r.verified)).toBe(true);
    const all = await search({ p_limit: 1, p_category: electrician });
    expect(verified[0]!.total_count + unverified[0]!.total_count).toBe(all[0]!.total_count);
  });

  test('text search: English, Hinglish typo, Hindi keyword, name, business name, partial mobile', async () => {
    const plumber = storedCategoryValue(CATEGORIES.find((c) => c.id === 'plumber')!);
    const electrician = storedCategoryValue(CATEGORIES.find((c) => c.id === 'electrician')!);
    for (const q of ['plumber', 'plambar', 'प्लंबर', 'Plumber ']) {
      const rows = await search({ p_query: q, p_limit: 100 });
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((r) => r.category === plumber).length).toBeGreaterThan(0);
    }
    const bijli = await search({ p_query: 'बिजली', p_limit: 100 });
    expect(bijli.some((r) => r.category === electrician)).toBe(true);

    const mine = await createProvider({
      overrides: { p_name: 'Zorawar Qadri', p_business_name: 'Quixotic Flex Printers', p_category: '🔧 प्लंबर' },
    });
    const byName = await search({ p_query: 'zorawar' });
    expect(byName.map((r) => r.id)).toEqual([mine.id]);
    const byBusiness = await search({ p_query: 'Quixotic' });
    expect(byBusiness.map((r) => r.id)).toEqual([mine.id]);
    const digits = mine.mobile.slice(2, 9);
    const byMobile = await search({ p_query: digits, p_limit: 100 });
    expect(byMobile.map((r) => r.id)).toContain(mine.id);
    const typo = await search({ p_query: 'zorawer' });
    expect(typo.map((r) => r.id)).toContain(mine.id);
  });

  test('blank query is no filter; absurd input does not error', async () => {
    const none = await search({ p_limit: 1, p_category: electrician });
    const blank = await search({ p_query: '   \n\t ', p_limit: 1, p_category: electrician });
    expect(blank[0]!.total_count).toBe(none[0]!.total_count);
    for (const q of ['x'.repeat(2000), "'; drop table service_providers; --", '%_\\%', '🔧🔧🔧', ')(*&^%$#@!', '\u0000abc']) {
      const res = await supabase.rpc('search_providers', { p_query: q });
      if (q.includes('\u0000')) {
        // Postgres text cannot hold NUL: a clean 4xx, never a crash.
        expect(res.status === 200 || (res.status >= 400 && res.status < 500)).toBe(true);
      } else {
        expect(res.error).toBeNull();
        expect(Array.isArray(res.data)).toBe(true);
      }
    }
    const still = await supabase.from('service_providers').select('id', { count: 'exact', head: true });
    expect(still.count).toBeGreaterThan(0);
  });

  test('list totals follow approvals, rejections and the verified flag', async () => {
    const cat = `OTHERS: Totals check ${Date.now()}`;
    const total = async (extra: Record<string, unknown> = {}) => (await search({ p_category: cat, ...extra }))[0]?.total_count ?? 0;
    expect(await total()).toBe(0);
    const a = await createProvider({ overrides: { p_category: cat } });
    const b = await createProvider({ overrides: { p_category: cat, p_aadhaar: validAadhaar() } });
    await createProvider({ approve: false, overrides: { p_category: cat } });
    expect(await total()).toBe(2);
    // A valid Aadhaar alone is not "verified" (0016): the operator's check is.
    expect(await total({ p_verified: 'verified' })).toBe(0);
    const admin = await sharedAdmin();
    const verify = await admin.rpc('admin_verify_provider', { p_id: b.id, p_how: ['visited'], p_reason: 'visited the shop' });
    expect(verify.error).toBeNull();
    expect(await total({ p_verified: 'verified' })).toBe(1);
    expect(await total({ p_verified: 'unverified' })).toBe(1);
    await admin.rpc('admin_set_provider_status', { p_provider_id: a.id, p_status: 'rejected', p_reason: 'test' });
    expect(await total()).toBe(1);
    expect(await total({ p_verified: 'unverified' })).toBe(0);
    const rows = await search({ p_category: cat });
    expect(rows.map((r) => r.total_count)).toEqual([1]);
  });

  test('top rated: one 5-star rating does not beat 4.1 from 18 ratings (Bayesian average, category mean as prior)', async () => {
    const cat = `OTHERS: Bayes check ${Date.now()}`;
    const one = await createProvider({ overrides: { p_category: cat } });
    const many = await createProvider({ overrides: { p_category: cat } });
    const low = await createProvider({ overrides: { p_category: cat } });
    const rate = async (id: string, ratings: number[]) => {
      for (const r of ratings) {
        const res = await phoneJwtClient(randomMobile()).rpc('rate_provider', { p_provider_id: id, p_rating: r });
        if (res.error) throw new Error(JSON.stringify(res.error));
      }
    };
    await rate(one.id, [5]);
    await rate(many.id, [...Array<number>(4).fill(5), ...Array<number>(12).fill(4), 3, 3]); // 74 / 18 = 4.1
    await rate(low.id, Array<number>(20).fill(2));
    const rows = await search({ p_category: cat });
    expect(rows.map((r) => [r.avg_rating, r.rating_count])).toEqual([
      [4.1, 18],
      [5, 1],
      [2, 20],
    ]);
    expect(rows.map((r) => r.id)).toEqual([many.id, one.id, low.id]);
    // The prior is the category mean: (5 + 74 + 40) / 39 ratings.
    const m = 119 / 39;
    const { data: stats } = await supabase.from('category_stats').select('rating_sum, rating_count').eq('category', cat).single();
    expect(stats).toEqual({ rating_sum: 119, rating_count: 39 });
    const { data: score } = await supabase.rpc('rating_score', {
      p_category_sum: 119,
      p_category_count: 39,
      p_rating_sum: 74,
      p_rating_count: 18,
    });
    expect(Number(score)).toBeCloseTo((5 * m + 74) / 23, 9);
    // A category without ratings: prior 3.
    const { data: fresh } = await supabase.rpc('rating_score', {
      p_category_sum: 0,
      p_category_count: 0,
      p_rating_sum: 5,
      p_rating_count: 1,
    });
    expect(Number(fresh)).toBeCloseTo((15 + 5) / 6, 9);
    // The same order when the category is reached through a text search.
    const found = await search({ p_query: 'Bayes check', p_limit: 100 });
    const mine = found.filter((r) => r.category === cat).map((r) => r.id);
    expect(mine).toEqual([many.id, one.id, low.id]);
    expect(await topRatedOrderViolation(() => search({ p_query: 'Bayes check', p_limit: 100 }))).toBeNull();
  });

  test('bad enum arguments are refused with 22023 / 400', async () => {
    const res = await supabase.rpc('search_providers', { p_verified: 'maybe' });
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('22023');
  });
});

describe('get_average_ratings', () => {
  test('returns provider_id, avg_rating (1 decimal), rating_count for the ids asked, or all', async () => {
    const top = await search({ p_limit: 3 });
    const ids = top.map((r) => r.id);
    const { data, error } = await supabase.rpc('get_average_ratings', { p_provider_ids: ids });
    expect(error).toBeNull();
    const rows = data as { provider_id: string; avg_rating: number; rating_count: number }[];
    expect(rows.map((r) => r.provider_id).sort()).toEqual(ids.filter((id) => top.find((t) => t.id === id)!.rating_count > 0).sort());
    for (const r of rows) {
      const t = top.find((x) => x.id === r.provider_id)!;
      expect(r.avg_rating).toBe(t.avg_rating);
      expect(r.rating_count).toBe(t.rating_count);
      expect(Math.round(r.avg_rating * 10) / 10).toBe(r.avg_rating);
      expect(Number.isInteger(r.rating_count)).toBe(true);
    }
    const all = await supabase.rpc('get_average_ratings');
    expect(all.error).toBeNull();
    expect((all.data as unknown[]).length).toBeGreaterThan(100);
  });

  test('at most 200 ids (22001 naming p_provider_ids); the word splitter is not callable through the API', async () => {
    const ids = (await search({ p_limit: 1 })).map((r) => r.id);
    const ok = await supabase.rpc('get_average_ratings', { p_provider_ids: Array<string>(200).fill(ids[0]!) });
    expect(ok.error).toBeNull();
    const tooMany = await supabase.rpc('get_average_ratings', { p_provider_ids: Array<string>(201).fill(ids[0]!) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.error).toMatchObject({ code: '22001', details: 'p_provider_ids' });
    const huge = await raw('/rest/v1/rpc/get_average_ratings', {
      method: 'POST',
      body: { p_provider_ids: Array<string>(2000).fill(ids[0]!) },
    });
    expect(huge.status).toBe(400);
    for (const [client, status] of [
      [supabase, 401],
      [phoneJwtClient(randomMobile()), 403],
    ] as const) {
      const words = await client.rpc('search_words_of', { p_text: 'x'.repeat(1000) });
      expect({ status: words.status, code: words.error?.code, data: words.data }).toEqual({ status, code: '42501', data: null });
    }
  });
});

describe('category catalogue in the database', () => {
  test('service_categories holds every catalogue category with its stored value', async () => {
    const { data, error } = await supabase.from('service_categories').select('stored_value, slug').order('sort_order');
    expect(error).toBeNull();
    expect(data!.map((r) => r.slug)).toEqual(CATEGORIES.map((c) => c.id));
    expect(data!.map((r) => r.stored_value)).toEqual(CATEGORIES.map(storedCategoryValue));
  });

  test('every service listed under "more services offered here" finds its category\'s providers (0009 keywords)', async () => {
    for (const service of OTHER_SERVICES) {
      const category = storedCategoryValue(CATEGORIES.find((c) => c.id === service.category)!);
      for (const q of [service.en, service.hi]) {
        const rows = await search({ p_query: q, p_limit: 100 });
        expect({ q, found: rows.some((r) => r.category === category) }).toEqual({ q, found: true });
      }
    }
    const bakery = await search({ p_query: 'बेकरी', p_limit: 100 });
    expect(bakery.length).toBeGreaterThan(0);
  });

  test('every catalogue category has seeded providers', async () => {
    const res = await raw('/rest/v1/service_providers?select=category&limit=5000');
    const present = new Set((res.json as { category: string }[]).map((r) => r.category));
    expect(CATEGORIES.filter((c) => !present.has(storedCategoryValue(c))).map((c) => c.id)).toEqual([]);
  });
});
