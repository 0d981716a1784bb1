/**
 * Issue 28, honest badges (migration 0016), called as PostgREST calls them: "verified" means
 * the operator has checked the person (admin_verify_provider: how and when; who and why in the
 * audit log) and only the operator sets or withdraws it. A valid Aadhaar number alone earns no
 * badge; the provider cannot set verified (or the check's day and method) by any owner edit
 * or registration path, and anon cannot either.
 */
import { randomUUID } from 'node:crypto';
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
  type Provider,
} from './db';

let db: ProductionDb;
beforeAll(async () => {
  db = await openProductionDb();
});
afterAll(async () => {
  await db?.close();
});

const OPERATOR = randomUUID();
function adminClaims(): Record<string, unknown> {
  return {
    ...phoneClaims(freshMobile(), OPERATOR),
    phone: '',
    email: 'op@example.in',
    app_metadata: { provider: 'email', role: 'admin' },
  };
}

type Who = 'anon' | 'owner' | 'admin';
function as(who: Who, p: Provider) {
  if (who === 'anon') return { role: 'anon' as const, claims: anonClaims(), headers: edgeHeaders(freshAddress()) };
  if (who === 'owner') return { role: 'authenticated' as const, claims: phoneClaims(p.mobile), headers: edgeHeaders(freshAddress()) };
  return { role: 'authenticated' as const, claims: adminClaims(), headers: edgeHeaders(freshAddress()) };
}

async function stored(id: string) {
  return (
    await db.su.query<{ verified: boolean; verified_on: string | null; verified_how: string[] | null }>(
      "select verified, to_char(verified_on, 'YYYY-MM-DD') as verified_on, verified_how from public.service_providers where id = $1",
      [id],
    )
  ).rows[0]!;
}

const UNVERIFIED = { verified: false, verified_on: null, verified_how: null };
const VERIFY = { p_how: ['visited', 'documents'], p_checked_on: '2026-11-12', p_reason: 'visited the shop, saw the card' };

async function verify(p: Provider, who: Who = 'admin') {
  return db.callAsPostgrest({ ...as(who, p), fn: 'admin_verify_provider', args: { p_id: p.id, ...VERIFY } });
}

test('only the operator verifies: anon 401 and the provider 403 (42501) store nothing; the operator records how and when', async () => {
  const p = await approvedProvider(db.su);
  await signUpPhones(db.su, [p.mobile]);
  const byAnon = await verify(p, 'anon');
  expect([byAnon.status, byAnon.code]).toEqual([401, '42501']);
  const byOwner = await verify(p, 'owner');
  expect([byOwner.status, byOwner.code]).toEqual([403, '42501']);
  expect(await stored(p.id)).toEqual(UNVERIFIED);

  const ok = await verify(p);
  expect(ok.status).toBe(200);
  expect(ok.body).toMatchObject({ id: p.id, verified: true, verified_on: '2026-11-12', verified_how: ['documents', 'visited'] });
  expect(await stored(p.id)).toEqual({ verified: true, verified_on: '2026-11-12', verified_how: ['documents', 'visited'] });
  const log = await db.su.query(
    "select actor, actor_email, action, before, after, reason from public.audit_log where target_id = $1 and action like 'provider.%'",
    [p.id],
  );
  expect(log.rows).toEqual([
    {
      actor: OPERATOR,
      actor_email: 'op@example.in',
      action: 'provider.verify',
      before: { verified: false, verified_on: null, verified_how: null },
      after: { verified: true, verified_on: '2026-11-12', verified_how: ['documents', 'visited'] },
      reason: 'visited the shop, saw the card',
    },
  ]);

  // The public reads the badge, the day and the method (a GET of the table with the anon key).
  const read = await db.api.withRequest({ role: 'anon', claims: anonClaims() }, (c) =>
    c.query(
      "select verified, to_char(verified_on, 'YYYY-MM-DD') as verified_on, verified_how from public.service_providers where id = $1",
      [p.id],
    ),
  );
  expect(read.ok && read.value.rows).toEqual([{ verified: true, verified_on: '2026-11-12', verified_how: ['documents', 'visited'] }]);
  const stats = await db.su.query<{ approved_verified: number }>(
    'select approved_verified from public.category_stats where category = $1',
    [p.category],
  );
  expect(stats.rows[0]!.approved_verified).toBeGreaterThanOrEqual(1);
});

test('the operator must say how, a past day and a reason (22023); an unknown listing is 404', async () => {
  const p = await approvedProvider(db.su);
  for (const [args, detail] of [
    [{ p_how: [] }, 'how'],
    [{ p_how: ['aadhaar'] }, 'how'],
    [{ p_how: null }, 'how'],
    [{ p_checked_on: '2999-01-01' }, 'checked_on'],
    [{ p_reason: ' ' }, 'reason'],
  ] as const) {
    const r = await db.callAsPostgrest({ ...as('admin', p), fn: 'admin_verify_provider', args: { p_id: p.id, ...VERIFY, ...args } });
    expect({ args, status: r.status, code: r.code, details: r.details }).toEqual({ args, status: 400, code: '22023', details: detail });
  }
  expect(await stored(p.id)).toEqual(UNVERIFIED);
  const unknown = await db.callAsPostgrest({ ...as('admin', p), fn: 'admin_verify_provider', args: { p_id: randomUUID(), ...VERIFY } });
  expect([unknown.status, unknown.code]).toEqual([404, 'PT404']);
});

test('only the operator withdraws (audit provider.unverify with the reason); anon and the provider cannot', async () => {
  const p = await approvedProvider(db.su);
  await signUpPhones(db.su, [p.mobile]);
  expect((await verify(p)).status).toBe(200);
  for (const who of ['anon', 'owner'] as const) {
    const r = await db.callAsPostgrest({ ...as(who, p), fn: 'admin_withdraw_verification', args: { p_id: p.id, p_reason: 'x' } });
    expect([who, r.code]).toEqual([who, '42501']);
    const patch = await db.api.patch({
      ...as(who, p),
      table: 'service_providers',
      eq: { id: p.id },
      body: { verified_on: null, verified_how: null },
    });
    expect(patch.status === 204 ? patch.rows : patch.code).not.toBe(1);
  }
  expect((await stored(p.id)).verified).toBe(true);
  const noReason = await db.callAsPostgrest({ ...as('admin', p), fn: 'admin_withdraw_verification', args: { p_id: p.id, p_reason: '' } });
  expect([noReason.status, noReason.code]).toEqual([400, '22023']);
  const ok = await db.callAsPostgrest({
    ...as('admin', p),
    fn: 'admin_withdraw_verification',
    args: { p_id: p.id, p_reason: 'the shop has closed' },
  });
  expect(ok.status).toBe(200);
  expect(await stored(p.id)).toEqual(UNVERIFIED);
  const log = await db.su.query(
    "select action, reason, actor from public.audit_log where target_id = $1 and action = 'provider.unverify'",
    [p.id],
  );
  expect(log.rows).toEqual([{ action: 'provider.unverify', reason: 'the shop has closed', actor: OPERATOR }]);
  const again = await db.callAsPostgrest({ ...as('admin', p), fn: 'admin_withdraw_verification', args: { p_id: p.id, p_reason: 'again' } });
  expect([again.status, again.code]).toEqual([400, '22023']);
});

test.each([
  // verified itself follows the check: the row trigger puts it back before anything is stored.
  [{ verified: true }, 204, null],
  [{ verified_on: '2026-11-01', verified_how: ['documents'] }, 403, '42501'],
  [{ verified_on: '2026-11-01' }, 403, '42501'],
  [{ verified_how: ['called'] }, 403, '42501'],
])('the provider cannot set verified by an owner PATCH of %j (%d %s, nothing stored)', async (body, status, code) => {
  const p = await approvedProvider(db.su);
  await signUpPhones(db.su, [p.mobile]);
  const r = await db.api.patch({ ...as('owner', p), table: 'service_providers', eq: { id: p.id }, body });
  expect([r.status, r.code]).toEqual([status, code]);
  expect(await stored(p.id)).toEqual(UNVERIFIED);
});

test('an owner edit of the free fields leaves verified as the operator set it (either way)', async () => {
  const p = await approvedProvider(db.su);
  await signUpPhones(db.su, [p.mobile]);
  const edit = (text: string) =>
    db.api.patch({ ...as('owner', p), table: 'service_providers', eq: { id: p.id }, body: { specialist_in: text, verified: true } });
  expect((await edit('Wiring')).status).toBe(204);
  expect(await stored(p.id)).toEqual(UNVERIFIED);
  expect((await verify(p)).status).toBe(200);
  const second = await db.api.patch({ ...as('owner', p), table: 'service_providers', eq: { id: p.id }, body: { specialist_in: 'Fans' } });
  expect(second.status).toBe(204);
  expect((await stored(p.id)).verified).toBe(true);
});

test('even an admin PATCH of the table cannot set the check (42501): it goes through admin_verify_provider', async () => {
  const p = await approvedProvider(db.su);
  const r = await db.api.patch({
    ...as('admin', p),
    table: 'service_providers',
    eq: { id: p.id },
    body: { verified_on: '2026-11-01', verified_how: ['called'] },
  });
  expect([r.status, r.code]).toEqual([403, '42501']);
  expect(await stored(p.id)).toEqual(UNVERIFIED);
});

test('registration with a checksum-valid Aadhaar stores the number but earns no badge, even after approval', async () => {
  const mobile = freshMobile();
  await signUpPhones(db.su, [mobile]);
  const args = {
    p_name: 'Aadhaar Only',
    p_business_name: null,
    p_category: await aCategory(db.su),
    p_specialist_in: null,
    p_aadhaar: '999941057058',
    p_experience: 3,
    p_address: 'Gandhi Chowk',
  };
  const ctx = { role: 'authenticated' as const, claims: phoneClaims(mobile), headers: edgeHeaders(freshAddress()) };
  // No registration argument names the check: an extra key finds no function (404).
  const extra = await db.callAsPostgrest({ ...ctx, fn: 'register_provider', args: { ...args, p_verified: true } });
  expect([extra.status, extra.code]).toEqual([404, 'PGRST202']);
  const r = await db.callAsPostgrest({ ...ctx, fn: 'register_provider', args });
  expect(r.status).toBe(200);
  const id = r.body as string;
  expect(await stored(id)).toEqual(UNVERIFIED);
  const approve = await db.callAsPostgrest({
    ...ctx,
    claims: adminClaims(),
    fn: 'admin_set_provider_status',
    args: { p_provider_id: id, p_status: 'approved' },
  });
  expect(approve.status).toBe(200);
  expect(await stored(id)).toEqual(UNVERIFIED);
  const kept = await db.su.query('select aadhaar from private.provider_identity where provider_id = $1', [id]);
  expect(kept.rows).toEqual([{ aadhaar: '999941057058' }]);
});
