/**
 * Spec section 7 writes by visitors: ratings (a device's own ratings, rate again
 * to change), reviews (list, post returning the row), click tracking; with the
 * database rules that guard them. Since 0006 the public writes go through
 * one-row functions (rate_provider, add_review, track_click) keyed by a secret
 * device token; direct table writes are refused.
 */
import { anonClient, createProvider, deviceHash, deviceToken, raw, serviceClient, signedInClient } from './helpers';

const supabase = anonClient();

describe('service_ratings', () => {
  test('rate_provider: one rating per device, value can change, averages follow', async () => {
    const { id } = await createProvider();
    const device = deviceToken();
    const first = await supabase.rpc('rate_provider', { p_provider_id: id, p_device_token: device, p_rating: 5 });
    expect(first.error).toBeNull();
    expect(first.status).toBe(204);
    const second = await supabase.rpc('rate_provider', { p_provider_id: id, p_device_token: device, p_rating: 2 });
    expect(second.error).toBeNull();
    const other = await supabase.rpc('rate_provider', { p_provider_id: id, p_device_token: deviceToken(), p_rating: 5 });
    expect(other.error).toBeNull();

    const mine = await supabase.rpc('get_device_ratings', { p_device_token: device, p_provider_ids: [id] });
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual([{ provider_id: id, rating: 2 }]);
    // Without ids: all of this device's ratings (here just the one).
    const all = await supabase.rpc('get_device_ratings', { p_device_token: device });
    expect(all.data).toEqual([{ provider_id: id, rating: 2 }]);

    const avg = await supabase.rpc('get_average_ratings', { p_provider_ids: [id] });
    expect(avg.data).toEqual([{ provider_id: id, avg_rating: 3.5, rating_count: 2 }]);

    // The old path: anon can neither write nor read the table any more.
    const direct = await supabase
      .from('service_ratings')
      .upsert({ provider_id: id, device_hash: deviceHash(deviceToken()), rating: 5 }, { onConflict: 'provider_id,device_hash' });
    expect(direct.status).toBe(401);
    expect(direct.error?.code).toBe('42501');
    const read = await supabase.from('service_ratings').select('provider_id, rating').eq('provider_id', id);
    expect(read.status).toBe(401);
    expect(read.error?.code).toBe('42501');
    expect((await supabase.rpc('get_average_ratings', { p_provider_ids: [id] })).data).toEqual([
      { provider_id: id, avg_rating: 3.5, rating_count: 2 },
    ]);
  });

  test('one row per device: rating again updates it; a second row for the same device is refused (23505, 409)', async () => {
    const { id } = await createProvider();
    const device = deviceToken();
    expect((await supabase.rpc('rate_provider', { p_provider_id: id, p_device_token: device, p_rating: 4 })).error).toBeNull();
    expect((await supabase.rpc('rate_provider', { p_provider_id: id, p_device_token: device, p_rating: 3 })).error).toBeNull();
    expect((await supabase.rpc('get_average_ratings', { p_provider_ids: [id] })).data).toEqual([
      { provider_id: id, avg_rating: 3, rating_count: 1 },
    ]);
    // The database keeps the token's sha256 only, one row per provider and hash.
    const admin = serviceClient();
    const stored = await admin.from('service_ratings').select('device_hash, rating').eq('provider_id', id);
    expect(stored.data).toEqual([{ device_hash: deviceHash(device), rating: 3 }]);
    expect(JSON.stringify(stored.data)).not.toContain(device);
    const again = await admin.from('service_ratings').insert({ provider_id: id, device_hash: deviceHash(device), rating: 3 });
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe('23505');
    const anon = await supabase.from('service_ratings').insert({ provider_id: id, device_hash: deviceHash(deviceToken()), rating: 3 });
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');
  });

  test.each([0, 6, -1, 2.5])('rating %p is refused', async (rating) => {
    const { id } = await createProvider();
    const device = deviceToken();
    const res = await supabase.rpc('rate_provider', { p_provider_id: id, p_device_token: device, p_rating: rating });
    expect(res.error).not.toBeNull();
    expect(res.status).toBe(400);
    expect(['23514', '22P02']).toContain(res.error!.code);
    expect((await supabase.rpc('get_device_ratings', { p_device_token: device })).data).toEqual([]);
    expect((await supabase.rpc('get_average_ratings', { p_provider_ids: [id] })).data).toEqual([]);
  });

  test.each([null, '', 'short', 'x'.repeat(65), 'has space in it 0123456789', 'ünïcödé-ünïcödé-ünïcödé', 'a+b/c=d0123456789012345'])(
    'device token %p is refused (22023 naming device_token)',
    async (token) => {
      const { id } = await createProvider();
      const res = await supabase.rpc('rate_provider', { p_provider_id: id, p_device_token: token, p_rating: 4 });
      expect(res.status).toBe(400);
      expect(res.error).toMatchObject({ code: '22023', details: 'device_token' });
      expect((await supabase.rpc('get_average_ratings', { p_provider_ids: [id] })).data).toEqual([]);
    },
  );

  test('ratings only for approved providers (404 naming provider_id, whether pending or unknown)', async () => {
    const { id } = await createProvider({ approve: false });
    for (const providerId of [id, '00000000-0000-4000-8000-000000000000']) {
      const res = await supabase.rpc('rate_provider', { p_provider_id: providerId, p_device_token: deviceToken(), p_rating: 5 });
      expect(res.status).toBe(404);
      expect(res.error).toMatchObject({ code: 'PT404', details: 'provider_id' });
    }
    const direct = await supabase.from('service_ratings').insert({ provider_id: id, device_hash: deviceHash(deviceToken()), rating: 5 });
    expect(direct.status).toBe(401);
    expect(direct.error?.code).toBe('42501');
    const stored = await serviceClient().from('service_ratings').select('rating').eq('provider_id', id);
    expect(stored.data).toEqual([]);
  });

  test('a rating cannot be moved to another device or provider, nor changed or deleted by anon', async () => {
    const { id } = await createProvider();
    const other = await createProvider();
    const device = deviceToken();
    await supabase.rpc('rate_provider', { p_provider_id: id, p_device_token: device, p_rating: 4 });
    // anon: no UPDATE / DELETE on the table at all
    const move = await supabase
      .from('service_ratings')
      .update({ device_hash: deviceHash(deviceToken()) })
      .eq('device_hash', deviceHash(device));
    expect(move.error?.code).toBe('42501');
    const change = await supabase.from('service_ratings').update({ rating: 1 }).eq('provider_id', id);
    expect(change.error?.code).toBe('42501');
    const del = await supabase.from('service_ratings').delete().eq('provider_id', id);
    expect(del.error?.code).toBe('42501');
    // and the row itself refuses to move, whoever asks (the guard trigger)
    const admin = serviceClient();
    const moveDevice = await admin
      .from('service_ratings')
      .update({ device_hash: deviceHash(deviceToken()) })
      .eq('device_hash', deviceHash(device));
    expect(moveDevice.error?.code).toBe('23514');
    const moveProvider = await admin.from('service_ratings').update({ provider_id: other.id }).eq('device_hash', deviceHash(device));
    expect(moveProvider.error?.code).toBe('23514');
    // a signed-in non-admin deletes nothing either: RLS shows it no row (only admins moderate)
    const user = await signedInClient('user');
    const userDel = await user.from('service_ratings').delete().eq('provider_id', id).select('rating');
    expect(userDel.error).toBeNull();
    expect(userDel.data).toEqual([]);
    const still = await supabase.rpc('get_device_ratings', { p_device_token: device });
    expect(still.data).toEqual([{ provider_id: id, rating: 4 }]);
  });

  test('get_device_ratings: only this device, only the providers asked for, only listed providers', async () => {
    const a = await createProvider();
    const b = await createProvider();
    const device = deviceToken();
    await supabase.rpc('rate_provider', { p_provider_id: a.id, p_device_token: device, p_rating: 5 });
    await supabase.rpc('rate_provider', { p_provider_id: b.id, p_device_token: device, p_rating: 1 });
    await supabase.rpc('rate_provider', { p_provider_id: a.id, p_device_token: deviceToken(), p_rating: 3 });
    const both = await supabase.rpc('get_device_ratings', { p_device_token: device, p_provider_ids: [a.id, b.id] });
    expect((both.data as { provider_id: string; rating: number }[]).sort((x, y) => x.rating - y.rating)).toEqual([
      { provider_id: b.id, rating: 1 },
      { provider_id: a.id, rating: 5 },
    ]);
    const one = await supabase.rpc('get_device_ratings', { p_device_token: device, p_provider_ids: [b.id] });
    expect(one.data).toEqual([{ provider_id: b.id, rating: 1 }]);
    expect((await supabase.rpc('get_device_ratings', { p_device_token: deviceToken(), p_provider_ids: [a.id] })).data).toEqual([]);
    const admin = serviceClient();
    await admin.from('service_providers').update({ status: 'rejected' }).eq('id', b.id);
    expect((await supabase.rpc('get_device_ratings', { p_device_token: device })).data).toEqual([{ provider_id: a.id, rating: 5 }]);
    const bad = await supabase.rpc('get_device_ratings', { p_device_token: 'not a token' });
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({ code: '22023', details: 'device_token' });
  });
});

describe('reviews', () => {
  test('add_review returns the trimmed row; list for a provider newest first; list all', async () => {
    const { id } = await createProvider();
    const device = deviceToken();
    const first = await supabase.rpc('add_review', { p_provider_id: id, p_review_text: '  बहुत बढ़िया काम!  \n', p_device_token: device });
    expect(first.error).toBeNull();
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ provider_id: id, review_text: 'बहुत बढ़िया काम!' });
    expect(first.data).toHaveProperty('id');
    expect(first.data).toHaveProperty('created_at');
    // no trace of the device in the public row
    expect(Object.keys(first.data as object).sort()).toEqual(['created_at', 'hidden', 'id', 'provider_id', 'review_text']);
    await new Promise((r) => setTimeout(r, 20));
    const second = await supabase.rpc('add_review', { p_provider_id: id, p_review_text: 'Great service', p_device_token: device });
    expect(second.error).toBeNull();

    const list = await supabase.from('reviews').select('*').eq('provider_id', id).order('created_at', { ascending: false });
    expect(list.error).toBeNull();
    expect(list.data!.map((r) => r.review_text)).toEqual(['Great service', 'बहुत बढ़िया काम!']);

    const all = await supabase.from('reviews').select('provider_id, review_text, created_at');
    expect(all.error).toBeNull();
    expect(all.data!.length).toBeGreaterThan(100);
    expect(Object.keys(all.data![0]!).sort()).toEqual(['created_at', 'provider_id', 'review_text']);

    // The old path: a direct insert is refused and stores nothing.
    const direct = await supabase.from('reviews').insert({ provider_id: id, review_text: 'direct' }).select().single();
    expect(direct.status).toBe(401);
    expect(direct.error?.code).toBe('42501');
    expect((await supabase.from('reviews').select('id').eq('provider_id', id)).data).toHaveLength(2);
  });

  test.each([
    ['', '23502'],
    ['   ', '23502'],
    ['\n\t ', '23502'],
    ['\u200B\u200D \uFEFF\u2060', '23502'],
    ['x'.repeat(1001), '23514'],
  ])('review text %p is refused (%s)', async (text, code) => {
    const { id } = await createProvider();
    const res = await supabase.rpc('add_review', { p_provider_id: id, p_review_text: text, p_device_token: deviceToken() });
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ code, details: 'review_text' });
    const list = await supabase.from('reviews').select('id').eq('provider_id', id);
    expect(list.data).toEqual([]);
  });

  test('1000 characters is accepted; reviews of pending providers are refused (404)', async () => {
    const { id } = await createProvider();
    const ok = await supabase.rpc('add_review', { p_provider_id: id, p_review_text: 'क'.repeat(1000), p_device_token: deviceToken() });
    expect(ok.error).toBeNull();
    expect((ok.data as { review_text: string }).review_text).toBe('क'.repeat(1000));
    const pending = await createProvider({ approve: false });
    const res = await supabase.rpc('add_review', { p_provider_id: pending.id, p_review_text: 'hello', p_device_token: deviceToken() });
    expect(res.status).toBe(404);
    expect(res.error).toMatchObject({ code: 'PT404', details: 'provider_id' });
    const direct = await supabase.from('reviews').insert({ provider_id: pending.id, review_text: 'hello' });
    expect(direct.error?.code).toBe('42501');
    expect((await serviceClient().from('reviews').select('id').eq('provider_id', pending.id)).data).toEqual([]);
  });

  test('text is cleaned: controls and bidi overrides removed, spaces collapsed, newlines kept (at most two)', async () => {
    const { id } = await createProvider();
    const res = await supabase.rpc('add_review', {
      p_provider_id: id,
      p_review_text: '\u200B Good\u202E work\u0007 \t\u00A0 done \r\n\r\n\r\n\r\nThanks\u2066!\u2069 \uFEFF',
      p_device_token: deviceToken(),
    });
    expect(res.error).toBeNull();
    expect((res.data as { review_text: string }).review_text).toBe('Good work done\n\nThanks!');
  });

  test('one device posts at most 10 reviews a day (429); another device still can', async () => {
    const { id } = await createProvider();
    const device = deviceToken();
    for (let i = 0; i < 10; i++) {
      const ok = await supabase.rpc('add_review', { p_provider_id: id, p_review_text: `review ${i}`, p_device_token: device });
      expect(ok.error).toBeNull();
    }
    const eleventh = await supabase.rpc('add_review', { p_provider_id: id, p_review_text: 'review 10', p_device_token: device });
    expect(eleventh.status).toBe(429);
    expect(eleventh.error).toMatchObject({ code: 'PT429', details: 'device_token' });
    expect((await supabase.from('reviews').select('id').eq('provider_id', id)).data).toHaveLength(10);
    const other = await supabase.rpc('add_review', {
      p_provider_id: id,
      p_review_text: 'from another phone',
      p_device_token: deviceToken(),
    });
    expect(other.error).toBeNull();
  });
});

describe('click_tracking', () => {
  test('track_click counts call and whatsapp clicks; anything else is refused; anon cannot read or insert clicks', async () => {
    const admin = serviceClient();
    const { id } = await createProvider();
    const device = deviceToken();
    for (const click_type of ['call', 'whatsapp']) {
      const res = await supabase.rpc('track_click', { p_provider_id: id, p_click_type: click_type, p_device_token: device });
      expect(res.error).toBeNull();
      expect(res.status).toBe(204);
    }
    const stored = await admin.from('click_tracking').select('click_type, device_hash').eq('provider_id', id).order('click_type');
    expect(stored.data).toEqual([
      { click_type: 'call', device_hash: deviceHash(device) },
      { click_type: 'whatsapp', device_hash: deviceHash(device) },
    ]);
    const bad = await supabase.rpc('track_click', { p_provider_id: id, p_click_type: 'x', p_device_token: device });
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({ code: '23514', details: 'click_type' });
    const pending = await createProvider({ approve: false });
    const notListed = await supabase.rpc('track_click', { p_provider_id: pending.id, p_click_type: 'call', p_device_token: device });
    expect(notListed.status).toBe(404);
    expect(notListed.error?.code).toBe('PT404');
    const direct = await supabase.from('click_tracking').insert({ provider_id: id, click_type: 'call' });
    expect(direct.status).toBe(401);
    expect(direct.error?.code).toBe('42501');
    expect((await admin.from('click_tracking').select('id').eq('provider_id', id)).data).toHaveLength(2);
    const read = await supabase.from('click_tracking').select('*');
    expect(read.error?.code).toBe('42501');
    const rawRead = await raw('/rest/v1/click_tracking?select=*');
    expect(rawRead.status).toBe(401);
  });

  test('a repeat from the same device, provider and kind within 10 minutes is not counted again, and is no error', async () => {
    const admin = serviceClient();
    const { id } = await createProvider();
    const device = deviceToken();
    for (let i = 0; i < 3; i++) {
      const res = await supabase.rpc('track_click', { p_provider_id: id, p_click_type: 'call', p_device_token: device });
      expect(res.error).toBeNull();
      expect(res.status).toBe(204);
    }
    await supabase.rpc('track_click', { p_provider_id: id, p_click_type: 'call', p_device_token: deviceToken() });
    await supabase.rpc('track_click', { p_provider_id: id, p_click_type: 'whatsapp', p_device_token: device });
    const rows = await admin.from('click_tracking').select('click_type').eq('provider_id', id);
    expect(rows.data!.map((r) => r.click_type).sort()).toEqual(['call', 'call', 'whatsapp']);
    // Older than 10 minutes: counted again.
    await admin
      .from('click_tracking')
      .update({ created_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .eq('provider_id', id);
    await supabase.rpc('track_click', { p_provider_id: id, p_click_type: 'call', p_device_token: device });
    expect((await admin.from('click_tracking').select('id').eq('provider_id', id)).data).toHaveLength(4);
  });
});
