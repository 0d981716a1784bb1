import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { renderWithProviders, setTestLanguage } from '@city/shared/testing';
import { i18n, type Language } from '@city/shared';
import { RemoteSlot } from '../remote-slot';
import { forgetRemote, loadRemoteComponent } from '../load-remote';
import { Layout } from '../../app/app';

jest.mock('../load-remote', () => ({
  loadRemoteComponent: jest.fn(),
  forgetRemote: jest.fn(),
  remoteOf: (id: string) => id.split('/')[0],
}));

const load = loadRemoteComponent as jest.Mock;
/** The fallback's strings in each language, failing if one is missing there (no fallback to English). */
function strings(lng: Language) {
  setTestLanguage(lng);
  const keys = ['failedTitle', 'failedBody', 'retry', 'close', 'loading'] as const;
  return Object.fromEntries(
    keys.map((k) => {
      const key = `remote.${k}` as const;
      expect([key, i18n.getResource(lng, 'common', key)]).toEqual([key, expect.any(String)]);
      return [k, i18n.getFixedT(lng)(key)];
    }),
  ) as Record<(typeof keys)[number], string>;
}
const STRINGS = { en: strings('en'), hi: strings('hi') };

// A remote the visitor opened by pressing something (the registration dialog) that cannot load:
// the fallback shows where they acted, in a dialog, not in the slot far down the page.
describe('RemoteSlot onError="dialog"', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    load.mockReset();
    (forgetRemote as jest.Mock).mockReset();
  });
  afterEach(() => jest.restoreAllMocks());

  it.each(['hi', 'en'] as Language[])('%s: a dialog with the translated message, focus on Retry, and a close button', async (language) => {
    const s = STRINGS[language];
    load.mockRejectedValue(new Error('connection refused'));
    const onDismiss = jest.fn();
    await renderWithProviders(
      <RemoteSlot
        id="mf_registration/RegistrationDialog"
        props={{ open: true, onClose: () => undefined }}
        loading={null}
        onError="dialog"
        onDismiss={onDismiss}
      />,
      { language },
    );
    const dialog = await screen.findByRole('dialog', { name: s.failedTitle });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(s.failedBody);
    const retry = within(dialog).getByRole('button', { name: s.retry });
    await waitFor(() => expect(retry).toHaveFocus());
    fireEvent.click(within(dialog).getByRole('button', { name: s.close }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
    // Escape: the native dialog's cancel event.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onDismiss).toHaveBeenCalledTimes(2);
  });

  it('Retry forgets the cached remote, keeps a dialog up while loading, then shows the remote', async () => {
    load.mockRejectedValueOnce(new Error('down'));
    let arrive!: (component: unknown) => void;
    load.mockReturnValueOnce(new Promise((resolve) => (arrive = resolve)));
    await renderWithProviders(
      <RemoteSlot
        id="mf_registration/RegistrationDialog"
        props={{ open: true, onClose: () => undefined }}
        loading={null}
        onError="dialog"
        onDismiss={() => undefined}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: STRINGS.en.retry }));
    expect(forgetRemote).toHaveBeenCalledWith('mf_registration');
    const busy = await screen.findByRole('dialog', { name: STRINGS.en.failedTitle });
    expect(within(busy).getByRole('status')).toHaveTextContent(STRINGS.en.loading);
    expect(within(busy).queryByRole('button', { name: STRINGS.en.retry })).toBeNull();
    await act(async () => arrive(() => <form aria-label="registration form" />));
    expect(await screen.findByRole('form', { name: 'registration form' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a Retry that fails again shows the dialog again, Retry focused', async () => {
    load.mockRejectedValue(new Error('still down'));
    await renderWithProviders(
      <RemoteSlot
        id="mf_registration/RegistrationDialog"
        props={{ open: true, onClose: () => undefined }}
        loading={null}
        onError="dialog"
        onDismiss={() => undefined}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: STRINGS.en.retry }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByRole('button', { name: STRINGS.en.retry })).toHaveFocus());
  });
});

describe('the home page when the registration remote cannot load', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  function Url() {
    const { search } = useLocation();
    return <output data-testid="url">{search}</output>;
  }

  it('?register=1 shows the fallback dialog; closing it clears the parameter', async () => {
    load.mockReset();
    load.mockImplementation(async (id: string) => {
      if (id === 'mf_registration/RegistrationDialog') throw new Error('down');
      return () => <p>remote {id}</p>;
    });
    await renderWithProviders(
      <>
        <Layout />
        <Url />
      </>,
      { route: '/?category=plumber&register=1', language: 'hi' },
    );
    const dialog = await screen.findByRole('dialog', { name: STRINGS.hi.failedTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: STRINGS.hi.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('url')).toHaveTextContent(/^\?category=plumber$/);
  });
});
