/**
 * Migration 0026: who serves a place is counted from totals kept per place
 * (private.place_server_counts) by a trigger on service_providers. The totals follow every kind
 * of provider write, and a list of who serves a place, called as PostgREST calls it, gives the
 * same total through them (a page of 20: the nearest servers and the kept totals) as through the
 * whole set (a page of 100: every server gathered and counted).
 */

import { anonClaims, approvedProvider, edgeHeaders, freshAddress, freshMobile, openProductionDb, type ProductionDb } from './db';
import { seedTestPlaces } from './places-fixture';

let db: ProductionDb;
beforeAll(async () => {
  db = await openProductionDb();
  await seedTestPlaces(db.su);
});
afterAll(async () => {
  await db?.close();
});

type Counts = Record<string, { nearby_reach: number[]; tehsil: number }>;

/** The kept totals, places with none left out. */
async function kept(): Promise<Counts> {
  const r = await db.su.query<{ k: string; nearby_reach: number[]; tehsil: number }>(
    `select place_kind || ':' || place_code as k, nearby_reach, tehsil from private.place_server_counts
      where tehsil <> 0 or nearby_reach[1] <> 0 order by 1`,
  );
  return Object.fromEntries(r.rows.map((x) => [x.k, { nearby_reach: x.nearby_reach, tehsil: x.tehsil }]));
}

/** The same totals counted from the providers as they are now. */
async function counted(): Promise<Counts> {
  const r = await db.su.query<{ k: string; nearby_reach: number[]; tehsil: number }>(
    `select p.place_kind || ':' || p.place_code as k,
            array(select count(*) filter (where q.serve_mode = 'nearby' and q.serve_radius_km >= r)::integer
                    from generate_series(1, 50) r, public.service_providers q
                   where q.status = 'approved' and q.place_kind = p.place_kind and q.place_code = p.place_code
                   group by r order by r) as nearby_reach,
            count(*) filter (where p.serve_mode = 'tehsil')::integer as tehsil
       from public.service_providers p
      where p.status = 'approved' and p.place_code is not null and p.serve_mode in ('nearby', 'tehsil')
      group by p.place_kind, p.place_code order by 1`,
  );
  return Object.fromEntries(r.rows.map((x) => [x.k, { nearby_reach: x.nearby_reach, tehsil: x.tehsil }]));
}

const category = 'Placecount test trade';
const setPlace = (id: string, kind: string | null, code: string | null, mode: string, radius: number) =>
  db.su.query(`update public.service_providers set place_kind = $2, place_code = $3, serve_mode = $4, serve_radius_km = $5 where id = $1`, [
    id,
    kind,
    code,
    mode,
    radius,
  ]);

test('the totals per place follow every provider write', async () => {
  const a = await approvedProvider(db.su, { category });
  const b = await approvedProvider(db.su, { category });
  const c = await approvedProvider(db.su, { category });
  const steps: [string, () => Promise<unknown>][] = [
    ['a nearby provider gets a place', () => setPlace(a.id, 'ward', '9270101', 'nearby', 7)],
    ['a second one at a village', () => setPlace(b.id, 'village', '927001', 'nearby', 12)],
    ['a tehsil provider', () => setPlace(c.id, 'village', '927003', 'tehsil', 10)],
    ['a radius grows', () => setPlace(a.id, 'ward', '9270101', 'nearby', 20)],
    ['a radius shrinks to 1', () => setPlace(b.id, 'village', '927001', 'nearby', 1)],
    ['nearby becomes tehsil', () => setPlace(a.id, 'ward', '9270101', 'tehsil', 20)],
    ['tehsil becomes a list', () => setPlace(c.id, 'village', '927003', 'list', 10)],
    ['a provider moves', () => setPlace(b.id, 'ward', '9270102', 'nearby', 5)],
    ['a place is removed', () => setPlace(a.id, null, null, 'nearby', 10)],
    [
      'a rating changes nothing here',
      () => db.su.query(`update public.service_providers set rating_sum = 9, rating_count = 2 where id = $1`, [b.id]),
    ],
    ['a listing is rejected', () => db.su.query(`update public.service_providers set status = 'rejected' where id = $1`, [b.id])],
    ['and approved again', () => db.su.query(`update public.service_providers set status = 'approved' where id = $1`, [b.id])],
    [
      'a new listing arrives approved with a place',
      () =>
        db.su.query(
          `insert into public.service_providers (name, mobile, category, experience, address, status, place_kind, place_code, serve_mode, serve_radius_km)
           values ('Placecount Arrival', $2, $1, 3, 'Station Road', 'approved', 'ward', '9270101', 'nearby', 9)`,
          [category, freshMobile()],
        ),
    ],
    ['a listing is deleted', () => db.su.query(`delete from public.service_providers where id = $1`, [b.id])],
  ];
  const seen: string[] = [];
  for (const [what, write] of steps) {
    await write();
    seen.push(what);
    // The step's name in the comparison: a difference says after which write.
    expect({ after: what, totals: await kept() }).toEqual({ after: what, totals: await counted() });
  }
  expect(seen).toHaveLength(steps.length);
  // Not vacuous: providers are counted at places.
  expect(Object.keys(await kept()).length).toBeGreaterThan(0);
});

const call = (args: Record<string, unknown>) =>
  db.callAsPostgrest({ role: 'anon', claims: anonClaims(), headers: edgeHeaders(freshAddress()), fn: 'search_providers', args });

test('a list of who serves a place: the same total from the kept totals as from the whole set', async () => {
  // 24 servers at Lalbagh and Civil Lines (1.5 km): a page of 20 comes from the nearest servers.
  for (let i = 0; i < 24; i += 1) {
    const p = await approvedProvider(db.su, { category: 'Placecount list trade' });
    await setPlace(p.id, 'ward', i % 2 ? '9270101' : '9270102', 'nearby', 3 + (i % 5));
  }
  // Farther: nearby ones whose radius does or does not reach, tehsil ones in and out of the tehsil.
  for (const [kind, code, mode, radius] of [
    ['village', '927001', 'nearby', 20],
    ['village', '927001', 'nearby', 2],
    ['village', '927003', 'tehsil', 10],
    ['village', '927002', 'tehsil', 10],
    ['village', '927002', 'nearby', 50],
  ] as const) {
    const p = await approvedProvider(db.su, { category: 'Placecount list trade' });
    await setPlace(p.id, kind, code, mode, radius);
  }
  const place = { p_place_kind: 'ward', p_place_code: '9270101', p_serves_only: true };
  const page = await call({ ...place, p_limit: 20 });
  const whole = await call({ ...place, p_limit: 100 });
  expect([page.status, whole.status]).toEqual([200, 200]);
  const pageRows = page.body as { id: string; total_count: number; serves_visitor: boolean }[];
  const wholeRows = whole.body as { id: string; total_count: number; serves_visitor: boolean }[];
  expect(pageRows).toHaveLength(20);
  expect(wholeRows.every((r) => r.serves_visitor)).toBe(true);
  expect(new Set(wholeRows.map((r) => r.id)).size).toBe(wholeRows.length);
  expect(wholeRows[0]!.total_count).toBe(wholeRows.length);
  expect(pageRows[0]!.total_count).toBe(wholeRows.length);
  // The same as a query that is only the place ("Lalbagh"): who serves it.
  const named = await call({ p_query: 'Lalbagh', p_limit: 20 });
  expect((named.body as { total_count: number }[])[0]!.total_count).toBe(wholeRows.length);
});

test('the API roles cannot read the totals nor call their functions', async () => {
  const r = await db.su.query<{ t: boolean; f: boolean }>(
    `select bool_or(has_table_privilege(r, 'private.place_server_counts', 'select,insert,update,delete')) as t,
            bool_or(has_function_privilege(r, 'private.add_place_server(text, text, text, integer, integer)', 'execute')
                    or has_function_privilege(r, 'private.count_place_servers()', 'execute')
                    or has_function_privilege(r, 'private.recount_place_servers()', 'execute')) as f
       from unnest(array['anon', 'authenticated', 'authenticator']) r`,
  );
  expect(r.rows[0]).toEqual({ t: false, f: false });
  // As PostgREST calls, with a forged X-Forwarded-For: private is not exposed, anon may not use it.
  const res = await db.callAsPostgrest({
    role: 'anon',
    claims: anonClaims(),
    headers: edgeHeaders(freshAddress(), '127.0.0.1'),
    fn: 'recount_place_servers',
    args: {},
    schema: 'private',
  });
  expect(res.status).toBeGreaterThanOrEqual(400);
});
