import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSupabaseClient } from '@city/shared';
import { renderWithProviders } from '@city/shared/testing';
import { dbError, fakeConsole, lastToast, signedInOperator } from '../../../testing/fake-console';
import { ProvidersSection } from '../providers-section';

const ROW = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Ramesh Kumar',
  business_name: null,
  mobile: '9876543210',
  category: '🔧 प्लंबर',
  specialist_in: null,
  experience: 7,
  address: 'Station Road',
  verified: false,
  status: 'suspended',
  registration_date: '2026-11-01T00:00:00Z',
  aadhaar_masked: null,
  total_count: 1,
};

beforeEach(signedInOperator);
afterEach(() => setSupabaseClient(null));
const card = () => screen.getByRole('article', { name: 'Ramesh Kumar' });
const REASON = 'Reason (kept in the audit log)';

describe('ProvidersSection', () => {
  it('searches any status and shows each provider with its status', async () => {
    const fake = fakeConsole({ admin_search_providers: [ROW] });
    const user = userEvent.setup();
    await renderWithProviders(<ProvidersSection />, { language: 'en' });
    await screen.findByRole('article', { name: 'Ramesh Kumar' });
    expect(fake.rpc).toHaveBeenLastCalledWith('admin_search_providers', { p_query: null, p_status: null, p_limit: 20, p_offset: 0 });
    expect(within(card()).getByText('Suspended')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name, mobile or words'), ' 98765 ');
    await user.selectOptions(screen.getByLabelText('Status'), 'Suspended');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(fake.rpc).toHaveBeenLastCalledWith('admin_search_providers', {
      p_query: '98765',
      p_status: 'suspended',
      p_limit: 20,
      p_offset: 0,
    });
  });

  it("?q= (another section's link to one listing) starts with that search; a listing with the number caution says so", async () => {
    const fake = fakeConsole({ admin_search_providers: [{ ...ROW, status: 'approved', number_caution: true }] });
    await renderWithProviders(<ProvidersSection />, { language: 'en', route: `/admin?tab=providers&q=${ROW.id}` });
    await screen.findByRole('article', { name: 'Ramesh Kumar' });
    expect(fake.rpc).toHaveBeenLastCalledWith('admin_search_providers', { p_query: ROW.id, p_status: null, p_limit: 20, p_offset: 0 });
    expect(screen.getByLabelText('Name, mobile or words')).toHaveValue(ROW.id);
    expect(within(card()).getByText('Visitors see the caution “Some people say this number may be wrong”.')).toBeInTheDocument();
  });

  it.each([
    ['en', 'Other: Tiffin service', 'Edit', 'Category'],
    ['hi', 'अन्य: Tiffin service', 'बदलें', 'श्रेणी'],
  ] as const)(
    'in %s names an "others" category in words, on the card and in the editor, never OTHERS:',
    async (language, words, edit, label) => {
      fakeConsole({ admin_search_providers: [{ ...ROW, category: 'OTHERS: Tiffin service' }] });
      const user = userEvent.setup();
      await renderWithProviders(<ProvidersSection />, { language });
      await screen.findByRole('article', { name: 'Ramesh Kumar' });
      expect(within(card()).getByText(words)).toBeInTheDocument();
      await user.click(within(card()).getByRole('button', { name: edit }));
      const select = within(card()).getByLabelText(label) as HTMLSelectElement;
      expect(select.selectedOptions[0]).toHaveTextContent(words);
      expect(card().textContent).not.toMatch(/OTHERS/);
    },
  );

  it('restores a suspended provider with a reason', async () => {
    const fake = fakeConsole({ admin_search_providers: [ROW], admin_set_provider_status: { ...ROW, status: 'approved' } });
    const user = userEvent.setup();
    await renderWithProviders(<ProvidersSection />, { language: 'en' });
    await user.click(within(await screen.findByRole('article', { name: 'Ramesh Kumar' })).getByRole('button', { name: 'Restore' }));
    await user.type(within(card()).getByLabelText(REASON), 'Owner called, number fixed');
    await user.click(within(card()).getByRole('button', { name: 'Restore' }));
    expect(fake.rpc).toHaveBeenCalledWith('admin_set_provider_status', {
      p_provider_id: ROW.id,
      p_status: 'approved',
      p_reason: 'Owner called, number fixed',
    });
    expect(within(card()).getByText('Approved')).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Suspend' })).toBeInTheDocument();
  });

  it('Aadhaar: a wrong number is refused before sending; a right one is saved, then only the masked form is shown (no badge: 0016)', async () => {
    const fake = fakeConsole({
      admin_search_providers: [ROW],
      admin_set_aadhaar: { id: ROW.id, verified: false, aadhaar_masked: 'XXXX XXXX 0124' },
    });
    const user = userEvent.setup();
    await renderWithProviders(<ProvidersSection />, { language: 'en' });
    await user.click(within(await screen.findByRole('article', { name: 'Ramesh Kumar' })).getByRole('button', { name: 'Set Aadhaar' }));
    const input = within(card()).getByLabelText('Aadhaar number (12 digits)');
    await user.type(input, '2345 6789 0123');
    await user.type(within(card()).getByLabelText(REASON), 'Checked the card');
    await user.click(within(card()).getByRole('button', { name: 'Save Aadhaar' }));
    expect(input).toHaveAccessibleDescription('This is not a valid Aadhaar number. Please check the 12 digits.');
    expect(fake.rpc).not.toHaveBeenCalledWith('admin_set_aadhaar', expect.anything());
    await user.clear(input);
    await user.type(input, '2345 6789 0124');
    await user.click(within(card()).getByRole('button', { name: 'Save Aadhaar' }));
    expect(fake.rpc).toHaveBeenCalledWith('admin_set_aadhaar', { p_id: ROW.id, p_aadhaar: '234567890124', p_reason: 'Checked the card' });
    expect(within(card()).getByText('XXXX XXXX 0124')).toBeInTheDocument();
    expect(within(card()).getByText('Not verified')).toBeInTheDocument();
    expect(within(card()).queryByLabelText('Aadhaar number (12 digits)')).toBeNull();
    expect(card().textContent).not.toMatch(/234567890124|2345 6789 0124/);
  });

  it('verify: how (one or more) and the day of the check are required, then the listing is verified; withdraw takes a reason', async () => {
    const fake = fakeConsole({
      admin_search_providers: [{ ...ROW, status: 'approved' }],
      admin_verify_provider: { ...ROW, status: 'approved', verified: true },
      admin_withdraw_verification: { ...ROW, status: 'approved', verified: false },
    });
    const user = userEvent.setup();
    await renderWithProviders(<ProvidersSection />, { language: 'en' });
    await user.click(
      within(await screen.findByRole('article', { name: 'Ramesh Kumar' })).getByRole('button', { name: 'Verify (after a check)' }),
    );
    await user.type(within(card()).getByLabelText(REASON), 'Met him at the shop');
    await user.click(within(card()).getByRole('button', { name: 'Save: verified' }));
    expect(within(card()).getByRole('alert')).toHaveTextContent('Choose at least one way you checked.');
    expect(fake.rpc).not.toHaveBeenCalledWith('admin_verify_provider', expect.anything());
    await user.click(within(card()).getByRole('checkbox', { name: 'Saw the documents' }));
    await user.click(within(card()).getByRole('checkbox', { name: 'Visited them' }));
    const day = within(card()).getByLabelText('Day of the check');
    await user.clear(day);
    await user.type(day, '2026-11-12');
    await user.click(within(card()).getByRole('button', { name: 'Save: verified' }));
    expect(fake.rpc).toHaveBeenCalledWith('admin_verify_provider', {
      p_id: ROW.id,
      p_how: ['documents', 'visited'],
      p_checked_on: '2026-11-12',
      p_reason: 'Met him at the shop',
    });
    expect(lastToast()?.title).toBe('Ramesh Kumar is now verified.');
    expect(within(card()).getByText('Verified')).toBeInTheDocument();

    await user.click(within(card()).getByRole('button', { name: 'Withdraw verification' }));
    await user.type(within(card()).getByLabelText(REASON), 'Shop closed');
    await user.click(within(card()).getByRole('button', { name: 'Withdraw verification' }));
    expect(fake.rpc).toHaveBeenCalledWith('admin_withdraw_verification', { p_id: ROW.id, p_reason: 'Shop closed' });
    expect(within(card()).getByText('Not verified')).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Verify (after a check)' })).toBeInTheDocument();
  });

  it('delete asks for confirmation and a reason; a server refusal keeps the provider and says why', async () => {
    const fake = fakeConsole({ admin_search_providers: [ROW], admin_delete_provider: dbError('reason is required', '22023') });
    const user = userEvent.setup();
    await renderWithProviders(<ProvidersSection />, { language: 'en' });
    await user.click(within(await screen.findByRole('article', { name: 'Ramesh Kumar' })).getByRole('button', { name: 'Delete' }));
    expect(within(card()).getByText(/It cannot be undone/)).toBeInTheDocument();
    await user.click(within(card()).getByRole('button', { name: 'Delete for good' }));
    expect(fake.rpc).not.toHaveBeenCalledWith('admin_delete_provider', expect.anything());
    await user.type(within(card()).getByLabelText(REASON), 'Duplicate listing');
    await user.click(within(card()).getByRole('button', { name: 'Delete for good' }));
    expect(fake.rpc).toHaveBeenCalledWith('admin_delete_provider', { p_id: ROW.id, p_reason: 'Duplicate listing' });
    expect(lastToast()?.title).toBe('The change was not saved');
    expect(card()).toBeInTheDocument();
  });

  it('is in Hindi when the site is', async () => {
    fakeConsole({ admin_search_providers: [ROW] });
    await renderWithProviders(<ProvidersSection />, { language: 'hi' });
    const c = await screen.findByRole('article', { name: 'Ramesh Kumar' });
    expect(within(c).getByText('निलंबित')).toBeInTheDocument();
    expect(within(c).getByRole('button', { name: 'फिर से दिखाएं' })).toBeInTheDocument();
  });

  it.each([
    ['en', 'Edit', 'Name', 'Cancel', 'Delete', 'Delete for good'],
    ['hi', 'बदलें', 'नाम', 'रद्द करें', 'हटाएं', 'हमेशा के लिए हटाएं'],
  ] as const)(
    'in %s the editor takes focus on its first field; Escape closes it and Edit has focus again',
    async (language, edit, name, cancel, del, confirmDelete) => {
      fakeConsole({ admin_search_providers: [ROW] });
      const user = userEvent.setup();
      await renderWithProviders(<ProvidersSection />, { language });
      const c = await screen.findByRole('article', { name: 'Ramesh Kumar' });
      await user.click(within(c).getByRole('button', { name: edit }));
      expect(within(c).getByLabelText(name)).toHaveFocus();
      await user.type(within(c).getByLabelText(name), ' Jr');
      await user.keyboard('{Escape}');
      expect(within(c).queryByLabelText(name)).toBeNull();
      expect(within(c).getByRole('button', { name: edit })).toHaveFocus();
      // Cancel does the same, and so does every form of the card for its own button
      await user.click(within(c).getByRole('button', { name: edit }));
      await user.click(within(c).getByRole('button', { name: cancel }));
      expect(within(c).getByRole('button', { name: edit })).toHaveFocus();
      await user.click(within(c).getByRole('button', { name: del }));
      expect(within(c).getByRole('button', { name: confirmDelete })).toBeInTheDocument();
      await user.click(within(c).getByRole('button', { name: cancel }));
      expect(within(c).getByRole('button', { name: del })).toHaveFocus();
    },
  );
});
