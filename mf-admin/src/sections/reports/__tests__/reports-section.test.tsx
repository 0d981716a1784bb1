import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSupabaseClient } from '@city/shared';
import { renderWithProviders } from '@city/shared/testing';
import { fakeConsole, lastToast, signedInOperator } from '../../../testing/fake-console';
import { ReportsSection } from '../reports-section';

const PROVIDER = '11111111-1111-4111-8111-111111111111';
const REVIEW = '33333333-3333-4333-8333-333333333333';
const GROUPS = [
  {
    target_type: 'provider',
    provider_id: PROVIDER,
    review_id: null,
    provider_name: 'Ramesh Kumar',
    review_text: null,
    reasons: [
      { reason: 'wrong_number', details: null, created_at: '2026-11-20T09:30:00Z' },
      { reason: 'other', details: 'Number belongs to someone else', created_at: '2026-11-21T09:30:00Z' },
    ],
    open_count: 3,
    status: 'approved',
  },
  {
    target_type: 'review',
    provider_id: PROVIDER,
    review_id: REVIEW,
    provider_name: 'Ramesh Kumar',
    review_text: 'Fake review text',
    reasons: [{ reason: 'abusive', details: null, created_at: '2026-11-22T09:30:00Z' }],
    open_count: 1,
    status: 'visible',
  },
];
const ROW = {
  id: PROVIDER,
  name: 'Ramesh Kumar',
  business_name: null,
  mobile: '9876543210',
  category: '🔧 प्लंबर',
  specialist_in: null,
  experience: 7,
  address: 'Station Road',
  verified: false,
  status: 'approved',
  registration_date: '2026-11-01T00:00:00Z',
  number_caution: true,
};

beforeEach(signedInOperator);
afterEach(() => setSupabaseClient(null));

const providerCard = () => screen.getByRole('article', { name: 'Ramesh Kumar' });
const reviewCard = () => screen.getByRole('article', { name: 'A review of Ramesh Kumar' });

describe('ReportsSection', () => {
  it('shows open reports grouped by provider and by review, with each reason in the language', async () => {
    fakeConsole({ admin_list_reports: GROUPS }, { service_providers: [ROW] });
    await renderWithProviders(<ReportsSection />, { language: 'en' });
    await screen.findByRole('article', { name: 'Ramesh Kumar' });
    expect(within(providerCard()).getByText('3 open reports')).toBeInTheDocument();
    expect(within(providerCard()).getByText('Wrong phone number')).toBeInTheDocument();
    expect(within(providerCard()).getByText(/Number belongs to someone else/)).toBeInTheDocument();
    expect(within(reviewCard()).getByText('Fake review text')).toBeInTheDocument();
    expect(within(reviewCard()).getByRole('button', { name: 'Hide review' })).toBeInTheDocument();
  });

  it('reports hide nothing: a reported listing is still listed, the operator decides (no Restore for what is listed)', async () => {
    fakeConsole({ admin_list_reports: GROUPS }, { service_providers: [ROW] });
    await renderWithProviders(<ReportsSection />, { language: 'en' });
    await screen.findByRole('article', { name: 'Ramesh Kumar' });
    expect(screen.getByText(/Reports hide nothing by themselves/)).toBeInTheDocument();
    expect(within(providerCard()).getByText('Listed')).toBeInTheDocument();
    expect(
      within(providerCard())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Edit listing', 'Suspend listing', 'Dismiss reports']);
    expect(
      within(reviewCard())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Hide review', 'Dismiss reports']);
  });

  it('a listing hidden or suspended before can still be restored', async () => {
    fakeConsole({ admin_list_reports: [{ ...GROUPS[0], status: 'hidden' }] }, { service_providers: [ROW] });
    await renderWithProviders(<ReportsSection />, { language: 'en' });
    await screen.findByRole('article', { name: 'Ramesh Kumar' });
    expect(within(providerCard()).getByText('Hidden')).toBeInTheDocument();
    expect(within(providerCard()).getByRole('button', { name: 'Restore' })).toBeInTheDocument();
  });

  it("shows whether visitors see the listing's number caution (read with the provider's row)", async () => {
    fakeConsole({ admin_list_reports: GROUPS }, { service_providers: [ROW] });
    const { unmount } = await renderWithProviders(<ReportsSection />, { language: 'en' });
    await screen.findByRole('article', { name: 'Ramesh Kumar' });
    expect(within(providerCard()).getByText('Visitors see the caution “Some people say this number may be wrong”.')).toBeInTheDocument();
    // a review's card is about the review: no caution line there
    expect(within(reviewCard()).queryByText(/caution/)).toBeNull();
    unmount();

    fakeConsole({ admin_list_reports: GROUPS }, { service_providers: [{ ...ROW, number_caution: false }] });
    const second = await renderWithProviders(<ReportsSection />, { language: 'hi' });
    await screen.findByRole('article', { name: 'Ramesh Kumar' });
    expect(within(providerCard()).getByText('आगंतुकों को कोई चेतावनी नहीं दिख रही है।')).toBeInTheDocument();
    second.unmount();

    // returned by admin_list_reports itself: no second read needed
    const fake = fakeConsole({ admin_list_reports: [{ ...GROUPS[0], number_caution: true }] });
    await renderWithProviders(<ReportsSection />, { language: 'hi' });
    await screen.findByRole('article', { name: 'Ramesh Kumar' });
    expect(within(providerCard()).getByText('आगंतुकों को चेतावनी दिख रही है: “कुछ लोगों का कहना है कि यह नंबर गलत हो सकता है”।')).toBeInTheDocument();
    expect(fake.from).not.toHaveBeenCalled();
  });

  it('a caution not found with the row is not guessed', async () => {
    fakeConsole({ admin_list_reports: GROUPS }, { service_providers: [] });
    await renderWithProviders(<ReportsSection />, { language: 'en' });
    await screen.findByRole('article', { name: 'Ramesh Kumar' });
    expect(within(providerCard()).queryByText(/caution/)).toBeNull();
  });

  it('a decision without a reason is refused with a message and nothing is sent; with one it is sent and the group leaves', async () => {
    const fake = fakeConsole({ admin_list_reports: GROUPS, admin_resolve_reports: null }, { service_providers: [ROW] });
    const user = userEvent.setup();
    await renderWithProviders(<ReportsSection />, { language: 'en' });
    await user.click(within(await screen.findByRole('article', { name: 'Ramesh Kumar' })).getByRole('button', { name: 'Dismiss reports' }));
    const form = within(providerCard()).getByRole('form', { name: 'Dismiss reports' });
    await user.click(within(form).getByRole('button', { name: 'Dismiss reports' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please give a reason: every decision keeps one.');
    expect(within(form).getByLabelText('Reason (kept in the audit log)')).toHaveFocus();
    expect(fake.rpc).not.toHaveBeenCalledWith('admin_resolve_reports', expect.anything());
    await user.type(within(form).getByLabelText('Reason (kept in the audit log)'), 'Number checked by phone');
    await user.click(within(form).getByRole('button', { name: 'Dismiss reports' }));
    expect(fake.rpc).toHaveBeenCalledWith('admin_resolve_reports', {
      p_provider_id: PROVIDER,
      p_review_id: null,
      p_action: 'dismiss',
      p_reason: 'Number checked by phone',
    });
    expect(lastToast()?.title).toBe('The reports about Ramesh Kumar were dismissed.');
    expect(screen.queryByRole('article', { name: 'Ramesh Kumar' })).toBeNull();
  });

  it('hides a reported review with a reason', async () => {
    const fake = fakeConsole({ admin_list_reports: GROUPS, admin_resolve_reports: null }, { service_providers: [ROW] });
    const user = userEvent.setup();
    await renderWithProviders(<ReportsSection />, { language: 'en' });
    await user.click(
      within(await screen.findByRole('article', { name: 'A review of Ramesh Kumar' })).getByRole('button', { name: 'Hide review' }),
    );
    await user.type(within(reviewCard()).getByLabelText('Reason (kept in the audit log)'), 'Abusive words');
    await user.click(within(reviewCard()).getByRole('button', { name: 'Hide review' }));
    expect(fake.rpc).toHaveBeenCalledWith('admin_resolve_reports', {
      p_provider_id: PROVIDER,
      p_review_id: REVIEW,
      p_action: 'hide_review',
      p_reason: 'Abusive words',
    });
  });

  it('the listing editor opened from a report takes focus; Escape closes it and Edit listing has focus again', async () => {
    fakeConsole({ admin_list_reports: GROUPS }, { service_providers: [ROW] });
    const user = userEvent.setup();
    await renderWithProviders(<ReportsSection />, { language: 'en' });
    await user.click(within(await screen.findByRole('article', { name: 'Ramesh Kumar' })).getByRole('button', { name: 'Edit listing' }));
    expect(await within(providerCard()).findByLabelText('Name')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(within(providerCard()).queryByLabelText('Name')).toBeNull();
    expect(within(providerCard()).getByRole('button', { name: 'Edit listing' })).toHaveFocus();
  });

  it('edits the listing from the report (the new mobile, cleaned), then closes the reports as fixed', async () => {
    const fake = fakeConsole(
      { admin_list_reports: GROUPS, admin_update_provider: { ...ROW, mobile: '9123456780' } },
      { service_providers: [ROW] },
    );
    const user = userEvent.setup();
    await renderWithProviders(<ReportsSection />, { language: 'en' });
    await user.click(within(await screen.findByRole('article', { name: 'Ramesh Kumar' })).getByRole('button', { name: 'Edit listing' }));
    const mobile = await within(providerCard()).findByLabelText('Mobile');
    await user.clear(mobile);
    await user.type(mobile, '12345');
    await user.type(within(providerCard()).getByLabelText('Reason (kept in the audit log)'), 'Caller confirmed new number');
    await user.click(within(providerCard()).getByRole('button', { name: 'Save changes' }));
    expect(mobile).toHaveAccessibleDescription('Please enter a 10-digit mobile number starting with 6, 7, 8 or 9.');
    expect(fake.rpc).not.toHaveBeenCalledWith('admin_update_provider', expect.anything());
    await user.clear(mobile);
    await user.type(mobile, '+91 91234 56780');
    await user.click(within(providerCard()).getByRole('button', { name: 'Save changes' }));
    expect(fake.rpc).toHaveBeenCalledWith('admin_update_provider', {
      p_id: PROVIDER,
      p_fields: { mobile: '9123456780' },
      p_reason: 'Caller confirmed new number',
    });
    expect(lastToast()?.title).toBe('The listing of Ramesh Kumar was saved.');
    await user.click(within(providerCard()).getByRole('button', { name: 'Close reports: listing fixed' }));
    await user.type(within(providerCard()).getByLabelText('Reason (kept in the audit log)'), 'Number fixed');
    await user.click(within(providerCard()).getByRole('button', { name: 'Close reports: listing fixed' }));
    expect(fake.rpc).toHaveBeenCalledWith('admin_resolve_reports', {
      p_provider_id: PROVIDER,
      p_review_id: null,
      p_action: 'edited',
      p_reason: 'Number fixed',
    });
  });

  it('is in Hindi when the site is; no reports says so', async () => {
    fakeConsole({ admin_list_reports: [] });
    await renderWithProviders(<ReportsSection />, { language: 'hi' });
    expect(await screen.findByText('कोई खुली शिकायत नहीं है।')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'खुली शिकायतें' })).toBeInTheDocument();
  });
});
