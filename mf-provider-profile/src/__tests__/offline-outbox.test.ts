import { waitFor } from '@testing-library/react';
import { DEVICE_TOKEN_KEY, setSupabaseClient, toastStore } from '@city/shared';
import { PROFILE_OUTBOX_KEY } from '@city/shared/contracts/background-tasks';
import { installFakeSupabase, setTestLanguage } from '@city/shared/testing';
import { pendingWrites } from '../api';
import { queueWrite } from '../api/outbox-keep';
import { deliverOutbox } from '../utils/outbox-delivery';
import offlineOutbox from '../offline-outbox';
import { signedOut, signInByPhone } from './fixtures';

const PROVIDER = '3f1c2a7e-9b1d-4c55-8a2e-6d0f4b8e1a90';
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(DEVICE_TOKEN_KEY, TOKEN);
  signInByPhone();
});
afterEach(() => setSupabaseClient(null));

// The task the shell starts on any page (BACKGROUND_TASKS), here on an English page where this
// remote's English strings were never loaded: they come in before the notice is shown.
it('started on another page, sends the kept writes once and says so in the page language', async () => {
  queueWrite({ kind: 'rating', providerId: PROVIDER, rating: 4 });
  queueWrite({ kind: 'review', providerId: PROVIDER, text: 'Came on time' });
  expect(localStorage.getItem(PROFILE_OUTBOX_KEY)).not.toBeNull();
  setTestLanguage('en');
  const stored = { id: 'r1', provider_id: PROVIDER, review_text: 'Came on time', created_at: '2026-11-24T06:00:00Z' };
  const { rpc } = installFakeSupabase({ data: stored });

  offlineOutbox.start();
  offlineOutbox.start();

  await waitFor(() =>
    expect(toastStore.getState().toasts.map((t) => t.title)).toEqual([
      'Sent: 2 ratings and reviews you saved offline have been submitted.',
    ]),
  );
  expect(rpc).toHaveBeenCalledWith('rate_provider', { p_provider_id: PROVIDER, p_rating: 4 });
  expect(rpc).toHaveBeenCalledWith('add_review', { p_provider_id: PROVIDER, p_review_text: 'Came on time' });
  // Started twice (the shell's task and a profile shown later): each write is sent once.
  expect(rpc).toHaveBeenCalledTimes(2);
  expect(pendingWrites()).toEqual([]);
  expect(localStorage.getItem(PROFILE_OUTBOX_KEY)).toBeNull();
});

it('only reports sent: the notice is the report dialog’s own, loaded for it', async () => {
  queueWrite({ kind: 'report', target: { kind: 'provider', id: PROVIDER }, reason: 'closed', details: '', deviceToken: TOKEN });
  setTestLanguage('hi');
  const { rpc } = installFakeSupabase();
  await deliverOutbox();
  expect(rpc).toHaveBeenCalledWith('report_provider', expect.objectContaining({ p_provider_id: PROVIDER, p_reason: 'closed' }));
  expect(toastStore.getState().toasts.map((t) => t.title)).toEqual(['भेज दिया गया: ऑफ़लाइन सहेजी गई आपकी रिपोर्ट जमा हो गई है। धन्यवाद।']);
});

it('without a phone session the kept rating waits, and goes the moment the page signs in by phone', async () => {
  signedOut();
  queueWrite({ kind: 'rating', providerId: PROVIDER, rating: 5 });
  setTestLanguage('en');
  toastStore.getState().dismiss();
  const { rpc } = installFakeSupabase();
  offlineOutbox.start();
  await deliverOutbox();
  expect(rpc).not.toHaveBeenCalled();
  expect(pendingWrites()).toHaveLength(1);

  signInByPhone('phone-session-2');
  await waitFor(() => expect(pendingWrites()).toEqual([]));
  expect(rpc).toHaveBeenCalledWith('rate_provider', { p_provider_id: PROVIDER, p_rating: 5 });
  await waitFor(() =>
    expect(toastStore.getState().toasts.map((t) => t.title)).toEqual(['Sent: 1 rating or review you saved offline has been submitted.']),
  );
});
