/**
 * Visitor reports (migrations 0008, 0011): one per device, and one per signed-in phone, and
 * target; reports go to the operator's queue and never hide anything by themselves (only the
 * operator hides or suspends). Three signed-in phones' open wrong-number or closed reports set
 * the listing's number caution; the owner signing in (confirm_my_number) clears them. Bad
 * input stores nothing; the device and phone hashes are never readable.
 */
import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  anonClient,
  createProvider,
  deviceToken,
  phoneJwtClient,
  randomMobile,
  serviceClient,
  sharedAdmin,
  signedInClient,
} from './helpers';

const anon = anonClient();
let admin: SupabaseClient;
beforeAll(async () => {
  admin = await sharedAdmin();
});

const reportProvider = (id: string, token: string, reason = 'wrong_number', details: string | null = null, client = anon) =>
  client.rpc('report_provider', { p_provider_id: id, p_reason: reason, p_details: details, p_device_token: token });
const reportReview = (id: string, token: string, reason = 'abusive', details: string | null = null, client = anon) =>
  client.rpc('report_review', { p_review_id: id, p_reason: reason, p_details: details, p_device_token: token });
/** A report from a new signed-in phone (on a new device). */
const phoneReport = (id: string, reason = 'wrong_number') =>
  reportProvider(id, deviceToken(), reason, null, phoneJwtClient(randomMobile()));

/** This listing's audit entries of one kind (read with the service key: other files write to the log meanwhile). */
async function auditOf(id: string, action: string) {
  const log = await serviceClient().from('audit_log').select('actor, before, after, reason').eq('target_id', id).eq('action', action);
  expect(log.error).toBeNull();
  return log.data!;
}

/** The public row's number caution and status (status as the service role sees it). */
async function caution(id: string) {
  const row = await serviceClient().from('service_providers').select('status, number_caution').eq('id', id).single();
  expect(row.error).toBeNull();
  return row.data as { status: string; number_caution: boolean };
}

/** The operator's view of open reports on one provider (its own, not its reviews'). */
async function openReports(providerId: string, reviewId: string | null = null) {
  const { data, error } = await admin.rpc('admin_list_reports');
  expect(error).toBeNull();
  return (data as Record<string, unknown>[]).find((r) => r.provider_id === providerId && r.review_id === reviewId) ?? null;
}

/** What the public sees of a provider: its profile row, search, category count, search word. */
async function publicTrace(id: string, word: string, category: string) {
  const profile = await anon.from('service_providers').select('id, mobile').eq('id', id);
  const search = await anon.rpc('search_providers', { p_query: word });
  const stats = await anon.from('category_stats').select('approved').eq('category', category);
  const words = await anon.from('search_words').select('word').eq('word', word);
  const list = await anon.rpc('search_providers', { p_category: category });
  return {
    profile: profile.data!.length,
    search: (search.data as { id: string }[]).filter((r) => r.id === id).length,
    list: (list.data as { id: string }[]).filter((r) => r.id === id).length,
    approvedInCategory: stats.data![0]?.approved ?? 0,
    word: words.data!.length,
  };
}

async function uniqueProvider() {
  const word = `zrp${randomBytes(4).toString('hex')}`;
  const category = `OTHERS: report ${word}`;
  const { id, mobile } = await createProvider({ overrides: { p_name: `${word} Verma`, p_category: category } });
  return { id, word, category, mobile };
}

describe('report a provider', () => {
  test('a report is stored and shown to the operator; the answer holds no device trace', async () => {
    const { id } = await uniqueProvider();
    const res = await reportProvider(id, deviceToken(), 'other', '  दुकान  बंद हो गई \u202E ');
    expect(res.error).toBeNull();
    expect(res.data).toMatchObject({ provider_id: id, review_id: null, reason: 'other', details: 'दुकान बंद हो गई' });
    expect(Object.keys(res.data as object).sort()).toEqual(['created_at', 'details', 'id', 'provider_id', 'reason', 'review_id']);
    const open = await openReports(id);
    expect(open).toMatchObject({ target_type: 'provider', open_count: 1, status: 'approved' });
    expect(open!.reasons).toEqual([expect.objectContaining({ reason: 'other', details: 'दुकान बंद हो गई' })]);
    expect(JSON.stringify(open)).not.toMatch(/[0-9a-f]{64}/);
  });

  test('one report per device and provider: a repeat is 409 (23505) and counts nothing', async () => {
    const { id } = await uniqueProvider();
    const device = deviceToken();
    expect((await reportProvider(id, device)).error).toBeNull();
    const again = await reportProvider(id, device, 'closed');
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: '23505', details: 'device_token' });
    expect(await openReports(id)).toMatchObject({ open_count: 1 });
  });

  test('one report per signed-in phone and provider, whatever the device: a repeat is 409 (23505)', async () => {
    const { id } = await uniqueProvider();
    const phone = phoneJwtClient(randomMobile());
    expect((await reportProvider(id, deviceToken(), 'closed', null, phone)).error).toBeNull();
    const again = await reportProvider(id, deviceToken(), 'wrong_number', null, phone);
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: '23505' });
    expect(await openReports(id)).toMatchObject({ open_count: 1 });
    // the phone is kept as a salted hash, never in clear, next to the device's
    const rows = await serviceClient().from('reports').select('device_hash, phone_hash').eq('provider_id', id);
    expect(rows.data).toEqual([
      { device_hash: expect.stringMatching(/^[0-9a-f]{64}$/), phone_hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
  });

  test('reports never hide: many devices and phones leave the provider listed everywhere, in the queue for the operator', async () => {
    const { id, word, category } = await uniqueProvider();
    const visible = { profile: 1, search: 1, list: 1, approvedInCategory: 1, word: 1 };
    expect(await publicTrace(id, word, category)).toEqual(visible);

    const first = deviceToken();
    for (let i = 0; i < 3; i++) await reportProvider(id, first);
    for (let i = 0; i < 4; i++) expect((await reportProvider(id, deviceToken())).error).toBeNull();
    for (let i = 0; i < 3; i++) expect((await phoneReport(id, 'abusive')).error).toBeNull();
    expect(await publicTrace(id, word, category)).toEqual(visible);
    expect(await caution(id)).toEqual({ status: 'approved', number_caution: false });
    // it can still be reported, rated and reviewed
    expect((await reportProvider(id, deviceToken(), 'closed')).error).toBeNull();
    expect((await phoneJwtClient(randomMobile()).rpc('rate_provider', { p_provider_id: id, p_rating: 5 })).error).toBeNull();
    expect(await openReports(id)).toMatchObject({ open_count: 9, status: 'approved' });
    expect(await auditOf(id, 'provider.hidden_by_reports')).toEqual([]);
  });

  test("three signed-in phones' wrong-number or closed reports set the number caution; devices alone and other reasons do not", async () => {
    const { id, word, category } = await uniqueProvider();
    // devices without a phone: any number of them
    for (let i = 0; i < 4; i++) expect((await reportProvider(id, deviceToken())).error).toBeNull();
    // phones with other reasons
    expect((await phoneReport(id, 'wrong_service')).error).toBeNull();
    expect((await phoneReport(id, 'abusive')).error).toBeNull();
    expect((await phoneReport(id, 'wrong_number')).error).toBeNull();
    expect((await phoneReport(id, 'closed')).error).toBeNull();
    expect((await caution(id)).number_caution).toBe(false); // 2 phones
    expect((await phoneReport(id, 'wrong_number')).error).toBeNull();
    expect(await caution(id)).toEqual({ status: 'approved', number_caution: true });
    // shown with the public row; the listing stays everywhere
    expect((await anon.from('service_providers').select('number_caution').eq('id', id).single()).data).toEqual({ number_caution: true });
    expect(await publicTrace(id, word, category)).toEqual({ profile: 1, search: 1, list: 1, approvedInCategory: 1, word: 1 });
  });

  test('concurrent reports from three phones cannot slip past the caution threshold', async () => {
    // Several providers reported by three phones at once, all requests in flight together
    // (on PostgreSQL they run in parallel transactions; PGlite runs them one at a time).
    const providers = await Promise.all([0, 1, 2, 3, 4, 5].map(() => uniqueProvider()));
    const results = await Promise.all(providers.flatMap(({ id }) => [0, 1, 2].map(() => phoneReport(id))));
    expect(results.map((r) => r.error)).toEqual(results.map(() => null));
    for (const { id } of providers) {
      expect({ id, ...(await caution(id)) }).toEqual({ id, status: 'approved', number_caution: true });
      expect(await openReports(id)).toMatchObject({ open_count: 3, status: 'approved' });
    }
  });

  test('the operator fixes the number: reports resolved, the caution gone, the new number public', async () => {
    const { id, word, category } = await uniqueProvider();
    for (let i = 0; i < 3; i++) expect((await phoneReport(id)).error).toBeNull();
    expect(await caution(id)).toEqual({ status: 'approved', number_caution: true });

    const edit = await admin.rpc('admin_update_provider', {
      p_id: id,
      p_fields: { mobile: '+91 70000-12345' },
      p_reason: 'number corrected',
    });
    expect(edit.error).toBeNull();
    expect(edit.data).toMatchObject({ mobile: '7000012345', status: 'approved' });
    const resolved = await admin.rpc('admin_resolve_reports', {
      p_provider_id: id,
      p_review_id: null,
      p_action: 'edited',
      p_reason: 'called the shop, number fixed',
    });
    expect(resolved.error).toBeNull();
    expect(resolved.data).toMatchObject({ target_type: 'provider', action: 'edited', reports: 3, status: 'approved' });
    expect(await caution(id)).toEqual({ status: 'approved', number_caution: false });

    expect(await publicTrace(id, word, category)).toEqual({ profile: 1, search: 1, list: 1, approvedInCategory: 1, word: 1 });
    expect((await anon.from('service_providers').select('mobile, number_caution').eq('id', id).single()).data).toEqual({
      mobile: '7000012345',
      number_caution: false,
    });
    expect(await openReports(id)).toBeNull();
    // a new device may report again; the old ones may not
    expect((await reportProvider(id, deviceToken())).error).toBeNull();
    expect(await openReports(id)).toMatchObject({ open_count: 1, status: 'approved' });
  });

  test('dismiss keeps it listed and clears the caution; only the operator suspends; restore brings a suspended one back', async () => {
    const a = await uniqueProvider();
    for (let i = 0; i < 3; i++) await phoneReport(a.id, 'closed');
    expect((await caution(a.id)).number_caution).toBe(true);
    const dismissed = await admin.rpc('admin_resolve_reports', { p_provider_id: a.id, p_action: 'dismiss', p_reason: 'number is right' });
    expect(dismissed.data).toMatchObject({ status: 'approved', reports: 3 });
    expect((await publicTrace(a.id, a.word, a.category)).profile).toBe(1);
    expect(await caution(a.id)).toEqual({ status: 'approved', number_caution: false });

    const b = await uniqueProvider();
    for (let i = 0; i < 3; i++) await reportProvider(b.id, deviceToken());
    expect((await publicTrace(b.id, b.word, b.category)).profile).toBe(1);
    const suspended = await admin.rpc('admin_resolve_reports', {
      p_provider_id: b.id,
      p_action: 'suspend',
      p_reason: 'shop closed for good',
    });
    expect(suspended.data).toMatchObject({ status: 'suspended' });
    expect(await publicTrace(b.id, b.word, b.category)).toEqual({ profile: 0, search: 0, list: 0, approvedInCategory: 0, word: 0 });
    expect((await reportProvider(b.id, deviceToken())).status).toBe(404); // not listed: nothing to report
    expect(await openReports(b.id)).toBeNull();
    const back = await admin.rpc('admin_set_provider_status', { p_provider_id: b.id, p_status: 'approved', p_reason: 'reopened' });
    expect(back.error).toBeNull();
    expect((await publicTrace(b.id, b.word, b.category)).profile).toBe(1);
  });
});

describe('the owner confirms the number (confirm_my_number)', () => {
  test("signing in with the listing's number resolves its wrong-number and closed reports and clears the caution; audited", async () => {
    const { id, mobile } = await uniqueProvider();
    for (let i = 0; i < 3; i++) expect((await phoneReport(id, i === 0 ? 'closed' : 'wrong_number')).error).toBeNull();
    expect((await reportProvider(id, deviceToken(), 'wrong_number')).error).toBeNull();
    expect((await phoneReport(id, 'abusive')).error).toBeNull();
    expect((await caution(id)).number_caution).toBe(true);
    const owner = phoneJwtClient(mobile);
    const listed = await owner.rpc('my_listings');
    expect((listed.data as { id: string; number_caution: boolean }[]).find((l) => l.id === id)).toMatchObject({ number_caution: true });

    const confirmed = await owner.rpc('confirm_my_number');
    expect(confirmed.error).toBeNull();
    expect(confirmed.data).toBe(4);
    expect(await caution(id)).toEqual({ status: 'approved', number_caution: false });
    expect((await owner.rpc('my_listings')).data as unknown[]).toEqual([expect.objectContaining({ id, number_caution: false })]);
    // the abusive report stays for the operator
    expect(await openReports(id)).toMatchObject({ open_count: 1, reasons: [expect.objectContaining({ reason: 'abusive' })] });
    const rows = await serviceClient().from('reports').select('reason, status, resolution').eq('provider_id', id).neq('reason', 'abusive');
    expect(rows.data).toHaveLength(4);
    for (const r of rows.data!) expect(r).toMatchObject({ status: 'resolved', resolution: expect.stringMatching(/^owner_confirmed/) });
    expect(await auditOf(id, 'reports.owner_confirmed')).toHaveLength(1);
    // nothing left to confirm: 0, no new entry
    expect((await owner.rpc('confirm_my_number')).data).toBe(0);
  });

  test('another phone confirms nothing of this listing; anon and an e-mail session are refused (42501)', async () => {
    const { id } = await uniqueProvider();
    for (let i = 0; i < 3; i++) await phoneReport(id);
    const stranger = await phoneJwtClient(randomMobile()).rpc('confirm_my_number');
    expect(stranger.error).toBeNull();
    expect(stranger.data).toBe(0);
    const byAnon = await anon.rpc('confirm_my_number');
    expect([401, 404]).toContain(byAnon.status);
    expect(['42501', 'PGRST202']).toContain(byAnon.error?.code);
    const user = await signedInClient('user');
    const byEmail = await user.rpc('confirm_my_number');
    expect(byEmail.status).toBe(403);
    expect(byEmail.error?.code).toBe('42501');
    expect(await caution(id)).toEqual({ status: 'approved', number_caution: true });
    expect(await openReports(id)).toMatchObject({ open_count: 3 });
  });
});

describe('report a review', () => {
  async function reviewOf(providerId: string, text = 'बेकार आदमी, गाली देता है') {
    const { data, error } = await phoneJwtClient(randomMobile()).rpc('add_review', { p_provider_id: providerId, p_review_text: text });
    expect(error).toBeNull();
    return (data as { id: string }).id;
  }
  const publicReviews = async (providerId: string) =>
    ((await anon.from('reviews').select('id').eq('provider_id', providerId)).data ?? []).map((r) => r.id);

  test("a review is reported as abusive or other; a listing's reasons are refused and nothing is stored", async () => {
    const { id } = await uniqueProvider();
    const reviewId = await reviewOf(id);
    for (const reason of ['wrong_number', 'closed', 'wrong_service']) {
      const refused = await reportReview(reviewId, deviceToken(), reason);
      expect({ reason, code: refused.error?.code, details: refused.error?.details }).toEqual({ reason, code: '23514', details: 'reason' });
    }
    expect(await openReports(id, reviewId)).toBeNull();
    // and not by a direct insert either (the service role, past every grant)
    const direct = await serviceClient()
      .from('reports')
      .insert({ provider_id: id, review_id: reviewId, reason: 'closed', device_hash: 'a'.repeat(64) });
    expect(direct.error).toMatchObject({ code: '23514' });
    expect((await reportReview(reviewId, deviceToken(), 'abusive')).error).toBeNull();
    // the listing itself still takes every reason
    expect((await reportProvider(id, deviceToken(), 'wrong_service')).error).toBeNull();
  });

  test('reports never hide a review: devices and phones leave it public, in the queue; one per device and per phone', async () => {
    const { id } = await uniqueProvider();
    const reviewId = await reviewOf(id);
    const other = await reviewOf(id, 'अच्छा काम');
    const device = deviceToken();
    expect((await reportReview(reviewId, device)).error).toBeNull();
    expect((await reportReview(reviewId, device)).status).toBe(409);
    expect((await reportReview(reviewId, deviceToken(), 'other', 'spam link')).error).toBeNull();
    expect((await reportReview(reviewId, deviceToken())).error).toBeNull();
    const phone = phoneJwtClient(randomMobile());
    expect((await reportReview(reviewId, deviceToken(), 'abusive', null, phone)).error).toBeNull();
    expect((await reportReview(reviewId, deviceToken(), 'abusive', null, phone)).status).toBe(409);
    for (let i = 0; i < 2; i++) {
      expect((await reportReview(reviewId, deviceToken(), 'abusive', null, phoneJwtClient(randomMobile()))).error).toBeNull();
    }

    expect((await publicReviews(id)).sort()).toEqual([reviewId, other].sort());
    expect((await anon.from('service_providers').select('id').eq('id', id)).data).toEqual([{ id }]);
    expect((await admin.from('reviews').select('hidden').eq('id', reviewId).single()).data).toEqual({ hidden: false });
    // the operator sees it, visible, with its reports
    expect(await openReports(id, reviewId)).toMatchObject({
      target_type: 'review',
      open_count: 6,
      status: 'visible',
      review_text: 'बेकार आदमी, गाली देता है',
    });
    // still reportable by a new device
    expect((await reportReview(reviewId, deviceToken())).error).toBeNull();
    // a report on the review is not one on the provider
    expect(await openReports(id)).toBeNull();
    expect((await caution(id)).number_caution).toBe(false);
  });

  test('hide_review keeps it hidden; restore shows it again', async () => {
    const { id } = await uniqueProvider();
    const reviewId = await reviewOf(id);
    await reportReview(reviewId, deviceToken());
    const wrongAction = await admin.rpc('admin_resolve_reports', { p_review_id: reviewId, p_action: 'suspend', p_reason: 'x' });
    expect(wrongAction.error).toMatchObject({ code: '22023' });
    const hidden = await admin.rpc('admin_resolve_reports', { p_review_id: reviewId, p_action: 'hide_review', p_reason: 'abusive words' });
    expect(hidden.data).toMatchObject({ target_type: 'review', status: 'hidden', reports: 1 });
    expect(await publicReviews(id)).toEqual([]);
    const shown = await admin.rpc('admin_hide_review', { p_review_id: reviewId, p_hidden: false, p_reason: 'appeal accepted' });
    expect(shown.data).toMatchObject({ id: reviewId, hidden: false });
    expect(await publicReviews(id)).toEqual([reviewId]);
  });
});

describe('bad input stores nothing', () => {
  test('reason missing, unknown, other without details, details too long, bad token, unknown or unlisted target', async () => {
    const { id } = await uniqueProvider();
    const pending = await createProvider({ approve: false });
    const cases: [Record<string, unknown>, number, string, string | null][] = [
      [{ p_reason: '' }, 400, '23502', 'reason'],
      [{ p_reason: null }, 400, '23502', 'reason'],
      [{ p_reason: 'rude' }, 400, '23514', 'reason'],
      [{ p_reason: 'other', p_details: ' \u200B\n ' }, 400, '23502', 'details'],
      [{ p_reason: 'closed', p_details: 'x'.repeat(501) }, 400, '23514', 'details'],
      [{ p_device_token: 'short' }, 400, '22023', 'device_token'],
      [{ p_device_token: null }, 400, '22023', 'device_token'],
      [{ p_provider_id: pending.id }, 404, 'PT404', 'provider_id'],
      [{ p_provider_id: '00000000-0000-4000-8000-000000000000' }, 404, 'PT404', 'provider_id'],
    ];
    for (const [override, status, code, details] of cases) {
      const args = { p_provider_id: id, p_reason: 'wrong_number', p_details: null, p_device_token: deviceToken(), ...override };
      const res = await anon.rpc('report_provider', args);
      expect({ override, status: res.status, code: res.error?.code, details: res.error?.details }).toEqual({
        override,
        status,
        code,
        details,
      });
    }
    expect(await openReports(id)).toBeNull();
    expect(await openReports(pending.id)).toBeNull();
    const review = await anon.rpc('report_review', { p_review_id: null, p_reason: 'abusive', p_device_token: deviceToken() });
    expect(review.error).toMatchObject({ code: '23502', details: 'review_id' });
    const unknownReview = await reportReview('00000000-0000-4000-8000-000000000000', deviceToken());
    expect(unknownReview.status).toBe(404);
  });
});

describe('reports are not readable or writable through the API', () => {
  test('anon, a user and the operator cannot read, insert, change or delete report rows directly', async () => {
    const { id } = await uniqueProvider();
    await reportProvider(id, deviceToken());
    const user = await signedInClient('user');
    for (const [who, client] of [
      ['anon', anon],
      ['user', user],
      ['admin', admin],
    ] as const) {
      const read = await client.from('reports').select('*').eq('provider_id', id);
      expect({ who, code: read.error?.code }).toEqual({ who, code: '42501' });
      const insert = await client
        .from('reports')
        .insert({ provider_id: id, reason: 'closed', device_hash: 'a'.repeat(64) })
        .select();
      expect({ who, code: insert.error?.code }).toEqual({ who, code: '42501' });
      const update = await client.from('reports').update({ status: 'dismissed' }).eq('provider_id', id).select();
      expect({ who, code: update.error?.code }).toEqual({ who, code: '42501' });
      const del = await client.from('reports').delete().eq('provider_id', id).select();
      expect({ who, code: del.error?.code }).toEqual({ who, code: '42501' });
    }
    expect(await openReports(id)).toMatchObject({ open_count: 1 });
    // the service role (operator tools) reads rows; the hash is there, never the token
    const rows = await serviceClient().from('reports').select('device_hash').eq('provider_id', id);
    expect(rows.data).toEqual([{ device_hash: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
  });

  test('the database limits reports per address and per phone, as their own kind (the operator reads the limits)', async () => {
    const limits = await admin.rpc('admin_request_limits');
    expect(limits.error).toBeNull();
    const byName = Object.fromEntries((limits.data as { name: string }[]).map((l) => [l.name, l]));
    expect(byName['addr:report']).toMatchObject({ max_hits: expect.any(Number), window_seconds: expect.any(Number) });
    expect(byName['phone:report']).toMatchObject({ max_hits: expect.any(Number), window_seconds: expect.any(Number) });
    // nobody else reads them
    expect((await anon.rpc('admin_request_limits')).error?.code).toBe('42501');
    expect((await phoneJwtClient(randomMobile()).rpc('admin_request_limits')).error?.code).toBe('42501');
  });
});
