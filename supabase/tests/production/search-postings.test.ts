/**
 * Migration 0025 (issue 27 item 5) on PostgreSQL 15: the name words of a search read from
 * private.search_postings, and the page (ids, order, total) is the plain path's
 * (city.search_postings = 'off') for every query and filter; the postings follow every write of a
 * provider. 1,500 providers of made-up names in both scripts (the demo seed's kind) are added to
 * this file's database. The PGlite pass: tests/search-postings.test.ts.
 */
import type { PoolClient } from 'pg';
import { compareWithPlainPath, followWrites, postingsAreRead, postingsDrift, type Run } from '../fixtures/search-postings-checks';
import { anonClaims, openProductionDb, type ProductionDb } from './db';

let db: ProductionDb;
let client: PoolClient;
let run: Run;

beforeAll(async () => {
  db = await openProductionDb();
  client = await db.su.connect();
  run = async (sql, params) => (await client.query(sql, params)).rows as never;
  await run(
    `insert into public.service_providers (name, business_name, mobile, category, specialist_in, experience, address, status,
                                           verified_on, verified_how, on_leave_until)
     select f.a[1 + g % 16] || ' ' || l.a[1 + (g / 16) % 12],
            case when g % 3 = 0 then b.a[1 + (g / 3) % 10] end,
            '7' || lpad((g * 7919 % 1000000000)::text, 9, '0'),
            c.a[1 + (g / 5) % cardinality(c.a)],
            case when g % 4 = 0 then s.a[1 + (g / 4) % 6] end,
            g % 30,
            case when g % 7 = 0 then (g % 90)::text || ' ' else '' end || ad.a[1 + (g / 2) % 8],
            case when g % 11 = 0 then 'pending' else 'approved' end,
            case when g % 5 = 0 then current_date - 10 end,
            case when g % 5 = 0 then '{called}'::text[] end,
            case when g % 13 = 0 then current_date + 5 end
       from generate_series(1, 1500) g,
            (select array['Ram', 'राम', 'Ramesh', 'Harjeet', 'हरजीत', 'Shiv', 'शिव', 'Mohd', 'Rani', 'रानी', 'Ganesh',
                          'Durga', 'Sh', 'Ram-Kumar', 'R.K.', 'Asha'] as a) f,
            (select array['Sharma', 'शर्मा', 'Kumar', 'कुमार', 'Singh', 'Khan', 'Yadav', 'Verma', 'Gupta', 'Rm', 'Durga', ''] as a) l,
            (select array['Maa Durga Electricals', 'मां दुर्गा इलेक्ट्रिकल्स', 'Shiv Kirana', 'Ram Plumbing', 'Sitapur Plumber Centre',
                          'Gupta Electric', 'Khan Tailors', 'Rm', 'Harjeet Motors', 'Ganesh Kirana'] as a) b,
            (select array_agg(stored_value order by stored_value) as a from public.service_categories) c,
            (select array['AC repair, wiring', 'नल फिटिंग', 'tailoring', 'light mistri', 'Ram darbar paintings', 'Rampur'] as a) s,
            (select array['Lalbagh, Sitapur', 'लालबाग सीतापुर', 'Rampur', 'Civil Lines', 'Station Road Sitapur', 'Sharma Gali',
                          'Ram Nagar', 'Durga Mandir Road'] as a) ad`,
  );
  // Ratings through the row, as the ratings trigger writes them.
  await run(
    `update public.service_providers p
        set rating_count = x.n, rating_sum = x.s, avg_rating = round(x.s::numeric / x.n, 1)
       from (select id, 1 + abs(hashtext(id::text)) % 9 as n from public.service_providers) y,
            lateral (select y.n as n, least(5 * y.n, y.n + abs(hashtext(y.id::text || 's')) % (4 * y.n + 1)) as s) x
      where p.id = y.id and abs(hashtext(p.id::text)) % 3 > 0`,
  );
  await run('analyze');
}, 120_000);

afterAll(async () => {
  client?.release();
  await db?.close();
});

test('the API roles cannot read the postings nor call their functions', async () => {
  const [r] = await run<{ t: boolean; f: boolean; g: boolean }>(
    `select bool_or(has_table_privilege(r, 'private.search_postings', 'select,insert,update,delete')) as t,
            bool_or(has_function_privilege(r, 'private.search_postings_of(text)', 'execute')) as f,
            bool_or(has_function_privilege(r, 'private.follow_search_postings()', 'execute')) as g
       from unnest(array['anon', 'authenticated', 'authenticator']) r`,
  );
  expect(r).toEqual({ t: false, f: false, g: false });
  // As PostgREST calls: private is not an exposed schema, and anon may not use it.
  const res = await db.callAsPostgrest({
    role: 'anon',
    claims: anonClaims(),
    fn: 'search_postings_of',
    args: { p_key: ' rm | ' },
    schema: 'private',
  });
  expect(res.status).toBeGreaterThanOrEqual(400);
});

test('the postings are every word of every approved provider, as made afresh', async () => {
  const [n] = await run<{ n: number }>('select count(*)::int as n from private.search_postings');
  expect(n!.n).toBeGreaterThan(5000);
  expect(await postingsDrift(run)).toBe(0);
});

test('every query and filter: the page and total of the plain path', async () => {
  const r = await compareWithPlainPath(run);
  expect(r.cases).toBeGreaterThan(500);
  expect(r.found).toBeGreaterThan(300);
  expect(r.differ).toEqual([]);
}, 120_000);

test('a search reads the postings', async () => {
  const r = await postingsAreRead(run);
  expect(r.with).toBeGreaterThan(100);
  expect(r.without).toBeLessThan(r.with);
});

test('the postings follow register, approve, edit, rate, leave, reject and delete', async () => {
  const steps = await followWrites(run);
  expect(steps.map((s) => `${s.step}: ${s.found}, drift ${s.drift}`)).toEqual([
    'pending: 0, drift 0',
    'approved: 1, drift 0',
    'approved: by business name: 1, drift 0',
    'name edited: old name: 0, drift 0',
    'name edited: new name: 1, drift 0',
    'rated: 1, drift 0',
    'rated: min 4.5: 1, drift 0',
    'on leave: available only: 1, drift 0',
    'on leave: available: 0, drift 0',
    'rejected: 0, drift 0',
    'approved again: 1, drift 0',
    'deleted: 0, drift 0',
  ]);
});
