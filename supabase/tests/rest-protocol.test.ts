/**
 * The PostgREST subset beyond the product's own calls: filters, order, paging,
 * counts, embedding, writes with Prefer, error shapes, CORS.
 */
import { anonClient, createProvider, deviceHash, deviceToken, phoneJwtClient, randomMobile, raw, server, serviceClient } from './helpers';

const supabase = anonClient();

describe('filters, order, paging', () => {
  test('eq / neq / gt / gte / lt / lte / in / is / ilike / or', async () => {
    const base = supabase.from('service_providers').select('id, name, experience, business_name, verified, category');
    const gt = await base.gt('experience', 20).limit(500);
    expect(gt.data!.length).toBeGreaterThan(0);
    expect(gt.data!.every((r) => r.experience > 20)).toBe(true);
    const gte = await supabase.from('service_providers').select('experience').gte('experience', 20).lte('experience', 21).limit(500);
    expect(gte.data!.every((r) => r.experience >= 20 && r.experience <= 21)).toBe(true);
    const lt = await supabase.from('service_providers').select('experience').lt('experience', 1).limit(500);
    expect(lt.data!.every((r) => r.experience === 0)).toBe(true);
    const neq = await supabase.from('service_providers').select('verified').neq('verified', true).limit(500);
    expect(neq.data!.every((r) => r.verified === false)).toBe(true);
    const isNull = await supabase.from('service_providers').select('business_name').is('business_name', null).limit(500);
    expect(isNull.data!.length).toBeGreaterThan(0);
    expect(isNull.data!.every((r) => r.business_name === null)).toBe(true);
    const ids = gt.data!.slice(0, 3).map((r) => r.id);
    const inList = await supabase.from('service_providers').select('id').in('id', ids);
    expect(inList.data!.map((r) => r.id).sort()).toEqual([...ids].sort());
    const ilike = await supabase.from('service_providers').select('name').ilike('name', '%SHARMA%').limit(500);
    expect(ilike.data!.length).toBeGreaterThan(0);
    expect(ilike.data!.every((r) => /sharma/i.test(r.name))).toBe(true);
    const or = await supabase.from('service_providers').select('experience').or('experience.eq.0,experience.gt.28').limit(500);
    expect(or.data!.length).toBeGreaterThan(0);
    expect(or.data!.every((r) => r.experience === 0 || r.experience > 28)).toBe(true);
    const nested = await supabase
      .from('service_providers')
      .select('experience, verified')
      .or('and(experience.eq.0,verified.is.true),experience.eq.29')
      .limit(500);
    expect(nested.data!.every((r) => (r.experience === 0 && r.verified) || r.experience === 29)).toBe(true);
    const not = await supabase.from('service_providers').select('experience').not('experience', 'in', '(0,1,2)').limit(500);
    expect(not.data!.every((r) => r.experience > 2)).toBe(true);
  });

  test('order, limit/offset, range with exact count, head count', async () => {
    const ordered = await supabase
      .from('service_providers')
      .select('experience, name')
      .order('experience', { ascending: false })
      .order('name')
      .limit(30);
    const exp = ordered.data!.map((r) => r.experience);
    expect(exp).toEqual([...exp].sort((a, b) => b - a));
    // Other test files add providers concurrently: count a category none of them writes to.
    const cat = encodeURIComponent('⚡ इलेक्ट्रीशियन');
    const page = await supabase
      .from('service_providers')
      .select('id', { count: 'exact' })
      .eq('category', '⚡ इलेक्ट्रीशियन')
      .order('id')
      .range(3, 7);
    expect(page.data).toHaveLength(5);
    expect(page.count).toBeGreaterThan(10);
    const sameRange = await supabase
      .from('service_providers')
      .select('id')
      .eq('category', '⚡ इलेक्ट्रीशियन')
      .order('id')
      .limit(5)
      .range(3, 7);
    expect(sameRange.data).toEqual(page.data);
    const head = await supabase.from('service_providers').select('*', { count: 'exact', head: true }).eq('category', '⚡ इलेक्ट्रीशियन');
    expect(head.data).toBeNull();
    expect(head.count).toBe(page.count);
    const rawRange = await raw(`/rest/v1/service_providers?select=id&order=id&category=eq.${cat}`, {
      headers: { Range: '0-4', Prefer: 'count=exact' },
    });
    expect((rawRange.json as unknown[]).length).toBe(5);
    expect(rawRange.headers.get('content-range')).toBe(`0-4/${page.count}`);
  });

  test('embedding: many-to-one object and one-to-many array', async () => {
    const { id } = await createProvider();
    // A review is written by a signed-in phone (migration 0011).
    expect((await phoneJwtClient(randomMobile()).rpc('add_review', { p_provider_id: id, p_review_text: 'embedded' })).error).toBeNull();
    const toOne = await supabase.from('reviews').select('review_text, provider:service_providers(id, name)').eq('provider_id', id);
    expect(toOne.error).toBeNull();
    expect(toOne.data![0]).toMatchObject({ review_text: 'embedded', provider: { id } });
    const toMany = await supabase.from('service_providers').select('id, reviews(review_text)').eq('id', id).single();
    expect(toMany.data).toEqual({ id, reviews: [{ review_text: 'embedded' }] });
  });
});

describe('writes with Prefer', () => {
  test('upsert with ignore-duplicates leaves the row; merge-duplicates updates it (service role)', async () => {
    const admin = serviceClient();
    const { id } = await createProvider();
    const device = deviceHash(deviceToken());
    expect((await admin.from('service_ratings').insert({ provider_id: id, device_hash: device, rating: 3 })).error).toBeNull();
    const ignored = await admin
      .from('service_ratings')
      .upsert({ provider_id: id, device_hash: device, rating: 5 }, { onConflict: 'provider_id,device_hash', ignoreDuplicates: true })
      .select();
    expect(ignored.error).toBeNull();
    expect(ignored.data).toEqual([]);
    const merged = await admin
      .from('service_ratings')
      .upsert({ provider_id: id, device_hash: device, rating: 1 }, { onConflict: 'provider_id,device_hash' })
      .select('rating')
      .single();
    expect(merged.data).toEqual({ rating: 1 });
    // PostgREST's status: 200 when the upsert only updated, 201 when it inserted a row.
    expect(merged.status).toBe(200);
    const minimal = await admin
      .from('service_ratings')
      .upsert({ provider_id: id, device_hash: device, rating: 2 }, { onConflict: 'provider_id,device_hash' });
    expect([minimal.status, minimal.error]).toEqual([200, null]);
    const other = deviceHash(deviceToken());
    const mixed = await admin.from('service_ratings').upsert(
      [
        { provider_id: id, device_hash: device, rating: 4 },
        { provider_id: id, device_hash: other, rating: 5 },
      ],
      { onConflict: 'provider_id,device_hash' },
    );
    expect([mixed.status, mixed.error]).toEqual([201, null]);
    const rows = await admin.from('service_ratings').select('device_hash, rating').eq('provider_id', id).order('rating');
    expect(rows.data).toEqual([
      { device_hash: device, rating: 4 },
      { device_hash: other, rating: 5 },
    ]);
  });

  test('service_role can PATCH and DELETE with filters and return the rows', async () => {
    const admin = serviceClient();
    const { id } = await createProvider();
    const patched = await admin.from('service_providers').update({ specialist_in: 'Patched' }).eq('id', id).select('id, specialist_in');
    expect(patched.data).toEqual([{ id, specialist_in: 'Patched' }]);
    const deleted = await admin.from('service_providers').delete().eq('id', id).select('id');
    expect(deleted.data).toEqual([{ id }]);
    const gone = await supabase.from('service_providers').select('id').eq('id', id);
    expect(gone.data).toEqual([]);
    const unfiltered = await admin.from('service_providers').delete();
    expect(unfiltered.error?.code).toBe('21000');
  });
});

describe('errors are PostgREST-shaped', () => {
  test('unknown table, unknown column, bad filter, bad JSON, unknown function', async () => {
    const table = await supabase.from('nope').select('*');
    expect(table.status).toBe(404);
    expect(table.error).toMatchObject({ code: 'PGRST205' });
    expect(Object.keys(table.error!).sort()).toEqual(['code', 'details', 'hint', 'message']);
    const column = await supabase.from('service_providers').select('nope');
    expect(column.status).toBe(400);
    expect(column.error).toMatchObject({ code: '42703', message: 'column service_providers.nope does not exist' });
    const filter = await raw('/rest/v1/service_providers?experience=zz.1');
    expect(filter.status).toBe(400);
    expect((filter.json as { code: string }).code).toBe('PGRST100');
    const badValue = await supabase.from('service_providers').select('id').eq('experience', 'abc');
    expect(badValue.status).toBe(400);
    expect(badValue.error?.code).toBe('22P02');
    const badJson = await raw('/rest/v1/reviews', { method: 'POST', body: '{not json' });
    expect(badJson.status).toBe(400);
    expect((badJson.json as { code: string }).code).toBe('PGRST102');
    const badRpcJson = await raw('/rest/v1/rpc/add_review', { method: 'POST', body: '{not json' });
    expect(badRpcJson.status).toBe(400);
    expect((badRpcJson.json as { code: string }).code).toBe('PGRST102');
    const fn = await supabase.rpc('does_not_exist', { a: 1 });
    expect(fn.status).toBe(404);
    expect(fn.error?.code).toBe('PGRST202');
    const injection = await raw(`/rest/v1/service_providers?select=${encodeURIComponent('id,"name"; drop table reviews; --')}`);
    expect(injection.status).toBe(400);
    const reviews = await supabase.from('reviews').select('id').limit(1);
    expect(reviews.error).toBeNull();
  });
});

describe('CORS', () => {
  test('allowed module origins get CORS headers; others do not', async () => {
    const s = server();
    const ok = await fetch(`${s.url}/rest/v1/service_providers?select=id&limit=1`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3002',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'apikey,authorization,x-client-info',
      },
    });
    expect(ok.status).toBeLessThan(300);
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:3002');
    expect((ok.headers.get('access-control-allow-headers') ?? '').toLowerCase()).toContain('apikey');
    const get = await fetch(`${s.url}/rest/v1/service_providers?select=id&limit=1`, {
      headers: { Origin: 'http://127.0.0.1:3000', apikey: s.anonKey },
    });
    expect(get.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    expect((get.headers.get('access-control-expose-headers') ?? '').toLowerCase()).toContain('content-range');
    const evil = await fetch(`${s.url}/rest/v1/service_providers?select=id&limit=1`, {
      headers: { Origin: 'http://evil.example', apikey: s.anonKey },
    });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });
});
