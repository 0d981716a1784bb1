import { fireEvent, screen } from '@testing-library/react';
import { ensureNamespaces } from '@city/shared';
import { renderWithProviders } from '@city/shared/testing';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { loadRemoteComponent, RemoteLoadError } from '../load-remote';
import { RemoteSlot } from '../remote-slot';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
  preloadRemote: jest.fn(),
}));
// The real @city/shared but for the download of the namespaces, held or failed by each test.
jest.mock('@city/shared', () => ({ ...jest.requireActual<object>('@city/shared'), ensureNamespaces: jest.fn() }));

const remote = loadRemote as jest.Mock;
const namespaces = ensureNamespaces as jest.MockedFunction<typeof ensureNamespaces>;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const Profile = ({ providerId }: { providerId: string }) => <p>profile {providerId}</p>;

beforeEach(() => {
  remote.mockReset();
  namespaces.mockReset();
});

describe('loadRemoteComponent', () => {
  it('asks for the code and the namespaces at once, and resolves when both are in', async () => {
    const strings = deferred<void>();
    namespaces.mockReturnValueOnce(strings.promise);
    remote.mockResolvedValueOnce({ default: Profile });
    let loaded = false;
    const loading = loadRemoteComponent('mf_provider_profile/ProviderProfile').then((c) => {
      loaded = true;
      return c;
    });
    // Both requests are out before either answers: no extra round trip.
    expect(remote).toHaveBeenCalledWith('mf_provider_profile/ProviderProfile');
    expect(namespaces).toHaveBeenCalledWith(['profile']);
    await new Promise((r) => setTimeout(r, 10));
    expect(loaded).toBe(false); // the code is in, the strings are not
    strings.resolve();
    expect(await loading).toBe(Profile);
  });

  it('fails with a RemoteLoadError when the namespaces cannot be downloaded, even if the code is in', async () => {
    namespaces.mockRejectedValueOnce(new Error('Loading chunk i18n-hi-profile failed'));
    remote.mockResolvedValueOnce({ default: Profile });
    const error = await loadRemoteComponent('mf_provider_profile/ProviderProfile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteLoadError);
    expect((error as RemoteLoadError).remote).toBe('mf_provider_profile');
    expect((error as Error).message).toMatch(/i18n-hi-profile/);
  });

  it('fails with a RemoteLoadError when the code cannot be loaded', async () => {
    namespaces.mockResolvedValueOnce(undefined);
    remote.mockRejectedValueOnce(new Error('connection refused'));
    await expect(loadRemoteComponent('mf_admin/AdminLogin')).rejects.toBeInstanceOf(RemoteLoadError);
    expect(namespaces).toHaveBeenCalledWith(['admin']);
  });
});

describe('RemoteSlot with a namespace that fails to download', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows the translated fallback, and Retry asks for the namespace again', async () => {
    remote.mockResolvedValue({ default: Profile });
    namespaces.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(undefined);
    await renderWithProviders(<RemoteSlot id="mf_provider_profile/ProviderProfile" props={{ providerId: 'p1' }} />, { language: 'hi' });
    expect(await screen.findByRole('heading', { name: 'यह हिस्सा लोड नहीं हो सका' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'फिर से कोशिश करें' }));
    expect(await screen.findByText('profile p1')).toBeInTheDocument();
    expect(namespaces).toHaveBeenCalledTimes(2);
  });
});
