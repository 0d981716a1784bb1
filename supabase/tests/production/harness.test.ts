/**
 * The harness itself behaves as PostgREST on Supabase: the connection is the authenticator,
 * grants and RLS apply per role, functions are found by their argument names, and STABLE
 * functions run read-only. (These hold before and after migration 0011.)
 */
import { anonClaims, approvedProvider, freshMobile, openProductionDb, phoneClaims, type ProductionDb } from './db';

let db: ProductionDb;
beforeAll(async () => {
  db = await openProductionDb();
});
afterAll(async () => {
  await db?.close();
});

test('calls run as authenticator switched to the request role, never as a superuser', async () => {
  const r = await db.api.withRequest(
    { role: 'anon', claims: anonClaims(), method: 'POST', path: '/rpc/x' },
    async (c) => (await c.query<{ cu: string; su: string }>('select current_user as cu, session_user as su')).rows[0],
  );
  expect(r).toEqual({ ok: true, value: { cu: 'anon', su: 'authenticator' } });
});

test('grants apply: anon reading the reports table is 401, a signed-in user 403 (42501)', async () => {
  const anon = await db.api.withRequest({ role: 'anon', claims: anonClaims() }, (c) => c.query('select * from public.reports'));
  expect(anon.ok).toBe(false);
  if (!anon.ok) expect([anon.result.status, anon.result.code]).toEqual([401, '42501']);
  const user = await db.api.withRequest({ role: 'authenticated', claims: phoneClaims(freshMobile()) }, (c) =>
    c.query('select * from public.reports'),
  );
  expect(user.ok).toBe(false);
  if (!user.ok) expect([user.result.status, user.result.code]).toEqual([403, '42501']);
});

test('a function is found by name and argument names; unknown arguments answer 404 PGRST202', async () => {
  const p = await approvedProvider(db.su);
  const found = await db.callAsPostgrest({
    role: 'anon',
    claims: anonClaims(),
    fn: 'search_providers',
    args: { p_query: p.name },
  });
  expect(found.status).toBe(200);
  expect((found.body as { id: string }[]).map((r) => r.id)).toEqual([p.id]);
  const missing = await db.callAsPostgrest({ role: 'anon', claims: anonClaims(), fn: 'search_providers', args: { p_nope: 1 } });
  expect([missing.status, missing.code]).toEqual([404, 'PGRST202']);
});

test('a STABLE function runs in a READ ONLY transaction; RLS hides rows the role may not see', async () => {
  const ro = await db.api.withRequest(
    { role: 'anon', claims: anonClaims(), readOnly: true },
    async (c) => (await c.query<{ ro: string }>("select current_setting('transaction_read_only') as ro")).rows[0]!.ro,
  );
  expect(ro).toEqual({ ok: true, value: 'on' });
  // A pending listing is invisible to anon through the table (RLS), visible to the superuser.
  const pending = await db.su.query<{ id: string }>(
    `insert into public.service_providers (name, mobile, category, experience, address)
     select 'Pending One', '9876500999', stored_value, 1, 'Somewhere' from public.service_categories limit 1 returning id`,
  );
  const seen = await db.api.withRequest(
    { role: 'anon', claims: anonClaims(), readOnly: true },
    async (c) => (await c.query('select id from public.service_providers where id = $1', [pending.rows[0]!.id])).rowCount,
  );
  expect(seen).toEqual({ ok: true, value: 0 });
});

test("an owner's PATCH changes only rows RLS lets through", async () => {
  const p = await approvedProvider(db.su);
  const stranger = await db.api.patch({
    role: 'authenticated',
    claims: phoneClaims(freshMobile()),
    table: 'service_providers',
    eq: { id: p.id },
    body: { address: 'Changed by a stranger' },
  });
  expect([stranger.status, stranger.rows]).toEqual([204, 0]);
  const owner = await db.api.patch({
    role: 'authenticated',
    claims: phoneClaims(p.mobile),
    table: 'service_providers',
    eq: { id: p.id },
    body: { address: 'Near the temple' },
  });
  expect([owner.status, owner.rows]).toEqual([204, 1]);
});
