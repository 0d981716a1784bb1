/**
 * Issue 28, form minimums (migration 0012): a name and an address of at least 2 letters, a name
 * not only digits, checked by register_provider as PostgREST calls it (23514, details the field),
 * the same rule as the form. Rows stored before are kept.
 */
import { aCategory, edgeHeaders, freshAddress, freshMobile, openProductionDb, phoneClaims, signUpPhones, type ProductionDb } from './db';

let db: ProductionDb;
let category: string;
beforeAll(async () => {
  db = await openProductionDb();
  category = await aCategory(db.su);
});
afterAll(async () => {
  await db?.close();
});

async function register(name: string, address: string) {
  const phone = freshMobile();
  await signUpPhones(db.su, [phone]);
  return db.callAsPostgrest({
    role: 'authenticated',
    claims: phoneClaims(phone),
    headers: edgeHeaders(freshAddress()),
    fn: 'register_provider',
    args: {
      p_name: name,
      p_business_name: null,
      p_category: category,
      p_specialist_in: null,
      p_aadhaar: null,
      p_experience: 0,
      p_address: address,
    },
  });
}

async function storedNamed(name: string) {
  const r = await db.su.query<{ n: string }>('select count(*) as n from public.service_providers where name = $1', [name]);
  return Number(r.rows[0]!.n);
}

test.each([
  ['a 1-letter name', 'R', 'Gandhi Chowk', 'name'],
  ['a name of digits', '12345', 'Gandhi Chowk', 'name'],
  ['a name of Devanagari digits and punctuation', '१२३ - 45.', 'Gandhi Chowk', 'name'],
  ['a 1-letter address', 'Ramesh Minimum', 'A', 'address'],
  ['an address of digits', 'Ramesh Digits', '12/34', 'address'],
])('%s is refused (400, 23514, details the field), nothing stored', async (_what, name, address, field) => {
  const r = await register(name, address);
  expect([r.status, r.code, r.details]).toEqual([400, '23514', field]);
  expect(await storedNamed(name)).toBe(0);
});

test.each([
  ['two Latin letters', 'Al', 'MG Road'],
  ['a Hindi name', 'राम', 'गांधी चौक'],
  ['a name with a digit in it', 'Ramesh 2', 'Shop 4, Main Bazaar'],
])('%s is accepted', async (_what, name, address) => {
  const r = await register(name, address);
  expect(r.status).toBe(200);
  expect(await storedNamed(name)).toBe(1);
});

test('a row stored before with a 1-letter name is kept and still readable', async () => {
  const mobile = freshMobile();
  await db.su.query(
    "insert into public.service_providers (name, mobile, category, experience, address, status) values ('Q', $1, $2, 1, 'X', 'approved')",
    [mobile, category],
  );
  const r = await db.su.query<{ name: string }>('select name from public.service_providers where mobile = $1', [mobile]);
  expect(r.rows.map((x) => x.name)).toEqual(['Q']);
});
