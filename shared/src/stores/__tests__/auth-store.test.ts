// supabase-js is downloaded only when something needs it: a stored session to restore, a query
// or a sign-in. Auth events reach the store from whoever creates the client.
import type { Session } from '@supabase/supabase-js';

type AuthListener = (event: string, session: Session | null) => void;

const mockLoads = { count: 0 };
const mockCreateClient = jest.fn();
jest.mock('@supabase/supabase-js', () => {
  mockLoads.count += 1;
  return { createClient: (...args: unknown[]) => mockCreateClient(...args) };
});

const adminSession = { access_token: 'a', user: { id: 'u1', app_metadata: { role: 'admin' } } } as unknown as Session;

/** A client that reads its session from localStorage under the key it is given, like supabase-js. */
function fakeClient(storageKey: string) {
  const listeners = new Set<AuthListener>();
  const stored = (): Session | null => (localStorage.getItem(storageKey) ? adminSession : null);
  const emit = (event: string, session: Session | null) => listeners.forEach((l) => l(event, session));
  return {
    emit,
    auth: {
      onAuthStateChange: (listener: AuthListener) => {
        listeners.add(listener);
        void Promise.resolve().then(() => listener('INITIAL_SESSION', stored()));
        return { data: { subscription: { unsubscribe: () => listeners.delete(listener) } } };
      },
      getSession: async () => ({ data: { session: stored() }, error: null }),
      signInWithPassword: async () => {
        localStorage.setItem(storageKey, JSON.stringify(adminSession));
        emit('SIGNED_IN', adminSession);
        return { error: null };
      },
      signOut: async () => {
        localStorage.removeItem(storageKey);
        emit('SIGNED_OUT', null);
        return { error: null };
      },
    },
  };
}

let clients: ReturnType<typeof fakeClient>[];

/** Fresh modules (module state: the client, the auth store), as on a new page load. */
function load() {
  jest.resetModules();
  const config = require('../../config/runtime-config-store') as typeof import('../../config/runtime-config-store');
  config.setRuntimeConfig({
    supabaseUrl: 'http://127.0.0.1:54321',
    supabaseAnonKey: 'anon',
    operatorPhone: '9876543210',
    operatorWhatsapp: '919876543210',
    socialLinks: {},
  });
  return {
    auth: require('../auth-store') as typeof import('../auth-store'),
    client: require('../../supabase/client') as typeof import('../../supabase/client'),
    i18n: require('../../i18n/instance') as typeof import('../../i18n/instance'),
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  localStorage.clear();
  mockLoads.count = 0;
  clients = [];
  mockCreateClient.mockReset();
  mockCreateClient.mockImplementation((_url: string, _key: string, options: { auth: { storageKey: string } }) => {
    const c = fakeClient(options.auth.storageKey);
    clients.push(c);
    return c;
  });
});

describe('auth start-up', () => {
  it('without a stored session: signed out at once, supabase-js not downloaded', async () => {
    const { auth } = load();
    expect(auth.authStore.getState().loading).toBe(true);
    await auth.startAuth();
    expect(auth.authStore.getState()).toMatchObject({ loading: false, session: null, isAdmin: false });
    await flush();
    expect(mockLoads.count).toBe(0);
    expect(mockCreateClient).not.toHaveBeenCalled();
  });

  it('with a stored session: downloads supabase-js and restores it', async () => {
    localStorage.setItem('city-auth-token', JSON.stringify(adminSession));
    const { auth } = load();
    await auth.startAuth();
    expect(mockLoads.count).toBe(1);
    expect(mockCreateClient).toHaveBeenCalledWith(
      'http://127.0.0.1:54321',
      'anon',
      expect.objectContaining({ auth: expect.objectContaining({ storageKey: 'city-auth-token', persistSession: true }) }),
    );
    expect(auth.authStore.getState()).toMatchObject({ loading: false, session: adminSession, isAdmin: true });
  });

  it("keeps a session stored under supabase-js's default key before the explicit one", async () => {
    localStorage.setItem('sb-127-auth-token', JSON.stringify(adminSession));
    const { auth } = load();
    await auth.startAuth();
    expect(localStorage.getItem('sb-127-auth-token')).toBeNull();
    expect(localStorage.getItem('city-auth-token')).not.toBeNull();
    expect(auth.authStore.getState()).toMatchObject({ loading: false, isAdmin: true });
  });

  it('a query creates the client later; its auth events then reach the store', async () => {
    const { auth, client } = load();
    await auth.startAuth();
    const supabase = await client.getSupabase(); // what every data call does first
    expect(mockLoads.count).toBe(1);
    expect(await client.getSupabase()).toBe(supabase); // one client per page
    clients[0]!.emit('SIGNED_IN', adminSession);
    expect(auth.authStore.getState()).toMatchObject({ session: adminSession, isAdmin: true });
  });

  it('signing in without a stored session downloads supabase-js and updates the store', async () => {
    const { auth, i18n } = load();
    await i18n.initI18n('en'); // the toasts' texts
    await auth.startAuth();
    expect(mockLoads.count).toBe(0);
    const result = await auth.authStore.getState().signIn('admin@example.in', 'secret', { toasts: false });
    expect(result).toEqual({ ok: true, error: null });
    expect(auth.authStore.getState()).toMatchObject({ loading: false, isAdmin: true });
    expect(await auth.authStore.getState().signOut()).toBe(true);
    expect(auth.authStore.getState()).toMatchObject({ session: null, isAdmin: false });
  });

  it('another tab signing in is picked up without a client in this tab', async () => {
    const { auth } = load();
    await auth.startAuth();
    localStorage.setItem('city-auth-token', JSON.stringify(adminSession));
    window.dispatchEvent(new StorageEvent('storage', { key: 'city-auth-token', newValue: localStorage.getItem('city-auth-token') }));
    await flush();
    await flush();
    expect(auth.authStore.getState()).toMatchObject({ isAdmin: true });
    auth.stopAuth();
  });

  it('if supabase-js cannot be downloaded, a stored session ends signed out rather than loading forever', async () => {
    localStorage.setItem('city-auth-token', JSON.stringify(adminSession));
    mockCreateClient.mockImplementation(() => {
      throw new Error('Loading chunk supabase failed');
    });
    const { auth } = load();
    await auth.startAuth();
    expect(auth.authStore.getState()).toMatchObject({ loading: false, session: null });
  });
});
