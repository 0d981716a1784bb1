/**
 * Issue 27 (migration 0018), called as PostgREST calls it: a provider's place at registration
 * and by the owner (anon, another phone, the owner), unknown places and oversized or forged
 * arguments storing nothing, the import refused to every API role but the operator and the
 * service role, and nearest_place answered in a read-only transaction (it cannot store the
 * position).
 */

import {
  aCategory,
  anonClaims,
  approvedProvider,
  edgeHeaders,
  freshAddress,
  freshMobile,
  openProductionDb,
  phoneClaims,
  signUpPhones,
  type ProductionDb,
} from './db';
import { seedTestPlaces } from './places-fixture';

type ApiRole = 'anon' | 'authenticated';

let db: ProductionDb;
let category: string;
beforeAll(async () => {
  db = await openProductionDb();
  category = await aCategory(db.su);
  await seedTestPlaces(db.su);
});
afterAll(async () => {
  await db?.close();
});

function registration(name: string, extra: Record<string, unknown> = {}) {
  return {
    p_name: name,
    p_business_name: null,
    p_category: category,
    p_specialist_in: null,
    p_aadhaar: null,
    p_experience: 4,
    p_address: 'Gandhi Chowk',
    ...extra,
  };
}

async function register(mobile: string | null, name: string, extra: Record<string, unknown> = {}) {
  return db.callAsPostgrest({
    role: mobile ? 'authenticated' : 'anon',
    claims: mobile ? phoneClaims(mobile) : anonClaims(),
    headers: edgeHeaders(freshAddress()),
    fn: 'register_provider',
    args: registration(name, extra),
  });
}

async function stored(name: string) {
  return (
    await db.su.query<{ place_kind: string | null; place_code: string | null; serve_mode: string; serves: string }>(
      `select p.place_kind, p.place_code, p.serve_mode,
              (select count(*) from public.provider_serves s where s.provider_id = p.id)::text as serves
         from public.service_providers p where p.name = $1`,
      [name],
    )
  ).rows;
}

test('a phone registers with its place and a list of places it serves', async () => {
  const phone = freshMobile();
  await signUpPhones(db.su, [phone]);
  const r = await register(phone, 'Placed Plumber', {
    p_place_kind: 'ward',
    p_place_code: '9270101',
    p_serve_mode: 'list',
    p_serve_places: ['ward:9270102', 'village:927001'],
  });
  expect(r.status).toBe(200);
  expect(await stored('Placed Plumber')).toEqual([{ place_kind: 'ward', place_code: '9270101', serve_mode: 'list', serves: '2' }]);
});

test.each([
  ['an unknown place', { p_place_kind: 'ward', p_place_code: '42' }, [409, '23503', 'place']],
  ['a district as the place', { p_place_kind: 'district', p_place_code: '9027' }, [400, '22023', 'place']],
  ['a code without its kind', { p_place_code: '9270101' }, [400, '22023', 'place']],
  ['an unknown place in the list', { p_serve_mode: 'list', p_serve_places: ['ward:9270101', 'ward:1'] }, [409, '23503', 'serve_places']],
  ['a forged list entry', { p_serve_mode: 'list', p_serve_places: ["ward:9270101' or 1=1 --"] }, [409, '23503', 'serve_places']],
  ['31 places in the list', { p_serve_mode: 'list', p_serve_places: Array(31).fill('ward:9270101') }, [400, '22023', 'serve_places']],
  ['an unknown serve mode', { p_serve_mode: 'everywhere' }, [400, '22023', 'serve_mode']],
  ['a radius of 5,000 km', { p_place_kind: 'ward', p_place_code: '9270101', p_serve_radius_km: 5000 }, [400, '22023', 'serve_radius_km']],
  ['an 8 MB place kind', { p_place_kind: 'w'.repeat(8_000_000), p_place_code: '1' }, [400, '22001', 'body']],
  ['a 2,000-character place kind', { p_place_kind: 'w'.repeat(2000), p_place_code: '1' }, [400, '22001', 'place']],
])('registration with %s is refused and stores nothing', async (_what, extra, expected) => {
  const phone = freshMobile();
  await signUpPhones(db.su, [phone]);
  const name = `Refused ${freshMobile()}`;
  const r = await register(phone, name, extra);
  expect([r.status, r.code, r.details]).toEqual(expected);
  expect(await stored(name)).toEqual([]);
});

test('anon cannot register with a place (401) and stores nothing', async () => {
  const r = await register(null, 'Anon Placed', { p_place_kind: 'ward', p_place_code: '9270101' });
  expect([r.status, r.code]).toEqual([401, '42501']);
  expect(await stored('Anon Placed')).toEqual([]);
});

test('set_my_place: the owner changes it (audited); another phone 404, anon 401', async () => {
  const p = await approvedProvider(db.su);
  const other = freshMobile();
  await signUpPhones(db.su, [p.mobile, other]);
  const call = (claims: Record<string, unknown>, role: ApiRole, args: Record<string, unknown>) =>
    db.callAsPostgrest({ role, claims, headers: edgeHeaders(freshAddress()), fn: 'set_my_place', args: { p_provider_id: p.id, ...args } });
  const place = { p_place_kind: 'village', p_place_code: '927001', p_serve_mode: 'tehsil' };
  expect((await call(anonClaims(), 'anon', place)).status).toBe(401);
  const stranger = await call(phoneClaims(other), 'authenticated', place);
  expect([stranger.status, stranger.code]).toEqual([404, 'PT404']);
  const unknown = await call(phoneClaims(p.mobile), 'authenticated', { p_place_kind: 'village', p_place_code: '1' });
  expect([unknown.status, unknown.code]).toEqual([409, '23503']);
  const before = await db.su.query('select place_code from public.service_providers where id = $1', [p.id]);
  expect(before.rows).toEqual([{ place_code: null }]);
  const ok = await call(phoneClaims(p.mobile), 'authenticated', place);
  expect(ok.status).toBe(200);
  const row = await db.su.query('select place_kind, place_code, serve_mode from public.service_providers where id = $1', [p.id]);
  expect(row.rows).toEqual([{ place_kind: 'village', place_code: '927001', serve_mode: 'tehsil' }]);
  const log = await db.su.query("select action from public.audit_log where target_id = $1 and action = 'owner.place'", [p.id]);
  expect(log.rows).toHaveLength(1);
});

test('the import is refused to anon and to a phone; nearest_place runs read-only', async () => {
  const batch = '00000000-0000-4000-8000-000000000027';
  const stage = (role: ApiRole, claims: Record<string, unknown>) =>
    db.callAsPostgrest({
      role,
      claims,
      headers: edgeHeaders(freshAddress()),
      fn: 'stage_places',
      args: { p_batch: batch, p_first_row: 2, p_rows: [{ villageCode: '927999', villageNameEnglish: 'X' }] },
    });
  expect((await stage('anon', anonClaims())).status).toBe(401);
  const phone = freshMobile();
  await signUpPhones(db.su, [phone]);
  expect((await stage('authenticated', phoneClaims(phone))).status).toBe(403);

  const near = await db.callAsPostgrest({
    role: 'anon',
    claims: anonClaims(),
    headers: edgeHeaders(freshAddress()),
    fn: 'nearest_place',
    args: { p_lat: 27.5701, p_lon: 80.6801 },
  });
  expect(near.status).toBe(200);
  expect(near.body).toEqual([expect.objectContaining({ kind: 'ward', code: '9270101' })]);
  const away = await db.callAsPostgrest({
    role: 'anon',
    claims: anonClaims(),
    headers: edgeHeaders(freshAddress()),
    fn: 'nearest_place',
    args: { p_lat: 19.07, p_lon: 72.87 },
  });
  expect([away.status, away.code, away.details]).toEqual([400, '22023', 'outside_district']);
  const fn = await db.su.query("select provolatile from pg_proc where proname = 'nearest_place'");
  expect(fn.rows).toEqual([{ provolatile: 's' }]);
});
