import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { addNamespace, type Language, type NamespaceStrings } from '@city/shared';
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
  it("resolves with the remote's code (its strings are added by it)", async () => {
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

// A remote whose code adds its namespace when it loads: Hindi inside, English a chunk of its own.
const addDemo = addNamespace as unknown as (ns: string, resources: Record<Language, NamespaceStrings<object>>) => void;
function greetingRemote(ns: string, english: () => Promise<{ default: { greeting: string } }>) {
  const Greeting = () => {
    const { t } = useTranslation();
    return <p>{(t as unknown as (key: string) => string)(`${ns}:greeting`)}</p>;
  };
  return async () => {
    addDemo(ns, { hi: { greeting: 'नमस्ते' }, en: english });
    return { default: Greeting };
  };
}

describe("a remote's strings for the page's language", () => {
  it('on an English page, the remote renders once its English chunk is in: never a key', async () => {
    let release!: () => void;
    const english = jest.fn(
      () => new Promise<{ default: { greeting: string } }>((r) => (release = () => r({ default: { greeting: 'Hello' } }))),
    );
    remote.mockImplementationOnce(greetingRemote('demoEn', english));
    await renderWithProviders(<RemoteSlot id="mf_provider_profile/ProviderProfile" props={{ providerId: 'p1' }} />, { language: 'en' });
    // The remote's code is in (it asked for its English), its English is not.
    await waitFor(() => expect(english).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByText(/greeting/)).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('Hello')).toBeInTheDocument();
  });

  it('on a Hindi page, the English chunk is not downloaded', async () => {
    const english = jest.fn(async () => ({ default: { greeting: 'Hello' } }));
    remote.mockImplementationOnce(greetingRemote('demoHi', english));
    await renderWithProviders(<RemoteSlot id="mf_provider_profile/ProviderProfile" props={{ providerId: 'p1' }} />, { language: 'hi' });
    expect(await screen.findByText('नमस्ते')).toBeInTheDocument();
    expect(english).not.toHaveBeenCalled();
  });

  it("fails with a RemoteLoadError (the slot's Retry) when its English cannot be downloaded", async () => {
    remote.mockImplementationOnce(greetingRemote('demoOffline', () => Promise.reject(new Error('offline'))));
    await renderWithProviders(<p />, { language: 'en' });
    const error = await loadRemoteComponent('mf_provider_profile/ProviderProfile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteLoadError);
    expect((error as Error).message).toMatch(/offline/);
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
