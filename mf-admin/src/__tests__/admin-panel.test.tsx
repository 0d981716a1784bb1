import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@city/shared/testing';
import { ApiError, authStore, toastStore } from '@city/shared';
import {
  adminClickTotals,
  adminDuplicateHints,
  adminListChangeRequests,
  adminListOwnerEdits,
  adminListRegistrations,
  adminSetProviderStatus,
  adminStats,
  adminStatusCounts,
  type AdminRegistration,
} from '../api';
import type { Session } from '@supabase/supabase-js';
import AdminPanel from '../admin-panel';

jest.mock('../api', () => ({
  ...jest.requireActual('../api'),
  adminListRegistrations: jest.fn(),
  adminSetProviderStatus: jest.fn(),
  adminStatusCounts: jest.fn(),
  adminClickTotals: jest.fn(),
  adminListChangeRequests: jest.fn(),
  adminStats: jest.fn(),
  adminListOwnerEdits: jest.fn(),
  adminDuplicateHints: jest.fn(),
}));

const list = adminListRegistrations as jest.MockedFunction<typeof adminListRegistrations>;
const setStatus = adminSetProviderStatus as jest.MockedFunction<typeof adminSetProviderStatus>;
const counts = adminStatusCounts as jest.MockedFunction<typeof adminStatusCounts>;
const clicks = adminClickTotals as jest.MockedFunction<typeof adminClickTotals>;

function registration(over: Partial<AdminRegistration> = {}): AdminRegistration {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Ramesh Kumar',
    business_name: 'Kumar Plumbing',
    mobile: '9876543210',
    category: '🔧 प्लंबर',
    specialist_in: 'Geyser repair',
    experience: 7,
    address: 'Station Road, Ward 4',
    verified: true,
    status: 'pending',
    registration_date: '2026-11-20T09:30:00Z',
    reviewed_at: null,
    rejection_reason: null,
    avg_rating: 0,
    rating_count: 0,
    aadhaar_masked: 'XXXX-XXXX-9012',
    ...over,
  };
}

const RAMESH = registration();
const SITA = registration({
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Sita Devi',
  business_name: null,
  mobile: '9123456780',
  category: 'OTHERS: Tiffin service',
  specialist_in: null,
  experience: 1,
  verified: false,
  aadhaar_masked: null,
  registration_date: '2026-11-19T09:30:00Z',
});

const lastToast = () => toastStore.getState().toasts[0];
const card = (name: string) => screen.getByRole('article', { name });

async function renderPanel(language: 'en' | 'hi' = 'en', route = '/admin') {
  const user = userEvent.setup();
  await renderWithProviders(<AdminPanel />, { language, route });
  // Let the first answers of the (stubbed) API arrive inside act.
  await act(async () => {
    await new Promise((r) => setTimeout(r, 5));
  });
  return { user };
}

/** Answers on the next task, like a server would, so the first render settles inside act. */
const later =
  <T,>(value: T) =>
  () =>
    new Promise<T>((resolve) => setTimeout(() => resolve(value), 0));

beforeEach(() => {
  jest.clearAllMocks();
  list.mockImplementation(later({ rows: [RAMESH, SITA], total: 2 }));
  counts.mockImplementation(later({ pending: 2, approved: 40, rejected: 3 }));
  clicks.mockImplementation(later([{ provider_id: 'p1', name: 'Mohan Electricals', call_count: 12, whatsapp_count: 5 }]));
  jest.mocked(adminListChangeRequests).mockImplementation(later([]));
  jest.mocked(adminDuplicateHints).mockImplementation(later([]));
  jest.mocked(adminStats).mockImplementation(later({ approved: 40, pending: 2, suspended: 0, hidden: 0, reports_open: 0, daily: [] }));
  act(() => {
    toastStore.getState().dismiss();
    authStore.setState({
      loading: false,
      session: { access_token: 'a' } as Session,
      user: { email: 'op@example.in' } as Session['user'],
      isAdmin: true,
    });
  });
});

describe('AdminPanel', () => {
  it('is a console of eight sections chosen by links; the queue first, ?tab= picks another', async () => {
    const { user } = await renderPanel();
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Queue', 'Reports', 'Providers', 'Owner edits', 'Ads', 'Places', 'Stats', 'Audit log']);
    expect(within(nav).getByRole('link', { name: 'Queue' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 2, name: 'Listing changes waiting for approval' })).toBeInTheDocument();
    await user.click(within(nav).getByRole('link', { name: 'Stats' }));
    expect(within(nav).getByRole('link', { name: 'Stats' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 2, name: 'Statistics' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Registrations by status' })).toBeNull();
  });

  it('lists pending registrations newest first with every field, the Aadhaar masked, and the counts', async () => {
    await renderPanel();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeInTheDocument();
    expect(screen.getByText('Signed in as op@example.in')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Ramesh Kumar' })).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith({ status: 'pending', limit: 10, offset: 0 });
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual(['Ramesh Kumar', 'Sita Devi']);
    const ramesh = within(card('Ramesh Kumar'));
    for (const text of [
      'Kumar Plumbing',
      '9876543210',
      'Plumber',
      'Geyser repair',
      'XXXX-XXXX-9012',
      'Verified',
      '7 years',
      'Station Road, Ward 4',
    ]) {
      expect(ramesh.getByText(text)).toBeInTheDocument();
    }
    expect(ramesh.getByText(/20 Nov 2026/)).toBeInTheDocument();
    expect(card('Ramesh Kumar').textContent).not.toMatch(/\d{12}/);
    const sita = within(card('Sita Devi'));
    expect(sita.getByText('Other: Tiffin service')).toBeInTheDocument();
    expect(sita.getByText('Not verified')).toBeInTheDocument();
    expect(sita.getByText('Not provided')).toBeInTheDocument();
    expect(sita.getAllByText('Not given')).toHaveLength(2);

    const summary = screen.getByRole('region', { name: 'Registrations by status' });
    expect(await within(summary).findByRole('button', { name: '2 Pending', pressed: true })).toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: '40 Approved', pressed: false })).toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: '3 Rejected', pressed: false })).toBeInTheDocument();
    expect(screen.getByText('Newest first. Showing 2 of 2')).toBeInTheDocument();
  });

  it('Owner edits is a section of its own (?tab=edits), reached by its link', async () => {
    (adminListOwnerEdits as jest.MockedFunction<typeof adminListOwnerEdits>).mockResolvedValue([]);
    const { user } = await renderPanel('hi');
    const nav = screen.getByRole('navigation', { name: 'कंसोल के भाग' });
    await user.click(within(nav).getByRole('link', { name: 'मालिकों के बदलाव' }));
    expect(within(nav).getByRole('link', { name: 'मालिकों के बदलाव' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 2, name: 'मालिकों के हाल के बदलाव' })).toBeInTheDocument();
    expect(await screen.findByText('अभी मालिकों का कोई बदलाव नहीं है।')).toBeInTheDocument();
    expect(adminListOwnerEdits).toHaveBeenCalledWith(20, 0);
  });

  it('shows call and chat clicks per provider for the last 30 days (Stats section)', async () => {
    await renderPanel('en', '/admin?tab=stats');
    const region = screen.getByRole('region', { name: 'Contact clicks in the last 30 days' });
    const table = await within(region).findByRole('table');
    expect(clicks).toHaveBeenCalledWith(30);
    expect(screen.getByRole('heading', { name: 'Contact clicks in the last 30 days' })).toBeInTheDocument();
    const row = within(table).getByRole('row', { name: /Mohan Electricals/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['12', '5']);
  });

  it('a long click table shows the top 10 until asked for all', async () => {
    const many = Array.from({ length: 14 }, (_, i) => ({
      provider_id: `p${i}`,
      name: `Provider ${i + 1}`,
      call_count: 20 - i,
      whatsapp_count: 1,
    }));
    clicks.mockImplementation(later(many));
    const { user } = await renderPanel('en', '/admin?tab=stats');
    const table = await within(screen.getByRole('region', { name: 'Contact clicks in the last 30 days' })).findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    const more = screen.getByRole('button', { name: 'Show all 14 providers' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(within(table).getAllByRole('row')).toHaveLength(15);
    await user.click(screen.getByRole('button', { name: 'Show the top 10 only' }));
    expect(within(table).getAllByRole('row')).toHaveLength(11);
  });

  it('approve: saves, says so, drops the card, refreshes the counts and keeps focus in the list', async () => {
    setStatus.mockResolvedValue({
      id: RAMESH.id,
      name: RAMESH.name,
      status: 'approved',
      reviewed_at: '2026-11-22T10:00:00Z',
      rejection_reason: null,
    });
    const { user } = await renderPanel();
    await screen.findByRole('article', { name: 'Ramesh Kumar' });
    counts.mockResolvedValue({ pending: 1, approved: 41, rejected: 3 });
    await user.click(within(card('Ramesh Kumar')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ramesh Kumar' })).toBeNull());
    expect(setStatus).toHaveBeenCalledWith(RAMESH.id, 'approved', null);
    expect(lastToast()).toMatchObject({ title: 'Registration approved', description: 'Ramesh Kumar is now listed publicly.' });
    expect(await screen.findByRole('button', { name: '41 Approved' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Waiting for approval' })).toHaveFocus();
    expect(screen.getByRole('article', { name: 'Sita Devi' })).toBeInTheDocument();
  });

  it.each([
    ['en', 'Approve', 'Last action', 'Registration approved: Ramesh Kumar is now listed publicly.'],
    ['hi', 'स्वीकार करें', 'पिछला काम', 'पंजीकरण स्वीकार किया गया: Ramesh Kumar अब सभी को सूची में दिखेंगे।'],
  ] as const)(
    "in %s, approving names what happened in the console's last-action line (role=status)",
    async (lang, approve, label, said) => {
      setStatus.mockResolvedValue({ id: RAMESH.id, name: RAMESH.name, status: 'approved', reviewed_at: null, rejection_reason: null });
      const { user } = await renderPanel(lang);
      const line = screen.getByRole('status', { name: label });
      expect(line).toHaveTextContent('');
      await screen.findByRole('article', { name: 'Ramesh Kumar' });
      await user.click(within(card('Ramesh Kumar')).getByRole('button', { name: approve }));
      await waitFor(() => expect(line).toHaveTextContent(said));
      // It stays after the toast has gone.
      act(() => toastStore.getState().dismiss());
      expect(line).toHaveTextContent(said);
    },
  );

  it('a failed save is said in the last-action line too', async () => {
    setStatus.mockRejectedValue(new ApiError('connection reset', 'network', 0));
    const { user } = await renderPanel();
    await screen.findByRole('article', { name: 'Ramesh Kumar' });
    await user.click(within(card('Ramesh Kumar')).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Last action' })).toHaveTextContent(
        'The change was not saved: Please try again. (connection reset)',
      ),
    );
  });

  it.each([
    ['en', 'Possible duplicate', 'Same mobile as', 'Mohan Lal (Approved)', 'Same name and place as', 'Sita Devi (Rejected)'],
    ['hi', 'शायद दोहराई गई लिस्टिंग', 'इसी मोबाइल नंबर वाली लिस्टिंग:', 'Mohan Lal (स्वीकृत)', 'इसी नाम और पते वाली लिस्टिंग:', 'Sita Devi (अस्वीकृत)'],
  ] as const)(
    'in %s, a card the database finds duplicates for says so and links to the other listing',
    async (lang, title, byMobile, mohan, byPlace, sita) => {
      const MOHAN = '33333333-3333-4333-8333-333333333333';
      const OLD_SITA = '44444444-4444-4444-8444-444444444444';
      jest.mocked(adminDuplicateHints).mockImplementation(
        later([
          { provider_id: RAMESH.id, other_id: MOHAN, other_name: 'Mohan Lal', other_status: 'approved', match: 'mobile' as const },
          { provider_id: SITA.id, other_id: OLD_SITA, other_name: 'Sita Devi', other_status: 'rejected', match: 'name_place' as const },
        ]),
      );
      await renderPanel(lang);
      await screen.findByRole('article', { name: 'Ramesh Kumar' });
      expect(adminDuplicateHints).toHaveBeenCalledWith([RAMESH.id, SITA.id]);
      const ramesh = within(card('Ramesh Kumar'));
      expect(await ramesh.findByText(title)).toBeInTheDocument();
      expect(ramesh.getByRole('listitem')).toHaveTextContent(`${byMobile} ${mohan}`);
      expect(ramesh.getByRole('link', { name: mohan })).toHaveAttribute('href', `/admin?tab=providers&q=${MOHAN}`);
      const sitaCard = within(card('Sita Devi'));
      expect(sitaCard.getByRole('listitem')).toHaveTextContent(`${byPlace} ${sita}`);
      expect(sitaCard.getByRole('link', { name: sita })).toHaveAttribute('href', `/admin?tab=providers&q=${OLD_SITA}`);
    },
  );

  it('a card without duplicates shows no hint', async () => {
    await renderPanel();
    await screen.findByRole('article', { name: 'Ramesh Kumar' });
    await waitFor(() => expect(adminDuplicateHints).toHaveBeenCalled());
    expect(screen.queryByText('Possible duplicate')).toBeNull();
  });

  it('reject with a reason: the reason box takes focus, the reason is saved, the card leaves', async () => {
    setStatus.mockResolvedValue({ id: SITA.id, name: SITA.name, status: 'rejected', reviewed_at: null, rejection_reason: 'Duplicate' });
    const { user } = await renderPanel();
    await screen.findByRole('article', { name: 'Sita Devi' });
    await user.click(within(card('Sita Devi')).getByRole('button', { name: 'Reject' }));
    const reason = within(card('Sita Devi')).getByLabelText('Reason for rejection (optional)');
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('maxLength', '500');
    await user.type(reason, '  Duplicate of an earlier entry ');
    await user.click(within(card('Sita Devi')).getByRole('button', { name: 'Reject registration' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Sita Devi' })).toBeNull());
    expect(setStatus).toHaveBeenCalledWith(SITA.id, 'rejected', 'Duplicate of an earlier entry');
    expect(lastToast()).toMatchObject({ title: 'Registration rejected', description: 'Sita Devi will not be listed.' });
  });

  it('reject without a reason sends none; Cancel closes the box and returns focus to Reject', async () => {
    setStatus.mockResolvedValue({ id: SITA.id, name: SITA.name, status: 'rejected', reviewed_at: null, rejection_reason: null });
    const { user } = await renderPanel();
    await screen.findByRole('article', { name: 'Sita Devi' });
    await user.click(within(card('Sita Devi')).getByRole('button', { name: 'Reject' }));
    await user.click(within(card('Sita Devi')).getByRole('button', { name: 'Cancel' }));
    expect(within(card('Sita Devi')).queryByLabelText('Reason for rejection (optional)')).toBeNull();
    expect(within(card('Sita Devi')).getByRole('button', { name: 'Reject' })).toHaveFocus();
    expect(setStatus).not.toHaveBeenCalled();
    await user.click(within(card('Sita Devi')).getByRole('button', { name: 'Reject' }));
    await user.click(within(card('Sita Devi')).getByRole('button', { name: 'Reject registration' }));
    await waitFor(() => expect(setStatus).toHaveBeenCalledWith(SITA.id, 'rejected', null));
  });

  it('a failed save says so and keeps the card; a second click while saving sends nothing more', async () => {
    let fail!: (e: unknown) => void;
    setStatus.mockReturnValue(new Promise((_, reject) => (fail = reject)));
    const { user } = await renderPanel();
    await screen.findByRole('article', { name: 'Ramesh Kumar' });
    await user.click(within(card('Ramesh Kumar')).getByRole('button', { name: 'Approve' }));
    const saving = within(card('Ramesh Kumar')).getByRole('button', { name: 'Saving…' });
    await user.click(saving);
    expect(setStatus).toHaveBeenCalledTimes(1);
    await act(async () => fail(new ApiError('connection reset', 'network', 0)));
    expect(lastToast()).toMatchObject({ title: 'The change was not saved', variant: 'destructive' });
    expect(within(card('Ramesh Kumar')).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });

  it('a status button shows that list; approved cards link to the public profile and can be withdrawn', async () => {
    const approved = registration({
      id: '33333333-3333-4333-8333-333333333333',
      name: 'Mohan Lal',
      status: 'approved',
      avg_rating: 4.5,
      rating_count: 3,
      reviewed_at: '2026-11-21T08:00:00Z',
    });
    const { user } = await renderPanel();
    await screen.findByRole('article', { name: 'Ramesh Kumar' });
    list.mockResolvedValue({ rows: [approved], total: 1 });
    await user.click(await screen.findByRole('button', { name: '40 Approved' }));
    expect(await screen.findByRole('article', { name: 'Mohan Lal' })).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith({ status: 'approved', limit: 10, offset: 0 });
    expect(screen.getByRole('heading', { level: 2, name: 'Approved providers' })).toBeInTheDocument();
    const mohan = within(card('Mohan Lal'));
    expect(mohan.getByRole('link', { name: 'View public profile' })).toHaveAttribute('href', `/provider/${approved.id}`);
    expect(mohan.getByText('4.5 (3 ratings)')).toBeInTheDocument();
    expect(mohan.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(mohan.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  });

  it('empty queue, load failure with retry, and more than one page', async () => {
    list.mockRejectedValueOnce(new ApiError('boom', '500', 500));
    const { user } = await renderPanel();
    expect(await screen.findByText('The registrations could not be loaded.')).toBeInTheDocument();
    list.mockResolvedValueOnce({ rows: [], total: 0 });
    await user.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await screen.findByText('No registrations are waiting for approval.')).toBeInTheDocument();

    list.mockResolvedValueOnce({ rows: [], total: 0 });
    await user.click(await screen.findByRole('button', { name: '40 Approved' }));
    expect(await screen.findByText('No approved providers yet.')).toBeInTheDocument();
    list.mockResolvedValueOnce({ rows: [RAMESH], total: 2 });
    await user.click(screen.getByRole('button', { name: '2 Pending' }));
    await screen.findByRole('article', { name: 'Ramesh Kumar' });
    list.mockResolvedValueOnce({ rows: [SITA], total: 2 });
    await user.click(screen.getByRole('button', { name: 'Show more registrations' }));
    expect(await screen.findByRole('article', { name: 'Sita Devi' })).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith({ status: 'pending', limit: 10, offset: 1 });
    expect(screen.queryByRole('button', { name: 'Show more registrations' })).toBeNull();
  });

  it('a further page that fails keeps the cards shown and says so; a refusal there says why', async () => {
    list.mockImplementationOnce(later({ rows: [RAMESH], total: 2 }));
    const { user } = await renderPanel();
    await screen.findByRole('article', { name: 'Ramesh Kumar' });
    list.mockRejectedValueOnce(new ApiError('not authorised', '42501', 403));
    await user.click(screen.getByRole('button', { name: 'Show more registrations' }));
    expect(await screen.findByText('The registrations could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText(/The server refused: this account may no longer be an admin/)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Ramesh Kumar' })).toBeInTheDocument();
    list.mockResolvedValueOnce({ rows: [SITA], total: 2 });
    await user.click(screen.getByRole('button', { name: 'Show more registrations' }));
    expect(await screen.findByRole('article', { name: 'Sita Devi' })).toBeInTheDocument();
    expect(screen.queryByText('The registrations could not be loaded.')).toBeNull();
  });

  it('when the database refuses (not an admin) it says so', async () => {
    list.mockRejectedValue(new ApiError('not authorised', '42501', 403));
    await renderPanel();
    expect(await screen.findByText(/The server refused: this account may no longer be an admin/)).toBeInTheDocument();
  });

  it('the sign-out control signs out', async () => {
    const signOut = jest.fn().mockResolvedValue(true);
    act(() => authStore.setState({ signOut }));
    const { user } = await renderPanel();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('is in Hindi when the site is', async () => {
    await renderPanel('hi');
    expect(screen.getByRole('heading', { level: 1, name: 'एडमिन पैनल' })).toBeInTheDocument();
    const ramesh = await screen.findByRole('article', { name: 'Ramesh Kumar' });
    expect(within(ramesh).getByText('प्लंबर')).toBeInTheDocument();
    expect(within(ramesh).getByRole('button', { name: 'स्वीकार करें' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'स्वीकृति की प्रतीक्षा में' })).toBeInTheDocument();
  });
});
