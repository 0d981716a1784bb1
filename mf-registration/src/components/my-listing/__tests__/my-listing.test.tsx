import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Session } from '@supabase/supabase-js';
import { renderWithProviders } from '@city/shared/testing';
import { authStore, kolkataToday, toastStore } from '@city/shared';
import * as api from '../../../api';
import MyListing from '../../../my-listing';

jest.mock('../../../api', () => ({
  ...jest.requireActual('../../../api'),
  sendCode: jest.fn(),
  verifyCode: jest.fn(),
  fetchMyListings: jest.fn(),
  fetchLeads: jest.fn(),
  updateMyDetails: jest.fn(),
  requestListingChange: jest.fn(),
  setMyAvailability: jest.fn(),
  setMyOpeningHours: jest.fn(),
  confirmMyNumber: jest.fn(),
  fetchListingReviews: jest.fn(),
  fetchMyPhotos: jest.fn(),
  // The place form (its own tests): no place stored.
  fetchMyPlace: jest.fn(async () => null),
}));
const m = jest.mocked(api);

const listing = (over: Partial<api.MyListing> = {}): api.MyListing => ({
  id: '11111111-2222-4333-8444-555555555555',
  name: 'Ramesh Kumar',
  business_name: 'Kumar Plumbing',
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

const weeks = (): api.LeadWeek[] =>
  Array.from({ length: 8 }, (_, i) => ({ week_start: `2026-02-${String(2 + i).padStart(2, '0')}`, calls: i, chats: 1, views: 10 }));

function signInAs(user: Partial<Session['user']>) {
  const session = { access_token: 'a', refresh_token: 'r', user: { id: 'u1', app_metadata: {}, ...user } } as unknown as Session;
  act(() => authStore.setState({ loading: false, session, user: session.user, isAdmin: user.app_metadata?.role === 'admin' }));
}

beforeEach(() => {
  jest.clearAllMocks();
  toastStore.getState().dismiss();
  act(() => authStore.setState({ loading: false, session: null, user: null, isAdmin: false }));
  m.fetchLeads.mockResolvedValue(weeks());
  m.fetchMyPhotos.mockResolvedValue([]);
  m.fetchMyListings.mockResolvedValue([listing()]);
  m.confirmMyNumber.mockResolvedValue({ ok: true, cleared: 0 });
  m.fetchListingReviews.mockResolvedValue([]);
});

describe('/my-listing sign-in', () => {
  it('sends a code to the number as typed (+91 and spaces), then signs in with the 6-digit code', async () => {
    const user = userEvent.setup();
    m.sendCode.mockResolvedValue({ ok: true });
    m.verifyCode.mockResolvedValue({ ok: true });
    await renderWithProviders(<MyListing />, { language: 'en' });
    expect(screen.getByRole('heading', { level: 1, name: 'My listing' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Mobile number'), '+91 98765 43210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(m.sendCode).toHaveBeenCalledWith('9876543210');
    expect(await screen.findByText(/We sent a 6-digit code by SMS to \+91 98765 43210/)).toBeInTheDocument();
    const code = screen.getByLabelText('6-digit code');
    await waitFor(() => expect(code).toHaveFocus());
    await user.type(code, '123 456{Enter}');
    expect(m.verifyCode).toHaveBeenCalledWith('9876543210', '123456');
  });

  it('refuses a number that is not a mobile without asking the server', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<MyListing />, { language: 'en' });
    await user.type(screen.getByLabelText('Mobile number'), '12345{Enter}');
    expect(m.sendCode).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid 10-digit mobile number.');
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says a wrong code in words, and when to retry after too many codes (Hindi)', async () => {
    const user = userEvent.setup();
    m.sendCode.mockResolvedValueOnce({ ok: true }).mockResolvedValueOnce({ ok: false, reason: 'too-many-sends', retryAfterSeconds: 1500 });
    m.verifyCode.mockResolvedValue({ ok: false, reason: 'wrong-code' });
    await renderWithProviders(<MyListing />, { language: 'hi' });
    await user.type(screen.getByLabelText('मोबाइल नंबर'), '098765-43210');
    await user.click(screen.getByRole('button', { name: 'कोड भेजें' }));
    await user.type(await screen.findByLabelText('6 अंकों का कोड'), '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('यह कोड गलत है या इसका समय खत्म हो गया है।');
    await user.click(screen.getByRole('button', { name: 'नया कोड भेजें' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('कृपया 25 मिनट बाद फिर कोशिश करें।'));
  });
});

describe('/my-listing signed in', () => {
  it('does not treat an operator’s session as a provider’s', async () => {
    signInAs({ email: 'op@example.in', app_metadata: { role: 'admin' } });
    await renderWithProviders(<MyListing />, { language: 'en' });
    expect(screen.getByText(/You are signed in as an operator/)).toBeInTheDocument();
    expect(m.fetchMyListings).not.toHaveBeenCalled();
  });

  it('shows the status, the operator’s reason and the pending change', async () => {
    signInAs({ phone: '919876543210' });
    m.fetchMyListings.mockResolvedValue([
      listing({ status: 'rejected', rejection_reason: 'Wrong number' }),
      listing({
        id: '21111111-2222-4333-8444-555555555555',
        name: 'Second shop',
        status: 'pending',
        pending_change: { name: null, category: '⚡ इलेक्ट्रीशियन', mobile: null, created_at: '2026-03-01T10:00:00Z' },
      }),
    ]);
    await renderWithProviders(<MyListing />, { language: 'en' });
    expect(await screen.findByText('Signed in as +91 98765 43210')).toBeInTheDocument();
    const first = await screen.findByRole('article', { name: 'Ramesh Kumar' });
    expect(within(first).getByText('Not approved')).toBeInTheDocument();
    expect(within(first).getByText("Operator's reason: Wrong number")).toBeInTheDocument();
    const second = screen.getByRole('article', { name: 'Second shop' });
    expect(within(second).getByText("Waiting for the operator's check")).toBeInTheDocument();
    const note = within(second).getByRole('note', { name: 'Change waiting for the operator' });
    expect(note).toHaveTextContent('Category: Electrician');
    expect(note).toHaveTextContent('Until it is approved, the public sees your old details.');
  });

  it('a listing the public does not see never says visitors see it (Hindi)', async () => {
    const user = userEvent.setup();
    signInAs({ phone: '919876543210' });
    m.fetchMyListings.mockResolvedValue([
      listing({
        status: 'pending',
        opening_hours: { mon: { open: '09:00', close: '18:00' }, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null },
      }),
    ]);
    m.updateMyDetails.mockResolvedValue({ ok: true, data: listing({ status: 'pending' }) });
    await renderWithProviders(<MyListing />, { language: 'hi' });
    const panel = await screen.findByRole('article', { name: 'Ramesh Kumar' });
    expect(panel).not.toHaveTextContent('लोगों को तुरंत दिखते');
    expect(panel).not.toHaveTextContent('लोगों को आप उपलब्ध दिख रहे हैं');
    expect(panel).toHaveTextContent('यहाँ किए बदलाव तुरंत सेव होते हैं; लिस्टिंग दिखने लगने पर लोगों को दिखेंगे।');
    expect(panel).toHaveTextContent('आप उपलब्ध के रूप में दर्ज हैं।');
    expect(panel).toHaveTextContent('लिस्टिंग दिखने लगने पर लोगों को यह समय दिखेगा');
    const form = within(panel).getByRole('form', { name: 'आपकी जानकारी' });
    await user.click(within(form).getByRole('button', { name: 'जानकारी सेव करें' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('आपकी जानकारी सेव हो गई।');
    expect(within(form).getByRole('status')).not.toHaveTextContent('लोगों को दिख रही है');
  });

  it('saves the address at once and says it is public now; refuses a blank address', async () => {
    const user = userEvent.setup();
    signInAs({ phone: '919876543210' });
    m.updateMyDetails.mockResolvedValue({ ok: true, data: listing({ address: 'New Road' }) });
    await renderWithProviders(<MyListing />, { language: 'en' });
    const form = await screen.findByRole('form', { name: 'Your details' });
    expect(within(form).getByText('Changes here are shown to the public at once.')).toBeInTheDocument();
    const address = within(form).getByLabelText(/^Address/);
    await user.clear(address);
    await user.click(within(form).getByRole('button', { name: 'Save details' }));
    expect(m.updateMyDetails).not.toHaveBeenCalled();
    expect(address).toHaveAccessibleDescription('Please enter your address.');
    expect(address).toHaveFocus();
    await user.type(address, '  New Road ');
    await user.click(within(form).getByRole('button', { name: 'Save details' }));
    expect(m.updateMyDetails).toHaveBeenCalledWith(listing().id, {
      businessName: 'Kumar Plumbing',
      specialistIn: null,
      address: 'New Road',
      experience: 7,
    });
    expect(await within(form).findByRole('status')).toHaveTextContent('Your details are saved and shown to the public now.');
    await waitFor(() => expect(m.fetchMyListings).toHaveBeenCalledTimes(2));
  });

  it('sends only the changed category to the operator and says the public keeps the old one', async () => {
    const user = userEvent.setup();
    signInAs({ phone: '919876543210' });
    m.requestListingChange.mockResolvedValue({ ok: true, data: {} });
    await renderWithProviders(<MyListing />, { language: 'en' });
    const form = await screen.findByRole('form', { name: 'Name, category and mobile number' });
    await user.click(within(form).getByRole('button', { name: 'Send to the operator' }));
    expect(m.requestListingChange).not.toHaveBeenCalled();
    expect(within(form).getByRole('alert')).toHaveTextContent('Nothing was changed.');
    await user.selectOptions(within(form).getByLabelText(/^Service category/), 'electrician');
    await user.click(within(form).getByRole('button', { name: 'Send to the operator' }));
    expect(m.requestListingChange).toHaveBeenCalledWith(listing().id, { name: null, category: '⚡ इलेक्ट्रीशियन', mobile: null });
    expect(await within(form).findByRole('status')).toHaveTextContent('The public sees the old details until it is approved.');
  });

  it('sets on leave until a date (not before today), then available again', async () => {
    const user = userEvent.setup();
    signInAs({ phone: '919876543210' });
    m.setMyAvailability.mockResolvedValue({ ok: true, data: {} });
    await renderWithProviders(<MyListing />, { language: 'en' });
    const form = await screen.findByRole('form', { name: 'Availability' });
    expect(within(form).getByText('Visitors see you as available.')).toBeInTheDocument();
    await user.click(within(form).getByRole('radio', { name: 'On leave until' }));
    const date = within(form).getByLabelText(/^Last day of leave/);
    expect(date).toHaveAttribute('min', kolkataToday());
    await user.type(date, '2020-01-01');
    await user.click(within(form).getByRole('button', { name: 'Save availability' }));
    expect(m.setMyAvailability).not.toHaveBeenCalled();
    expect(date).toHaveAccessibleDescription('The last day of leave cannot be in the past.');
    await user.clear(date);
    await user.type(date, '2999-05-01');
    await user.click(within(form).getByRole('button', { name: 'Save availability' }));
    expect(m.setMyAvailability).toHaveBeenCalledWith(listing().id, '2999-05-01');
    await user.click(within(form).getByRole('radio', { name: 'Available today' }));
    await user.click(within(form).getByRole('button', { name: 'Save availability' }));
    await waitFor(() => expect(m.setMyAvailability).toHaveBeenLastCalledWith(listing().id, null));
  });

  it('saves opening hours per weekday and refuses a day that closes before it opens', async () => {
    const user = userEvent.setup();
    signInAs({ phone: '919876543210' });
    m.setMyOpeningHours.mockResolvedValue({ ok: true, data: {} });
    await renderWithProviders(<MyListing />, { language: 'en' });
    const form = await screen.findByRole('form', { name: 'Opening hours' });
    const monClose = within(form).getByLabelText('Monday: closes at');
    await user.clear(monClose);
    await user.type(monClose, '08:00');
    await user.click(within(form).getByRole('button', { name: 'Save opening hours' }));
    expect(m.setMyOpeningHours).not.toHaveBeenCalled();
    expect(within(form).getByLabelText('Monday: opens at')).toHaveAccessibleDescription(
      'The opening time must be before the closing time.',
    );
    await user.click(within(form).getByRole('checkbox', { name: 'Closed on Monday' }));
    await user.click(within(form).getByRole('button', { name: 'Save opening hours' }));
    const nine = { open: '09:00', close: '18:00' };
    expect(m.setMyOpeningHours).toHaveBeenCalledWith(listing().id, {
      mon: null,
      tue: nine,
      wed: nine,
      thu: nine,
      fri: nine,
      sat: nine,
      sun: null,
    });
  });

  it('sets one time range for the ticked days at once, keeping the stored shape (en)', async () => {
    const user = userEvent.setup();
    signInAs({ phone: '919876543210' });
    m.setMyOpeningHours.mockResolvedValue({ ok: true, data: {} });
    await renderWithProviders(<MyListing />, { language: 'en' });
    const form = await screen.findByRole('form', { name: 'Opening hours' });
    const same = within(form).getByRole('group', { name: 'Same hours for several days' });
    // Monday to Saturday are ticked to start with: untick Saturday, tick Sunday.
    await user.click(within(same).getByRole('checkbox', { name: 'Saturday' }));
    await user.click(within(same).getByRole('checkbox', { name: 'Sunday' }));
    const opens = within(same).getByLabelText('Opens');
    const closes = within(same).getByLabelText('Closes');
    await user.clear(closes);
    await user.type(closes, '07:00');
    await user.clear(opens);
    await user.type(opens, '08:00');
    await user.click(within(same).getByRole('button', { name: 'Apply to the ticked days' }));
    expect(within(same).getByText('The opening time must be before the closing time.')).toBeInTheDocument();
    expect(opens).toHaveAttribute('aria-invalid', 'true');
    await user.clear(closes);
    await user.type(closes, '13:00');
    await user.click(within(same).getByRole('button', { name: 'Apply to the ticked days' }));
    expect(within(same).getByRole('status')).toHaveTextContent('Set for 6 days. Save to keep them.');
    expect(within(form).getByLabelText('Sunday: opens at')).toHaveValue('08:00');
    expect(within(form).getByLabelText('Saturday: opens at')).toHaveValue('09:00');
    await user.click(within(form).getByRole('button', { name: 'Save opening hours' }));
    const morning = { open: '08:00', close: '13:00' };
    expect(m.setMyOpeningHours).toHaveBeenCalledWith(listing().id, {
      mon: morning,
      tue: morning,
      wed: morning,
      thu: morning,
      fri: morning,
      sat: { open: '09:00', close: '18:00' },
      sun: morning,
    });
  });

  it('in Hindi: no day ticked says so, nothing changes', async () => {
    const user = userEvent.setup();
    signInAs({ phone: '919876543210' });
    await renderWithProviders(<MyListing />, { language: 'hi' });
    const form = await screen.findByRole('form', { name: 'खुलने का समय' });
    const same = within(form).getByRole('group', { name: 'कई दिनों का एक ही समय' });
    for (const day of ['सोमवार', 'मंगलवार', 'बुधवार', 'गुरुवार', 'शुक्रवार', 'शनिवार']) {
      await user.click(within(same).getByRole('checkbox', { name: day }));
    }
    await user.click(within(same).getByRole('button', { name: 'चुने गए दिनों पर लगाएँ' }));
    expect(same).toHaveAccessibleDescription('कम से कम एक दिन चुनें।');
    expect(within(same).getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows 8 weeks of leads as a chart hidden from screen readers and as a table', async () => {
    signInAs({ phone: '919876543210' });
    await renderWithProviders(<MyListing />, { language: 'en' });
    expect(await screen.findByText('In 8 weeks: 28 calls, 8 chat taps, 80 profile views.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Leads per week' });
    expect(within(table).getAllByRole('row')).toHaveLength(9);
    const last = within(table).getAllByRole('row')[8]!;
    expect(
      within(last)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['7', '1', '10']);
    expect(document.querySelector('.my-leads__chart')).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('/my-listing: the number caution and the owner’s confirmation', () => {
  const CAUTION_EN = 'Some visitors say this number may be wrong';

  it('explains a caution on a listing plainly, in English and in Hindi', async () => {
    signInAs({ phone: '919876543210' });
    m.fetchMyListings.mockResolvedValue([listing({ number_caution: true })]);
    const { unmount } = await renderWithProviders(<MyListing />, { language: 'en' });
    const note = await screen.findByRole('note', { name: CAUTION_EN });
    expect(note).toHaveTextContent('Some visitors reported this number as wrong or the business as closed');
    expect(note).toHaveTextContent('sign in here again with the code we send to this number');
    unmount();
    await renderWithProviders(<MyListing />, { language: 'hi' });
    const hiNote = await screen.findByRole('note', { name: 'कुछ लोगों का कहना है कि यह नंबर गलत हो सकता है' });
    expect(hiNote).toHaveTextContent('कुछ लोगों ने बताया कि यह नंबर गलत है या काम बंद हो गया है');
  });

  it('shows no caution when there is none, and does not confirm for a session restored on load', async () => {
    signInAs({ phone: '919876543210' });
    await renderWithProviders(<MyListing />, { language: 'en' });
    await screen.findByRole('article', { name: 'Ramesh Kumar' });
    expect(screen.queryByRole('note', { name: CAUTION_EN })).toBeNull();
    expect(m.confirmMyNumber).not.toHaveBeenCalled();
  });

  it('right after a sign-in here, confirms the number once, says so, and shows the listing without the caution', async () => {
    const user = userEvent.setup();
    m.sendCode.mockResolvedValue({ ok: true });
    m.verifyCode.mockImplementation(async () => {
      signInAs({ phone: '919876543210' });
      return { ok: true };
    });
    m.fetchMyListings.mockResolvedValueOnce([listing({ number_caution: true })]).mockResolvedValue([listing({ number_caution: false })]);
    let cleared!: (r: api.ConfirmResult) => void;
    m.confirmMyNumber.mockImplementation(() => new Promise((r) => (cleared = r)));
    await renderWithProviders(<MyListing />, { language: 'en' });
    await user.type(screen.getByLabelText('Mobile number'), '9876543210{Enter}');
    await user.type(await screen.findByLabelText('6-digit code'), '123456{Enter}');
    expect(await screen.findByRole('note', { name: CAUTION_EN })).toBeInTheDocument();
    expect(m.confirmMyNumber).toHaveBeenCalledTimes(1);

    await act(async () => cleared({ ok: true, cleared: 3 }));
    expect(
      await screen.findByText(/Because you signed in with a code sent to this number, we have told the operator it works/),
    ).toHaveAttribute('role', 'status');
    await waitFor(() => expect(screen.queryByRole('note', { name: CAUTION_EN })).toBeNull());
    expect(m.fetchMyListings).toHaveBeenCalledTimes(2);
    expect(m.confirmMyNumber).toHaveBeenCalledTimes(1);
  });

  it('says nothing when the sign-in cleared no report', async () => {
    const user = userEvent.setup();
    m.sendCode.mockResolvedValue({ ok: true });
    m.verifyCode.mockImplementation(async () => {
      signInAs({ phone: '919876543210' });
      return { ok: true };
    });
    await renderWithProviders(<MyListing />, { language: 'en' });
    await user.type(screen.getByLabelText('Mobile number'), '9876543210{Enter}');
    await user.type(await screen.findByLabelText('6-digit code'), '123456{Enter}');
    await screen.findByRole('article', { name: 'Ramesh Kumar' });
    await waitFor(() => expect(m.confirmMyNumber).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/we have told the operator it works/)).toBeNull();
    expect(m.fetchMyListings).toHaveBeenCalledTimes(1);
  });
});

describe('/my-listing: no phone numbers or links in the business name and specialisation', () => {
  const NO_CONTACT = "No phone numbers or links here, please. Customers reach you on your listing's mobile number.";

  it('refuses them in the form, Devanagari digits included, without asking the server', async () => {
    const user = userEvent.setup();
    signInAs({ phone: '919876543210' });
    await renderWithProviders(<MyListing />, { language: 'en' });
    const form = await screen.findByRole('form', { name: 'Your details' });
    const business = within(form).getByLabelText(/^Business name/);
    await user.clear(business);
    await user.type(business, 'Kumar ९८७६५ ४३२१०');
    const special = within(form).getByLabelText(/^Specialisation/);
    await user.type(special, 'see www.kumar.in');
    await user.click(within(form).getByRole('button', { name: 'Save details' }));
    expect(m.updateMyDetails).not.toHaveBeenCalled();
    expect(business).toHaveAccessibleDescription(NO_CONTACT);
    expect(special).toHaveAccessibleDescription(NO_CONTACT);
    expect(business).toHaveFocus();
  });

  it('shows the database’s refusal (23514) at the field it names, in Hindi', async () => {
    const user = userEvent.setup();
    signInAs({ phone: '919876543210' });
    m.updateMyDetails.mockResolvedValue({ ok: false, reason: 'contact-details', field: 'specialist_in' });
    await renderWithProviders(<MyListing />, { language: 'hi' });
    const form = await screen.findByRole('form', { name: 'आपकी जानकारी' });
    await user.click(within(form).getByRole('button', { name: 'जानकारी सेव करें' }));
    const special = within(form).getByLabelText(/^विशेषज्ञता/);
    await waitFor(() =>
      expect(special).toHaveAccessibleDescription('कृपया यहाँ फ़ोन नंबर या लिंक न लिखें। ग्राहक आपकी लिस्टिंग के मोबाइल नंबर पर ही संपर्क करते हैं।'),
    );
    expect(special).toHaveFocus();
    expect(within(form).getByRole('alert')).toHaveTextContent('कृपया यहाँ फ़ोन नंबर या लिंक न लिखें।');
  });
});
