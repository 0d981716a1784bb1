// The click counter stays in @city/shared: both the directory's list cards and the profile use it.
import { setSupabaseClient } from '../../supabase/client';
import { DEVICE_TOKEN_KEY } from '../../device/device-token';
import { trackClick } from '../clicks';
import { installFakeSupabase } from '../../testing/fake-supabase';

const PROVIDER = '3f1c2a7e-9b1d-4c55-8a2e-6d0f4b8e1a90';
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';

const fakeClient = installFakeSupabase;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(DEVICE_TOKEN_KEY, TOKEN);
});
afterEach(() => setSupabaseClient(null));

/** The request a fire-and-forget call makes happens after a few microtasks. */
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('trackClick', () => {
  it('records a click through track_click with the device token', async () => {
    const { rpc, from } = fakeClient();
    trackClick(PROVIDER, 'whatsapp');
    await flush();
    expect(rpc).toHaveBeenCalledWith('track_click', { p_provider_id: PROVIDER, p_click_type: 'whatsapp', p_device_token: TOKEN });
    expect(from).not.toHaveBeenCalled();
  });

  it('never throws, whatever the server says', async () => {
    const { rpc } = fakeClient({ error: { code: 'P0002', message: 'provider not found' }, status: 404 });
    rpc.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(() => trackClick(PROVIDER, 'call')).not.toThrow();
    expect(() => trackClick(PROVIDER, 'call')).not.toThrow();
    await flush();
    expect(rpc).toHaveBeenCalledTimes(2);
  });
});
