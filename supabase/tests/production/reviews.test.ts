/**
 * Attack 2 of issue 23, reviews: 60 reviews with 60 invented device tokens were all public in
 * 0.1 s. Now a review needs a signed-in phone, and one phone posts at most 10 a day.
 */
import {
  anonClaims,
  approvedProvider,
  asPublished,
  attack,
  edgeHeaders,
  figures,
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

async function reviewsOf(id: string): Promise<number> {
  const r = await db.su.query<{ n: string }>('select count(*) as n from public.reviews where provider_id = $1', [id]);
  return Number(r.rows[0]!.n);
}

test('60 anonymous add_review calls with fresh device tokens store nothing', async () => {
  const p = await approvedProvider(db.su);
  const address = freshAddress();
  const results = await attack(60, 6, async () =>
    db.callAsPostgrest({
      role: 'anon',
      claims: anonClaims(),
      headers: edgeHeaders(address),
      fn: 'add_review',
      args: await asPublished(
        db,
        'add_review',
        { p_provider_id: p.id, p_review_text: 'बहुत अच्छा काम' },
        {
          p_device_token: freshDeviceToken(),
        },
      ),
    }),
  );
  figures('anonymous reviews', { stored: await reviewsOf(p.id), answers: tally(results) });
  expect({ accepted: results.filter((r) => r.status < 300).length, stored: await reviewsOf(p.id) }).toEqual({
    accepted: 0,
    stored: 0,
  });
});

test('a signed-in phone posts at most 10 reviews a day (429), its own listing none', async () => {
  const phone = freshMobile();
  await signUpPhones(db.su, [phone]);
  const providers = await Promise.all(Array.from({ length: 12 }, () => approvedProvider(db.su)));
  const address = freshAddress();
  const results = [];
  for (const p of providers) {
    results.push(
      await db.callAsPostgrest({
        role: 'authenticated',
        claims: phoneClaims(phone),
        headers: edgeHeaders(address),
        fn: 'add_review',
        args: { p_provider_id: p.id, p_review_text: 'Came on time, fair price.' },
      }),
    );
  }
  expect(results.map((r) => r.status)).toEqual([...Array(10).fill(200), 429, 429]);
  expect(results[10]!.hint).toMatch(/^retry after \d+ seconds$/);

  const own = await approvedProvider(db.su, { mobile: phone });
  const mine = await db.callAsPostgrest({
    role: 'authenticated',
    claims: phoneClaims(phone),
    headers: edgeHeaders(freshAddress()),
    fn: 'add_review',
    args: { p_provider_id: own.id, p_review_text: 'Best plumber in town!' },
  });
  expect([mine.status, mine.code]).toEqual([403, '42501']);
  expect(await reviewsOf(own.id)).toBe(0);
});
