/**
 * Registration (register_provider), the admin approval queue, and the RLS
 * probes: no anon/authenticated path reads an Aadhaar number, pending rows stay
 * hidden, anon cannot insert/update/delete what it must not. Since 0011 a
 * registration needs a signed-in phone and the listing's mobile is that phone's
 * (never a parameter); at most 3 live listings per mobile, the same name and
 * category once; sizes are checked before any cleaning (22001).
 */
import {
  aadhaarEndingIn,
  anonClient,
  createProvider,
  deviceToken,
  isValidAadhaar,
  phoneJwtClient,
  randomMobile,
  raw,
  registration,
  sharedAdmin,
  signedInClient,
} from './helpers';

const supabase = anonClient();

/** Registers as a new signed-in phone; returns the answer and the phone's mobile. */
async function registerAsPhone(input: Record<string, unknown>, mobile = randomMobile()) {
  const res = await phoneJwtClient(mobile).rpc('register_provider', input);
  return { ...res, mobile };
}

/** The operator's queue rows (any status) of one mobile. */
async function queueOf(mobile: string) {
  const admin = await sharedAdmin();
  const queue = await admin.rpc('admin_search_providers', { p_query: mobile, p_status: 'all', p_limit: 50 });
  expect(queue.error).toBeNull();
  return (queue.data as { id: string; mobile: string; status: string }[]).filter((r) => r.mobile === mobile);
}

describe('register_provider', () => {
  test('stores a pending registration whatever the client sends; a valid Aadhaar alone earns no badge (0016)', async () => {
    // A valid number (first digit 2-9, Verhoeff check digit) ending in 1234, for the mask.
    const aadhaar = aadhaarEndingIn('1234');
    expect(isValidAadhaar(aadhaar)).toBe(true);
    const { data: id, error, mobile } = await registerAsPhone(registration({ p_aadhaar: aadhaar, p_business_name: '  ' }));
    expect(error).toBeNull();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    // invisible to the public until approved
    const hidden = await supabase
      .from('service_providers')
      .select('*')
      .eq('id', id as string);
    expect(hidden.data).toEqual([]);

    const admin = await sharedAdmin();
    const queue = await admin.rpc('admin_list_registrations', { p_status: 'pending', p_limit: 500 });
    expect(queue.error).toBeNull();
    const row = (queue.data as Record<string, unknown>[]).find((r) => r.id === id);
    // the listing's mobile is the signed-in phone's
    expect(row).toMatchObject({ status: 'pending', verified: false, aadhaar_masked: 'XXXX-XXXX-1234', business_name: null, mobile });
    expect(JSON.stringify(queue.data)).not.toContain(aadhaar);
    expect((queue.data as { total_count: number }[])[0]!.total_count).toBeGreaterThanOrEqual(1);

    const approved = await admin.rpc('admin_set_provider_status', { p_provider_id: id, p_status: 'approved' });
    expect(approved.error).toBeNull();
    expect(approved.data).toMatchObject({ id, status: 'approved', verified: false });
    expect(JSON.stringify(approved.data)).not.toContain(aadhaar);

    const visible = await supabase
      .from('service_providers')
      .select('*')
      .eq('id', id as string)
      .single();
    expect(visible.error).toBeNull();
    expect(visible.data).toMatchObject({ id, verified: false, verified_on: null, verified_how: null, status: 'approved', mobile });
  });

  test('without a signed-in phone nothing is stored: anon 401, an e-mail session 403 (42501); no p_mobile parameter any more', async () => {
    const mobile = randomMobile();
    const anon = await supabase.rpc('register_provider', registration());
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');
    expect(anon.error?.message).toMatch(/^sign in with your mobile/);
    const user = await signedInClient('user');
    const email = await user.rpc('register_provider', registration({ p_name: `email ${mobile}` }));
    expect(email.status).toBe(403);
    expect(email.error?.code).toBe('42501');
    // Someone else's number cannot be given: the parameter is gone, with or without a session.
    for (const client of [supabase, phoneJwtClient(randomMobile())]) {
      const other = await client.rpc('register_provider', registration({ p_mobile: mobile }));
      expect(other.error?.code).toBe('PGRST202');
    }
    expect(await queueOf(mobile)).toEqual([]);
  });

  test('at most 3 live listings per mobile (23514 naming mobile); a rejected one does not count; another phone is not held back', async () => {
    const mobile = randomMobile();
    const ids: string[] = [];
    for (const category of ['🔧 प्लंबर', 'others: Bakery', 'others: Tailor']) {
      const res = await registerAsPhone(registration({ p_category: category }), mobile);
      expect(res.error).toBeNull();
      ids.push(res.data as string);
    }
    const fourth = await registerAsPhone(registration({ p_category: 'others: Cobbler' }), mobile);
    expect(fourth.status).toBe(400);
    expect(fourth.error).toMatchObject({ code: '23514', details: 'mobile' });
    expect(fourth.error!.message).toMatch(/at most 3 listings/);
    expect(await queueOf(mobile)).toHaveLength(3);
    // an approved listing counts as much as a pending one
    const admin = await sharedAdmin();
    expect((await admin.rpc('admin_set_provider_status', { p_provider_id: ids[0], p_status: 'approved' })).error).toBeNull();
    expect((await registerAsPhone(registration({ p_category: 'others: Cobbler' }), mobile)).error?.code).toBe('23514');
    // the operator rejects one: room for one more
    expect(
      (await admin.rpc('admin_set_provider_status', { p_provider_id: ids[1], p_status: 'rejected', p_reason: 'Duplicate' })).error,
    ).toBeNull();
    const after = await registerAsPhone(registration({ p_category: 'others: Cobbler' }), mobile);
    expect(after.error).toBeNull();
    expect((await queueOf(mobile)).map((r) => r.status).sort()).toEqual(['approved', 'pending', 'pending', 'rejected']);
    expect((await registerAsPhone(registration({ p_category: 'others: Potter' }), mobile)).error?.code).toBe('23514');
    // concurrent registrations from one mobile cannot slip past the 3
    const busy = randomMobile();
    const together = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((n) => registerAsPhone(registration({ p_name: `Ram ${n}` }), busy)));
    expect(together.filter((r) => r.error === null)).toHaveLength(3);
    expect(together.filter((r) => r.error !== null).map((r) => r.error?.code)).toEqual(['23514', '23514']);
    expect(await queueOf(busy)).toHaveLength(3);
    expect((await registerAsPhone(registration())).error).toBeNull();
  });

  test('the same name and category again from this mobile is refused (23505 naming name), whatever the case and spaces', async () => {
    const mobile = randomMobile();
    expect((await registerAsPhone(registration({ p_name: 'Ramesh Kumar' }), mobile)).error).toBeNull();
    const again = await registerAsPhone(registration({ p_name: '  ramesh   KUMAR ', p_business_name: 'Another shop' }), mobile);
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: '23505', details: 'name' });
    expect(await queueOf(mobile)).toHaveLength(1);
    // another category, or another phone with the same name: fine
    expect((await registerAsPhone(registration({ p_name: 'Ramesh Kumar', p_category: 'others: Bakery' }), mobile)).error).toBeNull();
    expect((await registerAsPhone(registration({ p_name: 'Ramesh Kumar' }))).error).toBeNull();
    expect(await queueOf(mobile)).toHaveLength(2);
  });

  test('without Aadhaar: not verified, masked value null', async () => {
    const { id } = await createProvider({ approve: false });
    const admin = await sharedAdmin();
    const queue = await admin.rpc('admin_list_registrations', { p_limit: 500 });
    const row = (queue.data as Record<string, unknown>[]).find((r) => r.id === id);
    expect(row).toMatchObject({ verified: false, aadhaar_masked: null });
  });

  test.each([
    [{ p_aadhaar: '12345678901' }, '23514', 'aadhaar'],
    [{ p_aadhaar: '1234 5678 901x' }, '23514', 'aadhaar'],
    // 12 digits but not an Aadhaar number: first digit 0 or 1, or a wrong check digit
    [{ p_aadhaar: '012345678901' }, '23514', 'aadhaar'],
    [{ p_aadhaar: '000000000000' }, '23514', 'aadhaar'],
    [{ p_aadhaar: '999941057059' }, '23514', 'aadhaar'],
    [{ p_aadhaar: '199941057058' }, '23514', 'aadhaar'],
    // blank once invisible characters are gone
    [{ p_name: '\u200B\u200D\u2060 \uFEFF' }, '23502', 'name'],
    [{ p_address: '\u202E\u00A0\u3000' }, '23502', 'address'],
    [{ p_experience: -1 }, '23514', 'experience'],
    [{ p_experience: null }, '23502', 'experience'],
    [{ p_name: '   ' }, '23502', 'name'],
    [{ p_name: 'n'.repeat(101) }, '23514', 'name'],
    [{ p_address: '' }, '23502', 'address'],
    [{ p_category: 'OTHERS:   ' }, '23514', 'category'],
    [{ p_category: 'not a category' }, '23514', 'category'],
    [{ p_category: null }, '23502', 'category'],
    // sizes are checked before any cleaning: blanks around a short name do not get it in
    [{ p_name: 'n'.repeat(201) }, '22001', 'name'],
    [{ p_name: `${' '.repeat(250)}Ram` }, '22001', 'name'],
    [{ p_business_name: 'b'.repeat(301) }, '22001', 'business_name'],
    [{ p_specialist_in: '​'.repeat(401) }, '22001', 'specialist_in'],
    [{ p_address: 'a'.repeat(601) }, '22001', 'address'],
    [{ p_aadhaar: ' '.repeat(41) }, '22001', 'aadhaar'],
    [{ p_category: 'c'.repeat(301) }, '22001', 'category'],
  ])('refuses %p with %s naming %s, and stores nothing', async (override, code, field) => {
    const input = registration(override);
    const res = await registerAsPhone(input);
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ code, details: field });
    expect(res.error!.message).toMatch(field === 'aadhaar' ? /aadhaar/ : new RegExp(field.replace('_', '.')));
    expect(await queueOf(res.mobile)).toEqual([]);
  });

  test('a 40 KB name (under the body limit) is refused at once (22001), before any cleaning', async () => {
    const t0 = Date.now();
    const res = await registerAsPhone(registration({ p_name: 'न '.repeat(10_000) }));
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ code: '22001', details: 'name' });
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(await queueOf(res.mobile)).toEqual([]);
  });

  test('a valid Aadhaar number (999941057058) is accepted, spaces around it trimmed', async () => {
    const { data: id, error } = await registerAsPhone(registration({ p_aadhaar: ' 999941057058 ' }));
    expect(error).toBeNull();
    const admin = await sharedAdmin();
    const queue = await admin.rpc('admin_list_registrations', { p_status: 'pending', p_limit: 500 });
    expect((queue.data as Record<string, unknown>[]).find((r) => r.id === id)).toMatchObject({
      verified: false,
      aadhaar_masked: 'XXXX-XXXX-7058',
    });
  });

  test('text is cleaned: controls and bidi overrides removed, whitespace collapsed', async () => {
    const { data: id, error } = await registerAsPhone(
      registration({
        p_name: ' Ram\u202Ean\u0007 \u00A0 Lal\u200B ',
        p_business_name: '\u2066Lal\u2069  Works\t',
        p_address: 'H.No. 5,\n\n  Sadar\u202C',
        p_specialist_in: '\u200B\uFEFF',
      }),
    );
    expect(error).toBeNull();
    const admin = await sharedAdmin();
    const queue = await admin.rpc('admin_list_registrations', { p_status: 'pending', p_limit: 500 });
    expect((queue.data as Record<string, unknown>[]).find((r) => r.id === id)).toMatchObject({
      name: 'Raman Lal',
      business_name: 'Lal Works',
      address: 'H.No. 5, Sadar',
      specialist_in: null,
    });
  });

  test('free-text category is stored as OTHERS: text, blanks in optional fields become null', async () => {
    const { data: id } = await registerAsPhone(registration({ p_category: 'others:  Bakery  ', p_specialist_in: ' ', p_aadhaar: '' }));
    const admin = await sharedAdmin();
    const queue = await admin.rpc('admin_list_registrations', { p_limit: 500 });
    const row = (queue.data as Record<string, unknown>[]).find((r) => r.id === id);
    expect(row).toMatchObject({ category: 'OTHERS: Bakery', specialist_in: null, verified: false });
  });
});

describe('RLS probes: Aadhaar is unreadable by anon and authenticated', () => {
  const aadhaar = aadhaarEndingIn('4321', 98765430);
  let id = '';
  beforeAll(async () => {
    const res = await phoneJwtClient(randomMobile()).rpc('register_provider', registration({ p_aadhaar: aadhaar }));
    id = res.data as string;
    const admin = await sharedAdmin();
    await admin.rpc('admin_set_provider_status', { p_provider_id: id, p_status: 'approved' });
  });

  test('no path of the REST API returns the number', async () => {
    const user = await signedInClient('user');
    const paths = [
      `/rest/v1/service_providers?select=*&id=eq.${id}`,
      `/rest/v1/service_providers?select=*,reviews(*)&id=eq.${id}`,
      `/rest/v1/reviews?select=*,service_providers(*)&limit=5`,
      `/rest/v1/rpc/search_providers?p_query=${encodeURIComponent('टेस्ट')}&p_limit=100`,
      `/rest/v1/rpc/get_average_ratings`,
    ];
    for (const path of paths) {
      for (const token of [undefined, (await user.auth.getSession()).data.session!.access_token]) {
        const res = await raw(path, token ? { token } : {});
        expect(res.status).toBe(200);
        expect(res.text).not.toContain(aadhaar);
      }
    }
    // service_ratings: anon has no grant at all (401); a signed-in non-admin gets no row
    // (only admins may read it, to moderate), so no device hash either.
    for (const path of [`/rest/v1/service_providers?select=*,service_ratings(*)&id=eq.${id}`, '/rest/v1/service_ratings?select=*']) {
      const res = await raw(path);
      expect(res.status).toBe(401);
      expect((res.json as { code: string }).code).toBe('42501');
      const asUser = await raw(path, { token: (await user.auth.getSession()).data.session!.access_token });
      expect(asUser.status).toBe(200);
      expect(asUser.text).not.toContain(aadhaar);
      expect(asUser.text).not.toMatch(/[0-9a-f]{64}/);
    }
  });

  test('asking for the column, the private table, or embedding it fails', async () => {
    for (const col of ['aadhaar', 'aadhar']) {
      const res = await supabase.from('service_providers').select(col).eq('id', id);
      expect(res.status).toBe(400);
      expect(res.error?.code).toBe('42703');
    }
    const embed = await raw('/rest/v1/service_providers?select=*,provider_identity(*)');
    expect(embed.status).toBe(400);
    expect((embed.json as { code: string }).code).toBe('PGRST200');
    const table = await raw('/rest/v1/provider_identity?select=*');
    expect(table.status).toBe(404);
    const privateSchema = await supabase.schema('private').from('provider_identity').select('*');
    expect(privateSchema.error?.code).toBe('PGRST106');
    expect(privateSchema.data).toBeNull();
    const filter = await raw(`/rest/v1/service_providers?select=id&aadhaar=eq.${aadhaar}`);
    expect(filter.status).toBe(400);
  });

  test('admin RPCs are refused for anon (401) and non-admin users (403)', async () => {
    const anon = await supabase.rpc('admin_list_registrations');
    expect(anon.status).toBe(401);
    expect(anon.error).toMatchObject({ code: '42501', message: 'not authorised' });
    const user = await signedInClient('user');
    for (const [fn, args] of [
      ['admin_list_registrations', {}],
      ['admin_status_counts', {}],
      ['admin_click_totals', {}],
      ['admin_set_provider_status', { p_provider_id: id, p_status: 'pending' }],
    ] as const) {
      const res = await user.rpc(fn, args);
      expect(res.status).toBe(403);
      expect(res.error?.code).toBe('42501');
    }
    const still = await supabase.from('service_providers').select('status').eq('id', id).single();
    expect(still.data).toEqual({ status: 'approved' });
  });
});

describe('RLS probes: anon cannot write what it must not', () => {
  test('no direct insert into service_providers, approved or not', async () => {
    const res = await supabase.from('service_providers').insert({
      name: 'Sneaky',
      mobile: '9999999999',
      category: '🔧 प्लंबर',
      experience: 1,
      address: 'x',
      status: 'approved',
      verified: true,
    });
    expect(res.status).toBe(401);
    expect(res.error?.code).toBe('42501');
    const found = await supabase.from('service_providers').select('id').eq('name', 'Sneaky');
    expect(found.data).toEqual([]);
  });

  test('no update or delete of providers, reviews, ads, categories or clicks', async () => {
    const { id } = await createProvider();
    expect((await phoneJwtClient(randomMobile()).rpc('add_review', { p_provider_id: id, p_review_text: 'keep me' })).error).toBeNull();
    const attempts = [
      supabase.from('service_providers').update({ name: 'Hacked' }).eq('id', id),
      supabase.from('service_providers').update({ status: 'rejected' }).eq('id', id),
      supabase.from('service_providers').delete().eq('id', id),
      supabase.from('reviews').update({ review_text: 'edited' }).eq('provider_id', id),
      supabase.from('reviews').delete().eq('provider_id', id),
      supabase.from('advertisements').update({ active: false }).eq('active', true),
      supabase.from('advertisements').delete().eq('active', true),
      supabase.from('advertisements').insert({ media_type: 'image', media_url: 'http://x/y.png' }),
      supabase.from('service_categories').update({ en: 'x' }).eq('slug', 'plumber'),
      supabase.from('click_tracking').delete().eq('provider_id', id),
      supabase.from('click_tracking').update({ click_type: 'call' }).eq('provider_id', id),
      supabase.from('click_tracking').insert({ provider_id: id, click_type: 'call' }),
      supabase.from('reviews').insert({ provider_id: id, review_text: 'direct' }),
      supabase.from('service_ratings').update({ rating: 1 }).eq('provider_id', id),
      supabase.from('service_ratings').delete().eq('provider_id', id),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.error?.code).toBe('42501');
      expect(res.status).toBe(401);
    }
    const after = await supabase.from('service_providers').select('name, status').eq('id', id).single();
    expect(after.data).toMatchObject({ status: 'approved' });
    expect(after.data!.name).not.toBe('Hacked');
    const reviews = await supabase.from('reviews').select('review_text').eq('provider_id', id);
    expect(reviews.data).toEqual([{ review_text: 'keep me' }]);
    // The seed's three active ads are all still there and active (other test files running on the
    // same server may add ads, never remove the seed's).
    const ads = await supabase.from('advertisements').select('id').eq('active', true);
    expect(ads.data!.length).toBeGreaterThanOrEqual(3);
  });

  test('an authenticated non-admin user cannot change providers either (RLS, 0 rows)', async () => {
    const { id } = await createProvider();
    const user = await signedInClient('user');
    const res = await user.from('service_providers').update({ status: 'rejected' }).eq('id', id).select();
    expect(res.error).toBeNull();
    expect(res.data).toEqual([]);
    const after = await supabase.from('service_providers').select('status').eq('id', id).single();
    expect(after.data).toEqual({ status: 'approved' });
  });
});

describe('admin', () => {
  test('approves, rejects with a reason, counts statuses and clicks', async () => {
    const admin = await sharedAdmin();
    const a = await createProvider({ approve: false });
    const b = await createProvider({ approve: false });
    const before = await admin.rpc('admin_status_counts');
    expect(before.error).toBeNull();
    const counts = Object.fromEntries((before.data as { status: string; count: number }[]).map((r) => [r.status, Number(r.count)]));
    expect(Object.keys(counts).sort()).toEqual(['approved', 'pending', 'rejected']);

    const ok = await admin.rpc('admin_set_provider_status', { p_provider_id: a.id, p_status: 'approved' });
    expect(ok.data).toMatchObject({ status: 'approved', rejection_reason: null });
    const no = await admin.rpc('admin_set_provider_status', { p_provider_id: b.id, p_status: 'rejected', p_reason: 'Duplicate' });
    expect(no.data).toMatchObject({ status: 'rejected', rejection_reason: 'Duplicate' });
    expect(no.data.reviewed_at).toEqual(expect.any(String));

    const visible = await anonClient().from('service_providers').select('id').in('id', [a.id, b.id]);
    expect(visible.data).toEqual([{ id: a.id }]);

    const bad = await admin.rpc('admin_set_provider_status', { p_provider_id: a.id, p_status: 'weird' });
    expect(bad.error?.code).toBe('22023');
    const missing = await admin.rpc('admin_set_provider_status', {
      p_provider_id: '00000000-0000-4000-8000-000000000000',
      p_status: 'approved',
    });
    expect(missing.status).toBe(404);

    // Two phones call, one of them also opens WhatsApp (a repeat from one phone the same day would not count).
    const phone1 = deviceToken();
    const phone2 = deviceToken();
    for (const [device, kind] of [
      [phone1, 'call'],
      [phone2, 'call'],
      [phone1, 'whatsapp'],
    ] as const) {
      const res = await anonClient().rpc('track_click', { p_provider_id: a.id, p_click_type: kind, p_device_token: device });
      expect(res.error).toBeNull();
    }
    const clicks = await admin.rpc('admin_click_totals', { p_days: 7 });
    expect(clicks.error).toBeNull();
    expect((clicks.data as Record<string, unknown>[]).find((r) => r.provider_id === a.id)).toMatchObject({
      call_count: 2,
      whatsapp_count: 1,
      name: a.input.p_name,
    });
    const pendingOnly = await admin.rpc('admin_list_registrations', { p_status: 'rejected', p_limit: 500 });
    expect((pendingOnly.data as { id: string; status: string }[]).every((r) => r.status === 'rejected')).toBe(true);
    expect((pendingOnly.data as { id: string }[]).some((r) => r.id === b.id)).toBe(true);
    // admins see pending rows through the table too (RLS)
    const c = await createProvider({ approve: false });
    const seen = await admin.from('service_providers').select('id, status').eq('id', c.id).single();
    expect(seen.data).toEqual({ id: c.id, status: 'pending' });
  });
});
