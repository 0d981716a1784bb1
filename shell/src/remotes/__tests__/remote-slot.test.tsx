import { useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@city/shared/testing';
import { RemoteSlot } from '../remote-slot';
import { forgetRemote, loadRemoteComponent } from '../load-remote';

jest.mock('../load-remote', () => ({
  loadRemoteComponent: jest.fn(),
  forgetRemote: jest.fn(),
  remoteOf: (id: string) => id.split('/')[0],
}));

const load = loadRemoteComponent as jest.Mock;

describe('RemoteSlot', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows a translated fallback when the remote fails, and Retry really loads again', async () => {
    load.mockRejectedValueOnce(new Error('connection refused'));
    load.mockResolvedValueOnce(({ providerId }: { providerId: string }) => <p>profile {providerId}</p>);
    await renderWithProviders(<RemoteSlot id="mf_provider_profile/ProviderProfile" props={{ providerId: 'p1' }} />, { language: 'hi' });
    expect(await screen.findByRole('heading', { name: 'यह हिस्सा लोड नहीं हो सका' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'फिर से कोशिश करें' }));
    expect(await screen.findByText('profile p1')).toBeInTheDocument();
    expect(forgetRemote).toHaveBeenCalledWith('mf_provider_profile');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('catches a remote that throws while rendering', async () => {
    load.mockResolvedValueOnce(() => {
      throw new Error('boom');
    });
    await renderWithProviders(<RemoteSlot id="mf_directory/Directory" props={{ onOpenRegistration: () => undefined }} />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('renders nothing for a failed slot that asks for no message (the ads)', async () => {
    load.mockRejectedValueOnce(new Error('down'));
    const { container } = await renderWithProviders(<RemoteSlot id="mf_ads/AdsPopup" props={{}} onError="none" />);
    // Its error boundary has caught the failure (and reports it): what it shows now is final.
    await waitFor(() => expect(console.error).toHaveBeenCalledWith('[remote-slot]', expect.any(Error), expect.anything()));
    expect(container.querySelector('[data-remote-slot="mf_ads"]')?.textContent).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not redraw a remote when the shell re-renders with the same props, and does when they change', async () => {
    let renders = 0;
    load.mockResolvedValueOnce(({ providerId }: { providerId: string }) => {
      renders += 1;
      return <p>profile {providerId}</p>;
    });
    let setState: (next: { tick: number; id: string }) => void = () => undefined;
    function ShellPage() {
      const [state, set] = useState({ tick: 0, id: 'p1' });
      setState = set;
      // A new props object each render, as the shell's pages write them.
      return <RemoteSlot id="mf_provider_profile/ProviderProfile" props={{ providerId: state.id }} />;
    }
    await renderWithProviders(<ShellPage />);
    expect(await screen.findByText('profile p1')).toBeInTheDocument();
    const first = renders;
    act(() => setState({ tick: 1, id: 'p1' }));
    act(() => setState({ tick: 2, id: 'p1' }));
    expect(renders).toBe(first);
    act(() => setState({ tick: 3, id: 'p2' }));
    expect(await screen.findByText('profile p2')).toBeInTheDocument();
    expect(renders).toBe(first + 1);
  });
});
