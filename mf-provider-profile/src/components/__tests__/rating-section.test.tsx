import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@city/shared/testing';
import * as shared from '@city/shared';
import * as profileApi from '../../api';
import * as asPhone from '../../api/as-phone';
import { queueWrite } from '../../api/outbox-keep';
import { RatingSection } from '../rating-section';
import * as phoneSignIn from '@city/shared/phone-sign-in';
import { PROVIDER_ID, currentToast, deferred, later, signedOut, signInByPhone } from '../../__tests__/fixtures';

jest.mock('../../api', () => ({
  ...jest.requireActual('../../api'),
  fetchDeviceRating: jest.fn(),
}));
jest.mock('../../api/as-phone', () => ({
  ...jest.requireActual('../../api/as-phone'),
  fetchMyRating: jest.fn(),
  submitRating: jest.fn(),
}));
// The code step's GoTrue calls (the step itself is real).
jest.mock('@city/shared/phone-sign-in', () => ({
  ...jest.requireActual('@city/shared/phone-sign-in'),
  sendPhoneCode: jest.fn(),
  verifyPhoneCode: jest.fn(),
}));
const api = { ...jest.mocked(shared), ...jest.mocked(profileApi), ...jest.mocked(asPhone), ...jest.mocked(phoneSignIn) };

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.removeItem(profileApi.OUTBOX_KEY);
  shared.toastStore.getState().dismiss();
  sessionStorage.clear();
  api.fetchMyRating.mockImplementation(() => later(null));
  api.fetchDeviceRating.mockImplementation(() => later(null));
  api.submitRating.mockResolvedValue();
  signInByPhone();
});

/** Lets the device-rating request answer. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));

const cleanups: (() => void)[] = [];
const afterThis = (f: () => void) => cleanups.push(f);
afterEach(() => cleanups.splice(0).forEach((f) => f()));

const HINDI_FAILURE = 'आपकी रेटिंग दर्ज करने में कोई समस्या हुई। कृपया फिर से प्रयास करें।';

describe('RatingSection', () => {
  it("signed in by phone: shows this phone's rating (my_ratings), never the phone itself", async () => {
    api.fetchMyRating.mockImplementation(() => later(4));
    await renderWithProviders(<RatingSection providerId={PROVIDER_ID} onRated={jest.fn()} />, { language: 'en' });
    expect(await screen.findByText('Your rating: 4 out of 5')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(api.fetchMyRating).toHaveBeenCalledWith(PROVIDER_ID);
    expect(api.fetchDeviceRating).not.toHaveBeenCalled();
    expect(screen.getByText('You are signed in with your mobile number.')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/9876|919876/);
  });

  it('rates with a click: saves, toasts success and asks for a fresh average', async () => {
    const onRated = jest.fn();
    await renderWithProviders(<RatingSection providerId={PROVIDER_ID} onRated={onRated} />, { language: 'en' });
    await settle();
    expect(screen.getByText(/You have not rated this provider yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    expect(api.submitRating).toHaveBeenCalledWith(PROVIDER_ID, 5);
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Rating Successful',
        description: 'Your rating has been submitted successfully.',
        variant: 'default',
      }),
    );
    expect(onRated).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Your rating: 5 out of 5')).toBeInTheDocument();
  });

  it('is keyboard operable: Tab to the stars, arrows change the rating', async () => {
    api.fetchMyRating.mockImplementation(() => later(3));
    await renderWithProviders(<RatingSection providerId={PROVIDER_ID} onRated={jest.fn()} />, { language: 'en' });
    await screen.findByText('Your rating: 3 out of 5');
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: '3 stars' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toHaveFocus();
    await waitFor(() => expect(api.submitRating).toHaveBeenLastCalledWith(PROVIDER_ID, 4));
    expect(await screen.findByText('Your rating: 4 out of 5')).toBeInTheDocument();
  });

  it('changing the rating saves the new value for the same provider and phone', async () => {
    await renderWithProviders(<RatingSection providerId={PROVIDER_ID} onRated={jest.fn()} />, { language: 'en' });
    await settle();
    await userEvent.click(screen.getByRole('radio', { name: '2 stars' }));
    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    await waitFor(() => expect(api.submitRating).toHaveBeenCalledTimes(2));
    expect(api.submitRating.mock.calls).toEqual([
      [PROVIDER_ID, 2],
      [PROVIDER_ID, 4],
    ]);
  });

  it('a stored rating that arrives after the visitor chose does not replace the choice', async () => {
    const stored = deferred<number | null>();
    api.fetchMyRating.mockReturnValue(stored.promise);
    await renderWithProviders(<RatingSection providerId={PROVIDER_ID} onRated={jest.fn()} />, { language: 'en' });
    await userEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    await act(async () => stored.resolve(2));
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    expect(screen.getByText('Your rating: 5 out of 5')).toBeInTheDocument();
  });

  it('a failed save returns to the last value saved from here', async () => {
    api.submitRating.mockResolvedValueOnce().mockRejectedValueOnce(new shared.ApiError('boom', '500', 500));
    await renderWithProviders(<RatingSection providerId={PROVIDER_ID} onRated={jest.fn()} />, { language: 'en' });
    await settle();
    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Rating Successful' }));
    await userEvent.click(screen.getByRole('radio', { name: '1 star' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ variant: 'destructive' }));
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
  });

  it('sends a second choice only after the first is saved, so the last choice wins', async () => {
    const first = deferred<void>();
    api.submitRating.mockReturnValueOnce(first.promise);
    await renderWithProviders(<RatingSection providerId={PROVIDER_ID} onRated={jest.fn()} />, { language: 'en' });
    await settle();
    await userEvent.click(screen.getByRole('radio', { name: '1 star' }));
    await userEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    expect(api.submitRating).toHaveBeenCalledTimes(1);
    await act(async () => first.resolve());
    await waitFor(() => expect(api.submitRating).toHaveBeenCalledTimes(2));
    expect(api.submitRating).toHaveBeenLastCalledWith(PROVIDER_ID, 5);
  });

  it('on failure returns to the saved value and shows the Hindi message, with an English line in English', async () => {
    api.fetchMyRating.mockImplementation(() => later(2));
    api.submitRating.mockRejectedValue(new shared.ApiError('boom', '500', 500));
    const onRated = jest.fn();
    await renderWithProviders(<RatingSection providerId={PROVIDER_ID} onRated={onRated} />, { language: 'en' });
    await screen.findByText('Your rating: 2 out of 5');
    await userEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: HINDI_FAILURE,
        description: 'There was a problem recording your rating. Please try again.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
    expect(screen.getByText('Your rating: 2 out of 5')).toBeInTheDocument();
    expect(onRated).not.toHaveBeenCalled();
  });

  it.each([
    ['the provider is no longer listed', new shared.ApiError('provider not found', 'P0002', 404)],
    ['the rating was refused', new shared.ApiError('rating must be 1..5', '23514', 400, 'rating')],
  ])('when %s, says the rating could not be recorded and keeps the saved value', async (_case, error) => {
    api.fetchMyRating.mockImplementation(() => later(3));
    api.submitRating.mockRejectedValue(error);
    await renderWithProviders(<RatingSection providerId={PROVIDER_ID} onRated={jest.fn()} />, { language: 'en' });
    await screen.findByText('Your rating: 3 out of 5');
    await userEvent.click(screen.getByRole('radio', { name: '1 star' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: HINDI_FAILURE,
        description: 'There was a problem recording your rating. Please try again.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
  });

  it('in Hindi the failure toast is the Hindi message alone', async () => {
    api.submitRating.mockRejectedValue(new shared.ApiError('boom', '500', 500));
    await renderWithProviders(<RatingSection providerId={PROVIDER_ID} onRated={jest.fn()} />, { language: 'hi' });
    await settle();
    expect(screen.getByText(/आपने अभी इस सेवा प्रदाता को रेटिंग नहीं दी है/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '3 स्टार' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: HINDI_FAILURE, variant: 'destructive' }));
    expect(currentToast()?.description).toBeUndefined();
    expect(screen.getByRole('radio', { name: '3 स्टार' })).not.toBeChecked();
  });

  it.each([
    ['en', 'You are offline. Saved on this phone: it will be sent when you are online.'],
    ['hi', 'आप ऑफ़लाइन हैं। इस फ़ोन में सहेजा गया: ऑनलाइन होने पर भेज दिया जाएगा।'],
  ] as const)(
    'offline (%s): keeps the choice shown, says it will be sent when online, and keeps it on this phone',
    async (language, title) => {
      api.submitRating.mockRejectedValue(new shared.ApiError('Failed to fetch', 'network', 0));
      await renderWithProviders(<RatingSection providerId={PROVIDER_ID} onRated={jest.fn()} />, { language });
      await settle();
      await userEvent.click(screen.getByRole('radio', { name: language === 'en' ? '4 stars' : '4 स्टार' }));
      await waitFor(() => expect(currentToast()).toMatchObject({ title, variant: 'default' }));
      expect(screen.getByRole('radio', { name: language === 'en' ? '4 stars' : '4 स्टार' })).toBeChecked();
      expect(profileApi.pendingWrites()).toEqual([expect.objectContaining({ kind: 'rating', providerId: PROVIDER_ID, rating: 4 })]);
    },
  );

  it.each([
    ['en', new shared.ApiError('too many requests', '429', 429), 'Too many attempts. Please wait a minute and try again.'],
    ['hi', new shared.ApiError('too many requests', '429', 429), 'बहुत अधिक प्रयास हो गए। कृपया एक मिनट रुककर फिर से प्रयास करें।'],
    ['en', new shared.ApiError('too many from this device', 'PT429', 429), 'Too many attempts. Please wait a minute and try again.'],
  ] as const)('in %s says why when the backend is unreachable or the rating limit is hit (%s)', async (language, error, description) => {
    api.submitRating.mockRejectedValue(error);
    await renderWithProviders(<RatingSection providerId={PROVIDER_ID} onRated={jest.fn()} />, { language });
    await settle();
    await userEvent.click(screen.getByRole('radio', { name: language === 'en' ? '4 stars' : '4 स्टार' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: HINDI_FAILURE, description, variant: 'destructive' }));
  });

  describe('without a phone session', () => {
    beforeEach(() => {
      signedOut();
      api.sendPhoneCode.mockResolvedValue({ ok: true });
      api.verifyPhoneCode.mockImplementation(async () => {
        signInByPhone(); // supabase-js's SIGNED_IN reaches the auth store before verifyOtp returns
        return { ok: true };
      });
    });

    it("shows this device's rating from before as history, and says rating needs a confirmed mobile", async () => {
      api.fetchDeviceRating.mockImplementation(() => later(3));
      await renderWithProviders(<RatingSection providerId={PROVIDER_ID} onRated={jest.fn()} />, { language: 'en' });
      expect(await screen.findByText('Your earlier rating from this phone: 3 out of 5.')).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
      expect(screen.getByText(/Rating and writing a review need your mobile number, confirmed once with a code/)).toBeInTheDocument();
      expect(api.fetchMyRating).not.toHaveBeenCalled();
      expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    });

    it('a star tap opens the code step right there with the stars kept; once signed in the rating is sent without asking again', async () => {
      const user = userEvent.setup();
      const onRated = jest.fn();
      await renderWithProviders(<RatingSection providerId={PROVIDER_ID} onRated={onRated} />, { language: 'en' });
      await settle();
      await user.click(screen.getByRole('radio', { name: '4 stars' }));
      const section = screen.getByRole('region', { name: 'Rate this provider' });
      expect(await within(section).findByRole('heading', { name: 'Confirm your mobile number' })).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
      expect(screen.getByText('Your choice: 4 out of 5. It is sent as soon as you confirm your mobile number.')).toBeInTheDocument();
      expect(api.submitRating).not.toHaveBeenCalled();
      expect(sessionStorage.getItem(`city.rating.draft.${PROVIDER_ID}`)).toBe('4');

      await user.type(within(section).getByLabelText('Mobile number'), '+91 98765 43210{Enter}');
      const code = await within(section).findByLabelText('6-digit code');
      expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked(); // kept while waiting for the code
      await user.type(code, '654321{Enter}');
      await waitFor(() => expect(api.submitRating).toHaveBeenCalledWith(PROVIDER_ID, 4));
      expect(api.submitRating).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Rating Successful' }));
      expect(onRated).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('heading', { name: 'Confirm your mobile number' })).not.toBeInTheDocument();
      expect(screen.getByText('Your rating: 4 out of 5')).toBeInTheDocument();
      expect(sessionStorage.getItem(`city.rating.draft.${PROVIDER_ID}`)).toBeNull();
      // The number typed in the step is not shown back once it is gone.
      expect(document.body.textContent).not.toContain('98765');
    });

    it('a 401/42501 answer (the session expired) opens the code step with the stars kept, and sends after the new sign-in', async () => {
      const user = userEvent.setup();
      signInByPhone('expired-session');
      api.submitRating.mockRejectedValueOnce(new shared.ApiError('sign in with your mobile number', '42501', 401)).mockResolvedValue();
      await renderWithProviders(<RatingSection providerId={PROVIDER_ID} onRated={jest.fn()} />, { language: 'hi' });
      await settle();
      await user.click(screen.getByRole('radio', { name: '5 स्टार' }));
      expect(await screen.findByRole('heading', { name: 'अपना मोबाइल नंबर पक्का करें' })).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: '5 स्टार' })).toBeChecked();
      expect(currentToast()).toBeUndefined(); // not a failure: it waits for the sign-in
      expect(api.submitRating).toHaveBeenCalledTimes(1);
      await user.type(screen.getByLabelText('मोबाइल नंबर'), '9876543210{Enter}');
      await user.type(await screen.findByLabelText('6 अंकों का कोड'), '123456{Enter}');
      await waitFor(() => expect(api.submitRating).toHaveBeenCalledTimes(2));
      expect(api.submitRating).toHaveBeenLastCalledWith(PROVIDER_ID, 5);
    });

    it('"Not now" closes the step and forgets the stars', async () => {
      const user = userEvent.setup();
      await renderWithProviders(<RatingSection providerId={PROVIDER_ID} onRated={jest.fn()} />, { language: 'en' });
      await settle();
      await user.click(screen.getByRole('radio', { name: '2 stars' }));
      await user.click(await screen.findByRole('button', { name: 'Not now' }));
      expect(screen.queryByRole('heading', { name: 'Confirm your mobile number' })).not.toBeInTheDocument();
      expect(screen.getByRole('radio', { name: '2 stars' })).not.toBeChecked();
      expect(sessionStorage.getItem(`city.rating.draft.${PROVIDER_ID}`)).toBeNull();
    });

    it('kept offline ratings wait for a sign-in: the profile says so and opens the step on request', async () => {
      const user = userEvent.setup();
      queueWrite({ kind: 'rating', providerId: PROVIDER_ID, rating: 5 });
      await renderWithProviders(<RatingSection providerId={PROVIDER_ID} onRated={jest.fn()} />, { language: 'en' });
      await settle();
      expect(
        screen.getByText('A rating or review saved on this phone is waiting: confirm your mobile number to send it.'),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Confirm mobile number' }));
      expect(await screen.findByRole('heading', { name: 'Confirm your mobile number' })).toBeInTheDocument();
    });
  });

  it('a signed-in visitor signs out from here; the rating shown becomes the device history', async () => {
    const user = userEvent.setup();
    const signOut = jest.fn(async () => {
      signedOut();
      return true;
    });
    const original = shared.authStore.getState().signOut;
    shared.authStore.setState({ signOut });
    afterThis(() => shared.authStore.setState({ signOut: original }));
    api.fetchMyRating.mockImplementation(() => later(5));
    api.fetchDeviceRating.mockImplementation(() => later(2));
    await renderWithProviders(<RatingSection providerId={PROVIDER_ID} onRated={jest.fn()} />, { language: 'en' });
    await screen.findByText('Your rating: 5 out of 5');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Your earlier rating from this phone: 2 out of 5.')).toBeInTheDocument();
  });
});
