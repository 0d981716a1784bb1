/**
 * Spec section 7 writes by visitors: ratings (a phone's own ratings, rate again
 * to change), reviews (list, post returning the row), click tracking; with the
 * database rules that guard them. The public writes go through one-row functions
 * (rate_provider, add_review, track_click); direct table writes are refused. Since
 * 0011 a rating or a review needs a phone checked by a one-time code (the JWT's phone
 * claim): one rating per phone per provider, an owner does not rate or review their
 * own listing, and old device ratings stay counted as history.
 */
import { createHash } from 'node:crypto';
import {
  anonClient,
  createProvider,
  deviceHash,
  deviceToken,
  phoneJwtClient,
  randomMobile,
  raw,
  serviceClient,
  signedInClient,
} from './helpers';

const supabase = anonClient();

/** A visitor signed in with a new phone. */
function visitor() {
  return phoneJwtClient(randomMobile());
}

/** Only the rating columns of a service_ratings row (the hashes are checked apart). */
async function storedRatings(providerId: string) {
  const rows = await serviceClient()
    .from('service_ratings')
    .select('device_hash, phone_hash, rating')
    .eq('provider_id', providerId)
    .order('rating');
  expect(rows.error).toBeNull();
  return rows.data as { device_hash: string | null; phone_hash: string | null; rating: number }[];
}

describe('service_ratings', () => {
  test('rate_provider: one rating per phone, value can change, averages follow', async () => {
    const { id } = await createProvider();
    const phone = visitor();
    const first = await phone.rpc('rate_provider', { p_provider_id: id, p_rating: 5 });
    expect(first.error).toBeNull();
    expect(first.status).toBe(204);
    const second = await phone.rpc('rate_provider', { p_provider_id: id, p_rating: 2 });
    expect(second.error).toBeNull();
    const other = await visitor().rpc('rate_provider', { p_provider_id: id, p_rating: 5 });
    expect(other.error).toBeNull();

    const mine = await phone.rpc('my_ratings', { p_provider_ids: [id] });
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual([{ provider_id: id, rating: 2 }]);
    // Without ids: all of this phone's ratings (here just the one).
    const all = await phone.rpc('my_ratings', {});
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

  test('without a signed-in phone a rating is refused (anon 401, e-mail session 403, 42501) and nothing is stored', async () => {
    const { id } = await createProvider();
    const anon = await supabase.rpc('rate_provider', { p_provider_id: id, p_rating: 5 });
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');
    expect(anon.error?.message).toMatch(/^sign in with your mobile/);
    const user = await signedInClient('user');
    const email = await user.rpc('rate_provider', { p_provider_id: id, p_rating: 5 });
    expect(email.status).toBe(403);
    expect(email.error?.code).toBe('42501');
    // 500 anonymous ratings with fresh device tokens, as before 0011: the old signature is gone.
    const old = await supabase.rpc('rate_provider', { p_provider_id: id, p_device_token: deviceToken(), p_rating: 5 });
    expect(old.error?.code).toBe('PGRST202');
    expect(await storedRatings(id)).toEqual([]);
    expect((await supabase.rpc('get_average_ratings', { p_provider_ids: [id] })).data).toEqual([]);
    // Anon has no ratings of its own.
    expect((await supabase.rpc('my_ratings', { p_provider_ids: [id] })).data).toEqual([]);
  });

  test('one row per phone: rating again updates it; a second row for the same phone is refused (23505, 409); the phone is never stored in clear', async () => {
    const { id } = await createProvider();
    const mobile = randomMobile();
    const phone = phoneJwtClient(mobile);
    expect((await phone.rpc('rate_provider', { p_provider_id: id, p_rating: 4 })).error).toBeNull();
    expect((await phone.rpc('rate_provider', { p_provider_id: id, p_rating: 3 })).error).toBeNull();
    // A new session of the same phone (another JWT) is the same rater.
    expect((await phoneJwtClient(mobile).rpc('rate_provider', { p_provider_id: id, p_rating: 3 })).error).toBeNull();
    expect((await supabase.rpc('get_average_ratings', { p_provider_ids: [id] })).data).toEqual([
      { provider_id: id, avg_rating: 3, rating_count: 1 },
    ]);
    // The database keeps a salted hash of the phone only, one row per provider and hash.
    const stored = await storedRatings(id);
    expect(stored).toEqual([{ device_hash: null, phone_hash: expect.stringMatching(/^[0-9a-f]{64}$/), rating: 3 }]);
    const hash = stored[0]!.phone_hash!;
    for (const plain of [mobile, `91${mobile}`, `+91${mobile}`]) {
      expect(hash).not.toBe(createHash('sha256').update(plain, 'utf8').digest('hex'));
    }
    expect(JSON.stringify(stored)).not.toContain(mobile);
    const admin = serviceClient();
    const again = await admin.from('service_ratings').insert({ provider_id: id, phone_hash: hash, rating: 3 });
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe('23505');
    const anon = await supabase.from('service_ratings').insert({ provider_id: id, phone_hash: hash, rating: 3 });
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');
    // my_ratings gives the rating, never the phone or its hash.
    const mine = await phone.rpc('my_ratings', { p_provider_ids: [id] });
    expect(mine.data).toEqual([{ provider_id: id, rating: 3 }]);
  });

  test('an owner does not rate or review their own listing (42501) and nothing is stored', async () => {
    const { id, mobile } = await createProvider();
    const owner = phoneJwtClient(mobile);
    const rate = await owner.rpc('rate_provider', { p_provider_id: id, p_rating: 5 });
    expect(rate.status).toBe(403);
    expect(rate.error?.code).toBe('42501');
    const review = await owner.rpc('add_review', { p_provider_id: id, p_review_text: 'best plumber in town' });
    expect(review.status).toBe(403);
    expect(review.error?.code).toBe('42501');
    expect(await storedRatings(id)).toEqual([]);
    expect((await supabase.from('reviews').select('id').eq('provider_id', id)).data).toEqual([]);
    // The same phone rates and reviews someone else's listing.
    const other = await createProvider();
    expect((await owner.rpc('rate_provider', { p_provider_id: other.id, p_rating: 4 })).error).toBeNull();
    expect((await owner.rpc('add_review', { p_provider_id: other.id, p_review_text: 'fair work' })).error).toBeNull();
  });

  test.each([0, 6, -1, 2.5, null])('rating %p is refused', async (rating) => {
    const { id } = await createProvider();
    const phone = visitor();
    const res = await phone.rpc('rate_provider', { p_provider_id: id, p_rating: rating });
    expect(res.error).not.toBeNull();
    expect(res.status).toBe(400);
    expect(['23514', '22P02', '23502']).toContain(res.error!.code);
    expect((await phone.rpc('my_ratings', {})).data).toEqual([]);
    expect((await supabase.rpc('get_average_ratings', { p_provider_ids: [id] })).data).toEqual([]);
  });

  test('ratings only for approved providers (404 naming provider_id, whether pending or unknown)', async () => {
    const { id } = await createProvider({ approve: false });
    for (const providerId of [id, '00000000-0000-4000-8000-000000000000']) {
      const res = await visitor().rpc('rate_provider', { p_provider_id: providerId, p_rating: 5 });
      expect(res.status).toBe(404);
      expect(res.error).toMatchObject({ code: 'PT404', details: 'provider_id' });
    }
    const direct = await supabase.from('service_ratings').insert({ provider_id: id, device_hash: deviceHash(deviceToken()), rating: 5 });
    expect(direct.status).toBe(401);
    expect(direct.error?.code).toBe('42501');
    expect(await storedRatings(id)).toEqual([]);
  });

  test('a rating cannot be moved to another rater or provider, nor changed or deleted by anon', async () => {
    const { id } = await createProvider();
    const other = await createProvider();
    const phone = visitor();
    expect((await phone.rpc('rate_provider', { p_provider_id: id, p_rating: 4 })).error).toBeNull();
    const hash = (await storedRatings(id))[0]!.phone_hash!;
    // anon: no UPDATE / DELETE on the table at all
    const move = await supabase
      .from('service_ratings')
      .update({ phone_hash: 'a'.repeat(64) })
      .eq('phone_hash', hash);
    expect(move.error?.code).toBe('42501');
    const change = await supabase.from('service_ratings').update({ rating: 1 }).eq('provider_id', id);
    expect(change.error?.code).toBe('42501');
    const del = await supabase.from('service_ratings').delete().eq('provider_id', id);
    expect(del.error?.code).toBe('42501');
    // and the row itself refuses to move, whoever asks (the guard trigger)
    const admin = serviceClient();
    const movePhone = await admin
      .from('service_ratings')
      .update({ phone_hash: 'a'.repeat(64) })
      .eq('phone_hash', hash);
    expect(movePhone.error?.code).toBe('23514');
    const toDevice = await admin
      .from('service_ratings')
      .update({ device_hash: deviceHash(deviceToken()) })
      .eq('phone_hash', hash);
    expect(toDevice.error?.code).toBe('23514');
    const moveProvider = await admin.from('service_ratings').update({ provider_id: other.id }).eq('phone_hash', hash);
    expect(moveProvider.error?.code).toBe('23514');
    // a signed-in non-admin deletes nothing either: RLS shows it no row (only admins moderate)
    const user = await signedInClient('user');
    const userDel = await user.from('service_ratings').delete().eq('provider_id', id).select('rating');
    expect(userDel.error).toBeNull();
    expect(userDel.data).toEqual([]);
    // nor does a phone session, its own rating included
    const phoneDel = await phone.from('service_ratings').delete().eq('provider_id', id).select('rating');
    expect(phoneDel.data ?? []).toEqual([]);
    expect((await phone.rpc('my_ratings', {})).data).toEqual([{ provider_id: id, rating: 4 }]);
  });

  test('my_ratings: only this phone, only the providers asked for, only listed providers; at most 200 ids', async () => {
    const a = await createProvider();
    const b = await createProvider();
    const phone = visitor();
    await phone.rpc('rate_provider', { p_provider_id: a.id, p_rating: 5 });
    await phone.rpc('rate_provider', { p_provider_id: b.id, p_rating: 1 });
    await visitor().rpc('rate_provider', { p_provider_id: a.id, p_rating: 3 });
    const both = await phone.rpc('my_ratings', { p_provider_ids: [a.id, b.id] });
    expect((both.data as { provider_id: string; rating: number }[]).sort((x, y) => x.rating - y.rating)).toEqual([
      { provider_id: b.id, rating: 1 },
      { provider_id: a.id, rating: 5 },
    ]);
    const one = await phone.rpc('my_ratings', { p_provider_ids: [b.id] });
    expect(one.data).toEqual([{ provider_id: b.id, rating: 1 }]);
    expect((await visitor().rpc('my_ratings', { p_provider_ids: [a.id] })).data).toEqual([]);
    await serviceClient().from('service_providers').update({ status: 'rejected' }).eq('id', b.id);
    expect((await phone.rpc('my_ratings', {})).data).toEqual([{ provider_id: a.id, rating: 5 }]);
    const many = Array.from({ length: 201 }, () => a.id);
    const tooMany = await phone.rpc('my_ratings', { p_provider_ids: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.error).toMatchObject({ code: '22001', details: 'p_provider_ids' });
    expect((await phone.rpc('my_ratings', { p_provider_ids: many.slice(1) })).data).toEqual([{ provider_id: a.id, rating: 5 }]);
  });

  test('get_device_ratings: old device ratings are history, still counted; only this device, the providers asked, listed providers', async () => {
    const a = await createProvider();
    const b = await createProvider();
    const device = deviceToken();
    // Device ratings as 0006 stored them (no new ones can be made).
    const admin = serviceClient();
    const seeded = await admin.from('service_ratings').insert([
      { provider_id: a.id, device_hash: deviceHash(device), rating: 5 },
      { provider_id: b.id, device_hash: deviceHash(device), rating: 1 },
      { provider_id: a.id, device_hash: deviceHash(deviceToken()), rating: 3 },
    ]);
    expect(seeded.error).toBeNull();
    expect((await visitor().rpc('rate_provider', { p_provider_id: a.id, p_rating: 1 })).error).toBeNull();
    expect((await supabase.rpc('get_average_ratings', { p_provider_ids: [a.id] })).data).toEqual([
      { provider_id: a.id, avg_rating: 3, rating_count: 3 },
    ]);
    const both = await supabase.rpc('get_device_ratings', { p_device_token: device, p_provider_ids: [a.id, b.id] });
    expect((both.data as { provider_id: string; rating: number }[]).sort((x, y) => x.rating - y.rating)).toEqual([
      { provider_id: b.id, rating: 1 },
      { provider_id: a.id, rating: 5 },
    ]);
    const one = await supabase.rpc('get_device_ratings', { p_device_token: device, p_provider_ids: [b.id] });
    expect(one.data).toEqual([{ provider_id: b.id, rating: 1 }]);
    expect((await supabase.rpc('get_device_ratings', { p_device_token: deviceToken(), p_provider_ids: [a.id] })).data).toEqual([]);
    await admin.from('service_providers').update({ status: 'rejected' }).eq('id', b.id);
    expect((await supabase.rpc('get_device_ratings', { p_device_token: device })).data).toEqual([{ provider_id: a.id, rating: 5 }]);
    const bad = await supabase.rpc('get_device_ratings', { p_device_token: 'not a token' });
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({ code: '22023', details: 'device_token' });
    const tooMany = await supabase.rpc('get_device_ratings', {
      p_device_token: device,
      p_provider_ids: Array.from({ length: 201 }, () => a.id),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.error).toMatchObject({ code: '22001', details: 'p_provider_ids' });
  });
});

describe('reviews', () => {
  test('add_review returns the trimmed row; list for a provider newest first; list all', async () => {
    const { id } = await createProvider();
    const phone = visitor();
    const first = await phone.rpc('add_review', { p_provider_id: id, p_review_text: '  बहुत बढ़िया काम!  \n' });
    expect(first.error).toBeNull();
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ provider_id: id, review_text: 'बहुत बढ़िया काम!' });
    expect(first.data).toHaveProperty('id');
    expect(first.data).toHaveProperty('created_at');
    // no trace of the phone in the public row
    expect(Object.keys(first.data as object).sort()).toEqual([
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
    await new Promise((r) => setTimeout(r, 20));
    const second = await phone.rpc('add_review', { p_provider_id: id, p_review_text: 'Great service' });
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

  test('without a signed-in phone a review is refused (anon 401, e-mail session 403, 42501) and nothing is stored', async () => {
    const { id } = await createProvider();
    const anon = await supabase.rpc('add_review', { p_provider_id: id, p_review_text: 'anonymous praise' });
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');
    expect(anon.error?.message).toMatch(/^sign in with your mobile/);
    const user = await signedInClient('user');
    const email = await user.rpc('add_review', { p_provider_id: id, p_review_text: 'e-mail praise' });
    expect(email.status).toBe(403);
    expect(email.error?.code).toBe('42501');
    const old = await supabase.rpc('add_review', { p_provider_id: id, p_review_text: 'old way', p_device_token: deviceToken() });
    expect(old.error?.code).toBe('PGRST202');
    expect((await supabase.from('reviews').select('id').eq('provider_id', id)).data).toEqual([]);
  });

  test.each([
    ['', '23502'],
    ['   ', '23502'],
    ['\n\t ', '23502'],
    ['\u200B\u200D \uFEFF\u2060', '23502'],
    ['x'.repeat(1001), '23514'],
    ['x'.repeat(2001), '22001'],
    [' '.repeat(2001) + 'ok', '22001'],
  ])('review text %p is refused (%s)', async (text, code) => {
    const { id } = await createProvider();
    const res = await visitor().rpc('add_review', { p_provider_id: id, p_review_text: text });
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ code, details: 'review_text' });
    const list = await supabase.from('reviews').select('id').eq('provider_id', id);
    expect(list.data).toEqual([]);
  });

  test('1000 characters is accepted; reviews of pending providers are refused (404)', async () => {
    const { id } = await createProvider();
    const ok = await visitor().rpc('add_review', { p_provider_id: id, p_review_text: 'क'.repeat(1000) });
    expect(ok.error).toBeNull();
    expect((ok.data as { review_text: string }).review_text).toBe('क'.repeat(1000));
    const pending = await createProvider({ approve: false });
    const res = await visitor().rpc('add_review', { p_provider_id: pending.id, p_review_text: 'hello' });
    expect(res.status).toBe(404);
    expect(res.error).toMatchObject({ code: 'PT404', details: 'provider_id' });
    const direct = await supabase.from('reviews').insert({ provider_id: pending.id, review_text: 'hello' });
    expect(direct.error?.code).toBe('42501');
    expect((await serviceClient().from('reviews').select('id').eq('provider_id', pending.id)).data).toEqual([]);
  });

  test('text is cleaned: controls and bidi overrides removed, spaces collapsed, newlines kept (at most two)', async () => {
    const { id } = await createProvider();
    const res = await visitor().rpc('add_review', {
      p_provider_id: id,
      p_review_text: '\u200B Good\u202E work\u0007 \t\u00A0 done \r\n\r\n\r\n\r\nThanks\u2066!\u2069 \uFEFF',
    });
    expect(res.error).toBeNull();
    expect((res.data as { review_text: string }).review_text).toBe('Good work done\n\nThanks!');
  });

  test('one phone posts at most 10 reviews a day (429 with a wait), a new session of it too; another phone still can', async () => {
    const { id } = await createProvider();
    const mobile = randomMobile();
    const phone = phoneJwtClient(mobile);
    for (let i = 0; i < 10; i++) {
      const ok = await phone.rpc('add_review', { p_provider_id: id, p_review_text: `review ${i}` });
      expect(ok.error).toBeNull();
    }
    for (const client of [phone, phoneJwtClient(mobile)]) {
      const eleventh = await client.rpc('add_review', { p_provider_id: id, p_review_text: 'review 10' });
      expect(eleventh.status).toBe(429);
      expect(eleventh.error).toMatchObject({ code: 'PT429', details: 'phone' });
      expect(eleventh.error?.hint).toMatch(/^retry after [0-9]+ seconds$/);
    }
    expect((await supabase.from('reviews').select('id').eq('provider_id', id)).data).toHaveLength(10);
    const other = await visitor().rpc('add_review', { p_provider_id: id, p_review_text: 'from another phone' });
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

  test.each([null, '', 'short', 'x'.repeat(65), 'has space in it 0123456789', 'ünïcödé-ünïcödé-ünïcödé', 'a+b/c=d0123456789012345'])(
    'device token %p is refused (22023 naming device_token) and no tap is counted',
    async (token) => {
      const { id } = await createProvider();
      const res = await supabase.rpc('track_click', { p_provider_id: id, p_click_type: 'call', p_device_token: token });
      expect(res.status).toBe(400);
      expect(res.error).toMatchObject({ code: '22023', details: 'device_token' });
      expect((await serviceClient().from('click_tracking').select('id').eq('provider_id', id)).data).toEqual([]);
    },
  );

  test('one count per device, provider and kind per Asia/Kolkata day, at most 3 per address; repeats are no error', async () => {
    const admin = serviceClient();
    const { id } = await createProvider();
    const device = deviceToken();
    const tap = async (clickType: string, token: string) => {
      const res = await supabase.rpc('track_click', { p_provider_id: id, p_click_type: clickType, p_device_token: token });
      expect(res.error).toBeNull();
      expect(res.status).toBe(204);
    };
    const counted = async () =>
      ((await admin.from('click_tracking').select('click_type').eq('provider_id', id)).data ?? []).map((r) => r.click_type).sort();
    for (let i = 0; i < 3; i++) await tap('call', device);
    await tap('call', deviceToken());
    await tap('whatsapp', device);
    expect(await counted()).toEqual(['call', 'call', 'whatsapp']);
    // An hour ago is still today (unless today began within the hour): not counted again.
    const hourAgo = new Date(Date.now() - 3_600_000);
    const kolkataDay = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    if (kolkataDay(hourAgo) === kolkataDay(new Date())) {
      await admin.from('click_tracking').update({ created_at: hourAgo.toISOString() }).eq('provider_id', id);
      await tap('call', device);
      expect(await counted()).toEqual(['call', 'call', 'whatsapp']);
    }
    // Yesterday does not hold back today: counted again (the third call from this address today).
    await admin
      .from('click_tracking')
      .update({ created_at: new Date(Date.now() - 24 * 3_600_000).toISOString() })
      .eq('provider_id', id);
    await tap('call', device);
    expect(await counted()).toEqual(['call', 'call', 'call', 'whatsapp']);
    // Invented device tokens from the same address add nothing beyond 3 a day, and get no error.
    for (let i = 0; i < 5; i++) await tap('call', deviceToken());
    expect(await counted()).toEqual(['call', 'call', 'call', 'whatsapp']);
    // Each kind has its own 3: two more chats count, a third new device does not.
    for (let i = 0; i < 3; i++) await tap('whatsapp', deviceToken());
    expect(await counted()).toEqual(['call', 'call', 'call', 'whatsapp', 'whatsapp', 'whatsapp']);
    // Another provider is not held back by this one.
    const other = await createProvider();
    expect((await supabase.rpc('track_click', { p_provider_id: other.id, p_click_type: 'call', p_device_token: device })).error).toBeNull();
    expect((await admin.from('click_tracking').select('id').eq('provider_id', other.id)).data).toHaveLength(1);
  });
});
