/**
 * Attack 3 of issue 23: anyone registered any mobile (an approved listing's too), and 1,000
 * registrations in 1.3 s filled the operator's queue. Now the listing's mobile is the signed-in
 * phone's, at most 3 listings per mobile, and the pre-request counts per phone and per address.
 */
import {
  aCategory,
  anonClaims,
  approvedProvider,
  asPublished,
  attack,
  edgeHeaders,
  figures,
  freshAddress,
  freshMobile,
  openProductionDb,
  phoneClaims,
  signUpPhones,
  tally,
  type ProductionDb,
} from './db';
import type { PostgrestResult } from './postgrest';

let db: ProductionDb;
let category: string;
beforeAll(async () => {
  db = await openProductionDb();
  category = await aCategory(db.su);
});
afterAll(async () => {
  await db?.close();
});

function registration(name: string) {
  return {
    p_name: name,
    p_business_name: null,
    p_category: category,
    p_specialist_in: null,
    p_aadhaar: null,
    p_experience: 4,
    p_address: 'Gandhi Chowk',
  };
}

async function listingsNamed(prefix: string) {
  const r = await db.su.query<{ mobile: string; n: string }>(
    "select mobile, count(*) as n from public.service_providers where name like $1 || '%' group by mobile",
    [prefix],
  );
  return { total: r.rows.reduce((s, x) => s + Number(x.n), 0), perMobile: Math.max(0, ...r.rows.map((x) => Number(x.n))) };
}

function expectOnlyLimitRefusals(results: PostgrestResult[], allowed: string[]) {
  for (const r of results.filter((x) => x.status >= 300)) {
    expect(allowed).toContain(`${r.status} ${r.code}`);
    if (r.status === 429) expect(r.hint).toMatch(/^retry after [0-9]+ seconds$/);
  }
}

test('1,000 registrations from one address with 1,000 signed-in phones store at most the hourly address limit (30)', async () => {
  const phones = Array.from({ length: 1000 }, () => freshMobile());
  await signUpPhones(db.su, phones);
  const address = freshAddress();
  const results = await attack(1000, 8, async (i) =>
    db.callAsPostgrest({
      role: 'authenticated',
      claims: phoneClaims(phones[i]!),
      headers: edgeHeaders(address),
      fn: 'register_provider',
      args: await asPublished(db, 'register_provider', registration(`Queue Filler ${i}`), { p_mobile: phones[i] }),
    }),
  );
  const stored = await listingsNamed('Queue Filler ');
  figures('1,000 registrations, 1,000 phones, one address', { stored: stored.total, answers: tally(results) });
  expect(stored.total).toBeLessThanOrEqual(30);
  expect(results.filter((r) => r.status < 300).length).toBe(stored.total);
  expectOnlyLimitRefusals(results, ['429 PT429']);
});

test('1,000 registrations from one phone store at most 3 listings', async () => {
  const phone = freshMobile();
  await signUpPhones(db.su, [phone]);
  const address = freshAddress();
  const results = await attack(1000, 8, async (i) =>
    db.callAsPostgrest({
      role: 'authenticated',
      claims: phoneClaims(phone),
      headers: edgeHeaders(address),
      fn: 'register_provider',
      args: await asPublished(db, 'register_provider', registration(`One Phone ${i}`), { p_mobile: phone }),
    }),
  );
  const stored = await listingsNamed('One Phone ');
  figures('1,000 registrations, one phone', { stored: stored.total, answers: tally(results) });
  expect(stored.total).toBeLessThanOrEqual(3);
  expectOnlyLimitRefusals(results, ['429 PT429', '400 23514']);
});

test('the same name and category again from the same phone is refused (409, 23505, details name)', async () => {
  const phone = freshMobile();
  await signUpPhones(db.su, [phone]);
  const call = () =>
    db.callAsPostgrest({
      role: 'authenticated',
      claims: phoneClaims(phone),
      headers: edgeHeaders(freshAddress()),
      fn: 'register_provider',
      args: registration('Twice Registered'),
    });
  expect((await call()).status).toBe(200);
  const again = await call();
  expect([again.status, again.code, again.details]).toEqual([409, '23505', 'name']);
});

test("a registration cannot take another listing's number: the mobile is the signed-in phone's", async () => {
  const victim = await approvedProvider(db.su);
  const attacker = freshMobile();
  await signUpPhones(db.su, [attacker, victim.mobile]);
  // The attacker names the victim's number wherever the API lets him.
  const steal = await db.callAsPostgrest({
    role: 'authenticated',
    claims: phoneClaims(attacker),
    headers: edgeHeaders(freshAddress()),
    fn: 'register_provider',
    args: { ...registration('Stolen Number'), p_mobile: `+91 ${victim.mobile.slice(0, 5)} ${victim.mobile.slice(5)}` },
  });
  expect(steal.status).toBeGreaterThanOrEqual(400);
  const withVictimsNumber = await db.su.query<{ id: string }>('select id from public.service_providers where mobile = $1', [victim.mobile]);
  expect(withVictimsNumber.rows.map((r) => r.id)).toEqual([victim.id]);

  // What the app sends: the listing gets the phone that signed in.
  const own = await db.callAsPostgrest({
    role: 'authenticated',
    claims: phoneClaims(attacker),
    headers: edgeHeaders(freshAddress()),
    fn: 'register_provider',
    args: registration('Own Number'),
  });
  expect(own.status).toBe(200);
  const row = await db.su.query<{ mobile: string; status: string }>('select mobile, status from public.service_providers where id = $1', [
    own.body,
  ]);
  expect(row.rows[0]).toEqual({ mobile: attacker, status: 'pending' });

  // The victim's /my-listing shows only the victim's listing.
  const mine = await db.callAsPostgrest({
    role: 'authenticated',
    claims: phoneClaims(victim.mobile),
    headers: edgeHeaders(freshAddress()),
    fn: 'my_listings',
    args: {},
  });
  expect(mine.status).toBe(200);
  expect((mine.body as { id: string }[]).map((l) => l.id)).toEqual([victim.id]);
});

test('anonymous registration is refused: sign in with your mobile (401, 42501)', async () => {
  const r = await db.callAsPostgrest({
    role: 'anon',
    claims: anonClaims(),
    headers: edgeHeaders(freshAddress()),
    fn: 'register_provider',
    args: registration('No Phone'),
  });
  expect([r.status, r.code]).toEqual([401, '42501']);
  expect((await listingsNamed('No Phone')).total).toBe(0);
});
