/**
 * Issue 27 (migration 0022), called as PostgREST calls it (anon, a read-only transaction): lists
 * and search near the visitor's place put who serves it first, with the place and distance of
 * each row; an unknown or forged place is 409 23503 with details 'place'; oversized 22001.
 */

import { anonClaims, approvedProvider, edgeHeaders, freshAddress, openProductionDb, type ProductionDb } from './db';
import { seedTestPlaces } from './places-fixture';

let db: ProductionDb;
const category = 'Nearplace test trade';
beforeAll(async () => {
  db = await openProductionDb();
  await seedTestPlaces(db.su);
});
afterAll(async () => {
  await db?.close();
});

const call = (args: Record<string, unknown>) =>
  db.callAsPostgrest({ role: 'anon', claims: anonClaims(), headers: edgeHeaders(freshAddress()), fn: 'search_providers', args });

test('a list with the visitor place: who serves it first, by distance, each with its place', async () => {
  const far = await approvedProvider(db.su, { category, name: 'Farplace Mistri' });
  const near = await approvedProvider(db.su, { category, name: 'Nearplace Mistri' });
  const none = await approvedProvider(db.su, { category, name: 'Noplace Mistri' });
  const place = `update public.service_providers set place_kind = $2, place_code = $3, serve_mode = 'nearby', serve_radius_km = $4 where id = $1`;
  await db.su.query(place, [far.id, 'village', '927001', 2]);
  await db.su.query(place, [near.id, 'ward', '9270102', 5]);
  const r = await call({ p_category: category, p_place_kind: 'ward', p_place_code: '9270101' });
  expect(r.status).toBe(200);
  const rows = r.body as {
    id: string;
    serves_visitor: boolean;
    distance_km: number | null;
    place_name_hi: string | null;
    total_count: number;
  }[];
  // The others (not serving the place) in the order without a place.
  expect(rows.map((x) => x.id)).toEqual([near.id, none.id, far.id]);
  expect(rows[0]).toMatchObject({ id: near.id, serves_visitor: true, place_name_hi: 'सिविल लाइन्स' });
  expect(rows[0]!.distance_km).toBeGreaterThan(1);
  expect(rows[0]!.distance_km).toBeLessThan(2);
  expect(rows.find((x) => x.id === none.id)).toMatchObject({ serves_visitor: false, distance_km: null });
  expect(rows[0]!.total_count).toBe(3);
  const only = await call({ p_category: category, p_place_kind: 'ward', p_place_code: '9270101', p_serves_only: true });
  expect((only.body as { id: string }[]).map((x) => x.id)).toEqual([near.id]);
});

test.each([
  ['an unknown place', { p_place_kind: 'ward', p_place_code: '42' }, [409, '23503', 'place']],
  ['a code without its kind', { p_place_code: '9270101' }, [409, '23503', 'place']],
  ['a forged code', { p_place_kind: 'ward', p_place_code: "9270101' or 1=1 --" }, [409, '23503', 'place']],
  ['a 2,000-character place kind', { p_place_kind: 'w'.repeat(2000), p_place_code: '1' }, [400, '22001', 'place']],
])('search with %s is refused', async (_what, args, expected) => {
  const r = await call({ p_query: 'plumber', ...args });
  expect([r.status, r.code, r.details]).toEqual(expected);
});

// 0024: who serves a place is gathered (or counted) without parallel workers, a setting of the
// caller's transaction for that query only: the caller's own value is there after the call.
test('the caller keeps its max_parallel_workers_per_gather', async () => {
  const c = await db.su.connect();
  try {
    await c.query('begin read only');
    await c.query('set local role anon');
    await c.query('set local max_parallel_workers_per_gather = 3');
    for (const args of [
      `p_place_kind => 'ward', p_place_code => '9270101', p_serves_only => true`,
      `p_place_kind => 'ward', p_place_code => '9270101', p_verified => 'verified'`,
      `p_query => 'Lalbagh'`,
    ]) {
      await c.query(`select count(*) from public.search_providers(${args})`);
      const r = await c.query<{ v: string }>(`select current_setting('max_parallel_workers_per_gather') as v`);
      expect(r.rows[0]!.v).toBe('3');
    }
  } finally {
    await c.query('rollback');
    c.release();
  }
});
