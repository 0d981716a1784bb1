import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Session } from '@supabase/supabase-js';
import { renderWithProviders } from '@city/shared/testing';
import { authStore, toastStore } from '@city/shared';
import { forgetSession, registerProvider, sendCode, verifyCode, type RegistrationResult } from '../api';
import RegistrationDialog from '../registration-dialog';
import { clearRegistrationDraft, REGISTRATION_DRAFT_KEY, REGISTRATION_SERVE_DRAFT_KEY } from '../utils/registration-draft';

jest.mock('../api', () => ({
  ...jest.requireActual('../api'),
  registerProvider: jest.fn(),
  sendCode: jest.fn(),
  verifyCode: jest.fn(),
  forgetSession: jest.fn(),
}));

const registerMock = registerProvider as jest.MockedFunction<typeof registerProvider>;
const sendCodeMock = jest.mocked(sendCode);
const verifyCodeMock = jest.mocked(verifyCode);
const forgetMock = jest.mocked(forgetSession);

let tokens = 0;
/** The page's auth context with a phone session (what GoTrue gives after the code), or none. */
function signedInAs(phone: string | null) {
  tokens += 1;
  const session = phone
    ? ({ access_token: `token-${tokens}`, refresh_token: 'r', user: { id: `u-${phone}`, phone, app_metadata: {} } } as unknown as Session)
    : null;
  act(() => authStore.setState({ loading: false, session, user: session?.user ?? null, isAdmin: false }));
}

function lastToast() {
  return toastStore.getState().toasts[0];
}

async function renderDialog(language: 'en' | 'hi' = 'en') {
  const onClose = jest.fn();
  const user = userEvent.setup();
  await renderWithProviders(<RegistrationDialog open onClose={onClose} />, { language });
  return { user, onClose };
}

type User = ReturnType<typeof userEvent.setup>;

/** Pastes into a field (one event per field keeps these tests fast on a busy machine). */
async function enter(user: User, label: RegExp, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

async function fillValidForm(user: User) {
  await enter(user, /^Full name/, 'Ramesh Kumar');
  await enter(user, /^Business name/, 'Kumar Plumbing');
  await user.selectOptions(screen.getByLabelText(/^Service category/), 'plumber');
  await enter(user, /^Specialisation/, 'Geyser repair');
  await enter(user, /^Aadhaar number/, '2341 2341 2346');
  await enter(user, /^Experience/, '7');
  await enter(user, /^Address/, 'Station Road, Ward 4');
  await user.click(screen.getByLabelText(/I agree to the Terms/));
}

const NO_CONTACT = "No phone numbers or links here, please. Customers reach you on your listing's mobile number.";

const submitButton = () => screen.getByRole('button', { name: 'Register for free' });

/** The dialog's thanks once saved: the operator's check, and /my-listing to follow it. */
const successLink = () => screen.findByRole('link', { name: 'Go to My listing' });

let openSpy: jest.SpyInstance;

beforeEach(() => {
  clearRegistrationDraft();
  jest.clearAllMocks();
  registerMock.mockReset();
  signedInAs('919876543210');
  toastStore.getState().dismiss();
  openSpy = jest.spyOn(window, 'open').mockImplementation(() => null);
});

afterEach(() => {
  openSpy.mockRestore();
});

describe('RegistrationDialog', () => {
  it('shows a labelled form in a titled dialog, in Hindi by language', async () => {
    await renderDialog('hi');
    expect(screen.getByRole('heading', { name: 'मुफ़्त रजिस्ट्रेशन' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^पूरा नाम/)).toBeRequired();
    // The signed-in number, shown and not typed.
    expect(screen.getByLabelText(/^मोबाइल नंबर/)).toHaveValue('+91 98765 43210');
    expect(screen.getByLabelText(/^मोबाइल नंबर/)).toHaveAttribute('readonly');
    expect(screen.getByRole('link', { name: /नियम और शर्तें पढ़ें/ })).toHaveAttribute('href', '/terms-conditions');
    expect(screen.getByRole('button', { name: 'मुफ़्त रजिस्टर करें' })).toBeEnabled();
  });

  it.each([
    ['en', /^Service category/],
    ['hi', /^सेवा की श्रेणी/],
  ] as const)(
    '(%s) opened from a category list starts with that category chosen; an unknown id chooses nothing',
    async (language, label) => {
      const first = await renderWithProviders(<RegistrationDialog open onClose={() => undefined} category="gym" />, { language });
      expect(screen.getByLabelText(label)).toHaveValue('gym');
      first.unmount();
      clearRegistrationDraft();
      await renderWithProviders(<RegistrationDialog open onClose={() => undefined} category="nonsense" />, { language });
      expect(screen.getByLabelText(label)).toHaveValue('');
    },
  );

  it('lists every catalogue category and Other, which opens a required text field', async () => {
    const { user } = await renderDialog();
    const select = screen.getByLabelText(/^Service category/);
    expect(within(select).getByRole('option', { name: '🔧 Plumber' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Your service name/)).not.toBeInTheDocument();
    await user.selectOptions(select, 'other');
    expect(screen.getByLabelText(/^Your service name/)).toBeRequired();
  });

  it('on an empty submit shows each required error beside its field and an Error toast, and stores nothing', async () => {
    const { user, onClose } = await renderDialog();
    await user.click(submitButton());

    expect(screen.getByLabelText(/^Full name/)).toHaveAccessibleDescription('Please enter your name.');
    expect(screen.getByLabelText(/^Service category/)).toHaveAccessibleDescription('Please choose a category.');
    expect(screen.getByLabelText(/^Experience/)).toHaveAccessibleDescription('Please enter your experience in years.');
    expect(screen.getByLabelText(/^Address/)).toHaveAccessibleDescription('Please enter your address.');
    expect(screen.getByLabelText(/I agree to the Terms/)).toHaveAccessibleDescription('You must agree to Terms & Conditions.');
    expect(screen.getByLabelText(/^Full name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Full name/)).toHaveFocus();
    expect(lastToast()).toMatchObject({ title: 'Error', description: 'Please enter your name.', variant: 'destructive' });
    expect(registerMock).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it.each([
    ['Aadhaar', /^Aadhaar number/, '1234', 'Aadhar number must be 12 digits.'],
    ['Aadhaar check digit', /^Aadhaar number/, '2341 2341 2345', 'This Aadhaar number is not valid. Please check it.'],
    ['Aadhaar first digit', /^Aadhaar number/, '1234 1234 1234', 'This Aadhaar number is not valid. Please check it.'],
  ])('rejects a bad %s with its message beside the field and in the toast', async (_name, label, bad, message) => {
    const { user } = await renderDialog();
    await fillValidForm(user);
    const input = screen.getByLabelText(label);
    await user.clear(input);
    await user.paste(bad);
    await user.click(submitButton());
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(input).toHaveFocus();
    expect(lastToast()).toMatchObject({ title: 'Error', description: message, variant: 'destructive' });
    expect(registerMock).not.toHaveBeenCalled();
  });

  it('says in Hindi when a 12-digit Aadhaar number is not valid', async () => {
    const { user } = await renderDialog('hi');
    const input = screen.getByLabelText(/^आधार नंबर/);
    await user.click(input);
    await user.paste('2341 2341 2345');
    await user.click(screen.getByRole('button', { name: 'मुफ़्त रजिस्टर करें' }));
    expect(input).toHaveAccessibleDescription(expect.stringContaining('यह आधार नंबर सही नहीं है। कृपया जाँच लें।'));
    expect(registerMock).not.toHaveBeenCalled();
  });

  it('treats a name and an address made only of invisible characters as missing', async () => {
    const { user } = await renderDialog();
    await fillValidForm(user);
    for (const label of [/^Full name/, /^Address/]) {
      await user.clear(screen.getByLabelText(label));
      await enter(user, label, '\u200B\u00A0\u2060\u00AD\u202E');
    }
    await user.click(submitButton());
    expect(screen.getByLabelText(/^Full name/)).toHaveAccessibleDescription('Please enter your name.');
    expect(screen.getByLabelText(/^Address/)).toHaveAccessibleDescription('Please enter your address.');
    expect(lastToast()).toMatchObject({ title: 'Error', description: 'Please enter your name.', variant: 'destructive' });
    expect(registerMock).not.toHaveBeenCalled();
  });

  it('sends text without bidi overrides or control characters', async () => {
    registerMock.mockResolvedValue({ ok: true, id: 'new-id' });
    const { user } = await renderDialog();
    await fillValidForm(user);
    await user.clear(screen.getByLabelText(/^Full name/));
    await enter(user, /^Full name/, '\u202ERamesh\u202C Ku\u0007mar');
    await user.click(submitButton());
    await successLink();
    expect(registerMock).toHaveBeenCalledWith(expect.objectContaining({ name: 'Ramesh Kumar' }));
  });

  it("requires the service name when the category is 'Other'", async () => {
    const { user } = await renderDialog();
    await fillValidForm(user);
    await user.selectOptions(screen.getByLabelText(/^Service category/), 'other');
    await enter(user, /^Your service name/, '   ');
    await user.click(submitButton());
    expect(lastToast()).toMatchObject({ description: "Please enter the service name for 'Other'." });
    expect(screen.getByLabelText(/^Your service name/)).toHaveFocus();
    expect(registerMock).not.toHaveBeenCalled();
  });

  it('requires the terms box', async () => {
    const { user } = await renderDialog();
    await fillValidForm(user);
    await user.click(screen.getByLabelText(/I agree to the Terms/));
    await user.click(submitButton());
    expect(lastToast()).toMatchObject({ title: 'Error', description: 'You must agree to Terms & Conditions.' });
    expect(registerMock).not.toHaveBeenCalled();
  });

  it('clears a field’s error once it is edited', async () => {
    const { user } = await renderDialog();
    await user.click(submitButton());
    await user.type(screen.getByLabelText(/^Full name/), 'R');
    expect(screen.getByLabelText(/^Full name/)).not.toHaveAttribute('aria-invalid');
    // The Error toast may still say it; the field itself no longer does.
    const besideField = screen.queryAllByText('Please enter your name.').filter((el) => !el.closest('[data-testid="toast"]'));
    expect(besideField).toHaveLength(0);
  });

  it('registers, says the listing waits for the operator and links to My listing, opens the operator chat message, closes on Done', async () => {
    registerMock.mockResolvedValue({ ok: true, id: 'new-id' });
    const { user, onClose } = await renderDialog();
    await fillValidForm(user);
    await user.click(submitButton());

    const link = await successLink();
    expect(link).toHaveAttribute('href', '/my-listing');
    const dialog = screen.getByRole('dialog', { name: 'Registration received' });
    const body = within(dialog).getByText(/will appear in the directory after the operator checks it/);
    expect(body).toHaveFocus();
    expect(within(dialog).getByText(/sign in there with your mobile number/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Full name/)).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(registerMock).toHaveBeenCalledWith({
      name: 'Ramesh Kumar',
      businessName: 'Kumar Plumbing',
      mobile: '9876543210',
      category: '🔧 प्लंबर',
      specialistIn: 'Geyser repair',
      aadhaar: '234123412346',
      experience: 7,
      address: 'Station Road, Ward 4',
    });
    expect(lastToast()).toMatchObject({
      title: 'Registration Successful',
      description: "Your details are saved. The listing appears after the operator's check.",
      variant: 'default',
    });
    expect(openSpy).toHaveBeenCalledTimes(1);
    const [url, target, features] = openSpy.mock.calls[0] as [string, string, string];
    expect(target).toBe('_blank');
    expect(features).toBe('noopener');
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe('https://wa.me/919876543210');
    expect(parsed.searchParams.get('text')!.split('\n')).toEqual([
      'New Service Provider Registration',
      'Name: Ramesh Kumar',
      'Business: Kumar Plumbing',
      'Mobile: 9876543210',
      'Category: 🔧 Plumber',
      'Specialty: Geyser repair',
      'Aadhar: XXXX-XXXX-2346',
      'Experience: 7 years',
      'Address: Station Road, Ward 4',
      'I agree to the Terms & Conditions and confirm that I am 18 years or older.',
    ]);
    expect(url).not.toContain('234123412346');
  });

  it('keeps what was typed and shows registrationErrorDesc when saving fails', async () => {
    registerMock.mockResolvedValue({ ok: false, reason: 'unknown', message: 'boom' });
    const { user, onClose } = await renderDialog();
    await fillValidForm(user);
    await user.click(submitButton());

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Error',
        description: 'Something went wrong while saving. Please try again.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('Ramesh Kumar');
    expect(screen.getByLabelText(/^Mobile number/)).toHaveValue('+91 98765 43210');
    expect(screen.getByLabelText(/^Service category/)).toHaveValue('plumber');
    expect(screen.getByLabelText(/^Experience/)).toHaveValue(7);
    expect(screen.getByLabelText(/I agree to the Terms/)).toBeChecked();
    expect(submitButton()).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
    expect(openSpy).not.toHaveBeenCalled();
  });

  it.each<[RegistrationResult, string]>([
    [
      { ok: false, reason: 'rate-limited', message: '429', retryAfterSeconds: null },
      'Too many attempts. Please wait a few minutes and try again.',
    ],
    [
      { ok: false, reason: 'rate-limited', message: 'PT429', retryAfterSeconds: 1200 },
      'Too many attempts. Please try again in 20 minutes.',
    ],
    [
      { ok: false, reason: 'network', message: 'Failed to fetch' },
      'Could not reach the server. Please check your internet connection and try again.',
    ],
  ])('explains a %o failure', async (result, description) => {
    registerMock.mockResolvedValue(result);
    const { user } = await renderDialog();
    await fillValidForm(user);
    await user.click(submitButton());
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Error', description }));
    // Said in the dialog too, where the visitor is looking.
    const inForm = screen.getAllByText(description).filter((el) => !el.closest('[data-testid="toast"]'));
    expect(inForm).toHaveLength(1);
    expect(inForm[0]!.closest('form')).toContainElement(submitButton());
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('Ramesh Kumar');
  });

  describe('draft', () => {
    it('keeps what was typed across a reload, in sessionStorage, except the Aadhaar number (memory only)', async () => {
      const { user } = await renderDialog();
      await fillValidForm(user);
      const stored = sessionStorage.getItem(REGISTRATION_DRAFT_KEY)!;
      expect(JSON.parse(stored)).toMatchObject({ name: 'Ramesh Kumar', categoryId: 'plumber', agreeToTerms: true });
      expect(stored).not.toContain('2341 2341 2346');
      expect(stored).not.toContain('aadhaar');

      // The page is reloaded (or the dialog closed and opened again): a fresh form.
      cleanup();
      await renderDialog();
      expect(screen.getByLabelText(/^Full name/)).toHaveValue('Ramesh Kumar');
      expect(screen.getByLabelText(/^Service category/)).toHaveValue('plumber');
      expect(screen.getByLabelText(/^Address/)).toHaveValue('Station Road, Ward 4');
      expect(screen.getByLabelText(/I agree to the Terms/)).toBeChecked();
      // Same page: the Aadhaar number is still in memory.
      expect(screen.getByLabelText(/^Aadhaar number/)).toHaveValue('2341 2341 2346');
    });

    it('keeps the draft when the backend cannot be reached, and clears it after a successful registration', async () => {
      registerMock.mockResolvedValueOnce({ ok: false, reason: 'network', message: 'Failed to fetch' });
      const { user, onClose } = await renderDialog();
      await fillValidForm(user);
      await user.click(submitButton());
      await waitFor(() =>
        expect(lastToast()).toMatchObject({
          description: 'Could not reach the server. Please check your internet connection and try again.',
        }),
      );
      expect(sessionStorage.getItem(REGISTRATION_DRAFT_KEY)).toContain('Ramesh Kumar');

      registerMock.mockResolvedValueOnce({ ok: true, id: 'new-id' });
      await user.click(submitButton());
      await successLink();
      expect(onClose).not.toHaveBeenCalled();
      expect(sessionStorage.getItem(REGISTRATION_DRAFT_KEY)).toBeNull();
      cleanup();
      await renderDialog();
      expect(screen.getByLabelText(/^Full name/)).toHaveValue('');
      expect(screen.getByLabelText(/^Aadhaar number/)).toHaveValue('');
    });

    it('keeps the place and whom they serve across a reload (issue 27), and clears them after a registration', async () => {
      const lalbagh = { kind: 'ward', code: '9270101', nameEn: 'Lalbagh', nameHi: 'लालबाग', lat: 27.57, lon: 80.68 };
      // A place chosen before the reload (the picker's own tests choose one by typing).
      sessionStorage.setItem(REGISTRATION_SERVE_DRAFT_KEY, JSON.stringify({ place: lalbagh, mode: 'nearby', radiusKm: '10', list: [] }));
      const { user } = await renderDialog();
      expect(screen.getByRole('combobox', { name: 'Your village, town or ward' })).toHaveValue('Lalbagh');
      expect(screen.getByRole('button', { name: 'Remove Lalbagh' })).toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: 'The whole tehsil' }));
      expect(JSON.parse(sessionStorage.getItem(REGISTRATION_SERVE_DRAFT_KEY)!)).toMatchObject({
        place: { code: '9270101' },
        mode: 'tehsil',
      });

      // Reloaded: the place and the choice are there; registered with them, then the draft is gone.
      cleanup();
      const again = await renderDialog();
      expect(screen.getByRole('combobox', { name: 'Your village, town or ward' })).toHaveValue('Lalbagh');
      expect(screen.getByRole('radio', { name: 'The whole tehsil' })).toBeChecked();
      await fillValidForm(again.user);
      registerMock.mockResolvedValueOnce({ ok: true, id: 'new-id' });
      await again.user.click(submitButton());
      await successLink();
      expect(registerMock.mock.calls[0]![0]).toMatchObject({
        place: { p_place_kind: 'ward', p_place_code: '9270101', p_serve_mode: 'tehsil' },
      });
      expect(sessionStorage.getItem(REGISTRATION_SERVE_DRAFT_KEY)).toBeNull();
    });

    it('ignores a malformed draft', async () => {
      sessionStorage.setItem(REGISTRATION_DRAFT_KEY, '{"name": 42, "address": "Kept road", "agreeToTerms": "yes"');
      await renderDialog();
      expect(screen.getByLabelText(/^Full name/)).toHaveValue('');
      sessionStorage.setItem(REGISTRATION_DRAFT_KEY, '{"name": 42, "address": "Kept road", "agreeToTerms": "yes"}');
      cleanup();
      await renderDialog();
      expect(screen.getByLabelText(/^Full name/)).toHaveValue('');
      expect(screen.getByLabelText(/^Address/)).toHaveValue('Kept road');
      expect(screen.getByLabelText(/I agree to the Terms/)).not.toBeChecked();
    });
  });

  it('shows the database’s refusal of a field beside that field', async () => {
    registerMock.mockResolvedValue({ ok: false, reason: 'invalid', field: 'aadhaar', message: 'aadhaar is not a valid number' });
    const { user } = await renderDialog();
    await fillValidForm(user);
    await user.click(submitButton());
    const aadhaar = screen.getByLabelText(/^Aadhaar number/);
    await waitFor(() =>
      expect(aadhaar).toHaveAccessibleDescription(expect.stringContaining('This Aadhaar number is not valid. Please check it.')),
    );
    expect(aadhaar).toHaveFocus();
    expect(lastToast()).toMatchObject({ description: 'Something went wrong while saving. Please try again.' });
  });

  it('disables the submit button while saving and never submits twice', async () => {
    let resolve!: (r: RegistrationResult) => void;
    registerMock.mockImplementation(() => new Promise((r) => (resolve = r)));
    const { user, onClose } = await renderDialog();
    await fillValidForm(user);
    await user.click(submitButton());

    const busy = screen.getByRole('button', { name: 'Saving…' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    await user.keyboard('{Enter}');
    expect(registerMock).toHaveBeenCalledTimes(1);

    await act(async () => resolve({ ok: true, id: 'x' }));
    await successLink();
    expect(onClose).not.toHaveBeenCalled();
    expect(registerMock).toHaveBeenCalledTimes(1);
  });

  it('closes with the close button and with Escape', async () => {
    const { user, onClose } = await renderDialog();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    screen
      .getByLabelText(/^Full name/)
      .closest('dialog')!
      .dispatchEvent(new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('returns focus to the opener when the shell unmounts it', async () => {
    jest.useFakeTimers();
    try {
      const opener = document.createElement('button');
      document.body.append(opener);
      opener.focus();
      const { unmount } = await renderWithProviders(<RegistrationDialog open onClose={() => undefined} />);
      screen.getByLabelText(/^Full name/).focus();
      unmount();
      act(() => jest.runOnlyPendingTimers());
      expect(opener).toHaveFocus();
      opener.remove();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('RegistrationDialog: the mobile proved by a one-time code', () => {
  /** GoTrue accepts the code: the page's auth context gets the phone session. */
  function codeAccepted() {
    sendCodeMock.mockResolvedValue({ ok: true });
    verifyCodeMock.mockImplementation(async (mobile) => {
      signedInAs(`91${mobile}`);
      return { ok: true };
    });
  }

  async function signInInDialog(user: User, typed: string, code = '123456') {
    await user.type(screen.getByLabelText(/^Mobile number/), typed);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const codeField = await screen.findByLabelText(/^6-digit code/);
    await user.type(codeField, `${code}{Enter}`);
  }

  it('asks the mobile and the code first, then registers with the signed-in number (read-only)', async () => {
    signedInAs(null);
    codeAccepted();
    registerMock.mockResolvedValue({ ok: true, id: 'new-id' });
    const { user } = await renderDialog();
    expect(screen.queryByLabelText(/^Full name/)).toBeNull();
    expect(screen.getByText(/First we check your mobile number/)).toBeInTheDocument();
    await signInInDialog(user, '+91 91234 56789');
    expect(sendCodeMock).toHaveBeenCalledWith('9123456789');
    expect(verifyCodeMock).toHaveBeenCalledWith('9123456789', '123456');

    // Signed in: the form, the first field focused, the number shown and not typed.
    const name = await screen.findByLabelText(/^Full name/);
    await waitFor(() => expect(name).toHaveFocus());
    const mobile = screen.getByLabelText(/^Mobile number/);
    expect(mobile).toHaveValue('+91 91234 56789');
    expect(mobile).toHaveAttribute('readonly');
    expect(mobile).toHaveAccessibleDescription('The number you confirmed with the code: customers will call you on it.');
    await fillValidForm(user);
    await user.click(submitButton());
    await successLink();
    expect(registerMock).toHaveBeenCalledWith(expect.objectContaining({ name: 'Ramesh Kumar', mobile: '9123456789' }));
    // The operator's chat message names the signed-in number.
    const [url] = openSpy.mock.calls[0] as [string];
    expect(new URL(url).searchParams.get('text')).toContain('Mobile: 9123456789');
  });

  it('in Hindi, the code step is in Hindi', async () => {
    signedInAs(null);
    await renderDialog('hi');
    expect(screen.getByText(/पहले हम आपका मोबाइल नंबर जाँचते हैं/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'कोड भेजें' })).toBeInTheDocument();
  });

  it('keeps the draft while waiting for the code', async () => {
    const { user } = await renderDialog();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Use another number' }));
    expect(forgetMock).toHaveBeenCalledTimes(1);
    // The code step shows at once, whether or not forgetting the session has finished.
    expect(await screen.findByRole('button', { name: 'Send code' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Full name/)).toBeNull();
    signedInAs(null);
    codeAccepted();
    await signInInDialog(user, '9123456789');
    expect(await screen.findByLabelText(/^Full name/)).toHaveValue('Ramesh Kumar');
    expect(screen.getByLabelText(/^Aadhaar number/)).toHaveValue('2341 2341 2346');
    expect(screen.getByLabelText(/I agree to the Terms/)).toBeChecked();
    expect(screen.getByLabelText(/^Mobile number/)).toHaveValue('+91 91234 56789');
  });

  it('an expired sign-in (42501) asks for a new code, says why, keeps the draft, then saves', async () => {
    registerMock.mockResolvedValueOnce({ ok: false, reason: 'signed-out', message: 'sign in with your mobile' });
    const { user } = await renderDialog();
    await fillValidForm(user);
    await user.click(submitButton());
    expect(await screen.findByText(/Your sign-in has expired/)).toHaveTextContent(
      'Your sign-in has expired. Please confirm your number again with a new code; what you typed is kept.',
    );
    expect(forgetMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByLabelText(/^Mobile number/)).toHaveFocus());
    codeAccepted();
    registerMock.mockResolvedValueOnce({ ok: true, id: 'new-id' });
    await signInInDialog(user, '9876543210');
    expect(await screen.findByLabelText(/^Full name/)).toHaveValue('Ramesh Kumar');
    await user.click(submitButton());
    await successLink();
    expect(registerMock).toHaveBeenCalledTimes(2);
  });

  it.each<[string, RegistrationResult, RegExp, string]>([
    [
      'a fourth listing',
      { ok: false, reason: 'too-many-listings', message: 'at most 3 listings' },
      /^Mobile number/,
      'This number already has 3 listings, the most allowed. Sign in on My listing to manage them.',
    ],
    [
      'the same name and category again',
      { ok: false, reason: 'already-registered', message: 'duplicate' },
      /^Full name/,
      'You have already registered this name in this category. See it on My listing.',
    ],
    [
      'a phone number in the business name (the database’s check)',
      { ok: false, reason: 'contact-details', field: 'business_name', message: 'no phone numbers or links' },
      /^Business name/,
      NO_CONTACT,
    ],
    [
      'an address too long for the database',
      { ok: false, reason: 'too-long', field: 'address', message: 'value too long' },
      /^Address/,
      'Address can be at most 300 characters.',
    ],
  ])('explains %s beside the field and in the toast', async (_name, result, label, message) => {
    registerMock.mockResolvedValue(result);
    const { user } = await renderDialog();
    await fillValidForm(user);
    await user.click(submitButton());
    const field = screen.getByLabelText(label);
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(lastToast()).toMatchObject({ title: 'Error', description: message, variant: 'destructive' });
    expect(openSpy).not.toHaveBeenCalled();
  });

  it('links a fourth listing’s refusal to My listing', async () => {
    registerMock.mockResolvedValue({ ok: false, reason: 'too-many-listings', message: 'at most 3 listings' });
    const { user } = await renderDialog();
    await fillValidForm(user);
    await user.click(submitButton());
    expect(await screen.findByRole('link', { name: 'Manage your listings on My listing' })).toHaveAttribute('href', '/my-listing');
  });

  it('says in Hindi that this number already has 3 listings', async () => {
    registerMock.mockResolvedValue({ ok: false, reason: 'too-many-listings', message: 'at most 3 listings' });
    const user = userEvent.setup();
    await renderWithProviders(<RegistrationDialog open onClose={() => undefined} />, { language: 'hi' });
    await enter(user, /^पूरा नाम/, 'रमेश');
    await user.selectOptions(screen.getByLabelText(/^सेवा की श्रेणी/), 'plumber');
    await enter(user, /^अनुभव/, '3');
    await enter(user, /^पता/, 'वार्ड 4');
    await user.click(screen.getByLabelText(/^मैं नियम और शर्तों से सहमत हूँ/));
    await user.click(screen.getByRole('button', { name: 'मुफ़्त रजिस्टर करें' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^मोबाइल नंबर/)).toHaveAccessibleDescription(expect.stringContaining('इस नंबर पर पहले से 3 लिस्टिंग हैं')),
    );
  });
});
