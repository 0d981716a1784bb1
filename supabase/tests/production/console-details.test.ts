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

describe('ads need a title and an image description', () => {
  const save = (ad: Record<string, unknown>) =>
    db.callAsPostgrest({
      role: 'authenticated',
      claims: adminClaims(),
      headers: edgeHeaders(freshAddress()),
      fn: 'admin_save_ad',
      args: { p_ad: ad, p_reason: 'test' },
    });
  const image = { media_type: 'image', media_url: 'https://example.com/a.png' };

  test('a new ad without a title, or an image ad without a description, is refused (23514, the column in details)', async () => {
    for (const [ad, details] of [
      [{ ...image, media_alt: 'Rangoli' }, 'title'],
      [{ ...image, title: '   ', media_alt: 'Rangoli' }, 'title'],
      [{ ...image, title: 'Diwali sale' }, 'media_alt'],
      [{ ...image, title: 'Diwali sale', media_alt: ' ' }, 'media_alt'],
    ] as const) {
      const r = await save(ad);
      expect([r.status, r.code, r.details]).toEqual([400, '23514', details]);
    }
    const ok = await save({ ...image, title: 'Diwali sale', media_alt: 'A lit lamp' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ title: 'Diwali sale', media_alt: 'A lit lamp' });
    // A YouTube ad has its title; there is no image to describe.
    expect((await save({ media_type: 'youtube', media_url: 'dQw4w9WgXcQ', title: 'Song' })).status).toBe(200);
  });

  test('the table itself keeps the rule (a direct insert), and an older ad without them is kept and can be switched off', async () => {
    await expect(
      db.su.query("insert into public.advertisements (media_type, media_url) values ('image', 'https://example.com/b.png')"),
    ).rejects.toMatchObject({ code: '23514' });
    await db.su.query('alter table public.advertisements disable trigger advertisements_require_words');
    const old = await db.su.query<{ id: string }>(
      "insert into public.advertisements (media_type, media_url) values ('image', 'https://example.com/old.png') returning id",
    );
    await db.su.query('alter table public.advertisements enable trigger advertisements_require_words');
    const id = old.rows[0]!.id;
    const off = await save({ id, active: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id, active: false, title: null });
    const retitled = await save({ id, title: 'Old offer' });
    expect([retitled.status, retitled.details]).toEqual([400, 'media_alt']);
  });
});
