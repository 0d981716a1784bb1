/**
 * Attack 5 of issue 23: an owner's direct PATCH of business_name to a spam line with another
 * number and a link went live at once, unaudited. Now such text is refused (23514) however it
 * arrives, and every owner edit leaves an audit_log entry `owner.edit`.
 */
import {
  approvedProvider,
  edgeHeaders,
  freshAddress,
  openProductionDb,
  phoneClaims,
  signUpPhones,
  uuidForMobile,
  type ProductionDb,
  type Provider,
} from './db';

let db: ProductionDb;
beforeAll(async () => {
  db = await openProductionDb();
});
afterAll(async () => {
  await db?.close();
});

/** PATCH /rest/v1/service_providers?id=eq.<id> with the owner's session. */
function ownerPatch(p: Provider, body: Record<string, unknown>) {
  return db.api.patch({
    role: 'authenticated',
    claims: phoneClaims(p.mobile),
    headers: edgeHeaders(freshAddress()),
    table: 'service_providers',
    eq: { id: p.id },
    body,
  });
}

async function rowOf(id: string) {
  return (
    await db.su.query<{ business_name: string | null; specialist_in: string | null }>(
      'select business_name, specialist_in from public.service_providers where id = $1',
      [id],
    )
  ).rows[0]!;
}

const SPAM: [string, string][] = [
  ['business_name', 'CALL 9123456789 ... http://spam.example'],
  ['business_name', 'Sharma Repairs 91234 56789'],
  ['business_name', 'शर्मा रिपेयर ९१२३४५६७८९'],
  ['specialist_in', 'AC repair, see www.cheap-ac.in'],
  ['specialist_in', 'Fridge repair — book at fixit.com'],
  ['business_name', 'Call 98-76-54-32-1'],
];

test.each(SPAM)('an owner PATCH of %s to %j is refused (400, 23514) and nothing changes', async (field, text) => {
  const p = await approvedProvider(db.su);
  await signUpPhones(db.su, [p.mobile]);
  const before = await rowOf(p.id);
  const r = await ownerPatch(p, { [field]: text });
  expect([r.status, r.code, r.details]).toEqual([400, '23514', field]);
  expect(r.message).toContain('no phone numbers or links');
  expect(await rowOf(p.id)).toEqual(before);
});

test('the same spam through update_my_listing is refused too', async () => {
  const p = await approvedProvider(db.su);
  await signUpPhones(db.su, [p.mobile]);
  const r = await db.callAsPostgrest({
    role: 'authenticated',
    claims: phoneClaims(p.mobile),
    headers: edgeHeaders(freshAddress()),
    fn: 'update_my_listing',
    args: {
      p_provider_id: p.id,
      p_business_name: 'CALL 9123456789 ... http://spam.example',
      p_specialist_in: null,
      p_address: 'Station Road',
      p_experience: 5,
    },
  });
  expect([r.status, r.code, r.details]).toEqual([400, '23514', 'business_name']);
  expect((await rowOf(p.id)).business_name).toBeNull();
});

test('a normal owner PATCH goes through and leaves an audit_log entry owner.edit with only the changed columns', async () => {
  const p = await approvedProvider(db.su);
  await signUpPhones(db.su, [p.mobile]);
  const r = await ownerPatch(p, { business_name: 'Sharma Electricals', address: 'Station Road' });
  expect([r.status, r.rows]).toEqual([204, 1]);
  expect((await rowOf(p.id)).business_name).toBe('Sharma Electricals');
  const log = await db.su.query<{ actor: string; target_table: string; before: unknown; after: unknown }>(
    "select actor, target_table, before, after from public.audit_log where action = 'owner.edit' and target_id = $1",
    [p.id],
  );
  expect(log.rows).toEqual([
    {
      actor: uuidForMobile(p.mobile),
      target_table: 'service_providers',
      before: { business_name: null },
      after: { business_name: 'Sharma Electricals' },
    },
  ]);
});

test("an owner's edit keeps the form's minimum: an address of fewer than 2 letters is refused, an old one kept", async () => {
  const p = await approvedProvider(db.su);
  await signUpPhones(db.su, [p.mobile]);
  const before = (await db.su.query<{ address: string }>('select address from public.service_providers where id = $1', [p.id])).rows[0]!;
  const edit = (address: string) =>
    db.callAsPostgrest({
      role: 'authenticated',
      claims: phoneClaims(p.mobile),
      headers: edgeHeaders(freshAddress()),
      fn: 'update_my_listing',
      args: { p_provider_id: p.id, p_business_name: null, p_specialist_in: null, p_address: address, p_experience: 5 },
    });
  for (const address of ['X', '12 / 4', '७ -']) {
    const r = await edit(address);
    expect([r.status, r.code, r.details]).toEqual([400, '23514', 'address']);
  }
  const patched = await ownerPatch(p, { address: 'B' });
  expect([patched.status, patched.code, patched.details]).toEqual([400, '23514', 'address']);
  expect((await db.su.query<{ address: string }>('select address from public.service_providers where id = $1', [p.id])).rows[0]).toEqual(
    before,
  );
  const ok = await edit('घर 12, स्टेशन रोड');
  expect(ok.status).toBe(200);
});
