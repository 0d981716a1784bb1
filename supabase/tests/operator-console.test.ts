/**
 * The operator console's functions (migration 0008): refused to anon and to a signed-in
 * non-admin, bad input refused with nothing stored, and every operator action in the
 * append-only audit log (who, when, what, before -> after, reason; never an Aadhaar number).
 * Since 0011: the owners' own edits listed for the operator with a one-press revert, and the
 * request limits readable and tunable by the operator only.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  aadhaarEndingIn,
  anonClient,
  createProvider,
  phoneClient,
  phoneJwtClient,
  randomMobile,
  raw,
  server,
  serviceClient,
  sharedAdmin,
  signedInClient,
} from './helpers';

const anon = anonClient();
let admin: SupabaseClient;
let user: SupabaseClient;
let adminId: string;
beforeAll(async () => {
  admin = await sharedAdmin();
  user = await signedInClient('user');
  adminId = (await admin.auth.getUser()).data.user!.id;
});

interface AuditEntry {
  id: number;
  at: string;
  actor: string | null;
  actor_email: string | null;
  action: string;
  target_table: string | null;
  target_id: string | null;
  target_name: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  total_count: number;
}

async function auditOf(targetId: string): Promise<AuditEntry[]> {
  const { data, error } = await admin.rpc('admin_audit_log', { p_limit: 500, p_offset: 0 });
  expect(error).toBeNull();
  return (data as AuditEntry[]).filter((e) => e.target_id === targetId);
}

const ZERO = '00000000-0000-4000-8000-000000000000';

/** A review written by a new signed-in phone; its id. */
async function reviewBy(providerId: string, text: string): Promise<string> {
  const { data, error } = await phoneJwtClient(randomMobile()).rpc('add_review', { p_provider_id: providerId, p_review_text: text });
  expect(error).toBeNull();
  return (data as { id: string }).id;
}

describe('the console is the operator’s only', () => {
  const calls: [string, Record<string, unknown>][] = [
    ['admin_list_reports', {}],
    ['admin_resolve_reports', { p_provider_id: ZERO, p_action: 'dismiss', p_reason: 'x' }],
    ['admin_search_providers', { p_query: 'a' }],
    ['admin_update_provider', { p_id: ZERO, p_fields: { name: 'x' }, p_reason: 'x' }],
    ['admin_set_provider_status', { p_provider_id: ZERO, p_status: 'suspended', p_reason: 'x' }],
    ['admin_delete_provider', { p_id: ZERO, p_reason: 'x' }],
    ['admin_set_aadhaar', { p_id: ZERO, p_aadhaar: aadhaarEndingIn('1234'), p_reason: 'x' }],
    ['admin_hide_review', { p_review_id: ZERO, p_hidden: true, p_reason: 'x' }],
    ['admin_save_ad', { p_ad: { media_type: 'image', media_url: 'https://x.in/a.png' }, p_reason: 'x' }],
    ['admin_delete_ad', { p_id: ZERO, p_reason: 'x' }],
    ['admin_stats', { p_days: 30 }],
    ['admin_audit_log', { p_limit: 10, p_offset: 0 }],
    ['admin_list_owner_edits', { p_limit: 10, p_offset: 0 }],
    ['admin_revert_owner_edit', { p_audit_id: 1, p_reason: 'x' }],
    ['admin_request_limits', {}],
    ['admin_set_request_limit', { p_name: 'addr:rate', p_max_hits: 0, p_window_seconds: 1 }],
    ['admin_duplicate_hints', { p_ids: [ZERO] }],
  ];

  test.each(calls)('%s: anon 401 and a signed-in non-admin 403 (42501), no data', async (fn, args) => {
    const asAnon = await anon.rpc(fn, args);
    expect({ status: asAnon.status, code: asAnon.error?.code, data: asAnon.data }).toEqual({ status: 401, code: '42501', data: null });
    const asUser = await user.rpc(fn, args);
    expect({ status: asUser.status, code: asUser.error?.code, data: asUser.data }).toEqual({ status: 403, code: '42501', data: null });
  });

  test('a real change attempted by anon and a user leaves the provider, ad and review as they were', async () => {
    const { id } = await createProvider();
    const reviewId = await reviewBy(id, 'ok');
    for (const client of [anon, user]) {
      await client.rpc('admin_update_provider', { p_id: id, p_fields: { mobile: '9000000000' }, p_reason: 'x' });
      await client.rpc('admin_set_provider_status', { p_provider_id: id, p_status: 'suspended', p_reason: 'x' });
      await client.rpc('admin_delete_provider', { p_id: id, p_reason: 'x' });
      await client.rpc('admin_hide_review', { p_review_id: reviewId, p_hidden: true, p_reason: 'x' });
      await client.rpc('admin_set_aadhaar', { p_id: id, p_aadhaar: aadhaarEndingIn('4321'), p_reason: 'x' });
    }
    const row = await admin.from('service_providers').select('status, mobile, verified').eq('id', id).single();
    expect(row.data).toMatchObject({ status: 'approved', verified: false });
    expect(row.data!.mobile).not.toBe('9000000000');
    expect((await anon.from('reviews').select('id').eq('id', reviewId)).data).toEqual([{ id: reviewId }]);
  });
});

describe('audit_log is append-only', () => {
  test('nobody reads or writes it over /rest/v1: anon, a user, the operator, not even the service role writes', async () => {
    const s = server();
    const adminToken = (await admin.auth.getSession()).data.session!.access_token;
    const userToken = (await user.auth.getSession()).data.session!.access_token;
    const who: [string, { key?: string; token?: string }][] = [
      ['anon', {}],
      ['user', { token: userToken }],
      ['admin', { token: adminToken }],
      ['service_role', { key: s.serviceRoleKey }],
    ];
    const entry = { action: 'forged', target_table: 'x', reason: 'forged' };
    for (const [name, auth] of who) {
      const post = await raw('/rest/v1/audit_log', { method: 'POST', body: entry, ...auth });
      const patch = await raw('/rest/v1/audit_log?id=gt.0', { method: 'PATCH', body: { reason: 'rewritten' }, ...auth });
      const del = await raw('/rest/v1/audit_log?id=gt.0', { method: 'DELETE', ...auth });
      expect({ name, post: post.status >= 400, patch: patch.status >= 400, del: del.status >= 400 }).toEqual({
        name,
        post: true,
        patch: true,
        del: true,
      });
      expect((post.json as { code: string }).code).toBe('42501');
      if (name !== 'service_role') {
        const read = await raw('/rest/v1/audit_log?select=*', auth);
        expect({ name, status: read.status, code: (read.json as { code?: string }).code }).toEqual({
          name,
          status: name === 'anon' ? 401 : 403,
          code: '42501',
        });
      }
    }
    const log = (await admin.rpc('admin_audit_log', { p_limit: 500, p_offset: 0 })).data as AuditEntry[];
    expect(log.some((e) => e.action === 'forged' || e.reason === 'rewritten')).toBe(false);
  });

  test('the log pages newest first with a total', async () => {
    // Three entries of its own, so a page further always has two rows even on a fresh server.
    const { id } = await createProvider({ approve: false });
    for (const p_status of ['approved', 'suspended', 'approved']) {
      const set = await admin.rpc('admin_set_provider_status', { p_provider_id: id, p_status, p_reason: 'paging test' });
      expect(set.error).toBeNull();
    }
    const page = await admin.rpc('admin_audit_log', { p_limit: 2, p_offset: 0 });
    const rows = page.data as AuditEntry[];
    expect(rows).toHaveLength(2);
    expect(rows[0]!.id).toBeGreaterThan(rows[1]!.id);
    expect(rows[0]!.total_count).toBeGreaterThanOrEqual(2);
    const next = (await admin.rpc('admin_audit_log', { p_limit: 2, p_offset: 1 })).data as AuditEntry[];
    // one page further (another test file may have added an entry at the top meanwhile)
    expect([rows[1]!.id, rows[0]!.id]).toContain(next[0]!.id);
    expect(next[0]!.id).toBeGreaterThan(next[1]!.id);
  });
});

describe('providers', () => {
  test('search any status with the Aadhaar masked; by a mobile typed with +91 and spaces', async () => {
    const aadhaar = aadhaarEndingIn('6789');
    const { id, mobile } = await createProvider({ approve: false, overrides: { p_aadhaar: aadhaar } });
    const res = await admin.rpc('admin_search_providers', {
      p_query: `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`,
      p_status: 'pending',
      p_limit: 10,
      p_offset: 0,
    });
    expect(res.error).toBeNull();
    const rows = res.data as Record<string, unknown>[];
    expect(rows.map((r) => r.id)).toEqual([id]);
    expect(rows[0]).toMatchObject({
      status: 'pending',
      verified: false,
      aadhaar_masked: 'XXXX XXXX 6789',
      open_reports: 0,
      total_count: 1,
    });
    expect(JSON.stringify(rows)).not.toContain(aadhaar);
    const bad = await admin.rpc('admin_search_providers', { p_status: 'deleted' });
    expect(bad.error).toMatchObject({ code: '22023' });
  });

  test('edit every field: cleaned, checked like registration, live at once, audited before -> after', async () => {
    const { id, input, mobile } = await createProvider();
    const fields = {
      name: '  नया   नाम ',
      business_name: null,
      mobile: '098765-43210',
      category: 'OTHERS: Tent house',
      specialist_in: 'Weddings',
      experience: '12',
      address: 'Station Road, Sitapur',
    };
    const res = await admin.rpc('admin_update_provider', { p_id: id, p_fields: fields, p_reason: '  called him  ' });
    expect(res.error).toBeNull();
    const expected = {
      name: 'नया नाम',
      business_name: null,
      mobile: '9876543210',
      category: 'OTHERS: Tent house',
      specialist_in: 'Weddings',
      experience: 12,
      address: 'Station Road, Sitapur',
    };
    expect(res.data).toMatchObject(expected);
    const pub = await anon.from('service_providers').select(Object.keys(expected).join(',')).eq('id', id).single();
    expect(pub.data).toEqual(expected);
    // Found by the words of its new category (within that category: other files add tent houses meanwhile).
    const found = await anon.rpc('search_providers', { p_query: 'tent house', p_category: 'OTHERS: Tent house', p_limit: 100 });
    expect((found.data as { id: string }[]).some((r) => r.id === id)).toBe(true);

    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      action: 'provider.update',
      actor: adminId,
      actor_email: server().admin.email,
      target_table: 'service_providers',
      target_name: 'नया नाम',
      reason: 'called him',
    });
    expect(entry!.before).toMatchObject({ name: input.p_name, mobile, experience: 5 });
    expect(entry!.after).toMatchObject({ name: 'नया नाम', mobile: '9876543210', experience: 12 });
    expect(entry!.before).not.toHaveProperty('search_text');
    expect(Date.now() - Date.parse(entry!.at)).toBeLessThan(60_000);
  });

  test('bad edits are refused with the field named, and store nothing (no log entry either)', async () => {
    const { id } = await createProvider();
    const before = (await admin.from('service_providers').select('*').eq('id', id).single()).data;
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ mobile: '12345' }, 'reason', '23514', 'mobile'],
      [{ mobile: '5876543210' }, 'reason', '23514', 'mobile'],
      [{ name: ' \u200B ' }, 'reason', '23502', 'name'],
      [{ name: 'x'.repeat(101) }, 'reason', '23514', 'name'],
      [{ address: null }, 'reason', '23502', 'address'],
      [{ experience: 81 }, 'reason', '23514', 'experience'],
      [{ experience: 'five' }, 'reason', '23514', 'experience'],
      [{ category: 'Astronaut' }, 'reason', '23514', 'category'],
      [{ status: 'approved' }, 'reason', '22023', 'status'],
      [{ verified: true }, 'reason', '22023', 'verified'],
      [{ name: 'Fine' }, '', '22023', 'reason'],
      [{ name: 'Fine' }, ' \n\u200B ', '22023', 'reason'],
      [{ name: 'Fine' }, 'x'.repeat(501), '22023', 'reason'],
    ];
    for (const [fields, reason, code, details] of cases) {
      const res = await admin.rpc('admin_update_provider', { p_id: id, p_fields: fields, p_reason: reason });
      expect({ fields, code: res.error?.code, details: res.error?.details, status: res.status }).toEqual({
        fields,
        code,
        details,
        status: 400,
      });
    }
    const notObject = await admin.rpc('admin_update_provider', { p_id: id, p_fields: ['name'], p_reason: 'x' });
    expect(notObject.error).toMatchObject({ code: '22023' });
    const unknown = await admin.rpc('admin_update_provider', { p_id: ZERO, p_fields: { name: 'x' }, p_reason: 'x' });
    expect(unknown.status).toBe(404);
    expect((await admin.from('service_providers').select('*').eq('id', id).single()).data).toEqual(before);
    expect((await auditOf(id)).map((e) => e.action)).toEqual(['provider.approve']); // only createProvider's approval
  });

  test('suspend and restore need a reason; a suspended provider is gone from the public', async () => {
    const { id } = await createProvider();
    const noReason = await admin.rpc('admin_set_provider_status', { p_provider_id: id, p_status: 'suspended' });
    expect(noReason.error).toMatchObject({ code: '22023', details: 'reason' });
    expect((await anon.from('service_providers').select('id').eq('id', id)).data).toEqual([{ id }]);

    const suspended = await admin.rpc('admin_set_provider_status', { p_provider_id: id, p_status: 'suspended', p_reason: 'fake shop' });
    expect(suspended.data).toMatchObject({ id, status: 'suspended' });
    expect((await anon.from('service_providers').select('id').eq('id', id)).data).toEqual([]);
    const restoreNoReason = await admin.rpc('admin_set_provider_status', { p_provider_id: id, p_status: 'approved', p_reason: ' ' });
    expect(restoreNoReason.error).toMatchObject({ code: '22023', details: 'reason' });
    expect(
      (await admin.rpc('admin_set_provider_status', { p_provider_id: id, p_status: 'approved', p_reason: 'verified by phone' })).error,
    ).toBeNull();
    expect((await anon.from('service_providers').select('id').eq('id', id)).data).toEqual([{ id }]);
    const hidden = await admin.rpc('admin_set_provider_status', { p_provider_id: id, p_status: 'hidden', p_reason: 'x' });
    expect(hidden.error).toMatchObject({ code: '22023' });

    const log = await auditOf(id);
    expect(log.map((e) => [e.action, e.before?.status, e.after?.status, e.reason])).toEqual([
      ['provider.restore', 'suspended', 'approved', 'verified by phone'],
      ['provider.suspend', 'approved', 'suspended', 'fake shop'],
      ['provider.approve', 'pending', 'approved', null],
    ]);
  });

  test('Aadhaar: only a valid number is stored, it earns no badge (0016); only its last 4 digits are ever shown or logged', async () => {
    const { id } = await createProvider();
    const valid = aadhaarEndingIn('2468');
    const invalid = valid.slice(0, 11) + String((Number(valid[11]) + 1) % 10);
    for (const [number, code] of [
      [invalid, '23514'],
      ['12345', '23514'],
      ['', '23502'],
    ] as const) {
      const res = await admin.rpc('admin_set_aadhaar', { p_id: id, p_aadhaar: number, p_reason: 'seen the card' });
      expect({ number, code: res.error?.code, details: res.error?.details }).toEqual({ number, code, details: 'aadhaar' });
    }
    const noReason = await admin.rpc('admin_set_aadhaar', { p_id: id, p_aadhaar: valid, p_reason: '' });
    expect(noReason.error).toMatchObject({ code: '22023' });
    expect((await anon.from('service_providers').select('verified').eq('id', id).single()).data).toEqual({ verified: false });

    const ok = await admin.rpc('admin_set_aadhaar', {
      p_id: id,
      p_aadhaar: `${valid.slice(0, 4)} ${valid.slice(4, 8)} ${valid.slice(8)}`,
      p_reason: `card ${valid} checked`,
    });
    expect(ok.data).toEqual({ id, verified: false, aadhaar_masked: 'XXXX XXXX 2468' });
    expect((await anon.from('service_providers').select('verified').eq('id', id).single()).data).toEqual({ verified: false });
    const log = await auditOf(id);
    expect(log[0]).toMatchObject({
      action: 'provider.aadhaar',
      before: { aadhaar_masked: null },
      after: { aadhaar_masked: 'XXXX XXXX 2468' },
      reason: 'card XXXX XXXX 2468 checked',
    });
    const all = await admin.rpc('admin_audit_log', { p_limit: 500, p_offset: 0 });
    expect(JSON.stringify(all.data)).not.toContain(valid);
    const search = await admin.rpc('admin_search_providers', { p_query: id });
    expect(JSON.stringify(search.data)).not.toContain(valid);
  });

  test('delete: gone with its reviews; the log keeps what it was', async () => {
    const { id, mobile } = await createProvider();
    await reviewBy(id, 'fine');
    expect((await admin.rpc('admin_delete_provider', { p_id: id, p_reason: '' })).error).toMatchObject({ code: '22023' });
    const res = await admin.rpc('admin_delete_provider', { p_id: id, p_reason: 'asked to be removed' });
    expect(res.error).toBeNull();
    expect(res.data).toBe(id);
    expect((await admin.from('service_providers').select('id').eq('id', id)).data).toEqual([]);
    expect((await admin.from('reviews').select('id').eq('provider_id', id)).data).toEqual([]);
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: 'provider.delete', reason: 'asked to be removed', after: null });
    expect(entry!.before).toMatchObject({ id, mobile, status: 'approved' });
    expect((await admin.rpc('admin_delete_provider', { p_id: id, p_reason: 'again' })).status).toBe(404);
  });

  test('availability and opening hours are editable too, checked like the provider’s own', async () => {
    const { id } = await createProvider();
    const hours = { mon: { open: '09:00', close: '18:00' }, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null };
    const future = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const ok = await admin.rpc('admin_update_provider', {
      p_id: id,
      p_fields: { on_leave_until: future, opening_hours: hours },
      p_reason: 'provider phoned',
    });
    expect(ok.error).toBeNull();
    expect(ok.data).toMatchObject({ on_leave_until: future, opening_hours: hours });
    const past = await admin.rpc('admin_update_provider', { p_id: id, p_fields: { on_leave_until: '2020-01-01' }, p_reason: 'x' });
    expect(past.error).toMatchObject({ code: '22023', details: 'on_leave_until' });
    const badDate = await admin.rpc('admin_update_provider', { p_id: id, p_fields: { on_leave_until: 'soon' }, p_reason: 'x' });
    expect(badDate.error).toMatchObject({ code: '22007', details: 'on_leave_until' });
    const badHours = await admin.rpc('admin_update_provider', {
      p_id: id,
      p_fields: { opening_hours: { ...hours, mon: { open: '18:00', close: '09:00' } } },
      p_reason: 'x',
    });
    expect(badHours.error).toMatchObject({ code: '23514', details: 'opening_hours' });
    const cleared = await admin.rpc('admin_update_provider', {
      p_id: id,
      p_fields: { on_leave_until: null, opening_hours: null },
      p_reason: 'back at work',
    });
    expect(cleared.data).toMatchObject({ on_leave_until: null, opening_hours: null });
    const row = await admin.rpc('admin_search_providers', { p_query: id });
    expect((row.data as Record<string, unknown>[])[0]).toMatchObject({ on_leave_until: null, opening_hours: null });
  });

  test('the operator’s decision on a listing change request is in the log with its reason', async () => {
    const mobile = randomMobile();
    const { id } = await createProvider({ mobile });
    const provider = await phoneClient(mobile);
    const req = await provider.rpc('request_listing_change', { p_provider_id: id, p_name: 'Renamed Works' });
    expect(req.error).toBeNull();
    const reqId = (req.data as { id: string }).id;
    expect(await auditOf(reqId)).toEqual([]); // the provider's own request is not an operator action
    const decided = await admin.rpc('admin_decide_change_request', { p_id: reqId, p_approve: false, p_reason: 'not the registered owner' });
    expect(decided.error).toBeNull();
    const [entry] = await auditOf(reqId);
    expect(entry).toMatchObject({
      action: 'provider_change_requests.update',
      actor: adminId,
      target_table: 'provider_change_requests',
      before: { status: 'pending', reason: null },
      after: { status: 'rejected', reason: 'not the registered owner' },
    });
  });

  test('a change an admin makes outside the functions (a direct REST write) is logged by trigger', async () => {
    const { id } = await createProvider();
    const res = await admin.from('service_providers').update({ experience: 33 }).eq('id', id).select('experience');
    expect(res.data).toEqual([{ experience: 33 }]);
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      action: 'service_providers.update',
      actor: adminId,
      before: { experience: 5 },
      after: { experience: 33 },
      reason: null,
    });
    // the service role (seed, tools) is not an operator: not logged
    await serviceClient().from('service_providers').update({ experience: 34 }).eq('id', id);
    expect(await auditOf(id)).toHaveLength(2); // the approval and the direct write
  });
});

describe('reviews', () => {
  test('hide and show a review with a reason; hidden reviews are gone from the profile', async () => {
    const { id } = await createProvider();
    const reviewId = await reviewBy(id, 'गंदी भाषा');
    expect((await admin.rpc('admin_hide_review', { p_review_id: reviewId, p_hidden: true, p_reason: '' })).error).toMatchObject({
      code: '22023',
    });
    expect((await admin.rpc('admin_hide_review', { p_review_id: reviewId, p_hidden: null, p_reason: 'x' })).error).toMatchObject({
      code: '22023',
    });
    const hidden = await admin.rpc('admin_hide_review', { p_review_id: reviewId, p_hidden: true, p_reason: 'abuse' });
    expect(hidden.data).toMatchObject({ id: reviewId, hidden: true });
    expect((await anon.from('reviews').select('id').eq('provider_id', id)).data).toEqual([]);
    const count = await anon.from('reviews').select('id', { count: 'exact', head: true }).eq('provider_id', id);
    expect(count.count).toBe(0);
    const [entry] = await auditOf(reviewId);
    expect(entry).toMatchObject({
      action: 'review.hide',
      target_table: 'reviews',
      before: { hidden: false },
      after: { hidden: true },
      reason: 'abuse',
    });
  });
});

describe('owner edits', () => {
  interface OwnerEdit {
    id: number;
    at: string;
    provider_id: string;
    provider_name: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    reverted: boolean;
  }
  const editsOf = async (providerId: string) => {
    const { data, error } = await admin.rpc('admin_list_owner_edits', { p_limit: 200, p_offset: 0 });
    expect(error).toBeNull();
    return (data as OwnerEdit[]).filter((e) => e.provider_id === providerId);
  };
  const ownerUpdate = (client: SupabaseClient, id: string, business: string, specialist: string | null = 'Bathroom fitting') =>
    client.rpc('update_my_listing', {
      p_provider_id: id,
      p_business_name: business,
      p_specialist_in: specialist,
      p_address: 'H.No. 12, Test Nagar, Sitapur 261001',
      p_experience: 5,
    });

  test('listed newest first with before and after; one press puts the before values back, logged with the reason', async () => {
    const { id, mobile, input } = await createProvider();
    const owner = phoneJwtClient(mobile);
    expect((await ownerUpdate(owner, id, 'Spammy Deals Works', 'Best deals')).error).toBeNull();
    const [edit] = await editsOf(id);
    expect(edit).toMatchObject({
      provider_id: id,
      provider_name: input.p_name,
      before: { business_name: 'Test Plumbing Works', specialist_in: 'Bathroom fitting' },
      after: { business_name: 'Spammy Deals Works', specialist_in: 'Best deals' },
      reverted: false,
    });
    expect(Object.keys(edit!).sort()).toEqual(['after', 'at', 'before', 'id', 'provider_id', 'provider_name', 'reverted']);

    const reverted = await admin.rpc('admin_revert_owner_edit', { p_audit_id: edit!.id, p_reason: 'misleading name' });
    expect(reverted.error).toBeNull();
    expect(reverted.data).toMatchObject({ id, business_name: 'Test Plumbing Works', specialist_in: 'Bathroom fitting' });
    expect((await anon.from('service_providers').select('business_name, specialist_in').eq('id', id).single()).data).toEqual({
      business_name: 'Test Plumbing Works',
      specialist_in: 'Bathroom fitting',
    });
    expect((await editsOf(id)).map((e) => [e.id, e.reverted])).toEqual([[edit!.id, true]]); // the revert is no owner edit
    const log = await auditOf(id);
    expect(log.find((e) => e.action === 'owner_edit.reverted')).toMatchObject({
      actor: adminId,
      before: { business_name: 'Spammy Deals Works', specialist_in: 'Best deals' },
      after: { business_name: 'Test Plumbing Works', specialist_in: 'Bathroom fitting' },
      reason: 'misleading name',
    });
    // once only
    const again = await admin.rpc('admin_revert_owner_edit', { p_audit_id: edit!.id, p_reason: 'again' });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: 'PT409' });
  });

  test('an edit changed again since is not reverted (409, nothing changed); unknown ids 404; bad paging 22023', async () => {
    const { id, mobile } = await createProvider();
    const owner = phoneJwtClient(mobile);
    expect((await ownerUpdate(owner, id, 'First Change Works')).error).toBeNull();
    expect((await ownerUpdate(owner, id, 'Second Change Works')).error).toBeNull();
    const edits = await editsOf(id);
    expect(edits.map((e) => e.after.business_name)).toEqual(['Second Change Works', 'First Change Works']);
    const stale = await admin.rpc('admin_revert_owner_edit', { p_audit_id: edits[1]!.id, p_reason: 'x' });
    expect(stale.status).toBe(409);
    expect(stale.error).toMatchObject({ code: 'PT409' });
    expect(stale.error!.message).toMatch(/changed again/);
    expect((await anon.from('service_providers').select('business_name').eq('id', id).single()).data).toEqual({
      business_name: 'Second Change Works',
    });
    expect((await editsOf(id)).every((e) => !e.reverted)).toBe(true);
    // the newest one still reverts, to the first change, with one press (the reason is optional)
    const onePress = await admin.rpc('admin_revert_owner_edit', { p_audit_id: edits[0]!.id });
    expect(onePress.error).toBeNull();
    expect(onePress.data).toMatchObject({ business_name: 'First Change Works' });
    const unknown = await admin.rpc('admin_revert_owner_edit', { p_audit_id: 9_000_000_000, p_reason: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: 'PT404' });
    // an operator's entry is no owner edit
    const [operatorEntry] = await auditOf(id);
    const notOwner = await admin.rpc('admin_revert_owner_edit', { p_audit_id: operatorEntry!.id, p_reason: 'x' });
    expect(operatorEntry!.action).not.toBe('owner.edit');
    expect(notOwner.error).toMatchObject({ code: 'PT404' });
    for (const args of [{ p_limit: 0 }, { p_limit: 201 }, { p_offset: -1 }]) {
      expect((await admin.rpc('admin_list_owner_edits', args)).error).toMatchObject({ code: '22023' });
    }
  });
});

describe('request limits', () => {
  test('the operator reads every limit and changes one, audited; unknown names and bad values are refused', async () => {
    const res = await admin.rpc('admin_request_limits');
    expect(res.error).toBeNull();
    const limits = res.data as { name: string; max_hits: number; window_seconds: number }[];
    for (const name of [
      'addr:register',
      'phone:register',
      'addr:rate',
      'phone:rate',
      'addr:review',
      'phone:review',
      'addr:report',
      'phone:report',
      'addr:click',
      'addr:click_provider',
      'addr:confirm',
      'phone:confirm',
    ]) {
      expect(limits.find((l) => l.name === name)).toMatchObject({ max_hits: expect.any(Number), window_seconds: expect.any(Number) });
    }
    // phone:confirm: no other test depends on its value; put back as it was.
    const was = limits.find((l) => l.name === 'phone:confirm')!;
    const set = await admin.rpc('admin_set_request_limit', {
      p_name: 'phone:confirm',
      p_max_hits: was.max_hits + 1,
      p_window_seconds: was.window_seconds,
    });
    expect(set.error).toBeNull();
    expect(((await admin.rpc('admin_request_limits')).data as typeof limits).find((l) => l.name === 'phone:confirm')).toEqual({
      ...was,
      max_hits: was.max_hits + 1,
    });
    const [entry] = await auditOf('phone:confirm');
    expect(entry).toMatchObject({
      action: 'request_limit.set',
      actor: adminId,
      before: { max_hits: was.max_hits },
      after: { max_hits: was.max_hits + 1 },
    });
    expect(
      (
        await admin.rpc('admin_set_request_limit', {
          p_name: 'phone:confirm',
          p_max_hits: was.max_hits,
          p_window_seconds: was.window_seconds,
        })
      ).error,
    ).toBeNull();
    for (const [args, detail] of [
      [{ p_name: 'addr:nothing', p_max_hits: 1, p_window_seconds: 60 }, 'name'],
      [{ p_name: 'phone:confirm', p_max_hits: -1, p_window_seconds: 60 }, null],
      [{ p_name: 'phone:confirm', p_max_hits: 1, p_window_seconds: 0 }, null],
      [{ p_name: 'phone:confirm', p_max_hits: 1, p_window_seconds: 604801 }, null],
    ] as const) {
      const bad = await admin.rpc('admin_set_request_limit', args);
      expect(bad.error).toMatchObject({ code: '22023', details: detail });
    }
    expect(((await admin.rpc('admin_request_limits')).data as typeof limits).find((l) => l.name === 'phone:confirm')).toEqual(was);
  });
});

describe('ads', () => {
  const ad = (over: Record<string, unknown> = {}) => ({
    title: 'Test ad',
    media_alt: 'A test picture',
    media_type: 'image',
    media_url: `${server().url}/storage/v1/object/public/ads/test/x.png`,
    redirect_link: 'https://example.in/offer',
    ...over,
  });

  test('create, schedule, order, switch off, delete; the public sees active ads in the window by sort_order', async () => {
    const first = await admin.rpc('admin_save_ad', { p_ad: ad({ title: 'Second', sort_order: 20 }), p_reason: 'new campaign' });
    expect(first.error).toBeNull();
    const second = await admin.rpc('admin_save_ad', {
      p_ad: ad({ title: 'First', sort_order: -5, start_date: '2020-01-01T00:00:00Z', end_date: '2099-12-31T00:00:00Z' }),
      p_reason: 'new campaign',
    });
    expect(second.data).toMatchObject({ title: 'First', sort_order: -5, active: true });
    const ids = [(first.data as { id: string }).id, (second.data as { id: string }).id];
    const now = 'now';
    const visible = async () =>
      (
        await anon
          .from('advertisements')
          .select('id')
          .eq('active', true)
          .or(`start_date.is.null,start_date.lte.${now}`)
          .or(`end_date.is.null,end_date.gte.${now}`)
          .order('sort_order')
          .order('created_at', { ascending: false })
      ).data!.map((r) => r.id as string);
    expect((await visible()).filter((i) => ids.includes(i))).toEqual([ids[1], ids[0]]);

    const off = await admin.rpc('admin_save_ad', { p_ad: { id: ids[1], active: false }, p_reason: 'paused' });
    expect(off.data).toMatchObject({ id: ids[1], title: 'First', active: false, sort_order: -5 });
    expect((await visible()).filter((i) => ids.includes(i))).toEqual([ids[0]]);
    const later = await admin.rpc('admin_save_ad', { p_ad: { id: ids[0], start_date: '2099-01-01T00:00:00Z' }, p_reason: 'later' });
    expect(later.error).toBeNull();
    expect((await visible()).filter((i) => ids.includes(i))).toEqual([]);

    expect((await admin.rpc('admin_delete_ad', { p_id: ids[0], p_reason: 'ended' })).data).toBe(ids[0]);
    expect((await admin.from('advertisements').select('id').eq('id', ids[0])).data).toEqual([]);
    const log = await auditOf(ids[1]!);
    expect(log.map((e) => [e.action, e.before, e.after?.active ?? null, e.reason])).toEqual([
      ['ad.update', { active: true }, false, 'paused'],
      ['ad.create', null, true, 'new campaign'],
    ]);
    expect((await auditOf(ids[0]!))[0]).toMatchObject({
      action: 'ad.delete',
      after: null,
      before: expect.objectContaining({ title: 'Second' }),
    });
    expect((await admin.rpc('admin_delete_ad', { p_id: ids[1], p_reason: 'test over' })).error).toBeNull();
  });

  test('bad ads are refused (end before start, type, links, reason) and store nothing', async () => {
    // Counted by this test's own titles: other test files add ads to the same server meanwhile.
    const title = `Bad ad ${Date.now()} ${Math.random().toString(36).slice(2)}`;
    const long = 'x'.repeat(201);
    const count = async () => {
      const res = await admin.from('advertisements').select('id', { count: 'exact', head: true }).in('title', [title, long]);
      expect(res.error).toBeNull();
      return res.count;
    };
    const before = await count();
    expect(before).toBe(0);
    const bad = (over: Record<string, unknown> = {}) => ad({ title, ...over });
    const cases: [Record<string, unknown>, string, string, string][] = [
      [bad({ start_date: '2026-05-02', end_date: '2026-05-01' }), 'r', '23514', 'end_date'],
      [bad({ start_date: 'tomorrow-ish' }), 'r', '22007', 'start_date'],
      [bad({ media_type: 'gif' }), 'r', '23514', 'media_type'],
      [bad({ media_type: null }), 'r', '23502', 'media_type'],
      [bad({ media_url: '' }), 'r', '23502', 'media_url'],
      [bad({ media_url: 'javascript:alert(1)' }), 'r', '23514', 'media_url'],
      [bad({ media_type: 'youtube', media_url: 'https://evil.example/watch?v=x' }), 'r', '23514', 'media_url'],
      [bad({ redirect_link: 'ftp://x' }), 'r', '23514', 'redirect_link'],
      [bad({ sort_order: 1.5 }), 'r', '23514', 'sort_order'],
      [bad({ active: 'yes' }), 'r', '23514', 'active'],
      [bad({ title: long }), 'r', '23514', 'title'],
      [bad({ owner: 'me' }), 'r', '22023', 'owner'],
      [bad(), '', '22023', 'reason'],
    ];
    for (const [p_ad, p_reason, code, details] of cases) {
      const res = await admin.rpc('admin_save_ad', { p_ad, p_reason });
      expect({ p_ad, code: res.error?.code, details: res.error?.details }).toEqual({ p_ad, code, details });
    }
    expect(await count()).toBe(before);
    const yt = await admin.rpc('admin_save_ad', {
      p_ad: ad({ media_type: 'youtube', media_url: 'https://youtu.be/aqz-KE-bpKQ', active: false }),
      p_reason: 'r',
    });
    expect(yt.error).toBeNull();
    expect((await admin.rpc('admin_delete_ad', { p_id: (yt.data as { id: string }).id, p_reason: 'test over' })).error).toBeNull();
    // the table refuses an end before the start on any path
    const direct = await admin.from('advertisements').insert(bad({ start_date: '2026-05-02', end_date: '2026-05-01' }));
    expect(direct.error).toMatchObject({ code: '23514' });
    expect(await count()).toBe(before);
  });
});

describe('stats', () => {
  test('counts by status, open reports, and taps and views per day (zero-filled, oldest first)', async () => {
    const { id } = await createProvider();
    expect((await anon.rpc('track_click', { p_provider_id: id, p_click_type: 'call', p_device_token: 'c'.repeat(30) })).error).toBeNull();
    const res = await admin.rpc('admin_stats', { p_days: 7 });
    expect(res.error).toBeNull();
    const stats = res.data as Record<string, unknown> & { daily: { day: string; calls: number; chats: number; views: number }[] };
    expect(Object.keys(stats).sort()).toEqual(['approved', 'daily', 'hidden', 'pending', 'rejected', 'reports_open', 'suspended']);
    expect(stats.daily).toHaveLength(7);
    expect(stats.daily.map((d) => d.day)).toEqual([...stats.daily.map((d) => d.day)].sort());
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10); // Asia/Kolkata
    expect(stats.daily[6]!.day).toBe(today);
    expect(stats.daily[6]!.calls).toBeGreaterThanOrEqual(1);
    for (const d of stats.daily) expect(Object.keys(d).sort()).toEqual(['calls', 'chats', 'day', 'views']);
    // (other test files change providers meanwhile: plausible numbers, not exact ones)
    expect(Number(stats.approved)).toBeGreaterThan(100);
    for (const k of ['approved', 'pending', 'rejected', 'suspended', 'hidden', 'reports_open']) {
      expect(Number.isInteger(stats[k]) && (stats[k] as number) >= 0).toBe(true);
    }
    expect((await admin.rpc('admin_set_provider_status', { p_provider_id: id, p_status: 'suspended', p_reason: 'test' })).error).toBeNull();
    expect(((await admin.rpc('admin_stats', { p_days: 1 })).data as typeof stats).suspended).toBeGreaterThanOrEqual(1);
    expect(((await admin.rpc('admin_stats', {})).data as typeof stats).daily).toHaveLength(30);
  });
});
