/**
 * Attack 1 of issue 23: three reports hid a listing (and a review) from everyone. Reports now
 * only reach the operator's queue; 3 signed-in phones saying "wrong number" put a caution on
 * the listing, which the owner's own phone clears.
 */
import {
  anonClaims,
  approvedProvider,
  freshAddress,
  freshDeviceToken,
  freshMobile,
  edgeHeaders,
  openProductionDb,
  phoneClaims,
  signUpPhones,
  type ProductionDb,
} from './db';

let db: ProductionDb;
beforeAll(async () => {
  db = await openProductionDb();
});
afterAll(async () => {
  await db?.close();
});

async function statusOf(id: string) {
  return (await db.su.query<{ status: string }>('select status from public.service_providers where id = $1', [id])).rows[0]!.status;
}

async function searchIds(query: string): Promise<string[]> {
  const r = await db.callAsPostgrest({ role: 'anon', claims: anonClaims(), fn: 'search_providers', args: { p_query: query } });
  expect(r.status).toBe(200);
  return (r.body as { id: string }[]).map((row) => row.id);
}

test('3 reports from 3 fresh device tokens hide nothing: the listing stays approved and found', async () => {
  const p = await approvedProvider(db.su);
  for (let i = 0; i < 3; i++) {
    const r = await db.callAsPostgrest({
      role: 'anon',
      claims: anonClaims(),
      headers: edgeHeaders(freshAddress()),
      fn: 'report_provider',
      args: { p_provider_id: p.id, p_reason: 'wrong_number', p_details: null, p_device_token: freshDeviceToken() },
    });
    expect(r.status).toBe(200);
  }
  expect(await statusOf(p.id)).toBe('approved');
  expect(await searchIds(p.name)).toEqual([p.id]);
  const caution = await db.su.query<{ number_caution: boolean }>('select number_caution from public.service_providers where id = $1', [
    p.id,
  ]);
  expect(caution.rows[0]!.number_caution).toBe(false); // anonymous reports carry no weight
});

test('3 reports of a review from 3 fresh device tokens leave the review public', async () => {
  const p = await approvedProvider(db.su);
  const review = await db.su.query<{ id: string }>(
    "insert into public.reviews (provider_id, review_text) values ($1, 'Came on time, fair price') returning id",
    [p.id],
  );
  const reviewId = review.rows[0]!.id;
  for (let i = 0; i < 3; i++) {
    const r = await db.callAsPostgrest({
      role: 'anon',
      claims: anonClaims(),
      headers: edgeHeaders(freshAddress()),
      fn: 'report_review',
      args: { p_review_id: reviewId, p_reason: 'abusive', p_details: null, p_device_token: freshDeviceToken() },
    });
    expect(r.status).toBe(200);
  }
  const row = await db.su.query<{ hidden: boolean }>('select hidden from public.reviews where id = $1', [reviewId]);
  expect(row.rows[0]!.hidden).toBe(false);
  // ...and anon still reads it (RLS: visible reviews of approved listings).
  const seen = await db.api.withRequest(
    { role: 'anon', claims: anonClaims(), method: 'GET', path: '/reviews', readOnly: true },
    async (c) => (await c.query('select id from public.reviews where id = $1', [reviewId])).rowCount,
  );
  expect(seen).toEqual({ ok: true, value: 1 });
});

test('3 signed-in phones reporting wrong_number: still listed, a caution shown; the owner confirming clears it', async () => {
  const p = await approvedProvider(db.su);
  const reporters = [freshMobile(), freshMobile(), freshMobile()];
  await signUpPhones(db.su, [...reporters, p.mobile]);
  for (const mobile of reporters) {
    const r = await db.callAsPostgrest({
      role: 'authenticated',
      claims: phoneClaims(mobile),
      headers: edgeHeaders(freshAddress()),
      fn: 'report_provider',
      args: { p_provider_id: p.id, p_reason: 'wrong_number', p_details: null, p_device_token: freshDeviceToken() },
    });
    expect(r.status).toBe(200);
  }
  expect(await statusOf(p.id)).toBe('approved');
  expect(await searchIds(p.name)).toEqual([p.id]);
  const before = await db.su.query<{ number_caution: boolean }>('select number_caution from public.service_providers where id = $1', [
    p.id,
  ]);
  expect(before.rows[0]!.number_caution).toBe(true);

  // The owner signs in on /my-listing with a code sent to that very number.
  const confirm = await db.callAsPostgrest({
    role: 'authenticated',
    claims: phoneClaims(p.mobile),
    headers: edgeHeaders(freshAddress()),
    fn: 'confirm_my_number',
    args: {},
  });
  expect([confirm.status, confirm.body]).toEqual([200, 3]);
  const after = await db.su.query<{ number_caution: boolean; status: string }>(
    'select number_caution, status from public.service_providers where id = $1',
    [p.id],
  );
  expect(after.rows[0]).toEqual({ number_caution: false, status: 'approved' });
  const open = await db.su.query<{ status: string; resolution: string | null }>(
    'select status, resolution from public.reports where provider_id = $1',
    [p.id],
  );
  expect(open.rows).toHaveLength(3);
  for (const r of open.rows) {
    expect(r.status).toBe('resolved');
    expect(r.resolution).toMatch(/^owner_confirmed/);
  }
});

test('someone else confirming the number clears nothing', async () => {
  const p = await approvedProvider(db.su);
  const reporters = [freshMobile(), freshMobile(), freshMobile()];
  const other = freshMobile();
  await signUpPhones(db.su, [...reporters, other]);
  for (const mobile of reporters) {
    await db.callAsPostgrest({
      role: 'authenticated',
      claims: phoneClaims(mobile),
      headers: edgeHeaders(freshAddress()),
      fn: 'report_provider',
      args: { p_provider_id: p.id, p_reason: 'closed', p_details: null, p_device_token: freshDeviceToken() },
    });
  }
  const confirm = await db.callAsPostgrest({
    role: 'authenticated',
    claims: phoneClaims(other),
    headers: edgeHeaders(freshAddress()),
    fn: 'confirm_my_number',
    args: {},
  });
  expect([confirm.status, confirm.body]).toEqual([200, 0]);
  const row = await db.su.query<{ number_caution: boolean }>('select number_caution from public.service_providers where id = $1', [p.id]);
  expect(row.rows[0]!.number_caution).toBe(true);
});
