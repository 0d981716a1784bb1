import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@city/shared/testing';
import * as shared from '@city/shared';
import * as profileApi from '../api';
import * as asPhone from '../api/as-phone';
import ProviderProfile from '../provider-profile';
import { PROVIDER_ID, deferred, later, laterFail, provider, review, signedOut, signInByPhone } from './fixtures';

jest.mock('@city/shared', () => ({
  ...jest.requireActual('@city/shared'),
  trackClick: jest.fn(),
}));
jest.mock('../api', () => ({
  ...jest.requireActual('../api'),
  fetchProvider: jest.fn(),
  fetchRatingSummary: jest.fn(),
  fetchDeviceRating: jest.fn(),
  fetchReviews: jest.fn(),
  trackProfileView: jest.fn(),
}));
jest.mock('../api/as-phone', () => ({
  ...jest.requireActual('../api/as-phone'),
  fetchMyRating: jest.fn(),
  submitRating: jest.fn(),
  submitReview: jest.fn(),
}));
const api = { ...jest.mocked(shared), ...jest.mocked(profileApi), ...jest.mocked(asPhone) };

beforeEach(() => {
  jest.clearAllMocks();
  api.fetchProvider.mockImplementation(() => later(provider()));
  api.fetchRatingSummary.mockImplementation(() => later({ provider_id: PROVIDER_ID, avg_rating: 4.25, rating_count: 12 }));
  api.fetchDeviceRating.mockImplementation(() => later(null));
  api.fetchMyRating.mockImplementation(() => later(null));
  api.fetchReviews.mockImplementation(() => later([]));
  sessionStorage.clear();
  signedOut();
});

describe('ProviderProfile', () => {
  it('counts one view once the profile has painted, never before the provider is shown', async () => {
    jest.useFakeTimers();
    try {
      let answer!: (p: profileApi.Provider) => void;
      api.fetchProvider.mockImplementation(() => new Promise((r) => (answer = r)));
      await renderWithProviders(<ProviderProfile providerId={PROVIDER_ID} />, { language: 'en' });
      await act(async () => jest.advanceTimersByTime(5000));
      expect(api.trackProfileView).not.toHaveBeenCalled();
      await act(async () => answer(provider()));
      expect(screen.getByRole('heading', { level: 1, name: 'Ramesh Kumar' })).toBeInTheDocument();
      expect(api.trackProfileView).not.toHaveBeenCalled(); // not in the render that shows it
      await act(async () => jest.advanceTimersByTime(3000));
      expect(api.trackProfileView).toHaveBeenCalledTimes(1);
      expect(api.trackProfileView).toHaveBeenCalledWith(PROVIDER_ID);
    } finally {
      jest.useRealTimers();
    }
  });

  it("shows the provider's place from the row's own read (no request of its own), once the page is shown", async () => {
    const place = {
      kind: 'ward' as const,
      code: '9270101',
      name_en: 'Lalbagh',
      name_hi: 'लालबाग',
      lat: 27.5706,
      lon: 80.6822,
      parent: { kind: 'town' as const, code: '92701', name_en: 'Sitapur', name_hi: 'सीतापुर' },
    };
    api.fetchProvider.mockImplementation(() => later(provider({ place, serve_mode: 'tehsil' })));
    await renderWithProviders(<ProviderProfile providerId={PROVIDER_ID} />, { language: 'en' });
    expect(await screen.findByText('📍 Lalbagh, Sitapur')).toBeInTheDocument();
    expect(screen.getByText('serves the whole tehsil')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Directions/ })).toBeInTheDocument();
    expect(api.fetchProvider).toHaveBeenCalledTimes(1);
  });

  it('shows availability and opening hours with the provider', async () => {
    api.fetchProvider.mockImplementation(() => later(provider({ on_leave_until: '2999-01-31' })));
    await renderWithProviders(<ProviderProfile providerId={PROVIDER_ID} />, { language: 'en' });
    expect(await screen.findByText('On leave until 31 January 2999')).toBeInTheDocument();
  });

  it('shows the provider: name, business, category, specialisation, experience, address, badge and average', async () => {
    await renderWithProviders(<ProviderProfile providerId={PROVIDER_ID} />, { language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ramesh Kumar' })).toBeInTheDocument();
    expect(api.fetchProvider).toHaveBeenCalledWith(PROVIDER_ID);
    expect(screen.getByText('Ramesh Plumbing Works')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verified' })).toHaveAttribute('aria-expanded', 'false');
    const dl = screen.getByText('Service').closest('dl') as HTMLElement;
    expect(within(dl).getByText('Plumber')).toBeInTheDocument();
    expect(within(dl).getByText('Bathroom fittings')).toBeInTheDocument();
    expect(within(dl).getByText('7 years')).toBeInTheDocument();
    expect(within(dl).getByText('Station Road, Ward 4')).toBeInTheDocument();
    const summary = await screen.findByTestId('rating-summary');
    await waitFor(() => expect(summary).toHaveTextContent('4.3'));
    expect(summary).toHaveTextContent('(12 ratings)');
    expect(within(summary).getByRole('img', { name: 'Average rating 4.3 out of 5' })).toBeInTheDocument();
    expect(document.title).toBe('Ramesh Kumar | City Services');
  });

  it.each([
    ['hi', 'सत्यापित', 'शहर सेवा ने 12 नवंबर 2026 को दस्तावेज़ देखे और फ़ोन पर बात की।'],
    ['en', 'Verified', 'City Services saw their documents and called them on 12 November 2026.'],
  ] as const)('(%s) tapping the badge says what the operator checked and when; Escape closes it', async (language, badge, text) => {
    api.fetchProvider.mockImplementation(() =>
      later(provider({ verified: true, verified_on: '2026-11-12', verified_how: ['called', 'documents'] })),
    );
    const user = userEvent.setup();
    await renderWithProviders(<ProviderProfile providerId={PROVIDER_ID} />, { language });
    const button = await screen.findByRole('button', { name: badge });
    await user.click(button);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByText(text)).toBeNull();
    expect(button).toHaveFocus();
  });

  it('speaks Hindi by default: category, experience and badge in Hindi', async () => {
    api.fetchProvider.mockImplementation(() => later(provider({ verified: false, experience: 1 })));
    await renderWithProviders(<ProviderProfile providerId={PROVIDER_ID} />, { language: 'hi' });
    await screen.findByRole('heading', { level: 1, name: 'Ramesh Kumar' });
    const dl = screen.getByText('सेवा').closest('dl') as HTMLElement;
    expect(within(dl).getByText('प्लंबर')).toBeInTheDocument();
    expect(within(dl).getByText('1 वर्ष')).toBeInTheDocument();
    expect(screen.getByText('असत्यापित')).toBeInTheDocument();
  });

  it.each([
    ['en', 0, 'Less than a year'],
    ['hi', 0, '1 साल से कम'],
    ['en', null, 'N/A'],
    ['hi', null, 'उपलब्ध नहीं'],
  ] as const)('(%s) experience %s reads %s', async (language, experience, text) => {
    api.fetchProvider.mockImplementation(() => later(provider({ experience })));
    await renderWithProviders(<ProviderProfile providerId={PROVIDER_ID} />, { language });
    await screen.findByRole('heading', { level: 1, name: 'Ramesh Kumar' });
    const dl = screen.getByText(language === 'en' ? 'Experience' : 'अनुभव').closest('dl') as HTMLElement;
    expect(within(dl).getByText(text)).toBeInTheDocument();
  });

  it("shows 'N/A' when the experience is unknown, and 'No ratings yet' without ratings", async () => {
    api.fetchProvider.mockImplementation(() =>
      later(provider({ experience: null, specialist_in: null, business_name: null, verified: false })),
    );
    api.fetchRatingSummary.mockImplementation(() => later({ provider_id: PROVIDER_ID, avg_rating: 0, rating_count: 0 }));
    await renderWithProviders(<ProviderProfile providerId={PROVIDER_ID} />, { language: 'en' });
    await screen.findByRole('heading', { level: 1, name: 'Ramesh Kumar' });
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.queryByText('Specialisation')).not.toBeInTheDocument();
    expect(await screen.findByText('No ratings yet')).toBeInTheDocument();
    expect(screen.getByText('Not verified')).toBeInTheDocument();
  });

  it('renders free text as text, never as HTML', async () => {
    api.fetchProvider.mockImplementation(() => later(provider({ name: '<img src=x onerror=alert(1)>Bad', address: '<b>bold</b>' })));
    const { container } = await renderWithProviders(<ProviderProfile providerId={PROVIDER_ID} />, { language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: '<img src=x onerror=alert(1)>Bad' })).toBeInTheDocument();
    expect(screen.getByText('<b>bold</b>')).toBeInTheDocument();
    expect(container.querySelector('img, b')).toBeNull();
  });

  it('shows a translated not-found with a way home for an unknown or unapproved id', async () => {
    api.fetchProvider.mockImplementation(() => later(null));
    await renderWithProviders(<ProviderProfile providerId="9a8b7c6d-0000-4000-8000-000000000001" />, { language: 'hi' });
    expect(await screen.findByRole('heading', { name: 'सेवा प्रदाता नहीं मिला' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'मुख्य पृष्ठ पर वापस जाएं' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it('an id that is not one (a cut-short link) is not found at once, with nothing asked of the server', async () => {
    await renderWithProviders(<ProviderProfile providerId="not-a-uuid" />, { language: 'en' });
    expect(screen.getByRole('heading', { name: 'Provider not found' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Provider not found \| /);
    for (const call of [api.fetchProvider, api.fetchRatingSummary, api.fetchReviews, api.fetchDeviceRating])
      expect(call).not.toHaveBeenCalled();
  });

  it('offers a retry when the provider cannot be loaded, and loads it on retry', async () => {
    api.fetchProvider.mockImplementationOnce(() => laterFail(new shared.ApiError('Failed to fetch', 'network', 0)));
    await renderWithProviders(<ProviderProfile providerId={PROVIDER_ID} />, { language: 'en' });
    expect(await screen.findByRole('heading', { name: 'This profile could not be loaded' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ramesh Kumar' })).toBeInTheDocument();
    expect(api.fetchProvider).toHaveBeenCalledTimes(2);
  });

  it("on retry after a failed load asks again for the reviews, this device's rating and the average too", async () => {
    const down = () => laterFail(new shared.ApiError('Failed to fetch', 'network', 0));
    api.fetchProvider.mockImplementationOnce(down);
    api.fetchReviews.mockImplementationOnce(down);
    api.fetchDeviceRating.mockImplementationOnce(down);
    api.fetchRatingSummary.mockImplementationOnce(down);
    api.fetchReviews.mockImplementation(() => later([review(2, { review_text: 'Back again' })]));
    api.fetchDeviceRating.mockImplementation(() => later(4));
    await renderWithProviders(<ProviderProfile providerId={PROVIDER_ID} />, { language: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
    expect(await screen.findByText('Your earlier rating from this phone: 4 out of 5.')).toBeInTheDocument();
    expect(screen.queryByText('Reviews could not be loaded.')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('rating-summary')).toHaveTextContent('(12 ratings)'));
  });

  it("asks for reviews and this device's rating while the provider is still loading, and uses those answers", async () => {
    const answer = deferred<profileApi.Provider | null>();
    api.fetchProvider.mockReturnValue(answer.promise);
    api.fetchReviews.mockImplementation(() => later([review(2)]));
    api.fetchDeviceRating.mockImplementation(() => later(3));
    await renderWithProviders(<ProviderProfile providerId={PROVIDER_ID} />, { language: 'en' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading provider…');
    expect(api.fetchReviews).toHaveBeenCalledWith(PROVIDER_ID);
    expect(api.fetchDeviceRating).toHaveBeenCalledWith(PROVIDER_ID);
    answer.resolve(provider());
    expect(await screen.findByText('Review number 2')).toBeInTheDocument();
    expect(await screen.findByText('Your earlier rating from this phone: 3 out of 5.')).toBeInTheDocument();
    expect(api.fetchReviews).toHaveBeenCalledTimes(1);
    expect(api.fetchDeviceRating).toHaveBeenCalledTimes(1);
  });

  it('refreshes the average and count after the visitor rates', async () => {
    api.fetchRatingSummary
      .mockImplementationOnce(() => later({ provider_id: PROVIDER_ID, avg_rating: 4, rating_count: 1 }))
      .mockImplementationOnce(() => later({ provider_id: PROVIDER_ID, avg_rating: 3, rating_count: 2 }));
    api.submitRating.mockImplementation(() => later(undefined));
    signInByPhone();
    await renderWithProviders(<ProviderProfile providerId={PROVIDER_ID} />, { language: 'en' });
    const summary = await screen.findByTestId('rating-summary');
    await waitFor(() => expect(summary).toHaveTextContent('(1 rating)'));
    await userEvent.click(screen.getByRole('radio', { name: '2 stars' }));
    await waitFor(() => expect(summary).toHaveTextContent('(2 ratings)'));
    expect(summary).toHaveTextContent('3.0');
    expect(api.submitRating).toHaveBeenCalledWith(PROVIDER_ID, 2);
  });

  it('without a phone session, a star tap opens the code step in the rating card with the stars kept; the review draft stays', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem(`city.review.draft.${PROVIDER_ID}`, 'Half-written review');
    await renderWithProviders(<ProviderProfile providerId={PROVIDER_ID} />, { language: 'en' });
    await screen.findByRole('heading', { level: 1, name: 'Ramesh Kumar' });
    // Nothing of the step (its chunk) is there before the visitor acts.
    expect(screen.queryByLabelText('Mobile number')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    const card = screen.getByRole('region', { name: 'Rate this provider' });
    expect(await within(card).findByRole('heading', { name: 'Confirm your mobile number' })).toBeInTheDocument();
    expect(within(card).getByLabelText('Mobile number')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(api.submitRating).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Write a review' })).toHaveValue('Half-written review');
  });

  it.each([
    ['en', 'Some people say this number may be wrong'],
    ['hi', 'कुछ लोगों का कहना है कि यह नंबर गलत हो सकता है'],
  ] as const)('(%s) shows the plain caution near the call button when number_caution is true, as a note', async (language, text) => {
    api.fetchProvider.mockImplementation(() => later(provider({ number_caution: true })));
    await renderWithProviders(<ProviderProfile providerId={PROVIDER_ID} />, { language });
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(text);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const contact = note.closest('section')!;
    expect(within(contact).getByRole('link', { name: /9876543210/ })).toHaveAttribute('href', expect.stringMatching(/^tel:/));
  });

  it('shows no caution when number_caution is false or absent', async () => {
    api.fetchProvider.mockImplementation(() => later(provider({ number_caution: false })));
    await renderWithProviders(<ProviderProfile providerId={PROVIDER_ID} />, { language: 'en' });
    await screen.findByRole('heading', { level: 1, name: 'Ramesh Kumar' });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.queryByText('Some people say this number may be wrong')).not.toBeInTheDocument();
  });
});
