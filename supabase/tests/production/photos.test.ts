/**
 * Issue 28, photos (migration 0017), called as PostgREST calls them, and the storage rule as
 * the storage.objects policies of supabase/README.md step 5 call it (as the caller's role).
 * Anon, another phone, the owner and the operator; nothing is public before approval.
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

function adminClaims(): Record<string, unknown> {
  return {
    ...phoneClaims(freshMobile(), randomUUID()),
    phone: '',
    email: 'op@example.in',
    app_metadata: { provider: 'email', role: 'admin' },
  };
}

async function owner(): Promise<Provider> {
  const p = await approvedProvider(db.su);
  await signUpPhones(db.su, [p.mobile]);
  return p;
}

function asPhone(mobile: string, fn: string, args: Record<string, unknown>) {
  return db.callAsPostgrest({ role: 'authenticated', claims: phoneClaims(mobile), headers: edgeHeaders(freshAddress()), fn, args });
}
function asAdmin(fn: string, args: Record<string, unknown> = {}) {
  return db.callAsPostgrest({ role: 'authenticated', claims: adminClaims(), headers: edgeHeaders(freshAddress()), fn, args });
}

async function start(p: Provider, kind = 'shop'): Promise<{ id: string; path: string }> {
  const r = await asPhone(p.mobile, 'start_photo_upload', { p_provider_id: p.id, p_kind: kind });
  expect(r.status).toBe(200);
  return (r.body as { id: string; path: string }[])[0]!;
}

/** The storage policy's check, run as the storage server runs a policy: as `authenticated` with the caller's claims. */
async function policy(fn: 'may_upload_photo' | 'may_delete_photo', name: string, claims: Record<string, unknown>): Promise<boolean> {
  const r = await db.api.withRequest({ role: 'authenticated', claims, headers: edgeHeaders(freshAddress()) }, async (c) => {
    const q = await c.query<{ ok: boolean }>(`select private.${fn}($1, auth.uid()) as ok`, [name]);
    return q.rows[0]!.ok;
  });
  if (!r.ok) throw new Error(JSON.stringify(r.result));
  return r.value;
}

/** Anon's GET /rest/v1/provider_photos?select=...&provider_id=eq.<id>. */
async function publicPhotos(providerId: string, columns = 'id, provider_id, kind, path'): Promise<unknown[] | { code: string }> {
  const r = await db.api.withRequest({ role: 'anon', claims: anonClaims(), method: 'GET', readOnly: true }, async (c) => {
    try {
      return (await c.query(`select ${columns} from public.provider_photos where provider_id = $1`, [providerId])).rows;
    } catch (e) {
      return { code: (e as { code: string }).code };
    }
  });
  if (!r.ok) throw new Error(JSON.stringify(r.result));
  return r.value;
}

describe('start_photo_upload and the storage rule', () => {
  test('anon cannot start one (401); another phone cannot start one on a listing not theirs (404)', async () => {
    const p = await owner();
    const anon = await db.callAsPostgrest({
      role: 'anon',
      claims: anonClaims(),
      headers: edgeHeaders(freshAddress()),
      fn: 'start_photo_upload',
      args: { p_provider_id: p.id, p_kind: 'shop' },
    });
    expect([anon.status, anon.code]).toEqual([401, '42501']);
    const other = freshMobile();
    await signUpPhones(db.su, [other]);
    const r = await asPhone(other, 'start_photo_upload', { p_provider_id: p.id, p_kind: 'shop' });
    expect([r.status, r.code]).toEqual([404, 'PT404']);
    const bad = await asPhone(p.mobile, 'start_photo_upload', { p_provider_id: p.id, p_kind: 'selfie' });
    expect([bad.status, bad.code]).toEqual([400, '22023']);
    const n = await db.su.query('select 1 from public.provider_photos where provider_id = $1', [p.id]);
    expect(n.rowCount).toBe(0);
  });

  test('the owner may upload exactly the photo and its thumbnail, for an hour; nobody else may', async () => {
    const p = await owner();
    const { path } = await start(p);
    expect(path).toMatch(new RegExp(`^${p.id}/[0-9a-f-]{36}$`));
    const mine = phoneClaims(p.mobile);
    expect(await policy('may_upload_photo', path, mine)).toBe(true);
    expect(await policy('may_upload_photo', `${path}_t`, mine)).toBe(true);
    for (const name of [`${path}_x`, `${p.id}/${randomUUID()}`, `${path}/../x`, `${p.id}`, `../${path}`]) {
      expect(await policy('may_upload_photo', name, mine)).toBe(false);
    }
    const other = freshMobile();
    await signUpPhones(db.su, [other]);
    expect(await policy('may_upload_photo', path, phoneClaims(other))).toBe(false);
    expect(await policy('may_upload_photo', path, adminClaims())).toBe(false);
    // Anon has no uid: the function refuses (and anon cannot even call it).
    const anon = await db.api.withRequest({ role: 'anon', claims: anonClaims() }, async (c) => {
      try {
        await c.query(`select private.may_upload_photo($1, auth.uid())`, [path]);
        return 'ran';
      } catch (e) {
        return (e as { code: string }).code;
      }
    });
    expect(anon.ok && anon.value).toBe('42501');
    // An hour later the window is closed.
    await db.su.query(`update public.provider_photos set created_at = now() - interval '61 minutes' where path = $1`, [path]);
    expect(await policy('may_upload_photo', path, mine)).toBe(false);
  });

  test('once submitted nothing more is uploaded to it; at most 6 photos a listing (23514)', async () => {
    const p = await owner();
    const first = await start(p, 'work');
    const s = await asPhone(p.mobile, 'submit_photo', { p_id: first.id });
    expect(s.status).toBe(204);
    expect(await policy('may_upload_photo', first.path, phoneClaims(p.mobile))).toBe(false);
    // Another phone cannot submit or delete it.
    const other = freshMobile();
    await signUpPhones(db.su, [other]);
    expect((await asPhone(other, 'delete_my_photo', { p_id: first.id })).status).toBe(404);
    for (let i = 0; i < 5; i++) await start(p, 'self');
    const seventh = await asPhone(p.mobile, 'start_photo_upload', { p_provider_id: p.id, p_kind: 'shop' });
    expect([seventh.status, seventh.code, seventh.details]).toEqual([400, '23514', 'photos']);
    // An upload started over an hour ago and never submitted frees its place.
    await db.su.query(
      `update public.provider_photos set created_at = now() - interval '2 hours' where provider_id = $1 and status = 'uploading'`,
      [p.id],
    );
    await start(p, 'shop');
  });

  test('a mobile starts at most 30 photos a day (429), even deleting each one', async () => {
    const p = await owner();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const r = await asPhone(p.mobile, 'start_photo_upload', { p_provider_id: p.id, p_kind: 'shop' });
      codes.push(r.status);
      if (r.status === 200) await asPhone(p.mobile, 'delete_my_photo', { p_id: (r.body as { id: string }[])[0]!.id });
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(30);
    expect(codes[30]).toBe(429);
  });
});

describe('approval, reading and removing', () => {
  test('nothing is public before approval; the operator approves (audited); anon then reads it, never its uploader', async () => {
    const p = await owner();
    const { id, path } = await start(p, 'shop');
    expect(await publicPhotos(p.id)).toEqual([]);
    await asPhone(p.mobile, 'submit_photo', { p_id: id });
    expect(await publicPhotos(p.id)).toEqual([]);
    // Not the owner, not another phone: 403 (42501).
    for (const who of [p.mobile, freshMobile()]) {
      const r = await asPhone(who, 'admin_approve_photo', { p_id: id });
      expect([r.status, r.code]).toEqual([403, '42501']);
      const q = await asPhone(who, 'admin_photo_queue', {});
      expect([q.status, q.code]).toEqual([403, '42501']);
    }
    const queue = await asAdmin('admin_photo_queue');
    expect(queue.status).toBe(200);
    expect(queue.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, provider_id: p.id, provider_name: p.name, kind: 'shop', path })]),
    );
    const mineBefore = await asPhone(p.mobile, 'my_photos', { p_provider_id: p.id });
    expect(mineBefore.body).toEqual([expect.objectContaining({ id, status: 'pending' })]);
    expect((await asAdmin('admin_approve_photo', { p_id: id })).status).toBe(204);
    expect(await publicPhotos(p.id)).toEqual([{ id, provider_id: p.id, kind: 'shop', path }]);
    expect(await publicPhotos(p.id, 'owner')).toEqual({ code: '42501' });
    expect(await publicPhotos(p.id, 'approved_by')).toEqual({ code: '42501' });
    const audit = await db.su.query(`select action, target_id from public.audit_log where action = 'photo.approve' and target_id = $1`, [
      id,
    ]);
    expect(audit.rowCount).toBe(1);
    // A listing hidden from the public hides its photos too.
    await db.su.query(`update public.service_providers set status = 'rejected' where id = $1`, [p.id]);
    expect(await publicPhotos(p.id)).toEqual([]);
  });

  test('anon and phones cannot write the table directly', async () => {
    const p = await owner();
    for (const [role, claims] of [
      ['anon', anonClaims()],
      ['authenticated', phoneClaims(p.mobile)],
    ] as const) {
      const r = await db.api.withRequest({ role, claims }, async (c) => {
        try {
          await c.query(
            `insert into public.provider_photos (provider_id, owner, kind, path, status) values ($1::uuid, $2::uuid, 'shop', $3::text, 'approved')`,
            [p.id, uuidForMobile(p.mobile), `${p.id}/${randomUUID()}`],
          );
          return 'inserted';
        } catch (e) {
          return (e as { code: string }).code;
        }
      });
      expect(r.ok && r.value).toBe('42501');
    }
  });

  test('the operator removes a photo (row gone, audited with the reason, path returned); the owner deletes their own', async () => {
    const p = await owner();
    const a = await start(p, 'work');
    await asPhone(p.mobile, 'submit_photo', { p_id: a.id });
    await asAdmin('admin_approve_photo', { p_id: a.id });
    expect((await asPhone(p.mobile, 'admin_remove_photo', { p_id: a.id })).status).toBe(403);
    const r = await asAdmin('admin_remove_photo', { p_id: a.id, p_reason: 'not the shop' });
    expect([r.status, r.body]).toEqual([200, a.path]);
    expect(await publicPhotos(p.id)).toEqual([]);
    const audit = await db.su.query<{ reason: string }>(
      `select reason from public.audit_log where action = 'photo.remove' and target_id = $1`,
      [a.id],
    );
    expect(audit.rows).toEqual([{ reason: 'not the shop' }]);

    const b = await start(p, 'self');
    // The owner may delete its objects while the row is theirs (the storage DELETE policy); nobody else may.
    expect(await policy('may_delete_photo', `${b.path}_t`, phoneClaims(p.mobile))).toBe(true);
    const other = freshMobile();
    await signUpPhones(db.su, [other]);
    expect(await policy('may_delete_photo', b.path, phoneClaims(other))).toBe(false);
    const d = await asPhone(p.mobile, 'delete_my_photo', { p_id: b.id });
    expect([d.status, d.body]).toEqual([200, b.path]);
    expect(await policy('may_delete_photo', b.path, phoneClaims(p.mobile))).toBe(false);
    expect((await asPhone(p.mobile, 'my_photos', { p_provider_id: p.id })).body).toEqual([]);
  });
});
