/**
 * Issue 23, build item 4: limits per client address live in the database (the pre-request
 * function PostgREST runs), and the address is the one Cloudflare's edge sets
 * (cf-connecting-ip), else the last x-forwarded-for entry: never the first one, which the
 * client writes itself.
 */
import {
  aCategory,
  anonClaims,
  approvedProvider,
  asPublished,
  attack,
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

const forged = (i: number) => `${((i * 7) % 223) + 1}.${(i * 13) % 250}.${i % 250}.${(i % 200) + 1}`;

test("PostgREST runs public.check_request before every call (the authenticator's pgrst.db_pre_request)", async () => {
  expect(await db.api.preRequest()).toBe('public.check_request');
});

test('a forged x-forwarded-for does not escape the per-address registration limit (same cf-connecting-ip)', async () => {
  const category = await aCategory(db.su);
  const phones = Array.from({ length: 40 }, () => freshMobile());
  await signUpPhones(db.su, phones);
  const edge = freshAddress();
  const results = await attack(40, 4, async (i) =>
    db.callAsPostgrest({
      role: 'authenticated',
      claims: phoneClaims(phones[i]!),
      // The client sends its own X-Forwarded-For; the edge appends the real address and sets cf-connecting-ip.
      headers: { 'cf-connecting-ip': edge, 'x-forwarded-for': `${forged(i)}, ${edge}`, 'x-real-ip': forged(i) },
      fn: 'register_provider',
      args: await asPublished(
        db,
        'register_provider',
        {
          p_name: `Forged Header ${i}`,
          p_business_name: null,
          p_category: category,
          p_specialist_in: null,
          p_aadhaar: null,
          p_experience: 2,
          p_address: 'Sadar Bazar',
        },
        { p_mobile: phones[i] },
      ),
    }),
  );
  const stored = Number(
    (await db.su.query<{ n: string }>("select count(*) as n from public.service_providers where name like 'Forged Header %'")).rows[0]!.n,
  );
  figures('40 registrations, forged x-forwarded-for, one cf-connecting-ip', { stored, answers: tally(results) });
  expect(stored).toBeLessThanOrEqual(30);
  expect(results.filter((r) => r.status === 429).every((r) => /^retry after [0-9]+ seconds$/.test(r.hint ?? ''))).toBe(true);
});

test('a forged first x-forwarded-for entry does not make clicks count again (same cf-connecting-ip)', async () => {
  const p = await approvedProvider(db.su);
  const edge = freshAddress();
  await attack(20, 4, (i) =>
    db.callAsPostgrest({
      role: 'anon',
      claims: anonClaims(),
      headers: { 'cf-connecting-ip': edge, 'x-forwarded-for': `${forged(i)}, ${edge}` },
      fn: 'track_click',
      args: { p_provider_id: p.id, p_click_type: 'call', p_device_token: freshDeviceToken() },
    }),
  );
  const n = Number(
    (await db.su.query<{ n: string }>('select count(*) as n from public.click_tracking where provider_id = $1', [p.id])).rows[0]!.n,
  );
  expect(n).toBeLessThanOrEqual(3);
});

test('without cf-connecting-ip the last x-forwarded-for entry is the address: a forged first entry changes nothing', async () => {
  const p = await approvedProvider(db.su);
  const proxySeen = freshAddress();
  await attack(20, 4, (i) =>
    db.callAsPostgrest({
      role: 'anon',
      claims: anonClaims(),
      headers: { 'x-forwarded-for': `${forged(i)}, ${proxySeen}` },
      fn: 'track_click',
      args: { p_provider_id: p.id, p_click_type: 'whatsapp', p_device_token: freshDeviceToken() },
    }),
  );
  const n = Number(
    (await db.su.query<{ n: string }>('select count(*) as n from public.click_tracking where provider_id = $1', [p.id])).rows[0]!.n,
  );
  expect(n).toBeLessThanOrEqual(3);
});

test('different real addresses are counted apart (the limit is per address, not global)', async () => {
  const p = await approvedProvider(db.su);
  await attack(6, 2, () =>
    db.callAsPostgrest({
      role: 'anon',
      claims: anonClaims(),
      headers: { 'cf-connecting-ip': freshAddress() },
      fn: 'track_click',
      args: { p_provider_id: p.id, p_click_type: 'call', p_device_token: freshDeviceToken() },
    }),
  );
  const n = Number(
    (await db.su.query<{ n: string }>('select count(*) as n from public.click_tracking where provider_id = $1', [p.id])).rows[0]!.n,
  );
  expect(n).toBe(6);
});

test('an escaped function name is refused, not run uncounted (/rpc/report%5Fprovider)', async () => {
  const p = await approvedProvider(db.su);
  const address = freshAddress();
  const spelled = ['/rpc/report%5Fprovider', '/rpc/%72eport_provider', '/rpc/report_provider/', '//rpc/report_provider'];
  const results = [];
  for (const path of spelled) {
    results.push(
      await db.callAsPostgrest({
        role: 'anon',
        claims: anonClaims(),
        headers: { 'cf-connecting-ip': address, 'x-forwarded-for': address },
        path,
        fn: 'report_provider',
        args: { p_provider_id: p.id, p_reason: 'closed', p_device_token: freshDeviceToken() },
      }),
    );
  }
  figures('escaped function paths', { answers: tally(results) });
  expect(results.map((r) => [r.status, r.code])).toEqual(spelled.map(() => [400, '22023']));
  const stored = await db.su.query<{ n: string }>('select count(*) as n from public.reports where provider_id = $1', [p.id]);
  expect(Number(stored.rows[0]!.n)).toBe(0);
});
