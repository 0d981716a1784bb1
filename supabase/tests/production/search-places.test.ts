/**
 * Issue 27, item 3 (migration 0021), called as PostgREST calls it: search_places answers anon
 * (POST and GET, in a read-only transaction: it cannot store anything), in either script, with
 * bad input cut; the keys it reads are kept by the database on every write of a place, and anon
 * still cannot write a place, nor call the key's private functions.
 */

import { anonClaims, edgeHeaders, freshAddress, openProductionDb, type ProductionDb } from './db';
import { seedTestPlaces } from './places-fixture';

let db: ProductionDb;
beforeAll(async () => {
  db = await openProductionDb();
  await seedTestPlaces(db.su);
});
afterAll(async () => {
  await db?.close();
});

const search = (args: Record<string, unknown>, method: 'POST' | 'GET' = 'POST') =>
  db.callAsPostgrest({ role: 'anon', claims: anonClaims(), headers: edgeHeaders(freshAddress()), fn: 'search_places', args, method });

test('anon finds a place in either script, with its parent, read-only', async () => {
  for (const q of ['lalbag', 'Lalbagh', 'लालबाग']) {
    const r = await search({ p_query: q });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      {
        kind: 'ward',
        code: '9270101',
        name_en: 'Lalbagh',
        name_hi: 'लालबाग',
        lat: 27.57,
        lon: 80.68,
        parent_name_en: 'Sitapur',
        parent_name_hi: 'सीतापुर',
      },
    ]);
  }
  const rampur = await search({ p_query: 'रामपुर', p_limit: 5 }, 'GET');
  expect(rampur.status).toBe(200);
  expect((rampur.body as { name_en: string; parent_name_en: string }[]).map((r) => `${r.name_en}, ${r.parent_name_en}`)).toEqual([
    'Rampur, Sitapur Sadar',
    'Rampur, Biswan',
    'Rampur Kalan, Sitapur Sadar',
  ]);
  const fn = await db.su.query("select provolatile from pg_proc where proname = 'search_places'");
  expect(fn.rows).toEqual([{ provolatile: 's' }]);
});

test('bad input is cut, never an error', async () => {
  const long = await search({ p_query: 'ल'.repeat(5000), p_limit: 100000, p_kinds: Array(500).fill('village') });
  expect([long.status, long.body]).toEqual([200, []]);
  const many = await search({ p_query: 'r', p_limit: 100000, p_kinds: ['village', 'nowhere'] });
  expect(many.status).toBe(200);
  expect((many.body as unknown[]).length).toBe(3);
  const wild = await search({ p_query: '%_\\' });
  expect([wild.status, wild.body]).toEqual([200, []]);
});

test('anon still cannot write a place, nor call the private key functions', async () => {
  const patch = await db.api.patch({
    role: 'anon',
    claims: anonClaims(),
    headers: edgeHeaders(freshAddress()),
    table: 'places',
    eq: { kind: 'ward', code: '9270101' },
    body: { name_en: 'Hacked', search_key: ' hkd | ' },
  });
  expect(patch.status).toBe(401);
  const insert = await db.api.withRequest({ role: 'anon', claims: anonClaims() }, (c) =>
    c.query("insert into public.places (kind, code, name_en, parent_kind, parent_code) values ('village', '1', 'X', 'tehsil', '90271')"),
  );
  expect(insert.ok).toBe(false);
  const key = await db.callAsPostgrest({
    role: 'anon',
    claims: anonClaims(),
    fn: 'place_search_key',
    schema: 'private',
    args: { p_name_en: 'x', p_name_hi: null },
  });
  expect(key.status).toBeGreaterThanOrEqual(400);
  const row = await db.su.query("select name_en, search_key from public.places where kind = 'ward' and code = '9270101'");
  expect(row.rows).toEqual([{ name_en: 'Lalbagh', search_key: ' lbg | lbg ' }]);
});
