import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@city/shared/testing';
import * as shared from '@city/shared';
import { ContactActions } from '../contact-actions';
import { PROVIDER_ID, currentToast, provider, stopLinkNavigation } from '../../__tests__/fixtures';

jest.mock('@city/shared', () => ({ ...jest.requireActual('@city/shared'), trackClick: jest.fn() }));
const api = jest.mocked(shared);
stopLinkNavigation();

const url = `http://localhost/provider/${PROVIDER_ID}`;

function setNavigator(props: { share?: unknown; clipboard?: unknown }) {
  for (const [key, value] of Object.entries(props)) {
    Object.defineProperty(navigator, key, { value, configurable: true, writable: true });
  }
}

beforeEach(() => {
  jest.clearAllMocks();
  shared.toastStore.getState().dismiss();
  setNavigator({ share: undefined, clipboard: undefined });
});

describe('ContactActions', () => {
  it('calls the mobile number and records a call click', async () => {
    await renderWithProviders(<ContactActions provider={provider()} />, { language: 'en' });
    const call = screen.getByRole('link', { name: /Call 9876543210/ });
    expect(call).toHaveAttribute('href', 'tel:+919876543210');
    await userEvent.click(call);
    expect(api.trackClick).toHaveBeenCalledWith(PROVIDER_ID, 'call');
  });

  it('opens the chat app with the 91 prefix in a new tab and records a chat click', async () => {
    await renderWithProviders(<ContactActions provider={provider()} />, { language: 'hi' });
    const chat = screen.getByRole('link', { name: /व्हाट्सऐप/ });
    // Pre-filled in the visitor's language, with the product's name.
    expect(chat).toHaveAttribute(
      'href',
      `https://wa.me/919876543210?text=${encodeURIComponent('नमस्ते, शहर सेवा पर आपकी लिस्टिंग देखी। क्या आप मेरी मदद कर सकते हैं?')}`,
    );
    expect(chat).toHaveAttribute('target', '_blank');
    expect(chat).toHaveAttribute('rel', expect.stringContaining('noopener'));
    await userEvent.click(chat);
    expect(api.trackClick).toHaveBeenCalledWith(PROVIDER_ID, 'whatsapp');
  });

  it('pre-fills the chat message in English on an English page', async () => {
    await renderWithProviders(<ContactActions provider={provider()} />, { language: 'en' });
    const chat = screen.getByRole('link', { name: /WhatsApp/ });
    expect(new URL(chat.getAttribute('href')!).searchParams.get('text')).toBe(
      'Hello, I saw your listing on City Services. Can you help me?',
    );
  });

  it('shares with the Web Share API: the share text and the profile URL', async () => {
    const share = jest.fn().mockResolvedValue(undefined);
    const writeText = jest.fn();
    setNavigator({ share, clipboard: { writeText } });
    await renderWithProviders(<ContactActions provider={provider()} />, { language: 'en' });
    await userEvent.click(screen.getByRole('button', { name: /Share/ }));
    expect(share).toHaveBeenCalledWith({ title: 'Ramesh Kumar', text: 'Check out this service provider: Ramesh Kumar', url });
    expect(writeText).not.toHaveBeenCalled();
    expect(currentToast()).toBeUndefined();
  });

  it('without the Share API shows the link with a copy button that stays until used (en)', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    setNavigator({ clipboard: { writeText } });
    await renderWithProviders(<ContactActions provider={provider()} />, { language: 'en' });
    await userEvent.click(screen.getByRole('button', { name: /Share/ }));
    const field = await screen.findByRole('textbox', { name: 'Link to this profile' });
    expect(field).toHaveValue(url);
    expect(writeText).not.toHaveBeenCalled();
    expect(currentToast()).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(url);
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Link Copied!', description: url, variant: 'default' }));
    expect(screen.queryByTestId('share-panel')).toBeNull();
  });

  it('the link panel closes with its close button, focus back on Share (hi)', async () => {
    await renderWithProviders(<ContactActions provider={provider()} />, { language: 'hi' });
    await userEvent.click(screen.getByRole('button', { name: /शेयर करें/ }));
    expect(await screen.findByRole('textbox', { name: 'इस प्रोफ़ाइल का लिंक' })).toHaveValue(url);
    await userEvent.click(screen.getByRole('button', { name: 'बंद करें' }));
    expect(screen.queryByTestId('share-panel')).toBeNull();
    expect(screen.getByRole('button', { name: /शेयर करें/ })).toHaveFocus();
  });

  it('does nothing more when the visitor cancels the share sheet', async () => {
    const share = jest.fn().mockRejectedValue(Object.assign(new Error('cancelled'), { name: 'AbortError' }));
    const writeText = jest.fn();
    setNavigator({ share, clipboard: { writeText } });
    await renderWithProviders(<ContactActions provider={provider()} />, { language: 'en' });
    await userEvent.click(screen.getByRole('button', { name: /Share/ }));
    await waitFor(() => expect(share).toHaveBeenCalled());
    expect(writeText).not.toHaveBeenCalled();
    expect(currentToast()).toBeUndefined();
  });

  it('when copying is refused, the link stays with a message to copy it by hand', async () => {
    setNavigator({ clipboard: { writeText: jest.fn().mockRejectedValue(new Error('denied')) } });
    await renderWithProviders(<ContactActions provider={provider()} />, { language: 'hi' });
    await userEvent.click(screen.getByRole('button', { name: /शेयर करें/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'लिंक कॉपी करें' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/लिंक कॉपी नहीं हो सका/);
    expect(screen.getByRole('textbox', { name: 'इस प्रोफ़ाइल का लिंक' })).toHaveValue(url);
    expect(currentToast()).toBeUndefined();
  });
});
