/**
 * Attack 2 of issue 23: 500 ratings with 500 invented device tokens bought a category's top
 * place. Now a rating needs a signed-in phone, and a phone counts once per listing.
 */
import {
  anonClaims,
  approvedProvider,
  attack,
  edgeHeaders,
  freshAddress,
  freshDeviceToken,
  freshMobile,
  openProductionDb,
  phoneClaims,
  signUpPhones,
  tally,
  type ProductionDb,
} from './db';

let db: ProductionDb;
beforeAll(async () => {
  db = await openProductionDb();
});
afterAll(async () => {
  await db?.close();
});

async function ratingsOf(id: string) {
  const stored = await db.su.query<{ n: string }>('select count(*) as n from public.service_ratings where provider_id = $1', [id]);
  const row = await db.su.query<{ avg_rating: string; rating_count: number }>(
    'select avg_rating, rating_count from public.service_providers where id = $1',
    [id],
  );
  return { stored: Number(stored.rows[0]!.n), avg: Number(row.rows[0]!.avg_rating), count: row.rows[0]!.rating_count };
}

test('500 anonymous rate_provider calls with fresh device tokens store nothing', async () => {
  const p = await approvedProvider(db.su);
  const address = freshAddress();
  const results = await attack(500, 8, () =>
    db.callAsPostgrest({
      role: 'anon',
      claims: anonClaims(),
      headers: edgeHeaders(address),
      fn: 'rate_provider',
      args: { p_provider_id: p.id, p_device_token: freshDeviceToken(), p_rating: 1 },
    }),
  );
  const ok = results.filter((r) => r.status < 300).length;
  expect({ accepted: ok, ...(await ratingsOf(p.id)) }).toEqual({ accepted: 0, stored: 0, avg: 0, count: 0 });
});

test('the old anonymous signature is gone: PostgREST finds no function for it (404 PGRST202)', async () => {
  const p = await approvedProvider(db.su);
  const old = await db.callAsPostgrest({
    role: 'anon',
    claims: anonClaims(),
    headers: edgeHeaders(freshAddress()),
    fn: 'rate_provider',
    args: { p_provider_id: p.id, p_device_token: freshDeviceToken(), p_rating: 5 },
  });
  expect([old.status, old.code]).toEqual([404, 'PGRST202']);
  // The new one needs a phone: anon is told to sign in (401, 42501).
  const anon = await db.callAsPostgrest({
    role: 'anon',
    claims: anonClaims(),
    headers: edgeHeaders(freshAddress()),
    fn: 'rate_provider',
    args: { p_provider_id: p.id, p_rating: 5 },
  });
  expect([anon.status, anon.code]).toEqual([401, '42501']);
  expect(anon.message).toMatch(/^sign in with your mobile/);
  expect(await db.api.signatures('rate_provider')).toEqual([['p_provider_id', 'p_rating']]);
});

test('a phone rates once: rating again replaces, the count stays 1', async () => {
  const p = await approvedProvider(db.su);
  const phone = freshMobile();
  await signUpPhones(db.su, [phone]);
  const address = freshAddress();
  const first = await db.callAsPostgrest({
    role: 'authenticated',
    claims: phoneClaims(phone),
    headers: edgeHeaders(address),
    fn: 'rate_provider',
    args: { p_provider_id: p.id, p_rating: 1 },
  });
  expect(first.status).toBe(204);
  // Twenty more from the same phone (new sessions, new device each time).
  const again = await attack(20, 4, (i) =>
    db.callAsPostgrest({
      role: 'authenticated',
      claims: phoneClaims(phone),
      headers: edgeHeaders(address),
      fn: 'rate_provider',
      args: { p_provider_id: p.id, p_rating: i === 19 ? 5 : 4 },
    }),
  );
  expect(tally(again)).toEqual({ '204': 20 });
  const last = await db.callAsPostgrest({
    role: 'authenticated',
    claims: phoneClaims(phone),
    headers: edgeHeaders(address),
    fn: 'rate_provider',
    args: { p_provider_id: p.id, p_rating: 5 },
  });
  expect(last.status).toBe(204);
  expect(await ratingsOf(p.id)).toMatchObject({ avg: 5, count: 1 });
  const mine = await db.callAsPostgrest({
    role: 'authenticated',
    claims: phoneClaims(phone),
    headers: edgeHeaders(address),
    fn: 'my_ratings',
    args: { p_provider_ids: [p.id] },
  });
  expect([mine.status, mine.body]).toEqual([200, [{ provider_id: p.id, rating: 5 }]]);
  // A second phone is a second rating.
  const other = freshMobile();
  await signUpPhones(db.su, [other]);
  await db.callAsPostgrest({
    role: 'authenticated',
    claims: phoneClaims(other),
    headers: edgeHeaders(freshAddress()),
    fn: 'rate_provider',
    args: { p_provider_id: p.id, p_rating: 3 },
  });
  expect(await ratingsOf(p.id)).toMatchObject({ avg: 4, count: 2 });
});
