import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@city/shared/testing';
import * as shared from '@city/shared';
import * as profileApi from '../../api';
import { RatingSection } from '../rating-section';
import { PROVIDER_ID, currentToast, deferred, later } from '../../__tests__/fixtures';

jest.mock('../../api', () => ({
  ...jest.requireActual('../../api'),
  fetchDeviceRating: jest.fn(),
  submitRating: jest.fn(),
}));
const api = { ...jest.mocked(shared), ...jest.mocked(profileApi) };

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.removeItem(profileApi.OUTBOX_KEY);
  shared.toastStore.getState().dismiss();
  api.fetchDeviceRating.mockImplementation(() => later(null));
  api.submitRating.mockResolvedValue();
});

/** Lets the device-rating request answer. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));

const HINDI_FAILURE = 'आपकी रेटिंग दर्ज करने में कोई समस्या हुई। कृपया फिर से प्रयास करें।';

describe('RatingSection', () => {
  it("shows this device's current rating", async () => {
    api.fetchDeviceRating.mockImplementation(() => later(4));
    await renderWithProviders(<RatingSection providerId={PROVIDER_ID} onRated={jest.fn()} />, { language: 'en' });
    expect(await screen.findByText('Your rating: 4 out of 5')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(api.fetchDeviceRating).toHaveBeenCalledWith(PROVIDER_ID);
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
    api.fetchDeviceRating.mockImplementation(() => later(3));
    await renderWithProviders(<RatingSection providerId={PROVIDER_ID} onRated={jest.fn()} />, { language: 'en' });
    await screen.findByText('Your rating: 3 out of 5');
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: '3 stars' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toHaveFocus();
    await waitFor(() => expect(api.submitRating).toHaveBeenLastCalledWith(PROVIDER_ID, 4));
    expect(await screen.findByText('Your rating: 4 out of 5')).toBeInTheDocument();
  });

  it('changing the rating saves the new value for the same provider and device', async () => {
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
    api.fetchDeviceRating.mockReturnValue(stored.promise);
    await renderWithProviders(<RatingSection providerId={PROVIDER_ID} onRated={jest.fn()} />, { language: 'en' });
    await userEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    await act(async () => stored.resolve(2));
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    expect(screen.getByText('Your rating: 5 out of 5')).toBeInTheDocument();
  });

  it('a failed save returns to the last value saved from this device', async () => {
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
    api.fetchDeviceRating.mockImplementation(() => later(2));
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
    ['the device token was refused', new shared.ApiError('bad device token', '22023', 400, 'device_token')],
  ])('when %s, says the rating could not be recorded and keeps the saved value', async (_case, error) => {
    api.fetchDeviceRating.mockImplementation(() => later(3));
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
    'offline (%s): keeps the choice shown, says it will be sent when online, and keeps it with the device token',
    async (language, title) => {
      api.submitRating.mockRejectedValue(new shared.ApiError('Failed to fetch', 'network', 0));
      await renderWithProviders(<RatingSection providerId={PROVIDER_ID} onRated={jest.fn()} />, { language });
      await settle();
      await userEvent.click(screen.getByRole('radio', { name: language === 'en' ? '4 stars' : '4 स्टार' }));
      await waitFor(() => expect(currentToast()).toMatchObject({ title, variant: 'default' }));
      expect(screen.getByRole('radio', { name: language === 'en' ? '4 stars' : '4 स्टार' })).toBeChecked();
      expect(profileApi.pendingWrites()).toEqual([
        expect.objectContaining({ kind: 'rating', providerId: PROVIDER_ID, rating: 4, deviceToken: shared.getDeviceToken() }),
      ]);
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
});
