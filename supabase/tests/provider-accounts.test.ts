/**
 * Provider self-service (issue 17, migration 0007): a provider signed in by phone manages
 * the listings whose mobile is theirs. Ownership comes from the JWT's phone claim and RLS;
 * tried as the owner, as a second provider, as a plain e-mail user, and as anon. Since 0011
 * the listing's mobile is the registering phone's; an owner's business name and
 * specialisation carry no phone number or link, and every owner edit is in the audit log.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  anonClient,
  createProvider,
  deviceHash,
  deviceToken,
  phoneClient,
  phoneJwtClient,
  randomMobile,
  serviceClient,
  sharedAdmin,
  signedInClient,
} from './helpers';

interface Listing {
  id: string;
  name: string;
  business_name: string | null;
  mobile: string;
  category: string;
  specialist_in: string | null;
  experience: number;
  address: string;
  status: string;
  verified: boolean;
  rejection_reason: string | null;
  on_leave_until: string | null;
  opening_hours: Record<string, unknown> | null;
  pending_change: { name: string | null; category: string | null; mobile: string | null; created_at: string } | null;
  number_caution: boolean;
}

// Categories no other test file writes to (their counts are compared below, test files run in parallel).
const HOME_CATEGORY = '⛺ टेंट हाउस';
const OTHER_CATEGORY = '📷 फोटोग्राफर';

/** Today in Asia/Kolkata (UTC+5:30) plus `days`, as YYYY-MM-DD. */
function kolkataDay(days = 0): string {
  return new Date(Date.now() + (5.5 * 60 + days * 1440) * 60_000).toISOString().slice(0, 10);
}

async function publicRow(id: string): Promise<Record<string, unknown> | null> {
  const { data, error } = await anonClient().from('service_providers').select('*').eq('id', id).maybeSingle();
  if (error) throw error;
  return data as Record<string, unknown> | null;
}

async function adminRow(id: string): Promise<Record<string, unknown>> {
  const admin = await sharedAdmin();
  const { data, error } = await admin.from('service_providers').select('*').eq('id', id).single();
  if (error) throw error;
  return data as Record<string, unknown>;
}

/**
 * An approved provider with its own mobile, and a client whose session carries that phone
 * (as GoTrue signs one after a code; the code step itself is used where it matters below).
 */
async function provider(
  opts: { approve?: boolean; overrides?: Record<string, unknown> } = {},
): Promise<{ id: string; mobile: string; client: SupabaseClient }> {
  const mobile = randomMobile();
  const { id } = await createProvider({ ...opts, mobile, overrides: { p_category: HOME_CATEGORY, ...opts.overrides } });
  return { id, mobile, client: phoneJwtClient(mobile) };
}

/** The audit log's owner.edit entries of one listing, newest first. */
async function ownerEdits(id: string) {
  // Read with the service key, filtered to this listing: other files write to the log meanwhile.
  const log = await serviceClient()
    .from('audit_log')
    .select('action, target_id, actor, before, after')
    .eq('target_id', id)
    .eq('action', 'owner.edit')
    .order('id', { ascending: false });
  expect(log.error).toBeNull();
  return log.data as { action: string; target_id: string; actor: string | null; before: unknown; after: unknown }[];
}

let one: Awaited<ReturnType<typeof provider>>;
let two: Awaited<ReturnType<typeof provider>>;

beforeAll(async () => {
  one = await provider();
  two = await provider();
});

describe('registration takes the mobile from the signed-in phone', () => {
  test('a phone signed in with a code registers: the listing carries that mobile, 10 digits', async () => {
    const mobile = randomMobile();
    const client = await phoneClient(mobile);
    const { data: id, error } = await client.rpc('register_provider', {
      p_name: 'Code Wala',
      p_category: HOME_CATEGORY,
      p_experience: 1,
      p_address: 'Sitapur',
    });
    expect(error).toBeNull();
    expect((await adminRow(id as string)).mobile).toBe(mobile);
    expect(((await client.rpc('my_listings')).data as Listing[]).map((r) => r.id)).toEqual([id]);
    // No mobile parameter: another number cannot be named.
    const other = await client.rpc('register_provider', {
      p_name: 'Someone Else',
      p_mobile: randomMobile(),
      p_category: HOME_CATEGORY,
      p_experience: 1,
      p_address: 'Sitapur',
    });
    expect(other.error?.code).toBe('PGRST202');
  });

  test.each(['5876543210', '987654321', '98765432101'])(
    'a phone claim that is not an Indian mobile (91 %s) registers nothing (42501)',
    async (bad) => {
      const { error, status } = await phoneJwtClient(bad).rpc('register_provider', {
        p_name: `Not Indian ${bad}`,
        p_category: HOME_CATEGORY,
        p_experience: 1,
        p_address: 'Sitapur',
      });
      expect(status).toBe(403);
      expect(error?.code).toBe('42501');
      const admin = await sharedAdmin();
      const found = await admin.rpc('admin_search_providers', { p_query: `Not Indian ${bad}`, p_status: 'all' });
      expect(found.data).toEqual([]);
    },
  );
});

describe('my_listings', () => {
  test('the owner sees their listings of any status, with the status and the reason', async () => {
    const mobile = randomMobile();
    const approved = await createProvider({ mobile, overrides: { p_name: 'Pehla Listing' } });
    const pending = await createProvider({ approve: false, mobile, overrides: { p_name: 'Doosra Listing' } });
    const rejected = await createProvider({ approve: false, mobile, overrides: { p_name: 'Teesra Listing' } });
    const admin = await sharedAdmin();
    await admin.rpc('admin_set_provider_status', { p_provider_id: rejected.id, p_status: 'rejected', p_reason: 'Number not reachable' });
    // Signed in with a code sent to that number, as the app does it.
    const client = await phoneClient(mobile);
    const { data, error } = await client.rpc('my_listings');
    expect(error).toBeNull();
    const rows = data as Listing[];
    expect(rows.map((r) => r.id).sort()).toEqual([approved.id, pending.id, rejected.id].sort());
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(approved.id)!.status).toBe('approved');
    expect(byId.get(pending.id)!.status).toBe('pending');
    expect(byId.get(rejected.id)!.status).toBe('rejected');
    expect(byId.get(rejected.id)!.rejection_reason).toBe('Number not reachable');
    expect(byId.get(approved.id)!.pending_change).toBeNull();
    expect(rows.map((r) => r.number_caution)).toEqual([false, false, false]);
  });

  test('another provider, an e-mail user and anon get none of them', async () => {
    const theirs = ((await two.client.rpc('my_listings')).data as Listing[]).map((r) => r.id);
    expect(theirs).toEqual([two.id]);
    const user = await signedInClient('user');
    expect((await user.rpc('my_listings')).data).toEqual([]);
    const anon = await anonClient().rpc('my_listings');
    expect(anon.data).toBeNull();
    expect(anon.error?.code).toBe('42501');
  });
});

describe('update_my_listing', () => {
  test('the owner edits address, specialisation, business name, experience: live at once, cleaned', async () => {
    const { data, error } = await one.client.rpc('update_my_listing', {
      p_provider_id: one.id,
      p_business_name: '  Sharma   Plumbing  ',
      p_specialist_in: 'Geyser repair',
      p_address: 'New shop, Station Road, Sitapur',
      p_experience: 12,
    });
    expect(error).toBeNull();
    expect((data as Listing).address).toBe('New shop, Station Road, Sitapur');
    const live = await publicRow(one.id);
    expect(live).toMatchObject({
      business_name: 'Sharma Plumbing',
      specialist_in: 'Geyser repair',
      address: 'New shop, Station Road, Sitapur',
      experience: 12,
    });
    // Search finds it by the new words at once.
    const found = await anonClient().rpc('search_providers', { p_query: 'Sharma Plumbing' });
    expect((found.data as { id: string }[]).some((r) => r.id === one.id)).toBe(true);
  });

  test('bad input is refused and nothing is stored', async () => {
    const before = await adminRow(one.id);
    for (const [args, code] of [
      [{ p_address: '   ' }, '23502'],
      [{ p_address: 'x'.repeat(301) }, '23514'],
      [{ p_experience: 81 }, '23514'],
      [{ p_experience: -1 }, '23514'],
      [{ p_business_name: 'b'.repeat(151) }, '23514'],
      // sizes before any trimming
      [{ p_business_name: 'b'.repeat(301) }, '22001'],
      [{ p_specialist_in: ' '.repeat(401) }, '22001'],
      [{ p_address: `${' '.repeat(601)}A` }, '22001'],
    ] as const) {
      const { error } = await one.client.rpc('update_my_listing', {
        p_provider_id: one.id,
        p_business_name: 'B',
        p_specialist_in: null,
        p_address: 'A',
        p_experience: 1,
        ...args,
      });
      expect(error?.code).toBe(code);
    }
    expect(await adminRow(one.id)).toEqual(before);
  });

  test("provider 2 cannot edit provider 1's row, via the function or directly", async () => {
    const before = await adminRow(one.id);
    const viaRpc = await two.client.rpc('update_my_listing', {
      p_provider_id: one.id,
      p_business_name: 'Hijacked',
      p_specialist_in: null,
      p_address: 'Hijacked',
      p_experience: 1,
    });
    expect(viaRpc.error?.code).toBe('PT404');
    for (const rpc of ['set_my_availability', 'set_my_opening_hours', 'my_leads', 'request_listing_change']) {
      const r = await two.client.rpc(rpc, { p_provider_id: one.id, ...(rpc === 'request_listing_change' ? { p_name: 'Hijacked' } : {}) });
      expect(r.error?.code).toBe('PT404');
    }
    const patch = await two.client.from('service_providers').update({ address: 'Hijacked' }).eq('id', one.id).select();
    expect(patch.data ?? []).toEqual([]);
    const del = await two.client.from('service_providers').delete().eq('id', one.id).select();
    expect(del.data ?? []).toEqual([]);
    const ins = await two.client
      .from('service_providers')
      .insert({ name: 'X', mobile: two.mobile, category: HOME_CATEGORY, address: 'A', status: 'approved' });
    expect(ins.error?.code).toBe('42501');
    const req = await two.client.from('provider_change_requests').insert({ provider_id: one.id, name: 'Hijacked' });
    expect(req.error?.code).toBe('42501');
    const ownReq = await two.client.from('provider_change_requests').insert({ provider_id: two.id, name: 'Direct' });
    expect(ownReq.error?.code).toBe('42501');
    expect(await adminRow(one.id)).toEqual(before);
  });

  test('the owner cannot change status, verified, ratings, name, category or mobile directly', async () => {
    const p = await provider({ approve: false });
    const before = await adminRow(p.id);
    for (const change of [
      { status: 'approved' },
      { status: 'approved', address: 'Approve myself' },
      { avg_rating: 5, rating_count: 100 },
      { name: 'Renamed' },
      { category: OTHER_CATEGORY },
      { mobile: randomMobile() },
      { registration_date: '2020-01-01T00:00:00Z' },
    ]) {
      const { data, error } = await p.client.from('service_providers').update(change).eq('id', p.id).select();
      expect(error?.code).toBe('42501');
      expect(data).toBeNull();
    }
    // verified follows the Aadhaar number only: setting it changes nothing.
    const verified = await p.client.from('service_providers').update({ verified: true }).eq('id', p.id).select('verified');
    expect(verified.data ?? []).not.toContainEqual({ verified: true });
    expect(await adminRow(p.id)).toEqual(before);
    // A column it may change, directly under RLS, works (same rules as the functions).
    const ok = await p.client.from('service_providers').update({ address: 'Changed directly' }).eq('id', p.id).select('address');
    expect(ok.error).toBeNull();
    expect(ok.data).toEqual([{ address: 'Changed directly' }]);
  });

  test('anon cannot call any provider function', async () => {
    const anon = anonClient();
    for (const [fn, args] of [
      ['update_my_listing', { p_provider_id: one.id, p_business_name: null, p_specialist_in: null, p_address: 'A', p_experience: 1 }],
      ['set_my_availability', { p_provider_id: one.id, p_on_leave_until: null }],
      ['set_my_opening_hours', { p_provider_id: one.id, p_hours: null }],
      ['request_listing_change', { p_provider_id: one.id, p_name: 'X' }],
      ['my_leads', { p_provider_id: one.id }],
      ['admin_list_change_requests', {}],
      ['admin_decide_change_request', { p_id: one.id, p_approve: true, p_reason: null }],
    ] as const) {
      const r = await anon.rpc(fn, args);
      expect(r.error?.code).toBe('42501');
    }
    const direct = await anon.from('provider_change_requests').select('*');
    expect(direct.error?.code).toBe('42501');
  });

  test('an e-mail user (no phone claim) owns nothing', async () => {
    const user = await signedInClient('user');
    const r = await user.rpc('set_my_availability', { p_provider_id: one.id, p_on_leave_until: null });
    expect(r.error?.code).toBe('42501');
  });
});

describe('owner edits: no phone numbers or links; every edit in the audit log', () => {
  test.each([
    ['business_name', 'CALL 9123456789 now'],
    ['business_name', 'Sharma 98 76 54-32 10'],
    ['business_name', 'शर्मा ९१२३४५६७८९'],
    ['business_name', '(0522) 123.4567'],
    ['business_name', 'http://spam.example'],
    ['business_name', 'see www.sharma'],
    ['business_name', 'bestplumber.in'],
    ['specialist_in', 'Geyser repair, book at https://x.example/y'],
    ['specialist_in', 'order on sharma.com today'],
    ['specialist_in', 'WhatsApp +91 91234 56789'],
  ])('%s %p is refused (23514), via the function and a direct PATCH; nothing stored or logged', async (field, value) => {
    const p = await provider();
    const before = await adminRow(p.id);
    const viaRpc = await p.client.rpc('update_my_listing', {
      p_provider_id: p.id,
      p_business_name: field === 'business_name' ? value : before.business_name,
      p_specialist_in: field === 'specialist_in' ? value : before.specialist_in,
      p_address: before.address,
      p_experience: before.experience,
    });
    expect(viaRpc.error).toMatchObject({ code: '23514', details: field });
    expect(viaRpc.error!.message).toMatch(/no phone numbers or links/);
    const direct = await p.client
      .from('service_providers')
      .update({ [field]: value })
      .eq('id', p.id)
      .select();
    expect(direct.error).toMatchObject({ code: '23514', details: field });
    expect(await adminRow(p.id)).toEqual(before);
    expect(await ownerEdits(p.id)).toEqual([]);
    expect(
      ((await anonClient().rpc('search_providers', { p_query: String(value) })).data as { id: string }[]).some((r) => r.id === p.id),
    ).toBe(false);
  });

  test('ordinary names with a few digits are fine: 24x7, a year, a shop number', async () => {
    const p = await provider();
    for (const [business, specialist] of [
      ['Sharma Plumbing 24x7', 'Since 1995'],
      ['Shop No. 12-B Works', 'RO, AC 1.5 ton, 2 HP motors'],
      ['A-1 Electricals', null],
    ]) {
      const r = await p.client.rpc('update_my_listing', {
        p_provider_id: p.id,
        p_business_name: business,
        p_specialist_in: specialist,
        p_address: 'Sitapur',
        p_experience: 3,
      });
      expect(r.error).toBeNull();
      expect(await publicRow(p.id)).toMatchObject({ business_name: business, specialist_in: specialist });
    }
  });

  test("every owner edit is logged as owner.edit by the owner, with only the changed columns; the operator's edits are not", async () => {
    const mobile = randomMobile();
    const { id } = await createProvider({ mobile, overrides: { p_category: HOME_CATEGORY, p_business_name: 'Old Name Works' } });
    // Signed in with a code, as the app does it: the log names this user.
    const client = await phoneClient(mobile);
    const uid = (await client.auth.getSession()).data.session!.user.id;
    const before = await adminRow(id);
    const r = await client.rpc('update_my_listing', {
      p_provider_id: id,
      p_business_name: 'New Name Works',
      p_specialist_in: before.specialist_in,
      p_address: before.address,
      p_experience: 9,
    });
    expect(r.error).toBeNull();
    let edits = await ownerEdits(id);
    expect(edits).toHaveLength(1);
    expect(edits[0]).toMatchObject({
      actor: uid,
      before: { business_name: 'Old Name Works', experience: before.experience },
      after: { business_name: 'New Name Works', experience: 9 },
    });
    // A direct PATCH, leave and hours: each its own entry, only what changed.
    expect((await client.from('service_providers').update({ address: 'Station Road, Sitapur' }).eq('id', id)).error).toBeNull();
    expect((await client.rpc('set_my_availability', { p_provider_id: id, p_on_leave_until: kolkataDay(2) })).error).toBeNull();
    edits = await ownerEdits(id);
    expect(edits).toHaveLength(3);
    expect(edits[1]).toMatchObject({ before: { address: before.address }, after: { address: 'Station Road, Sitapur' } });
    expect(edits[0]).toMatchObject({ before: { on_leave_until: null }, after: { on_leave_until: kolkataDay(2) } });
    for (const e of edits) expect(Object.keys(e.after as object)).toHaveLength(1 + (e === edits[2] ? 1 : 0));
    // Saving the same values again changes nothing and logs nothing.
    await client.from('service_providers').update({ address: 'Station Road, Sitapur' }).eq('id', id);
    expect(await ownerEdits(id)).toHaveLength(3);
    // The operator's edit is logged as the operator's, not as an owner edit.
    const admin = await sharedAdmin();
    expect(
      (await admin.rpc('admin_update_provider', { p_id: id, p_fields: { address: 'Operator Road' }, p_reason: 'fix' })).error,
    ).toBeNull();
    expect(await ownerEdits(id)).toHaveLength(3);
  });
});

describe('change of name, category or mobile: back to the operator', () => {
  test('request -> public keeps the old values -> admin approves -> public shows the new ones', async () => {
    const p = await provider();
    const before = await publicRow(p.id);
    const newMobile = randomMobile();
    const { data, error } = await p.client.rpc('request_listing_change', {
      p_provider_id: p.id,
      p_name: 'Naya Naam',
      p_category: OTHER_CATEGORY,
      p_mobile: `+91 ${newMobile}`,
    });
    expect(error).toBeNull();
    const req = data as { id: string; status: string; mobile: string; name: string; category: string };
    expect(req).toMatchObject({ status: 'pending', mobile: newMobile, name: 'Naya Naam', category: OTHER_CATEGORY });
    expect(await publicRow(p.id)).toEqual(before);
    const mine = ((await p.client.rpc('my_listings')).data as Listing[]).find((r) => r.id === p.id)!;
    expect(mine.pending_change).toMatchObject({ name: 'Naya Naam', category: OTHER_CATEGORY, mobile: newMobile });
    expect(mine.name).toBe(before!.name);

    const admin = await sharedAdmin();
    const queue = (await admin.rpc('admin_list_change_requests')).data as {
      id: string;
      current: { name: string };
      proposed: { name: string };
    }[];
    const item = queue.find((q) => q.id === req.id)!;
    expect(item.current.name).toBe(before!.name);
    expect(item.proposed.name).toBe('Naya Naam');

    const countOf = async (category: string) =>
      (
        (await anonClient().from('category_stats').select('approved').eq('category', category).maybeSingle()).data as {
          approved: number;
        } | null
      )?.approved ?? 0;
    const plumbers = await countOf(HOME_CATEGORY);
    const electricians = await countOf(OTHER_CATEGORY);
    const decided = await admin.rpc('admin_decide_change_request', { p_id: req.id, p_approve: true, p_reason: null });
    expect(decided.error).toBeNull();
    expect((decided.data as { status: string }).status).toBe('approved');
    expect(await publicRow(p.id)).toMatchObject({ name: 'Naya Naam', category: OTHER_CATEGORY, mobile: newMobile, status: 'approved' });
    expect(await countOf(HOME_CATEGORY)).toBe(plumbers - 1);
    expect(await countOf(OTHER_CATEGORY)).toBe(electricians + 1);
    const found = await anonClient().rpc('search_providers', { p_query: 'Naya Naam' });
    expect((found.data as { id: string }[]).some((r) => r.id === p.id)).toBe(true);
    // The listing now belongs to the new number.
    expect((await p.client.rpc('my_listings')).data).toEqual([]);
    const newOwner = await phoneClient(newMobile);
    expect(((await newOwner.rpc('my_listings')).data as Listing[]).map((r) => r.id)).toEqual([p.id]);
  });

  test('a new request replaces the pending one; admin rejects with a reason the owner reads', async () => {
    const p = await provider();
    const first = await p.client.rpc('request_listing_change', { p_provider_id: p.id, p_name: 'First Try' });
    expect(first.error).toBeNull();
    const second = await p.client.rpc('request_listing_change', { p_provider_id: p.id, p_name: 'Second Try' });
    expect(second.error).toBeNull();
    const admin = await sharedAdmin();
    const queue = (await admin.rpc('admin_list_change_requests')).data as { id: string; provider_id: string }[];
    expect(queue.filter((q) => q.provider_id === p.id).map((q) => q.id)).toEqual([(second.data as { id: string }).id]);

    const noReason = await admin.rpc('admin_decide_change_request', {
      p_id: (second.data as { id: string }).id,
      p_approve: false,
      p_reason: ' ',
    });
    expect(noReason.error?.code).toBe('22023');
    const rejected = await admin.rpc('admin_decide_change_request', {
      p_id: (second.data as { id: string }).id,
      p_approve: false,
      p_reason: 'Name does not match the shop board',
    });
    expect(rejected.error).toBeNull();
    const live = await publicRow(p.id);
    expect(live!.name).not.toBe('Second Try');
    const mine = await p.client.from('provider_change_requests').select('status, reason').eq('provider_id', p.id);
    expect(mine.data).toEqual([{ status: 'rejected', reason: 'Name does not match the shop board' }]);
    // Decided once only.
    const again = await admin.rpc('admin_decide_change_request', {
      p_id: (second.data as { id: string }).id,
      p_approve: true,
      p_reason: null,
    });
    expect(again.error?.code).toBe('22023');
    // Another provider does not see this provider's requests.
    expect((await two.client.from('provider_change_requests').select('*').eq('provider_id', p.id)).data).toEqual([]);
  });

  test('bad requests are refused and nothing is queued', async () => {
    const p = await provider();
    for (const [args, code] of [
      [{ p_name: null, p_category: null, p_mobile: null }, '22023'],
      [{ p_category: 'Not a category' }, '23514'],
      [{ p_mobile: '12345' }, '23514'],
      [{ p_name: 'n'.repeat(101) }, '23514'],
      [{ p_mobile: p.mobile }, '22023'],
    ] as const) {
      const r = await p.client.rpc('request_listing_change', { p_provider_id: p.id, ...args });
      expect(r.error?.code).toBe(code);
    }
    expect((await p.client.from('provider_change_requests').select('*').eq('provider_id', p.id)).data).toEqual([]);
  });

  test('non-admins cannot list or decide change requests', async () => {
    const r = await one.client.rpc('request_listing_change', { p_provider_id: one.id, p_name: 'Self Approved' });
    expect(r.error).toBeNull();
    const id = (r.data as { id: string }).id;
    for (const c of [one.client, two.client, await signedInClient('user')]) {
      expect((await c.rpc('admin_list_change_requests')).error?.code).toBe('42501');
      expect((await c.rpc('admin_decide_change_request', { p_id: id, p_approve: true, p_reason: null })).error?.code).toBe('42501');
    }
    expect((await publicRow(one.id))!.name).not.toBe('Self Approved');
  });
});

describe('availability and opening hours', () => {
  test('on leave until a date: shown publicly, filtered by p_available; back to available', async () => {
    const p = await provider({ overrides: { p_name: 'Chhutti Wala Plumber' } });
    const until = kolkataDay(3);
    const set = await p.client.rpc('set_my_availability', { p_provider_id: p.id, p_on_leave_until: until });
    expect(set.error).toBeNull();
    expect((await publicRow(p.id))!.on_leave_until).toBe(until);
    const all = await anonClient().rpc('search_providers', { p_query: 'Chhutti Wala' });
    const hit = (all.data as { id: string; on_leave_until: string | null }[]).find((r) => r.id === p.id);
    expect(hit?.on_leave_until).toBe(until);
    const available = await anonClient().rpc('search_providers', { p_query: 'Chhutti Wala', p_available: true });
    expect((available.data as { id: string }[]).some((r) => r.id === p.id)).toBe(false);
    // The list (no query) too, with its total counted without the one on leave.
    const list = async (avail: boolean) =>
      (await anonClient().rpc('search_providers', { p_category: HOME_CATEGORY, p_available: avail, p_limit: 100 })).data as {
        id: string;
        total_count: number;
      }[];
    const [withLeave, withoutLeave] = [await list(false), await list(true)];
    expect(withoutLeave[0]!.total_count).toBeLessThan(withLeave[0]!.total_count);
    // Today counts as on leave (up to and including the day).
    await p.client.rpc('set_my_availability', { p_provider_id: p.id, p_on_leave_until: kolkataDay(0) });
    expect(
      ((await anonClient().rpc('search_providers', { p_query: 'Chhutti Wala', p_available: true })).data as { id: string }[]).some(
        (r) => r.id === p.id,
      ),
    ).toBe(false);
    await p.client.rpc('set_my_availability', { p_provider_id: p.id, p_on_leave_until: null });
    expect(
      ((await anonClient().rpc('search_providers', { p_query: 'Chhutti Wala', p_available: true })).data as { id: string }[]).some(
        (r) => r.id === p.id,
      ),
    ).toBe(true);
  });

  test('a past date is refused (22023), directly too, and nothing is stored', async () => {
    const r = await one.client.rpc('set_my_availability', { p_provider_id: one.id, p_on_leave_until: kolkataDay(-1) });
    expect(r.error?.code).toBe('22023');
    const direct = await one.client
      .from('service_providers')
      .update({ on_leave_until: kolkataDay(-2) })
      .eq('id', one.id);
    expect(direct.error?.code).toBe('22023');
    expect((await adminRow(one.id)).on_leave_until).toBeNull();
  });

  const week = (day: unknown) => ({ mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: null });

  test('opening hours are stored and shown publicly; null clears them', async () => {
    const hours = week({ open: '09:30', close: '19:00' });
    const r = await one.client.rpc('set_my_opening_hours', { p_provider_id: one.id, p_hours: hours });
    expect(r.error).toBeNull();
    expect((await publicRow(one.id))!.opening_hours).toEqual(hours);
    const hit = (
      (await anonClient().rpc('search_providers', { p_query: 'Sharma Plumbing' })).data as { id: string; opening_hours: unknown }[]
    ).find((x) => x.id === one.id);
    expect(hit?.opening_hours).toEqual(hours);
    await one.client.rpc('set_my_opening_hours', { p_provider_id: one.id, p_hours: null });
    expect((await publicRow(one.id))!.opening_hours).toBeNull();
  });

  test.each([
    ['not an object', ['09:00']],
    ['a day missing', { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null }],
    ['an extra key', { ...week(null), hol: null }],
    ['open after close', week({ open: '18:00', close: '09:00' })],
    ['open equal to close', week({ open: '09:00', close: '09:00' })],
    ['hour 24', week({ open: '09:00', close: '24:00' })],
    ['no leading zero', week({ open: '9:00', close: '18:00' })],
    ['minutes 60', week({ open: '09:60', close: '18:00' })],
    ['a number', week({ open: 900, close: 1800 })],
    ['an extra field', week({ open: '09:00', close: '18:00', note: 'x' })],
    ['a string day', { ...week(null), mon: 'closed' }],
  ])('bad opening hours (%s) are refused and nothing is stored', async (_label, hours) => {
    const before = (await adminRow(two.id)).opening_hours;
    const r = await two.client.rpc('set_my_opening_hours', { p_provider_id: two.id, p_hours: hours });
    expect(r.error?.code).toBe('22023');
    const direct = await two.client.from('service_providers').update({ opening_hours: hours }).eq('id', two.id);
    expect(direct.error?.code).toBe('23514');
    expect((await adminRow(two.id)).opening_hours).toEqual(before);
  });
});

describe('leads', () => {
  test('my_leads: 8 weeks, oldest first, Mondays, zero-filled; calls, chats and views counted', async () => {
    const p = await provider();
    const empty = (await p.client.rpc('my_leads', { p_provider_id: p.id })).data as {
      week_start: string;
      calls: number;
      chats: number;
      views: number;
    }[];
    expect(empty.length).toBe(8);
    for (const w of empty) {
      expect(new Date(`${w.week_start}T00:00:00Z`).getUTCDay()).toBe(1);
      expect([w.calls, w.chats, w.views]).toEqual([0, 0, 0]);
    }
    const starts = empty.map((w) => w.week_start);
    expect([...starts].sort()).toEqual(starts);
    expect(Date.parse(starts[7]!) - Date.parse(starts[0]!)).toBe(7 * 7 * 86_400_000);
    expect(starts[7]! <= kolkataDay(0)).toBe(true);
    expect(Date.parse(kolkataDay(0)) - Date.parse(starts[7]!)).toBeLessThan(7 * 86_400_000);

    const anon = anonClient();
    const a = deviceToken();
    const b = deviceToken();
    await anon.rpc('track_click', { p_provider_id: p.id, p_click_type: 'call', p_device_token: a });
    await anon.rpc('track_click', { p_provider_id: p.id, p_click_type: 'whatsapp', p_device_token: a });
    for (const token of [a, a, a, b]) {
      const r = await anon.rpc('track_click', { p_provider_id: p.id, p_click_type: 'view', p_device_token: token });
      expect(r.error).toBeNull();
    }
    const leads = (await p.client.rpc('my_leads', { p_provider_id: p.id })).data as typeof empty;
    expect(leads.length).toBe(8);
    expect(leads[7]).toMatchObject({ calls: 1, chats: 1, views: 2 });
    expect(leads.slice(0, 7).every((w) => w.calls + w.chats + w.views === 0)).toBe(true);
    // A different number of weeks, capped.
    expect(((await p.client.rpc('my_leads', { p_provider_id: p.id, p_weeks: 2 })).data as unknown[]).length).toBe(2);
    expect(((await p.client.rpc('my_leads', { p_provider_id: p.id, p_weeks: 1000 })).data as unknown[]).length).toBe(52);
  });

  test('views: one per device per provider per day; a bad kind is refused', async () => {
    const p = await provider();
    const token = deviceToken();
    for (let i = 0; i < 3; i++) {
      expect(
        (await anonClient().rpc('track_click', { p_provider_id: p.id, p_click_type: 'view', p_device_token: token })).error,
      ).toBeNull();
    }
    const admin = await sharedAdmin();
    const { data } = await admin.from('click_tracking').select('click_type').eq('provider_id', p.id);
    expect(data).toEqual([{ click_type: 'view' }]);
    // The operator's call/chat totals do not count views.
    const totals = (await admin.rpc('admin_click_totals', { p_days: 1 })).data as { provider_id: string }[];
    expect(totals.some((t) => t.provider_id === p.id)).toBe(false);
    const bad = await anonClient().rpc('track_click', { p_provider_id: p.id, p_click_type: 'like', p_device_token: token });
    expect(bad.error?.code).toBe('23514');
    // A pending listing's views are not counted (not found, like calls).
    const pending = await createProvider({ approve: false });
    const r = await anonClient().rpc('track_click', { p_provider_id: pending.id, p_click_type: 'view', p_device_token: token });
    expect(r.error?.code).toBe('PT404');
  });

  test('views are counted per Asia/Kolkata day: yesterday does not hold back today', async () => {
    const p = await provider();
    const token = deviceToken();
    // A view from this device at 23:59 yesterday, district time (written with the service key).
    const yesterday = new Date(Date.parse(`${kolkataDay(0)}T00:00:00+05:30`) - 60_000).toISOString();
    const ins = await serviceClient()
      .from('click_tracking')
      .insert({ provider_id: p.id, click_type: 'view', device_hash: deviceHash(token), created_at: yesterday });
    expect(ins.error).toBeNull();
    expect((await anonClient().rpc('track_click', { p_provider_id: p.id, p_click_type: 'view', p_device_token: token })).error).toBeNull();
    const admin = await sharedAdmin();
    const { data } = await admin.from('click_tracking').select('click_type').eq('provider_id', p.id);
    expect(data).toEqual([{ click_type: 'view' }, { click_type: 'view' }]);
  });
});
