import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Session } from '@supabase/supabase-js';
import { renderWithProviders } from '@city/shared/testing';
import { authStore, toastStore } from '@city/shared';
import * as api from '../../../api';
import MyListing from '../../../my-listing';

jest.mock('../../../api', () => ({
  ...jest.requireActual('../../../api'),
  fetchMyListings: jest.fn(),
  fetchLeads: jest.fn(),
  confirmMyNumber: jest.fn(),
  fetchListingReviews: jest.fn(),
  replyToReview: jest.fn(),
}));
const m = jest.mocked(api);

const listing = (over: Partial<api.MyListing> = {}): api.MyListing => ({
  id: '11111111-2222-4333-8444-555555555555',
  name: 'Ramesh Kumar',
  business_name: null,
  mobile: '9876543210',
  category: '🔧 प्लंबर',
  specialist_in: null,
  experience: 7,
  address: 'Station Road',
  verified: false,
  registration_date: '2026-01-10T10:00:00Z',
  on_leave_until: null,
  opening_hours: null,
  status: 'approved',
  rejection_reason: null,
  pending_change: null,
  ...over,
});

const REVIEWS: api.ListingReview[] = [
  { id: 'r2', review_text: 'Fixed the tap in an hour.', created_at: '2026-03-15T09:30:00Z', reviewer_name: 'Seema', rating: 5 },
  {
    id: 'r1',
    review_text: 'Late by an hour.',
    created_at: '2026-02-15T09:30:00Z',
    reviewer_name: null,
    rating: null,
    reply_text: 'Sorry, the bus broke down.',
  },
];

beforeEach(() => {
  jest.clearAllMocks();
  toastStore.getState().dismiss();
  const session = {
    access_token: 'a',
    refresh_token: 'r',
    user: { id: 'u1', app_metadata: {}, phone: '919876543210' },
  } as unknown as Session;
  act(() => authStore.setState({ loading: false, session, user: session.user, isAdmin: false }));
  m.fetchLeads.mockResolvedValue([]);
  m.fetchMyListings.mockResolvedValue([listing()]);
  m.confirmMyNumber.mockResolvedValue({ ok: true, cleared: 0 });
  m.fetchListingReviews.mockResolvedValue(REVIEWS);
});

describe('/my-listing: replies to reviews', () => {
  it('lists the reviews with name, stars and date; replies once to one without a reply', async () => {
    const user = userEvent.setup();
    m.replyToReview.mockResolvedValue({ ok: true, data: { ...REVIEWS[0]!, reply_text: 'Thank you, Seema!' } });
    await renderWithProviders(<MyListing />, { language: 'en' });
    const section = await screen.findByRole('region', { name: 'Reviews and your replies' });
    const [first, second] = await within(section).findAllByRole('listitem');
    expect(first).toHaveTextContent('Seema · 5 of 5 stars · 15 March 2026');
    expect(second).toHaveTextContent('A visitor');
    // The answered review shows the reply and no form.
    expect(within(second!).getByText('Sorry, the bus broke down.')).toBeInTheDocument();
    expect(within(second!).queryByRole('textbox')).toBeNull();

    const box = within(first!).getByRole('textbox', { name: 'Your reply to this review' });
    await user.click(within(first!).getByRole('button', { name: 'Send reply' }));
    expect(within(first!).getByRole('alert')).toHaveTextContent('Your reply is empty. Please write a few words before sending it.');
    expect(box).toHaveFocus();
    expect(m.replyToReview).not.toHaveBeenCalled();

    await user.type(box, '  Thank you, Seema!  ');
    await user.click(within(first!).getByRole('button', { name: 'Send reply' }));
    expect(m.replyToReview).toHaveBeenCalledWith('r2', 'Thank you, Seema!');
    await waitFor(() => expect(within(first!).queryByRole('textbox')).toBeNull());
    expect(within(first!).getByText('Your reply')).toBeInTheDocument();
    expect(within(first!).getByText('Thank you, Seema!')).toBeInTheDocument();
  });

  it('in Hindi, says a second reply is refused (already replied)', async () => {
    const user = userEvent.setup();
    m.replyToReview.mockResolvedValue({ ok: false, reason: 'already-replied' });
    await renderWithProviders(<MyListing />, { language: 'hi' });
    const section = await screen.findByRole('region', { name: 'समीक्षाएं और आपके जवाब' });
    const [first] = await within(section).findAllByRole('listitem');
    await user.type(within(first!).getByRole('textbox', { name: 'इस समीक्षा का आपका जवाब' }), 'धन्यवाद');
    await user.click(within(first!).getByRole('button', { name: 'जवाब भेजें' }));
    expect(await within(first!).findByRole('alert')).toHaveTextContent('इस समीक्षा का आप पहले ही जवाब दे चुके हैं।');
  });

  it('a listing not yet listed has no reviews section and reads none', async () => {
    m.fetchMyListings.mockResolvedValue([listing({ status: 'pending' })]);
    await renderWithProviders(<MyListing />, { language: 'en' });
    await screen.findByRole('article', { name: 'Ramesh Kumar' });
    expect(screen.queryByRole('region', { name: 'Reviews and your replies' })).toBeNull();
    expect(m.fetchListingReviews).not.toHaveBeenCalled();
  });
});
