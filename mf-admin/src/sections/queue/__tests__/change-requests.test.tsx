import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSupabaseClient } from '@city/shared';
import { renderWithProviders } from '@city/shared/testing';
import { fakeConsole, lastToast, signedInOperator } from '../../../testing/fake-console';
import { ChangeRequests } from '../change-requests';

const REQUEST = {
  id: 'cr1',
  provider_id: 'p1',
  current: { name: 'Ramesh Kumar', category: '🔧 प्लंबर', mobile: '9876543210' },
  proposed: { name: null, category: null, mobile: '9123456780' },
  created_at: '2026-11-22T09:30:00Z',
};

beforeEach(signedInOperator);
afterEach(() => setSupabaseClient(null));

describe('ChangeRequests (queue)', () => {
  it('shows what changes, now and proposed side by side; approving needs a reason', async () => {
    const fake = fakeConsole({ admin_list_change_requests: [REQUEST], admin_decide_change_request: null });
    const user = userEvent.setup();
    await renderWithProviders(<ChangeRequests />, { language: 'en' });
    const card = await screen.findByRole('article', { name: 'Ramesh Kumar' });
    const table = within(card).getByRole('table', { name: 'What Ramesh Kumar asked to change' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => [...r.children].map((c) => c.textContent)),
    ).toEqual([
      ['Field', 'Now', 'Proposed'],
      ['Mobile', '9876543210', '9123456780'],
    ]);
    await user.click(within(card).getByRole('button', { name: 'Approve change' }));
    expect(within(card).getByLabelText('Reason (kept in the audit log)')).toHaveAccessibleDescription(
      'Required. Say why, in a few words. The provider can read it too.',
    );
    await user.click(within(card).getByRole('button', { name: 'Approve change' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Please give a reason');
    expect(fake.rpc).not.toHaveBeenCalledWith('admin_decide_change_request', expect.anything());
    await user.type(within(card).getByLabelText('Reason (kept in the audit log)'), 'Called the provider');
    await user.click(within(card).getByRole('button', { name: 'Approve change' }));
    expect(fake.rpc).toHaveBeenCalledWith('admin_decide_change_request', { p_id: 'cr1', p_approve: true, p_reason: 'Called the provider' });
    expect(lastToast()?.title).toBe('The change of Ramesh Kumar was approved.');
    expect(screen.getByText('No listing changes are waiting.')).toBeInTheDocument();
  });

  it('in Hindi', async () => {
    fakeConsole({ admin_list_change_requests: [REQUEST] });
    const user = userEvent.setup();
    await renderWithProviders(<ChangeRequests />, { language: 'hi' });
    const card = await screen.findByRole('article', { name: 'Ramesh Kumar' });
    expect(within(card).getByRole('columnheader', { name: 'प्रस्तावित' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'बदलाव अस्वीकार करें' }));
    expect(within(card).getByLabelText('कारण (ऑडिट लॉग में रखा जाता है)')).toHaveAccessibleDescription(
      'ज़रूरी। कुछ शब्दों में कारण लिखें। सेवा प्रदाता भी इसे पढ़ सकते हैं।',
    );
  });
});
