import { setSupabaseClient } from '@city/shared';
import type { SupabaseClient } from '@supabase/supabase-js';
import { confirmMyNumber, replyToReview, updateMyDetails } from '../my-listing';

function clientAnswering(answer: unknown) {
  const rpc = jest.fn(async () => answer);
  setSupabaseClient({ rpc } as unknown as SupabaseClient);
  return rpc;
}

afterEach(() => setSupabaseClient(null));

const details = { businessName: 'Kumar', specialistIn: null, address: 'Ward 4', experience: 3 };

describe('owner writes', () => {
  it('tells owner spam (23514 "no phone numbers or links") from another refusal, with its field', async () => {
    clientAnswering({
      data: null,
      error: { code: '23514', message: 'business_name: no phone numbers or links', details: 'business_name' },
      status: 400,
    });
    await expect(updateMyDetails('id', details)).resolves.toEqual({ ok: false, reason: 'contact-details', field: 'business_name' });
    clientAnswering({ data: null, error: { code: '23514', message: 'address is required', details: 'address' }, status: 400 });
    await expect(updateMyDetails('id', details)).resolves.toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('confirmMyNumber', () => {
  it('calls confirm_my_number without arguments and returns how many reports it cleared', async () => {
    const rpc = clientAnswering({ data: 3, error: null, status: 200 });
    await expect(confirmMyNumber()).resolves.toEqual({ ok: true, cleared: 3 });
    expect(rpc).toHaveBeenCalledWith('confirm_my_number');
  });

  it('never throws: a refusal or a failure is just not confirmed', async () => {
    clientAnswering({ data: null, error: { code: '42501', message: 'sign in with your mobile' }, status: 401 });
    await expect(confirmMyNumber()).resolves.toEqual({ ok: false });
    setSupabaseClient({ rpc: jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) } as unknown as SupabaseClient);
    await expect(confirmMyNumber()).resolves.toEqual({ ok: false });
  });
});

describe('replyToReview', () => {
  it('calls reply_to_review with the review and the text; a second reply (23505) is already-replied, another phone forbidden', async () => {
    const rpc = clientAnswering({ data: { id: 'r1', reply_text: 'Thanks' }, error: null, status: 200 });
    await expect(replyToReview('r1', 'Thanks')).resolves.toMatchObject({ ok: true });
    expect(rpc).toHaveBeenCalledWith('reply_to_review', { p_review_id: 'r1', p_reply_text: 'Thanks' });
    clientAnswering({
      data: null,
      error: { code: '23505', message: 'this review already has a reply', details: 'review_id' },
      status: 409,
    });
    await expect(replyToReview('r1', 'Again')).resolves.toEqual({ ok: false, reason: 'already-replied' });
    clientAnswering({ data: null, error: { code: '42501', message: 'only the listing owner replies' }, status: 403 });
    await expect(replyToReview('r1', 'Spam')).resolves.toEqual({ ok: false, reason: 'forbidden' });
    clientAnswering({ data: null, error: { code: '23502', message: 'reply_text is required', details: 'reply_text' }, status: 400 });
    await expect(replyToReview('r1', ' ')).resolves.toEqual({ ok: false, reason: 'invalid' });
  });
});
