import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@city/shared/testing';
import { authStore, toastStore, type SignInResult } from '@city/shared';
import AdminLogin from '../../admin-login';

const realSignIn = authStore.getState().signIn;
let signIn: jest.Mock<Promise<SignInResult>, [string, string, { toasts?: boolean }?]>;

function lastToast() {
  return toastStore.getState().toasts[0];
}

async function renderLogin(language: 'en' | 'hi' = 'en') {
  const onSignedIn = jest.fn();
  const user = userEvent.setup();
  await renderWithProviders(<AdminLogin onSignedIn={onSignedIn} />, { language });
  return { user, onSignedIn };
}

const email = () => screen.getByLabelText('E-mail');
const password = () => screen.getByLabelText('Password');

beforeEach(() => {
  signIn = jest.fn();
  // What the auth context holds once an admin's sign-in succeeded.
  act(() => authStore.setState({ signIn, isAdmin: true }));
  act(() => toastStore.getState().dismiss());
});

afterAll(() => authStore.setState({ signIn: realSignIn, isAdmin: false }));

describe('AdminLogin', () => {
  it('shows a titled form with labelled, required e-mail and password fields', async () => {
    await renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(email()).toHaveAttribute('type', 'email');
    expect(email()).toBeRequired();
    expect(password()).toHaveAttribute('type', 'password');
    expect(password()).toBeRequired();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('is in Hindi when the site is', async () => {
    await renderLogin('hi');
    expect(screen.getByRole('heading', { level: 1, name: 'एडमिन लॉगिन' })).toBeInTheDocument();
    expect(screen.getByLabelText('ई-मेल')).toBeInTheDocument();
    expect(screen.getByLabelText('पासवर्ड')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'लॉगिन' })).toBeInTheDocument();
  });

  it('empty fields: both messages beside the fields, an Error toast, focus on the e-mail, no sign-in', async () => {
    const { user, onSignedIn } = await renderLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(email()).toHaveAccessibleDescription('Please enter your e-mail address.');
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(password()).toHaveAccessibleDescription('Please enter your password.');
    expect(email()).toHaveFocus();
    expect(lastToast()).toMatchObject({ title: 'Error', description: 'Please enter your e-mail address.', variant: 'destructive' });
    expect(signIn).not.toHaveBeenCalled();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('a malformed e-mail is refused with its own message; typing clears it', async () => {
    const { user } = await renderLogin();
    await user.type(email(), 'admin.example.com');
    await user.type(password(), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(email()).toHaveAccessibleDescription('Please enter a valid e-mail address, like name@example.com.');
    expect(password()).not.toHaveAttribute('aria-invalid');
    expect(signIn).not.toHaveBeenCalled();
    await user.type(email(), 'x');
    expect(email()).not.toHaveAttribute('aria-invalid');
  });

  it("says 'Logging in...' while the server answers and does not send twice", async () => {
    let resolve!: (r: SignInResult) => void;
    signIn.mockReturnValue(new Promise((r) => (resolve = r)));
    const { user, onSignedIn } = await renderLogin();
    await user.type(email(), 'op@example.in');
    await user.type(password(), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const busy = screen.getByRole('button', { name: 'Logging in...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveFocus();
    await user.click(busy);
    expect(signIn).toHaveBeenCalledTimes(1);
    await act(async () => resolve({ ok: true, error: null }));
    expect(onSignedIn).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Login' })).not.toHaveAttribute('aria-disabled');
  });

  it("success: signs in without the auth context's toasts, says 'Login Successful' / 'Welcome back, Admin!', then leaves", async () => {
    signIn.mockResolvedValue({ ok: true, error: null });
    const { user, onSignedIn } = await renderLogin();
    await user.type(email(), '  op@example.in ');
    await user.type(password(), 'correct horse');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(signIn).toHaveBeenCalledWith('op@example.in', 'correct horse', { toasts: false });
    expect(lastToast()).toMatchObject({ title: 'Login Successful', description: 'Welcome back, Admin!', variant: 'default' });
  });

  it('a signed-in user without the admin role is not welcomed as an admin', async () => {
    signIn.mockImplementation(async () => {
      authStore.setState({ isAdmin: false });
      return { ok: true, error: null };
    });
    const { user, onSignedIn } = await renderLogin();
    await user.type(email(), 'editor@example.in');
    await user.type(password(), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(lastToast()).toMatchObject({
      title: 'Not authorised',
      description: 'This account is not an admin account.',
      variant: 'destructive',
    });
  });

  it("wrong credentials: 'Login Failed' with the server's message, password cleared and focused, still on the form", async () => {
    signIn.mockResolvedValue({ ok: false, error: 'Invalid login credentials' });
    const { user, onSignedIn } = await renderLogin();
    await user.type(email(), 'op@example.in');
    await user.type(password(), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Login Failed', description: 'Invalid login credentials', variant: 'destructive' }),
    );
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(password()).toHaveValue('');
    expect(password()).toHaveFocus();
    expect(email()).toHaveValue('op@example.in');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('in Hindi the known server message is translated; an unknown one is shown as the server wrote it', async () => {
    signIn.mockResolvedValueOnce({ ok: false, error: 'Invalid login credentials' });
    const { user } = await renderLogin('hi');
    await user.type(screen.getByLabelText('ई-मेल'), 'op@example.in');
    await user.type(screen.getByLabelText('पासवर्ड'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'लॉगिन' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'लॉगिन नहीं हो सका', description: 'ई-मेल या पासवर्ड गलत है' }));
    signIn.mockResolvedValueOnce({ ok: false, error: 'Email not confirmed' });
    await user.type(screen.getByLabelText('पासवर्ड'), 'again');
    await user.click(screen.getByRole('button', { name: 'लॉगिन' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'लॉगिन नहीं हो सका', description: 'Email not confirmed' }));
  });

  it("no connection: a translated message instead of the browser's", async () => {
    signIn.mockResolvedValue({ ok: false, error: 'Failed to fetch' });
    const { user } = await renderLogin();
    await user.type(email(), 'op@example.in');
    await user.type(password(), 'x');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Login Failed',
        description: 'The server could not be reached. Please check your internet connection and try again.',
      }),
    );
  });

  it('too many failed attempts (the server answers 429): a translated wait message, in both languages', async () => {
    signIn.mockResolvedValue({ ok: false, error: 'Request rate limit reached: too many failed sign-ins. Try again in 840 s.' });
    const { user } = await renderLogin();
    await user.type(email(), 'op@example.in');
    await user.type(password(), 'x');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Login Failed',
        description: 'Too many failed attempts. Please wait 15 minutes and try again.',
      }),
    );
  });

  it('too many failed attempts, in Hindi', async () => {
    signIn.mockResolvedValue({ ok: false, error: 'Request rate limit reached' });
    const { user } = await renderLogin('hi');
    await user.type(screen.getByLabelText('ई-मेल'), 'op@example.in');
    await user.type(screen.getByLabelText('पासवर्ड'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'लॉगिन' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ description: 'बहुत बार गलत कोशिश हुई। कृपया 15 मिनट रुककर फिर से कोशिश करें।' }));
  });
});
