import { fireEvent, screen } from '@testing-library/react';
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

const remote = loadRemote as jest.Mock;

const Profile = ({ providerId }: { providerId: string }) => <p>profile {providerId}</p>;

// What the federation runtime throws when a remote was built against an incompatible
// @city/shared (singleton, strictVersion): the remote's code is refused before it runs.
const incompatible = () =>
  new Error(
    '[ Federation Runtime ]: Version 2.0.0 from shell of shared singleton module @city/shared does not satisfy the requirement of mf_provider_profile which needs ^3.0.0)',
  );

beforeEach(() => remote.mockReset());

describe('loadRemoteComponent', () => {
  it("resolves with the remote's code alone: its strings come inside it", async () => {
    remote.mockResolvedValueOnce({ default: Profile });
    expect(await loadRemoteComponent('mf_provider_profile/ProviderProfile')).toBe(Profile);
    expect(remote).toHaveBeenCalledTimes(1);
    expect(remote).toHaveBeenCalledWith('mf_provider_profile/ProviderProfile');
  });

  it('fails with a RemoteLoadError when the code cannot be loaded', async () => {
    remote.mockRejectedValueOnce(new Error('connection refused'));
    const error = await loadRemoteComponent('mf_admin/AdminLogin').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteLoadError);
    expect((error as RemoteLoadError).remote).toBe('mf_admin');
  });

  it('fails with a RemoteLoadError when the runtime refuses an incompatible @city/shared', async () => {
    remote.mockRejectedValueOnce(incompatible());
    const error = await loadRemoteComponent('mf_provider_profile/ProviderProfile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteLoadError);
    expect((error as Error).message).toMatch(/@city\/shared.*\^3\.0\.0/);
  });
});

describe('RemoteSlot with a remote built against an incompatible @city/shared', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows the translated fallback, never a crash, and Retry loads again (a fixed deployment)', async () => {
    remote.mockRejectedValueOnce(incompatible()).mockResolvedValueOnce({ default: Profile });
    await renderWithProviders(<RemoteSlot id="mf_provider_profile/ProviderProfile" props={{ providerId: 'p1' }} />, { language: 'hi' });
    expect(await screen.findByRole('heading', { name: 'यह हिस्सा लोड नहीं हो सका' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'फिर से कोशिश करें' }));
    expect(await screen.findByText('profile p1')).toBeInTheDocument();
    expect(remote).toHaveBeenCalledTimes(2);
  });
});
