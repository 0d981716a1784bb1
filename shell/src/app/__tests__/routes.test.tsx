import { act, screen, within } from '@testing-library/react';
import { renderWithProviders } from '@city/shared/testing';
import { authStore, markPageContentShown } from '@city/shared';
import type { Session } from '@supabase/supabase-js';
import { Layout } from '../app';

jest.mock('../../remotes/load-remote', () => ({
  loadRemoteComponent: jest.fn(async (id: string) => () => <p>remote {id}</p>),
  forgetRemote: jest.fn(),
  remoteOf: (id: string) => id.split('/')[0],
}));

const session = (role?: string) =>
  ({
    access_token: 'a',
    refresh_token: 'r',
    user: { id: 'u', email: 'op@example.in', app_metadata: role ? { role } : {} },
  }) as unknown as Session;

const signIn = (role?: string) =>
  act(() => authStore.setState({ loading: false, session: session(role), user: session(role).user, isAdmin: role === 'admin' }));

describe('shell routes', () => {
  beforeEach(() => act(() => authStore.setState({ loading: false, session: null, user: null, isAdmin: false })));

  it('an unknown route shows the translated not-found page', async () => {
    await renderWithProviders(<Layout />, { route: '/no/such/page', language: 'hi' });
    expect(screen.getByRole('heading', { name: 'पेज नहीं मिला' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'मुख्य पृष्ठ पर जाएं' })).toHaveAttribute('href', '/');
  });

  it('the home page loads the directory and ads remotes', async () => {
    await renderWithProviders(<Layout />, { route: '/' });
    expect(await screen.findByText('remote mf_directory/Directory')).toBeInTheDocument();
    // The ads wait for the directory to say its content is on screen (then load + idle).
    act(() => markPageContentShown());
    expect(await screen.findByText('remote mf_ads/AdsPopup')).toBeInTheDocument();
    expect(screen.queryByText('remote mf_registration/RegistrationDialog')).toBeNull();
  });

  it('?register=1 opens the registration remote', async () => {
    await renderWithProviders(<Layout />, { route: '/?register=1' });
    expect(await screen.findByText('remote mf_registration/RegistrationDialog')).toBeInTheDocument();
  });

  it('a static page shows its title and the policy date in the current language', async () => {
    await renderWithProviders(<Layout />, { route: '/privacy-policy', language: 'hi' });
    expect(await screen.findByRole('heading', { level: 1, name: 'गोपनीयता नीति' })).toBeInTheDocument();
    expect(screen.getByText(/5 सितंबर 2025/)).toBeInTheDocument();
  });

  it('the admin link shows only to signed-in users', async () => {
    await renderWithProviders(<Layout />, { route: '/' });
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    signIn('admin');
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it("a provider's phone session links to My listing, is refused /admin and keeps the admin login form", async () => {
    const phone = {
      access_token: 'a',
      refresh_token: 'r',
      user: { id: 'p', phone: '919876543210', app_metadata: {} },
    } as unknown as Session;
    act(() => authStore.setState({ loading: false, session: phone, user: phone.user, isAdmin: false }));
    const { unmount } = await renderWithProviders(<Layout />, { route: '/admin' });
    expect(await screen.findByRole('heading', { name: 'Not authorised' })).toBeInTheDocument();
    expect(screen.queryByText('remote mf_admin/AdminPanel')).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'My listing' })).toHaveAttribute('href', '/my-listing');
    expect(within(nav).queryByRole('link', { name: 'Admin' })).toBeNull();
    unmount();
    await renderWithProviders(<Layout />, { route: '/admin-login' });
    expect(await screen.findByText('remote mf_admin/AdminLogin')).toBeInTheDocument();
  });

  it('/my-listing loads the registration remote, and the footer links to it', async () => {
    await renderWithProviders(<Layout />, { route: '/my-listing', language: 'hi' });
    expect(await screen.findByText('remote mf_registration/MyListing')).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'मेरी लिस्टिंग (सेवा देने वालों के लिए)' })).toHaveAttribute('href', '/my-listing');
  });

  it('/admin sends signed-out visitors to the login page', async () => {
    await renderWithProviders(<Layout />, { route: '/admin' });
    expect(await screen.findByText('remote mf_admin/AdminLogin')).toBeInTheDocument();
  });

  it('/admin refuses a signed-in user without the admin role, and admits an admin', async () => {
    signIn('editor');
    await renderWithProviders(<Layout />, { route: '/admin' });
    expect(screen.getByRole('heading', { name: 'Not authorised' })).toBeInTheDocument();
    signIn('admin');
    expect(await screen.findByText('remote mf_admin/AdminPanel')).toBeInTheDocument();
  });

  it('the footer shows the operator phone, policy links and social links', async () => {
    await renderWithProviders(<Layout />, { route: '/' });
    expect(screen.getByRole('link', { name: 'Call 9876543210' })).toHaveAttribute('href', 'tel:+919876543210');
    expect(screen.getByRole('heading', { name: 'Connect with us' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', 'https://facebook.com/example');
    expect(screen.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms-conditions');
    expect(screen.getByText('© 2025 City Services. All rights reserved.')).toBeInTheDocument();
  });
});
