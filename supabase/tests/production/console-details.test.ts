/**
 * Issue 28, the console's details (migration 0013), called as PostgREST calls them.
 * Duplicate hints: the operator sees which listings share a mobile, or a name and a place;
 * anon and a signed-in provider cannot ask.
 */
import { randomUUID } from 'node:crypto';
import {
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

let db: ProductionDb;
beforeAll(async () => {
  db = await openProductionDb();
});
afterAll(async () => {
  await db?.close();
});

function adminClaims(): Record<string, unknown> {
  return {
    ...phoneClaims(freshMobile(), randomUUID()),
    phone: '',
    email: 'op@example.in',
    app_metadata: { provider: 'email', role: 'admin' },
  };
}

async function pending(name: string, mobile: string, address: string): Promise<string> {
  const r = await db.su.query<{ id: string }>(
    `insert into public.service_providers (name, mobile, category, experience, address, status)
     values ($1, $2, (select stored_value from public.service_categories limit 1), 2, $3, 'pending') returning id`,
    [name, mobile, address],
  );
  return r.rows[0]!.id;
}

describe('admin_duplicate_hints', () => {
  test('the admin sees a same-mobile listing and a same name and place listing (normalised); a lone listing has none', async () => {
    const listed = await approvedProvider(db.su, { name: 'Ramesh Kumar' });
    const sameMobile = await pending('R. K. Plumbing', listed.mobile, 'Ward 9');
    const other = await db.su.query<{ id: string }>(
      `insert into public.service_providers (name, mobile, category, experience, address, status)
       values ('Sita Devi', $1, (select stored_value from public.service_categories limit 1), 1, 'Gandhi Chowk, Ward 5', 'approved') returning id`,
      [freshMobile()],
    );
    const samePlace = await pending('sita devi', freshMobile(), 'gandhi chowk ward-5');
    const lone = await pending('Mohan Lal', freshMobile(), 'Station Road');

    const r = await db.callAsPostgrest({
      role: 'authenticated',
      claims: adminClaims(),
      headers: edgeHeaders(freshAddress()),
      fn: 'admin_duplicate_hints',
      args: { p_ids: [sameMobile, samePlace, lone] },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      ...[
        { provider_id: sameMobile, other_id: listed.id, other_name: 'Ramesh Kumar', other_status: 'approved', match: 'mobile' },
        { provider_id: samePlace, other_id: other.rows[0]!.id, other_name: 'Sita Devi', other_status: 'approved', match: 'name_place' },
      ].sort((a, b) => (a.provider_id < b.provider_id ? -1 : 1)),
    ]);
  });

  test('anon and a signed-in provider cannot call it (42501)', async () => {
    const p = await approvedProvider(db.su);
    await signUpPhones(db.su, [p.mobile]);
    const asAnon = await db.callAsPostgrest({
      role: 'anon',
      claims: anonClaims(),
      headers: edgeHeaders(freshAddress()),
      fn: 'admin_duplicate_hints',
      args: { p_ids: [p.id] },
    });
    expect([asAnon.status, asAnon.code]).toEqual([401, '42501']);
    const asProvider = await db.callAsPostgrest({
      role: 'authenticated',
      claims: phoneClaims(p.mobile),
      headers: edgeHeaders(freshAddress()),
      fn: 'admin_duplicate_hints',
      args: { p_ids: [p.id] },
    });
    expect([asProvider.status, asProvider.code]).toEqual([403, '42501']);
  });
});
