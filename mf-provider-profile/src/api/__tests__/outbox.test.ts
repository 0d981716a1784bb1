import { DEVICE_TOKEN_KEY, setSupabaseClient } from '@city/shared';
import { installFakeSupabase } from '@city/shared/testing';
import { OUTBOX_KEY, pendingWrites } from '../outbox';
import { queueWrite } from '../outbox-keep';
import { submitRatingOrKeep, submitReviewOrKeep } from '../as-phone';
import { sendOutbox } from '../outbox-send';
import { sendReportOrKeep } from '../reports';
import { signedOut, signInByPhone } from '../../__tests__/fixtures';

const PROVIDER = '3f1c2a7e-9b1d-4c55-8a2e-6d0f4b8e1a90';
const OTHER = '9a8b7c6d-0000-4000-8000-000000000001';
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const offline = { error: { message: 'TypeError: Failed to fetch', code: '' }, status: 0 };

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(DEVICE_TOKEN_KEY, TOKEN);
  signInByPhone();
});
afterEach(() => setSupabaseClient(null));

describe('writes made offline', () => {
  it('a rating that cannot reach the server is kept, and sent later as the signed-in phone', async () => {
    installFakeSupabase(offline);
    await expect(submitRatingOrKeep(PROVIDER, 4)).resolves.toEqual({ status: 'queued' });
    expect(pendingWrites()).toEqual([expect.objectContaining({ kind: 'rating', providerId: PROVIDER, rating: 4 })]);

    const { rpc } = installFakeSupabase();
    const result = await sendOutbox();
    expect(rpc).toHaveBeenCalledWith('rate_provider', { p_provider_id: PROVIDER, p_rating: 4 });
    expect(result).toEqual({ sent: [expect.objectContaining({ rating: 4 })], refused: [], left: 0, waitingForSignIn: 0 });
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
  });

  it('without a phone session, kept ratings and reviews wait (kept, nothing asked) while reports go', async () => {
    queueWrite({ kind: 'rating', providerId: PROVIDER, rating: 4 });
    queueWrite({ kind: 'report', target: { kind: 'provider', id: PROVIDER }, reason: 'closed', details: '', deviceToken: TOKEN });
    // Kept before ratings needed a phone: its device token is ignored, it goes as the phone.
    queueWrite({ kind: 'review', providerId: PROVIDER, text: 'Fine', deviceToken: TOKEN });
    signedOut();
    const { rpc } = installFakeSupabase({
      data: { id: 'r1', provider_id: PROVIDER, review_text: 'Fine', created_at: '2026-11-23T00:00:00Z' },
    });
    expect(await sendOutbox()).toEqual({ sent: [expect.objectContaining({ kind: 'report' })], refused: [], left: 2, waitingForSignIn: 2 });
    expect((rpc.mock.calls as unknown as [string][]).map(([fn]) => fn)).toEqual(['report_provider']);

    signInByPhone();
    expect(await sendOutbox()).toMatchObject({ refused: [], left: 0, waitingForSignIn: 0 });
    expect(rpc).toHaveBeenCalledWith('rate_provider', { p_provider_id: PROVIDER, p_rating: 4 });
    expect(rpc).toHaveBeenCalledWith('add_review', { p_provider_id: PROVIDER, p_review_text: 'Fine' });
  });

  it('a session the database no longer takes (42501) keeps them for the next sign-in, not refused', async () => {
    queueWrite({ kind: 'rating', providerId: PROVIDER, rating: 4 });
    queueWrite({ kind: 'review', providerId: PROVIDER, text: 'Fine' });
    const { rpc } = installFakeSupabase({ error: { message: 'sign in with your mobile number', code: '42501' }, status: 401 });
    expect(await sendOutbox()).toEqual({ sent: [], refused: [], left: 2, waitingForSignIn: 2 });
    expect(rpc).toHaveBeenCalledTimes(1); // the second one is not tried with the same session
  });

  it('keeps the last rating per provider and every review, in order', async () => {
    installFakeSupabase(offline);
    await submitRatingOrKeep(PROVIDER, 2);
    await expect(submitReviewOrKeep(PROVIDER, '  Good work  ')).resolves.toEqual({ status: 'queued' });
    await submitRatingOrKeep(OTHER, 3);
    await submitRatingOrKeep(PROVIDER, 5);
    await submitReviewOrKeep(PROVIDER, 'Came on time');
    expect(
      pendingWrites().map((w) => (w.kind === 'rating' ? `${w.providerId}:${w.rating}` : w.kind === 'review' ? w.text : w.reason)),
    ).toEqual(['  Good work  ', `${OTHER}:3`, `${PROVIDER}:5`, 'Came on time']);
  });

  it('stops at the first write that still cannot reach the server and keeps it and the rest', async () => {
    queueWrite({ kind: 'rating', providerId: PROVIDER, rating: 4 });
    queueWrite({ kind: 'review', providerId: PROVIDER, text: 'Fine' });
    installFakeSupabase(offline);
    expect(await sendOutbox()).toEqual({ sent: [], refused: [], left: 2, waitingForSignIn: 0 });
    expect(pendingWrites()).toHaveLength(2);
  });

  it('a write the server refuses is removed and reported, never dropped silently; the rest are sent', async () => {
    queueWrite({ kind: 'review', providerId: PROVIDER, text: 'Fine' });
    queueWrite({ kind: 'rating', providerId: OTHER, rating: 3 });
    let call = 0;
    const result = await sendOutbox(async () => {
      call += 1;
      if (call === 1) throw Object.assign(new Error('provider not found'), {});
    });
    expect(result.refused).toEqual([{ item: expect.objectContaining({ kind: 'review' }), error: expect.any(Error) }]);
    expect(result.sent).toEqual([expect.objectContaining({ kind: 'rating' })]);
    expect(pendingWrites()).toEqual([]);
  });

  it('online: sends at once and keeps nothing; a refusal is the caller’s to show, not kept', async () => {
    const { rpc } = installFakeSupabase({
      data: { id: 'r1', provider_id: PROVIDER, review_text: 'Ok', created_at: '2026-11-23T00:00:00Z' },
    });
    await expect(submitReviewOrKeep(PROVIDER, 'Ok')).resolves.toEqual({ status: 'sent', value: expect.objectContaining({ id: 'r1' }) });
    await expect(submitRatingOrKeep(PROVIDER, 5)).resolves.toEqual({ status: 'sent', value: undefined });
    expect(rpc).toHaveBeenCalledTimes(2);
    installFakeSupabase({ error: { message: 'rating must be 1..5', code: '23514' }, status: 400 });
    await expect(submitRatingOrKeep(PROVIDER, 4)).rejects.toMatchObject({ code: '23514' });
    expect(pendingWrites()).toEqual([]);
  });

  it('a report that cannot reach the server is kept (one per listing), bad input never is, and it is sent later', async () => {
    installFakeSupabase(offline);
    const listing = { kind: 'provider' as const, id: PROVIDER };
    await expect(sendReportOrKeep(listing, 'closed', '')).resolves.toEqual({ status: 'queued' });
    await expect(sendReportOrKeep(listing, 'wrong_number', ' Number is off ')).resolves.toEqual({ status: 'queued' });
    await expect(sendReportOrKeep({ kind: 'review', id: 'r-1' }, 'abusive', '')).resolves.toEqual({ status: 'queued' });
    await expect(sendReportOrKeep(listing, 'other', '   ')).rejects.toMatchObject({ code: '22023' });
    await expect(sendReportOrKeep(listing, null, 'x')).rejects.toMatchObject({ code: '22023' });
    expect(pendingWrites().map((w) => (w.kind === 'report' ? `${w.target.kind}:${w.reason}:${w.details}` : w.kind))).toEqual([
      'provider:wrong_number:Number is off',
      'review:abusive:',
    ]);

    const { rpc } = installFakeSupabase();
    expect(await sendOutbox()).toEqual({
      sent: [expect.objectContaining({ kind: 'report' }), expect.objectContaining({ kind: 'report' })],
      refused: [],
      left: 0,
      waitingForSignIn: 0,
    });
    expect(rpc).toHaveBeenCalledWith('report_provider', {
      p_provider_id: PROVIDER,
      p_reason: 'wrong_number',
      p_details: 'Number is off',
      p_device_token: TOKEN,
    });
    expect(rpc).toHaveBeenCalledWith('report_review', { p_review_id: 'r-1', p_reason: 'abusive', p_details: null, p_device_token: TOKEN });
  });

  it('a kept report this device has meanwhile made (409) counts as arrived, not refused', async () => {
    installFakeSupabase(offline);
    await sendReportOrKeep({ kind: 'provider', id: PROVIDER }, 'closed', '');
    installFakeSupabase({ error: { message: 'duplicate key', code: '23505' }, status: 409 });
    expect(await sendOutbox()).toEqual({ sent: [expect.objectContaining({ kind: 'report' })], refused: [], left: 0, waitingForSignIn: 0 });
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
  });
});
