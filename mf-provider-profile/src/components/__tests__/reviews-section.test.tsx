import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@city/shared/testing';
import * as shared from '@city/shared';
import * as profileApi from '../../api';
import * as asPhone from '../../api/as-phone';
import { ReviewsSection } from '../reviews-section';
import * as phoneSignIn from '@city/shared/phone-sign-in';
import { PROVIDER_ID, currentToast, deferred, later, laterFail, review, signedOut, signInByPhone } from '../../__tests__/fixtures';

jest.mock('../../api', () => ({
  ...jest.requireActual('../../api'),
  fetchReviews: jest.fn(),
}));
jest.mock('../../api/as-phone', () => ({
  ...jest.requireActual('../../api/as-phone'),
  submitReview: jest.fn(),
}));
// The code step's GoTrue calls (the step itself is real).
jest.mock('@city/shared/phone-sign-in', () => ({
  ...jest.requireActual('@city/shared/phone-sign-in'),
  sendPhoneCode: jest.fn(),
  verifyPhoneCode: jest.fn(),
}));
const api = { ...jest.mocked(shared), ...jest.mocked(profileApi), ...jest.mocked(asPhone), ...jest.mocked(phoneSignIn) };

beforeEach(() => {
  sessionStorage.clear();
  localStorage.removeItem(profileApi.OUTBOX_KEY);
  jest.clearAllMocks();
  shared.toastStore.getState().dismiss();
  api.fetchReviews.mockImplementation(() => later([]));
  signInByPhone();
});

/** The review box: "Write a review" opens the form (its own chunk) unless a draft opened it. */
async function openBox(label: string): Promise<HTMLElement> {
  const open = screen.queryByRole('button', { name: label });
  if (open) fireEvent.click(open);
  return screen.findByRole('textbox', { name: label });
}

const list = () => screen.getByRole('list', { name: /Reviews|समीक्षाएं/ });
const texts = () =>
  within(list())
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent);

describe('ReviewsSection', () => {
  it('lists reviews newest first with dates in the current language', async () => {
    api.fetchReviews.mockImplementation(() => later([review(3), review(2), review(1)]));
    await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'en' });
    await screen.findByText('Review number 3');
    expect(api.fetchReviews).toHaveBeenCalledWith(PROVIDER_ID);
    expect(texts()).toEqual(['Review number 3', 'Review number 2', 'Review number 1']);
    expect(screen.getByText('15 March 2026')).toHaveAttribute('dateTime', '2026-03-15T09:30:00Z');
  });

  it('shows dates in Hindi when Hindi is selected', async () => {
    api.fetchReviews.mockImplementation(() => later([review(3)]));
    await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'hi' });
    expect(await screen.findByText('15 मार्च 2026')).toBeInTheDocument();
  });

  it("shows 'No reviews yet. Be the first one!' when there are none", async () => {
    await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'en' });
    expect(await screen.findByText('No reviews yet. Be the first one!')).toBeInTheDocument();
  });

  it('renders review text as text, never as HTML', async () => {
    api.fetchReviews.mockImplementation(() => later([review(1, { review_text: '<script>x()</script><b>bold</b>' })]));
    const { container } = await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'en' });
    expect(await screen.findByText('<script>x()</script><b>bold</b>')).toBeInTheDocument();
    expect(container.querySelector('script, b')).toBeNull();
  });

  it('posts a review, puts it first, clears the box and toasts success', async () => {
    api.fetchReviews.mockImplementation(() => later([review(1)]));
    api.submitReview.mockImplementation(() =>
      later(review(9, { review_text: 'Great work, on time.', created_at: '2026-09-01T08:00:00Z' })),
    );
    await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'en' });
    await screen.findByText('Review number 1');
    const box = await openBox('Write a review');
    await userEvent.type(box, '  Great work, on time.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await waitFor(() => expect(texts()).toEqual(['Great work, on time.', 'Review number 1']));
    expect(api.submitReview).toHaveBeenCalledWith(PROVIDER_ID, '  Great work, on time.  ');
    expect(box).toHaveValue('');
    expect(currentToast()).toMatchObject({ title: 'Review submitted successfully!', variant: 'default' });
  });

  it.each([
    ['en', 'Write a review', 'Submit review', 'Your review is empty. Please write a few words before sending it.'],
    ['hi', 'समीक्षा लिखें', 'समीक्षा भेजें', 'आपकी समीक्षा खाली है। भेजने से पहले कुछ शब्द लिखें।'],
  ] as const)('in %s, an empty or whitespace-only review is not sent and the form says why', async (language, label, submit, message) => {
    await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language });
    const box = await openBox(label);
    await userEvent.click(screen.getByRole('button', { name: submit }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveFocus();
    await userEvent.type(box, '   {enter}  ');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: submit }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(api.submitReview).not.toHaveBeenCalled();
    expect(currentToast()).toBeUndefined();
  });

  it('says the review is empty when the server answers that the text is required', async () => {
    api.submitReview.mockImplementation(() => laterFail(new shared.ApiError('review_text is required', '23502', 400, 'review_text')));
    await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'en' });
    const box = await openBox('Write a review');
    await userEvent.type(box, 'Nice');
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your review is empty. Please write a few words before sending it.');
    expect(box).toHaveFocus();
  });

  it('sends the first name chosen, refuses one that is not 2-40 letters before sending and when the server does', async () => {
    api.submitReview.mockImplementation(() => later(review(9, { review_text: 'Good', reviewer_name: 'सीमा' })));
    await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'hi' });
    await openBox('समीक्षा लिखें');
    const name = screen.getByRole('textbox', { name: 'आपका पहला नाम (वैकल्पिक)' });
    await userEvent.type(await openBox('समीक्षा लिखें'), 'Good');
    await userEvent.type(name, '98765');
    await userEvent.click(screen.getByRole('button', { name: 'समीक्षा भेजें' }));
    expect(screen.getByRole('alert')).toHaveTextContent('2 से 40 अक्षरों का पहला नाम लिखें');
    expect(name).toHaveFocus();
    expect(api.submitReview).not.toHaveBeenCalled();
    await userEvent.clear(name);
    await userEvent.type(name, ' सीमा ');
    await userEvent.click(screen.getByRole('button', { name: 'समीक्षा भेजें' }));
    await waitFor(() => expect(api.submitReview).toHaveBeenCalledWith(PROVIDER_ID, 'Good', ' सीमा '));
    expect(await screen.findByText('सीमा')).toBeInTheDocument();
  });

  it('shows a "Write a review" button, not the form, until tapped; the tap opens the form with the focus in the box', async () => {
    await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'en' });
    await screen.findByText('No reviews yet. Be the first one!');
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Write a review' }));
    const box = await screen.findByRole('textbox', { name: 'Write a review' });
    await waitFor(() => expect(box).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'Your first name (optional)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
  });

  it('shows each review’s stars, first name (or "A visitor"), date and the provider’s reply', async () => {
    api.fetchReviews.mockImplementation(() =>
      later([
        review(3, { reviewer_name: 'Ravi', rating: 4, reply_text: 'Thank you, Ravi!', replied_at: '2026-03-16T09:00:00Z' }),
        review(2, { reviewer_name: null, rating: null }),
      ]),
    );
    await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'en' });
    await screen.findByText('Review number 3');
    const [first, second] = within(list()).getAllByRole('listitem');
    expect(within(first!).getByText('Ravi')).toBeInTheDocument();
    expect(within(first!).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(within(first!).getByText('15 March 2026')).toBeInTheDocument();
    expect(within(first!).getByText('Reply from the provider')).toBeInTheDocument();
    expect(within(first!).getByText('Thank you, Ravi!')).toBeInTheDocument();
    expect(within(second!).getByText('A visitor')).toBeInTheDocument();
    expect(within(second!).queryByRole('img')).toBeNull();
    expect(within(second!).queryByText('Reply from the provider')).toBeNull();
    expect(texts()).toEqual(['Review number 3', 'Review number 2']);
  });

  it('in Hindi, a review by nobody named reads "एक आगंतुक" with its stars in Hindi words', async () => {
    api.fetchReviews.mockImplementation(() => later([review(3, { rating: 5 })]));
    await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'hi' });
    expect(await screen.findByText('एक आगंतुक')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '5 में से 5 रेटिंग' })).toBeInTheDocument();
  });

  it('does not send a review made only of invisible or control characters', async () => {
    await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'en' });
    await screen.findByText('No reviews yet. Be the first one!');
    const box = await openBox('Write a review');
    // Zero-width space, non-joiner, joiner, word joiner, BOM, no-break space, soft hyphen, a control and a bidi override.
    fireEvent.change(box, { target: { value: '\u200B\u200C\u200D\u2060\uFEFF\u00A0\u00AD\u0007\u202E' } });
    expect(screen.getByText('0 / 1,000 characters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(api.submitReview).not.toHaveBeenCalled();
    expect(currentToast()).toBeUndefined();
    expect(box).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Your review is empty.');
  });

  it('counts characters against the limit and refuses a too-long review with a clear message', async () => {
    await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'en' });
    await screen.findByText('No reviews yet. Be the first one!');
    const box = await openBox('Write a review');
    await userEvent.type(box, ' Good ');
    expect(screen.getByText('4 / 1,000 characters')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'क'.repeat(1001) } });
    expect(screen.getByText('1,001 / 1,000 characters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A review can be at most 1,000 characters. Please shorten it.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveFocus();
    expect(api.submitReview).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: 'क'.repeat(1000) } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('1,000 / 1,000 characters')).toBeInTheDocument();
  });

  it.each([
    ['the provider is no longer listed', new shared.ApiError('provider not found', 'P0002', 404)],
    ['the database refused the text', new shared.ApiError('review_text is blank', '23514', 400, 'review_text')],
  ])("when %s, toasts 'Error submitting review.' and keeps the text", async (_case, error) => {
    api.submitReview.mockImplementation(() => laterFail(error));
    await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'en' });
    await screen.findByText('No reviews yet. Be the first one!');
    const box = await openBox('Write a review');
    await userEvent.type(box, 'Nice');
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Error submitting review.', variant: 'destructive' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error submitting review.');
    expect(box).toHaveValue('Nice');
  });

  it("on failure toasts 'Error submitting review.' and keeps the text", async () => {
    api.submitReview.mockImplementation(() => laterFail(new shared.ApiError('boom', '500', 500)));
    await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'en' });
    await screen.findByText('No reviews yet. Be the first one!');
    const box = await openBox('Write a review');
    await userEvent.type(box, 'Nice');
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Error submitting review.', variant: 'destructive' }));
    expect(box).toHaveValue('Nice');
    expect(screen.getByText('No reviews yet. Be the first one!')).toBeInTheDocument();
  });

  it('sends a review once even when submit is pressed twice', async () => {
    const answer = deferred<profileApi.Review>();
    api.submitReview.mockReturnValue(answer.promise);
    await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'hi' });
    await screen.findByText('अभी कोई समीक्षा नहीं है। पहली समीक्षा आप लिखें!');
    await userEvent.type(await openBox('समीक्षा लिखें'), 'बहुत अच्छा काम');
    await userEvent.click(screen.getByRole('button', { name: 'समीक्षा भेजें' }));
    await userEvent.click(screen.getByRole('button', { name: 'भेजी जा रही है…' }));
    expect(api.submitReview).toHaveBeenCalledTimes(1);
    answer.resolve(review(5, { review_text: 'बहुत अच्छा काम' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'समीक्षा सफलतापूर्वक भेज दी गई!' }));
    expect(texts()).toEqual(['बहुत अच्छा काम']);
  });

  it('says when reviews cannot be loaded and loads them on retry', async () => {
    api.fetchReviews.mockImplementationOnce(() => laterFail(new shared.ApiError('Failed to fetch', 'network', 0)));
    api.fetchReviews.mockImplementationOnce(() => later([review(4)]));
    await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'en' });
    expect(await screen.findByText('Reviews could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Review number 4')).toBeInTheDocument();
    expect(screen.queryByText('Reviews could not be loaded.')).not.toBeInTheDocument();
  });

  it('loads older reviews on request', async () => {
    const firstPage = Array.from({ length: profileApi.REVIEWS_PAGE_SIZE }, (_, i) =>
      review(1, { id: `p1-${i}`, review_text: `First page ${i}` }),
    );
    api.fetchReviews
      .mockImplementationOnce(() => later(firstPage))
      .mockImplementationOnce(() => later([review(1, { id: 'old', review_text: 'Oldest' })]));
    await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'en' });
    await screen.findByText('First page 0');
    await userEvent.click(screen.getByRole('button', { name: 'Show more reviews' }));
    expect(await screen.findByText('Oldest')).toBeInTheDocument();
    expect(api.fetchReviews).toHaveBeenLastCalledWith(PROVIDER_ID, { offset: profileApi.REVIEWS_PAGE_SIZE });
    expect(texts()).toHaveLength(profileApi.REVIEWS_PAGE_SIZE + 1);
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).not.toBeInTheDocument();
  });

  it('keeps the reviews shown when older ones fail to load, and asks again on the next press', async () => {
    const firstPage = Array.from({ length: profileApi.REVIEWS_PAGE_SIZE }, (_, i) =>
      review(1, { id: `p1-${i}`, review_text: `First page ${i}` }),
    );
    api.fetchReviews
      .mockImplementationOnce(() => later(firstPage))
      .mockImplementationOnce(() => laterFail(new shared.ApiError('Failed to fetch', 'network', 0)))
      .mockImplementationOnce(() => later([review(1, { id: 'old', review_text: 'Oldest' })]));
    await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'en' });
    await screen.findByText('First page 0');
    await userEvent.click(screen.getByRole('button', { name: 'Show more reviews' }));
    expect(await screen.findByRole('button', { name: 'Show more reviews' })).not.toHaveAttribute('aria-disabled');
    expect(texts()).toHaveLength(profileApi.REVIEWS_PAGE_SIZE);
    await userEvent.click(screen.getByRole('button', { name: 'Show more reviews' }));
    expect(await screen.findByText('Oldest')).toBeInTheDocument();
    expect(api.fetchReviews).toHaveBeenCalledTimes(3);
  });

  describe('draft and failures', () => {
    const OTHER_ID = '9a8b7c6d-0000-4000-8000-000000000001';

    it('keeps the text per provider across a remount (reload) and clears it once posted', async () => {
      await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'en' });
      await screen.findByText('No reviews yet. Be the first one!');
      await userEvent.type(await openBox('Write a review'), 'Half written');
      cleanup();

      await renderWithProviders(<ReviewsSection providerId={OTHER_ID} />, { language: 'en' });
      expect(await openBox('Write a review')).toHaveValue('');
      cleanup();

      api.submitReview.mockImplementation(() => later(review(7, { review_text: 'Half written, now done' })));
      await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'en' });
      const box = await openBox('Write a review');
      expect(box).toHaveValue('Half written');
      await userEvent.type(box, ', now done');
      await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
      await waitFor(() => expect(texts()).toEqual(['Half written, now done']));
      cleanup();

      await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'en' });
      expect(await openBox('Write a review')).toHaveValue('');
    });

    it('offline: the review is kept on this device, the box cleared, and it says it will be sent when online', async () => {
      api.submitReview.mockImplementationOnce(() => laterFail(new shared.ApiError('TypeError: Failed to fetch', 'network', 0)));
      await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'en' });
      await screen.findByText('No reviews yet. Be the first one!');
      const box = await openBox('Write a review');
      await userEvent.type(box, 'Kept offline');
      await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
      await waitFor(() =>
        expect(currentToast()).toMatchObject({
          title: 'You are offline. Saved on this phone: it will be sent when you are online.',
          variant: 'default',
        }),
      );
      expect(box).toHaveValue('');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(profileApi.pendingWrites()).toEqual([
        expect.objectContaining({ kind: 'review', providerId: PROVIDER_ID, text: 'Kept offline' }),
      ]);
    });

    it.each([
      [
        'too many reviews were sent',
        new shared.ApiError('too many requests', '429', 429),
        'Too many attempts. Please wait a minute and try again.',
      ],
      [
        'this device wrote too many reviews today',
        new shared.ApiError('too many reviews today', 'PT429', 429),
        'Too many attempts. Please wait a minute and try again.',
      ],
    ])('when %s, says so beside the button and in a toast, keeps the text, and a retry posts it', async (_case, error, message) => {
      api.submitReview
        .mockImplementationOnce(() => laterFail(error))
        .mockImplementationOnce(() => later(review(8, { review_text: 'Kept' })));
      await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'en' });
      await screen.findByText('No reviews yet. Be the first one!');
      const box = await openBox('Write a review');
      await userEvent.type(box, 'Kept');
      await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(currentToast()).toMatchObject({ title: 'Error submitting review.', description: message, variant: 'destructive' });
      expect(box).toHaveValue('Kept');

      await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
      await waitFor(() => expect(texts()).toEqual(['Kept']));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(box).toHaveValue('');
    });

    it('says it in Hindi when Hindi is selected', async () => {
      api.submitReview.mockImplementationOnce(() => laterFail(new shared.ApiError('too many requests', '429', 429)));
      await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'hi' });
      await screen.findByText('अभी कोई समीक्षा नहीं है। पहली समीक्षा आप लिखें!');
      await userEvent.type(await openBox('समीक्षा लिखें'), 'अच्छा');
      await userEvent.click(screen.getByRole('button', { name: 'समीक्षा भेजें' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('बहुत अधिक प्रयास हो गए। कृपया एक मिनट रुककर फिर से प्रयास करें।');
    });

    it('offline in Hindi: says in Hindi that it will be sent when online', async () => {
      api.submitReview.mockImplementationOnce(() => laterFail(new shared.ApiError('Failed to fetch', 'network', 0)));
      await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'hi' });
      await screen.findByText('अभी कोई समीक्षा नहीं है। पहली समीक्षा आप लिखें!');
      await userEvent.type(await openBox('समीक्षा लिखें'), 'अच्छा');
      await userEvent.click(screen.getByRole('button', { name: 'समीक्षा भेजें' }));
      await waitFor(() => expect(currentToast()?.title).toBe('आप ऑफ़लाइन हैं। इस फ़ोन में सहेजा गया: ऑनलाइन होने पर भेज दिया जाएगा।'));
    });
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

    it('Submit opens the code step under the form with the draft kept', async () => {
      const user = userEvent.setup();
      await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'en' });
      await screen.findByText('No reviews yet. Be the first one!');
      const box = await openBox('Write a review');
      await user.type(box, 'Fixed the tap in an hour.');
      await user.click(screen.getByRole('button', { name: 'Submit review' }));
      expect(await screen.findByRole('heading', { name: 'Confirm your mobile number' })).toBeInTheDocument();
      expect(screen.getByText(/Your review is kept/)).toBeInTheDocument();
      expect(api.submitReview).not.toHaveBeenCalled();
      expect(box).toHaveValue('Fixed the tap in an hour.');
      expect(sessionStorage.getItem(`city.review.draft.${PROVIDER_ID}`)).toBe('Fixed the tap in an hour.');

      api.submitReview.mockImplementation(() => later(review(7, { review_text: 'Fixed the tap in an hour.' })));
      await user.type(screen.getByLabelText('Mobile number'), '98765 43210{Enter}');
      expect(api.sendPhoneCode).toHaveBeenCalledWith('9876543210');
      await user.type(await screen.findByLabelText('6-digit code'), '123456{Enter}');
      expect(api.verifyPhoneCode).toHaveBeenCalledWith('9876543210', '123456');
      // Signed in: posted without pressing Submit again; the step goes away.
      await waitFor(() => expect(texts()).toEqual(['Fixed the tap in an hour.']));
      expect(api.submitReview).toHaveBeenCalledTimes(1);
      expect(api.submitReview).toHaveBeenCalledWith(PROVIDER_ID, 'Fixed the tap in an hour.');
      expect(box).toHaveValue('');
      expect(screen.queryByRole('heading', { name: 'Confirm your mobile number' })).not.toBeInTheDocument();
      // The number is never shown back outside the step.
      expect(document.body.textContent).not.toContain('98765');
    });

    it('a session the database no longer takes (42501) opens the code step; the review is posted after the new sign-in', async () => {
      const user = userEvent.setup();
      signInByPhone('expired-session');
      api.submitReview
        .mockImplementationOnce(() => laterFail(new shared.ApiError('sign in with your mobile number', '42501', 401)))
        .mockImplementationOnce(() => later(review(5, { review_text: 'On time' })));
      await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'hi' });
      await screen.findByText('अभी कोई समीक्षा नहीं है। पहली समीक्षा आप लिखें!');
      await user.type(await openBox('समीक्षा लिखें'), 'On time');
      await user.click(screen.getByRole('button', { name: 'समीक्षा भेजें' }));
      expect(await screen.findByRole('heading', { name: 'अपना मोबाइल नंबर पक्का करें' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(api.submitReview).toHaveBeenCalledTimes(1); // not again with the same session
      await user.type(screen.getByLabelText('मोबाइल नंबर'), '9876543210{Enter}');
      await user.type(await screen.findByLabelText('6 अंकों का कोड'), '123456{Enter}');
      await waitFor(() => expect(texts()).toEqual(['On time']));
      expect(api.submitReview).toHaveBeenCalledTimes(2);
    });

    it('"Not now" closes the step and keeps the draft', async () => {
      const user = userEvent.setup();
      await renderWithProviders(<ReviewsSection providerId={PROVIDER_ID} />, { language: 'en' });
      await screen.findByText('No reviews yet. Be the first one!');
      await user.type(await openBox('Write a review'), 'Later');
      await user.click(screen.getByRole('button', { name: 'Submit review' }));
      await user.click(await screen.findByRole('button', { name: 'Not now' }));
      expect(screen.queryByRole('heading', { name: 'Confirm your mobile number' })).not.toBeInTheDocument();
      expect(await openBox('Write a review')).toHaveValue('Later');
    });
  });
});
