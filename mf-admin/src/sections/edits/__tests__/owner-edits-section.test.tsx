import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSupabaseClient } from '@city/shared';
import { renderWithProviders } from '@city/shared/testing';
import { dbError, fakeConsole, lastToast, signedInOperator } from '../../../testing/fake-console';
import { OwnerEditsSection } from '../owner-edits-section';

const PROVIDER = '11111111-1111-4111-8111-111111111111';

/** One row of admin_list_owner_edits (0011). */
const edit = (n: number, over: Record<string, unknown> = {}) => ({
  id: n,
  at: '2026-11-22T09:30:00Z',
  provider_id: PROVIDER,
  provider_name: `Provider ${n}`,
  before: { business_name: 'Kumar Plumbing', experience: 7 },
  after: { business_name: 'Kumar Plumbing and Sons', experience: 7 },
  reverted: false,
  ...over,
});

beforeEach(signedInOperator);
afterEach(() => setSupabaseClient(null));

const card = (name: string) => screen.getByRole('article', { name });

describe('OwnerEditsSection', () => {
  it('lists owner edits newest first: when, which listing (a link to it), each changed field before -> after; and pages', async () => {
    const fake = fakeConsole({
      admin_list_owner_edits: ({ p_offset }: Record<string, unknown>) =>
        p_offset === 0 ? Array.from({ length: 20 }, (_, i) => edit(25 - i)) : Array.from({ length: 5 }, (_, i) => edit(5 - i)),
    });
    const user = userEvent.setup();
    await renderWithProviders(<OwnerEditsSection />, { language: 'en' });
    expect(screen.getByRole('heading', { level: 2, name: 'Recent edits by owners' })).toBeInTheDocument();
    const first = await screen.findByRole('article', { name: 'Provider 25' });
    expect(
      screen
        .getAllByRole('article')
        .map((a) => within(a).getByRole('heading').textContent)
        .slice(0, 3),
    ).toEqual(['Provider 25', 'Provider 24', 'Provider 23']);
    expect(within(first).getByRole('link', { name: 'Provider 25' })).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`\\?tab=providers&q=${PROVIDER}$`)),
    );
    // only what changed, with the audit log's field labels
    expect(within(first).getByRole('list', { name: 'Changes' })).toHaveTextContent(
      'Business name: Kumar Plumbing → Kumar Plumbing and Sons',
    );
    expect(within(first).getByRole('list', { name: 'Changes' })).not.toHaveTextContent('Experience');
    expect(within(first).getByText(/by the listing's owner/)).toBeInTheDocument();
    expect(within(first).getByText(/2026/).tagName).toBe('TIME');
    expect(fake.rpc).toHaveBeenCalledWith('admin_list_owner_edits', { p_limit: 20, p_offset: 0 });

    await user.click(screen.getByRole('button', { name: 'Show older edits' }));
    expect(await screen.findByRole('article', { name: 'Provider 1' })).toBeInTheDocument();
    expect(fake.rpc).toHaveBeenLastCalledWith('admin_list_owner_edits', { p_limit: 20, p_offset: 20 });
    expect(screen.getAllByRole('article')).toHaveLength(25);
    expect(screen.queryByRole('button', { name: 'Show older edits' })).toBeNull();
  });

  it('is in Hindi with the same field labels as the audit log; a reverted edit says so and has no Revert', async () => {
    fakeConsole({
      admin_list_owner_edits: [
        edit(2, { before: { specialist_in: null, address: 'Station Road' }, after: { specialist_in: 'गीज़र', address: 'Civil Lines' } }),
        edit(1, { reverted: true }),
      ],
    });
    await renderWithProviders(<OwnerEditsSection />, { language: 'hi' });
    const latest = await screen.findByRole('article', { name: 'Provider 2' });
    expect(
      within(within(latest).getByRole('list', { name: 'बदलाव' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['विशेषज्ञता: — → गीज़र', 'पता: Station Road → Civil Lines']);
    expect(within(latest).getByRole('button', { name: 'वापस लें' })).toBeInTheDocument();
    const old = card('Provider 1');
    expect(within(old).getByText('वापस लिया गया')).toBeInTheDocument();
    expect(within(old).queryByRole('button')).toBeNull();
  });

  it('one press reverts: the call, a message, the entry shown as reverted, focus on the entry', async () => {
    const fake = fakeConsole({ admin_list_owner_edits: [edit(41), edit(40)], admin_revert_owner_edit: null });
    const user = userEvent.setup();
    await renderWithProviders(<OwnerEditsSection />, { language: 'en' });
    const entry = await screen.findByRole('article', { name: 'Provider 41' });
    await user.click(within(entry).getByRole('button', { name: 'Revert' }));
    expect(fake.rpc).toHaveBeenCalledWith('admin_revert_owner_edit', { p_audit_id: 41, p_reason: null });
    expect(await within(entry).findByText('Reverted')).toBeInTheDocument();
    expect(within(entry).queryByRole('button')).toBeNull();
    expect(within(entry).getByRole('heading', { level: 3 })).toHaveFocus();
    expect(lastToast()?.title).toBe('Provider 41: the earlier values are back.');
    // the other entry is untouched
    expect(within(card('Provider 40')).getByRole('button', { name: 'Revert' })).toBeInTheDocument();
    expect(fake.rpc.mock.calls.filter((call) => (call as unknown[])[0] === 'admin_revert_owner_edit')).toHaveLength(1);
  });

  it('Revert with a reason: the reason form (a reason needed there), the reason sent; Escape closes it and gives focus back', async () => {
    const fake = fakeConsole({ admin_list_owner_edits: [edit(7)], admin_revert_owner_edit: null });
    const user = userEvent.setup();
    await renderWithProviders(<OwnerEditsSection />, { language: 'en' });
    const entry = await screen.findByRole('article', { name: 'Provider 7' });
    await user.click(within(entry).getByRole('button', { name: 'Revert with a reason' }));
    const reason = within(entry).getByLabelText('Reason (kept in the audit log)');
    expect(reason).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(within(entry).queryByRole('form')).toBeNull();
    expect(within(entry).getByRole('button', { name: 'Revert with a reason' })).toHaveFocus();

    await user.keyboard('{Enter}');
    const form = within(entry).getByRole('form', { name: 'Revert' });
    await user.click(within(form).getByRole('button', { name: 'Revert' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please give a reason: every decision keeps one.');
    expect(fake.rpc).not.toHaveBeenCalledWith('admin_revert_owner_edit', expect.anything());
    await user.type(within(form).getByLabelText('Reason (kept in the audit log)'), ' Link in the business name ');
    await user.click(within(form).getByRole('button', { name: 'Revert' }));
    expect(fake.rpc).toHaveBeenCalledWith('admin_revert_owner_edit', { p_audit_id: 7, p_reason: 'Link in the business name' });
    expect(await within(entry).findByText('Reverted')).toBeInTheDocument();
    expect(within(entry).queryByRole('form')).toBeNull();
  });

  it('changed again since (PT409): says so with a link to open the listing; nothing shown as reverted', async () => {
    fakeConsole({
      admin_list_owner_edits: [edit(9)],
      admin_revert_owner_edit: dbError('the listing changed again since this edit', 'PT409'),
    });
    const user = userEvent.setup();
    await renderWithProviders(<OwnerEditsSection />, { language: 'en' });
    const entry = await screen.findByRole('article', { name: 'Provider 9' });
    await user.click(within(entry).getByRole('button', { name: 'Revert' }));
    const alert = await within(entry).findByRole('alert');
    expect(alert).toHaveTextContent('This listing was changed again since: open the listing to edit it.');
    expect(within(alert).getByRole('link', { name: 'Open the listing' })).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`\\?tab=providers&q=${PROVIDER}$`)),
    );
    expect(within(entry).queryByText('Reverted')).toBeNull();
    expect(within(entry).getByRole('button', { name: 'Revert' })).toBeInTheDocument();
  });

  it('already reverted (PT409, elsewhere): says so and shows the entry as reverted', async () => {
    fakeConsole({
      admin_list_owner_edits: [edit(8)],
      admin_revert_owner_edit: dbError('this owner edit was already reverted', 'PT409'),
    });
    const user = userEvent.setup();
    await renderWithProviders(<OwnerEditsSection />, { language: 'en' });
    const entry = await screen.findByRole('article', { name: 'Provider 8' });
    await user.click(within(entry).getByRole('button', { name: 'Revert' }));
    expect(await within(entry).findByRole('alert')).toHaveTextContent('This edit was already reverted.');
    expect(within(entry).getByText('Reverted')).toBeInTheDocument();
    expect(within(entry).queryByRole('button')).toBeNull();
  });

  it('an unknown entry (PT404) says so, in Hindi', async () => {
    fakeConsole({ admin_list_owner_edits: [edit(3)], admin_revert_owner_edit: dbError('owner edit not found', 'PT404') });
    const user = userEvent.setup();
    await renderWithProviders(<OwnerEditsSection />, { language: 'hi' });
    const entry = await screen.findByRole('article', { name: 'Provider 3' });
    await user.click(within(entry).getByRole('button', { name: 'वापस लें' }));
    expect(await within(entry).findByRole('alert')).toHaveTextContent('यह बदलाव अब लॉग में नहीं है, या इसकी लिस्टिंग हटा दी गई है।');
    expect(within(entry).queryByText('वापस लिया गया')).toBeNull();
  });

  it('no owner edits says so; a failed load offers a retry', async () => {
    let fail = true;
    fakeConsole({ admin_list_owner_edits: () => (fail ? dbError('boom', 'XX000') : []) });
    const user = userEvent.setup();
    await renderWithProviders(<OwnerEditsSection />, { language: 'en' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The owner edits could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No owner edits yet.')).toBeInTheDocument();
  });
});
