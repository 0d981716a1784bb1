/**
 * Issue 28 item 2, migration 0015: reviews people can trust. A review carries the stars of
 * its phone's rating and the first name its writer chose (never the phone); the listing's
 * owner answers once; the operator hides an answer. Each call is made as PostgREST makes it:
 * the anon key, another phone's session, the owner's session, the operator's.
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

const asPhone = (mobile: string, fn: string, args: Record<string, unknown>) =>
  db.callAsPostgrest({ role: 'authenticated', claims: phoneClaims(mobile), headers: edgeHeaders(freshAddress()), fn, args });

const asAnon = (fn: string, args: Record<string, unknown>) =>
  db.callAsPostgrest({ role: 'anon', claims: anonClaims(), headers: edgeHeaders(freshAddress()), fn, args });

const asAdmin = (fn: string, args: Record<string, unknown>) =>
  db.callAsPostgrest({ role: 'authenticated', claims: adminClaims(), headers: edgeHeaders(freshAddress()), fn, args });

/** What a visitor (the anon key) reads of a provider's reviews: every column, as select *. */
async function publicReviews(providerId: string) {
  const r = await db.api.withRequest({ role: 'anon', claims: anonClaims(), method: 'GET', readOnly: true }, (c) =>
    c.query<Record<string, unknown>>('select * from public.reviews where provider_id = $1 order by created_at', [providerId]),
  );
  if (!r.ok) throw new Error(JSON.stringify(r.result));
  return r.value.rows;
}

async function listingWithReview(): Promise<{ p: Provider; writer: string; reviewId: string }> {
  const p = await approvedProvider(db.su);
  const writer = freshMobile();
  await signUpPhones(db.su, [p.mobile, writer]);
  const r = await asPhone(writer, 'add_review', { p_provider_id: p.id, p_review_text: 'Came on time, fair price.' });
  expect(r.status).toBe(200);
  return { p, writer, reviewId: (r.body as { id: string }).id };
}

describe('stars and first name', () => {
  test('a review shows the first name chosen and that phone’s stars, kept in step; never the phone', async () => {
    const p = await approvedProvider(db.su);
    const writer = freshMobile();
    await signUpPhones(db.su, [writer]);
    expect((await asPhone(writer, 'rate_provider', { p_provider_id: p.id, p_rating: 4 })).status).toBeLessThan(300);
    const added = await asPhone(writer, 'add_review', {
      p_provider_id: p.id,
      p_review_text: 'अच्छा काम',
      p_reviewer_name: '  सीमा ',
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ reviewer_name: 'सीमा', rating: 4 });
    // Rated again: the review's stars follow.
    await asPhone(writer, 'rate_provider', { p_provider_id: p.id, p_rating: 2 });
    const rows = await publicReviews(p.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reviewer_name: 'सीमा', rating: 2, reply_text: null });
    expect(JSON.stringify(rows)).not.toContain(writer);
    expect(Object.keys(rows[0]!).sort()).toEqual(
      ['created_at', 'hidden', 'id', 'provider_id', 'rating', 'replied_at', 'reply_text', 'review_text', 'reviewer_name'].sort(),
    );
  });

  test('a review without a rating or a name has neither; a rating given after writing shows', async () => {
    const p = await approvedProvider(db.su);
    const writer = freshMobile();
    await signUpPhones(db.su, [writer]);
    const added = await asPhone(writer, 'add_review', { p_provider_id: p.id, p_review_text: 'ok', p_reviewer_name: '   ' });
    expect(added.body).toMatchObject({ reviewer_name: null, rating: null });
    await asPhone(writer, 'rate_provider', { p_provider_id: p.id, p_rating: 5 });
    expect((await publicReviews(p.id))[0]).toMatchObject({ rating: 5 });
  });

  test.each([['A'], ['Ravi2'], ['98765'], ['९८७६५'], ['Ravi Kumar'], ['<b>x</b>'], ['a'.repeat(41)]])(
    'the name %j is refused (400, 23514 reviewer_name) and nothing is stored',
    async (name) => {
      const p = await approvedProvider(db.su);
      const writer = freshMobile();
      await signUpPhones(db.su, [writer]);
      const r = await asPhone(writer, 'add_review', { p_provider_id: p.id, p_review_text: 'Good', p_reviewer_name: name });
      expect({ status: r.status, code: r.code, details: r.details }).toEqual({ status: 400, code: '23514', details: 'reviewer_name' });
      expect(await publicReviews(p.id)).toHaveLength(0);
    },
  );

  test('blank review text is refused with its own error (400, 23502 review_text)', async () => {
    const p = await approvedProvider(db.su);
    const writer = freshMobile();
    await signUpPhones(db.su, [writer]);
    const r = await asPhone(writer, 'add_review', { p_provider_id: p.id, p_review_text: ' \u200b\n ' });
    expect({ status: r.status, code: r.code, details: r.details }).toEqual({ status: 400, code: '23502', details: 'review_text' });
  });
});

describe('the owner replies once', () => {
  test('anon, another phone and the reviewer cannot reply; the owner replies once (23505 after)', async () => {
    const { p, writer, reviewId } = await listingWithReview();
    const stranger = freshMobile();
    await signUpPhones(db.su, [stranger]);
    const anon = await asAnon('reply_to_review', { p_review_id: reviewId, p_reply_text: 'spam' });
    expect(anon.status).toBe(401);
    for (const mobile of [stranger, writer]) {
      const r = await asPhone(mobile, 'reply_to_review', { p_review_id: reviewId, p_reply_text: 'not mine' });
      expect({ status: r.status, code: r.code }).toEqual({ status: 403, code: '42501' });
    }
    expect((await publicReviews(p.id))[0]).toMatchObject({ reply_text: null, replied_at: null });

    const blank = await asPhone(p.mobile, 'reply_to_review', { p_review_id: reviewId, p_reply_text: ' \u00a0 ' });
    expect({ status: blank.status, code: blank.code, details: blank.details }).toEqual({
      status: 400,
      code: '23502',
      details: 'reply_text',
    });
    const long = await asPhone(p.mobile, 'reply_to_review', { p_review_id: reviewId, p_reply_text: 'x'.repeat(501) });
    expect({ status: long.status, code: long.code }).toEqual({ status: 400, code: '23514' });

    const ok = await asPhone(p.mobile, 'reply_to_review', { p_review_id: reviewId, p_reply_text: '  धन्यवाद\u202e जी  ' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ reply_text: 'धन्यवाद जी' });
    const again = await asPhone(p.mobile, 'reply_to_review', { p_review_id: reviewId, p_reply_text: 'changed my mind' });
    expect({ status: again.status, code: again.code }).toEqual({ status: 409, code: '23505' });
    const rows = await publicReviews(p.id);
    expect(rows[0]).toMatchObject({ reply_text: 'धन्यवाद जी' });
    expect(rows[0]!.replied_at).not.toBeNull();
    const logged = await db.su.query('select action from public.audit_log where target_id = $1', [reviewId]);
    expect(logged.rows.map((r) => r.action)).toContain('owner.reply');
  });

  test('ten concurrent replies of the owner store one', async () => {
    const { p, reviewId } = await listingWithReview();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => asPhone(p.mobile, 'reply_to_review', { p_review_id: reviewId, p_reply_text: `reply ${i}` })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const n = await db.su.query('select count(*)::int as n from private.review_replies where review_id = $1', [reviewId]);
    expect(n.rows[0].n).toBe(1);
  });

  test('the API roles cannot write the reply columns or read the replies table', async () => {
    const { p, reviewId } = await listingWithReview();
    const patch = await db.api.patch({
      role: 'authenticated',
      claims: phoneClaims(p.mobile),
      headers: edgeHeaders(freshAddress()),
      table: 'reviews',
      eq: { id: reviewId },
      body: { reply_text: 'direct', reviewer_name: 'Fake', rating: 5 },
    });
    expect(patch.status).toBeGreaterThanOrEqual(400);
    for (const [role, claims] of [
      ['anon', anonClaims()],
      ['authenticated', phoneClaims(p.mobile)],
    ] as const) {
      const read = await db.api.withRequest({ role, claims }, (c) => c.query('select * from private.review_replies'));
      expect(read.ok ? 'read' : read.result.code).toBe('42501');
    }
  });
});

describe('the operator hides a reply', () => {
  test('only the operator, with a reason; hidden is not public, the owner cannot reply again; audited', async () => {
    const { p, reviewId } = await listingWithReview();
    await asPhone(p.mobile, 'reply_to_review', { p_review_id: reviewId, p_reply_text: 'Call me on 98765 43210' });
    const byOwner = await asPhone(p.mobile, 'admin_hide_reply', { p_review_id: reviewId, p_hidden: true, p_reason: 'x' });
    expect(byOwner.status).toBe(403);
    const noReason = await asAdmin('admin_hide_reply', { p_review_id: reviewId, p_hidden: true, p_reason: ' ' });
    expect({ status: noReason.status, code: noReason.code }).toEqual({ status: 400, code: '22023' });
    const hid = await asAdmin('admin_hide_reply', { p_review_id: reviewId, p_hidden: true, p_reason: 'a phone number in a reply' });
    expect(hid.status).toBe(200);
    expect((await publicReviews(p.id))[0]).toMatchObject({ reply_text: null, replied_at: null });
    expect(JSON.stringify(await publicReviews(p.id))).not.toContain('98765');
    const again = await asPhone(p.mobile, 'reply_to_review', { p_review_id: reviewId, p_reply_text: 'again' });
    expect(again.code).toBe('23505');
    const listed = await asAdmin('admin_list_replies', {});
    expect(listed.body).toEqual(expect.arrayContaining([expect.objectContaining({ review_id: reviewId, hidden: true })]));
    expect((await asPhone(p.mobile, 'admin_list_replies', {})).status).toBe(403);
    const log = await db.su.query('select action, reason from public.audit_log where target_id = $1 and action like $2', [
      reviewId,
      'reply.%',
    ]);
    expect(log.rows).toEqual([{ action: 'reply.hide', reason: 'a phone number in a reply' }]);
    const shown = await asAdmin('admin_hide_reply', { p_review_id: reviewId, p_hidden: false, p_reason: 'number was the shop' });
    expect(shown.status).toBe(200);
    expect((await publicReviews(p.id))[0]).toMatchObject({ reply_text: 'Call me on 98765 43210' });
  });
});
