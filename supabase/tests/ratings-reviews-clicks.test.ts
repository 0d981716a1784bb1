/**
 * Spec section 7 writes by visitors: ratings (select by device, upsert),
 * reviews (list, insert returning the row), click tracking; with the database
 * rules that guard them.
 */
import { anonClient, createProvider, deviceId, raw } from './helpers';

const supabase = anonClient();

describe('service_ratings', () => {
  test('upsert on provider_id,device_id: one rating per device, value can change, averages follow', async () => {
    const { id } = await createProvider();
    const device = deviceId();
    const first = await supabase.from('service_ratings').upsert({ provider_id: id, device_id: device, rating: 5 }, { onConflict: 'provider_id,device_id' });
    expect(first.error).toBeNull();
    expect(first.status).toBe(201);
    const second = await supabase.from('service_ratings').upsert({ provider_id: id, device_id: device, rating: 2 }, { onConflict: 'provider_id,device_id' });
    expect(second.error).toBeNull();
    const other = await supabase.from('service_ratings').upsert({ provider_id: id, device_id: deviceId(), rating: 5 }, { onConflict: 'provider_id,device_id' });
    expect(other.error).toBeNull();

    const mine = await supabase.from('service_ratings').select('provider_id, rating').eq('device_id', device);
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual([{ provider_id: id, rating: 2 }]);

    const avg = await supabase.rpc('get_average_ratings', { p_provider_ids: [id] });
    expect(avg.data).toEqual([{ provider_id: id, avg_rating: 3.5, rating_count: 2 }]);
  });

  test('a second plain insert for the same device is refused (23505, 409)', async () => {
    const { id } = await createProvider();
    const device = deviceId();
    expect((await supabase.from('service_ratings').insert({ provider_id: id, device_id: device, rating: 4 })).error).toBeNull();
    const again = await supabase.from('service_ratings').insert({ provider_id: id, device_id: device, rating: 3 });
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe('23505');
  });

  test.each([0, 6, -1, 2.5])('rating %p is refused', async (rating) => {
    const { id } = await createProvider();
    const res = await supabase.from('service_ratings').upsert({ provider_id: id, device_id: deviceId(), rating }, { onConflict: 'provider_id,device_id' });
    expect(res.error).not.toBeNull();
    expect(res.status).toBe(400);
    expect(['23514', '22P02']).toContain(res.error!.code);
  });

  test('ratings only for approved providers', async () => {
    const { id } = await createProvider({ approve: false });
    const res = await supabase.from('service_ratings').insert({ provider_id: id, device_id: deviceId(), rating: 5 });
    expect(res.status).toBe(401);
    expect(res.error?.code).toBe('42501');
  });

  test('a rating cannot be moved to another device or provider, nor deleted by anon', async () => {
    const { id } = await createProvider();
    const device = deviceId();
    await supabase.from('service_ratings').insert({ provider_id: id, device_id: device, rating: 4 });
    const move = await supabase.from('service_ratings').update({ device_id: deviceId() }).eq('device_id', device);
    expect(move.error?.code).toBe('23514');
    const del = await supabase.from('service_ratings').delete().eq('device_id', device);
    expect(del.error?.code).toBe('42501');
    const still = await supabase.from('service_ratings').select('rating').eq('device_id', device);
    expect(still.data).toEqual([{ rating: 4 }]);
  });
});

describe('reviews', () => {
  test('insert returns the trimmed row; list for a provider newest first; list all', async () => {
    const { id } = await createProvider();
    const first = await supabase.from('reviews').insert({ provider_id: id, review_text: '  बहुत बढ़िया काम!  \n' }).select().single();
    expect(first.error).toBeNull();
    expect(first.status).toBe(201);
    expect(first.data).toMatchObject({ provider_id: id, review_text: 'बहुत बढ़िया काम!' });
    expect(first.data).toHaveProperty('id');
    expect(first.data).toHaveProperty('created_at');
    await new Promise((r) => setTimeout(r, 20));
    const second = await supabase.from('reviews').insert({ provider_id: id, review_text: 'Great service' }).select().single();
    expect(second.error).toBeNull();

    const list = await supabase.from('reviews').select('*').eq('provider_id', id).order('created_at', { ascending: false });
    expect(list.error).toBeNull();
    expect(list.data!.map((r) => r.review_text)).toEqual(['Great service', 'बहुत बढ़िया काम!']);

    const all = await supabase.from('reviews').select('provider_id, review_text, created_at');
    expect(all.error).toBeNull();
    expect(all.data!.length).toBeGreaterThan(100);
    expect(Object.keys(all.data![0]!).sort()).toEqual(['created_at', 'provider_id', 'review_text']);
  });

  test.each(['', '   ', '\n\t ', 'x'.repeat(1001)])('review text %p is refused (23514)', async (text) => {
    const { id } = await createProvider();
    const res = await supabase.from('reviews').insert({ provider_id: id, review_text: text }).select().single();
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('23514');
    const list = await supabase.from('reviews').select('id').eq('provider_id', id);
    expect(list.data).toEqual([]);
  });

  test('1000 characters is accepted; reviews of pending providers are refused', async () => {
    const { id } = await createProvider();
    const ok = await supabase.from('reviews').insert({ provider_id: id, review_text: 'क'.repeat(1000) }).select().single();
    expect(ok.error).toBeNull();
    const pending = await createProvider({ approve: false });
    const res = await supabase.from('reviews').insert({ provider_id: pending.id, review_text: 'hello' });
    expect(res.error?.code).toBe('42501');
  });
});

describe('click_tracking', () => {
  test('anon inserts call and whatsapp clicks; anything else is refused; anon cannot read clicks', async () => {
    const { id } = await createProvider();
    for (const click_type of ['call', 'whatsapp']) {
      const res = await supabase.from('click_tracking').insert({ provider_id: id, click_type });
      expect(res.error).toBeNull();
      expect(res.status).toBe(201);
    }
    const bad = await supabase.from('click_tracking').insert({ provider_id: id, click_type: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('23514');
    const read = await supabase.from('click_tracking').select('*');
    expect(read.error?.code).toBe('42501');
    const rawRead = await raw('/rest/v1/click_tracking?select=*');
    expect(rawRead.status).toBe(401);
  });
});
