import { act, renderHook, waitFor } from '@testing-library/react';
import { DEVICE_TOKEN_KEY, setSupabaseClient, toastStore } from '@city/shared';
import { installFakeSupabase, setTestLanguage } from '@city/shared/testing';
import { pendingWrites } from '../../api';
import { submitRatingOrKeep } from '../../api/as-phone';
import { useOutbox } from '../use-outbox';
import { signInByPhone } from '../../__tests__/fixtures';

const PROVIDER = '3f1c2a7e-9b1d-4c55-8a2e-6d0f4b8e1a90';
const offline = { error: { message: 'TypeError: Failed to fetch', code: '' }, status: 0 };

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(DEVICE_TOKEN_KEY, 'AbCdEfGhIjKlMnOpQrStUv');
  setTestLanguage('en');
  signInByPhone();
});
afterEach(() => setSupabaseClient(null));

it('a rating kept while the profile is shown is sent when the page is back online, and the visitor told', async () => {
  renderHook(() => useOutbox());
  installFakeSupabase(offline);
  await expect(submitRatingOrKeep(PROVIDER, 3)).resolves.toEqual({ status: 'queued' });
  // The sender (its own chunk) starts once something is kept; still offline, it keeps it.
  await waitFor(() => expect(pendingWrites()).toHaveLength(1));

  const { rpc } = installFakeSupabase();
  act(() => void window.dispatchEvent(new Event('online')));
  await waitFor(() => expect(pendingWrites()).toEqual([]));
  expect(rpc).toHaveBeenCalledWith('rate_provider', expect.objectContaining({ p_provider_id: PROVIDER, p_rating: 3 }));
  await waitFor(() =>
    expect(toastStore.getState().toasts.map((t) => t.title)).toEqual(['Sent: 1 rating or review you saved offline has been submitted.']),
  );
});
