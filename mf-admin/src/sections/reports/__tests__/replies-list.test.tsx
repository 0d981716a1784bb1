import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSupabaseClient } from '@city/shared';
import { renderWithProviders } from '@city/shared/testing';
import { fakeConsole, lastToast, signedInOperator } from '../../../testing/fake-console';
import { ReportsSection } from '../reports-section';

const REVIEW = '33333333-3333-4333-8333-333333333333';
const REPLIES = [
  {
    review_id: REVIEW,
    provider_id: '11111111-1111-4111-8111-111111111111',
    provider_name: 'Ramesh Kumar',
    review_text: 'Late by an hour.',
    reply_text: 'Call me on 98765 43210 for a discount',
    created_at: '2026-11-22T09:30:00Z',
    hidden: false,
    total_count: 1,
  },
];

beforeEach(signedInOperator);
afterEach(() => setSupabaseClient(null));

describe("the providers' replies, in the reports section", () => {
  it('hides a reply only with a reason, says so, and offers to show it again', async () => {
    const fake = fakeConsole({ admin_list_reports: [], admin_list_replies: REPLIES, admin_hide_reply: {} });
    const user = userEvent.setup();
    await renderWithProviders(<ReportsSection />, { language: 'en' });
    const card = await screen.findByRole('group', { name: 'Reply by Ramesh Kumar' });
    expect(within(card).getByText('Late by an hour.')).toBeInTheDocument();
    expect(within(card).getByText('Call me on 98765 43210 for a discount')).toBeInTheDocument();
    expect(within(card).getByText('Public')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Hide reply' }));
    const form = within(card).getByRole('form', { name: 'Hide reply' });
    await user.click(within(form).getByRole('button', { name: 'Hide reply' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please give a reason: every decision keeps one.');
    expect(fake.rpc).not.toHaveBeenCalledWith('admin_hide_reply', expect.anything());
    await user.type(within(form).getByLabelText('Reason (kept in the audit log)'), 'A phone number in a reply');
    await user.click(within(form).getByRole('button', { name: 'Hide reply' }));
    expect(fake.rpc).toHaveBeenCalledWith('admin_hide_reply', {
      p_review_id: REVIEW,
      p_hidden: true,
      p_reason: 'A phone number in a reply',
    });
    expect(lastToast()?.title).toBe('The reply of Ramesh Kumar is hidden.');
    expect(within(card).getByText('Hidden')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Show reply again' })).toBeInTheDocument();
  });

  it('in Hindi, a hidden reply reads as hidden with the action to show it again', async () => {
    fakeConsole({ admin_list_reports: [], admin_list_replies: [{ ...REPLIES[0], hidden: true }] });
    await renderWithProviders(<ReportsSection />, { language: 'hi' });
    const card = await screen.findByRole('group', { name: 'Ramesh Kumar का जवाब' });
    expect(within(card).getByText('छिपा हुआ')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'जवाब फिर से दिखाएं' })).toBeInTheDocument();
  });

  it('says when there are no replies', async () => {
    fakeConsole({ admin_list_reports: [], admin_list_replies: [] });
    await renderWithProviders(<ReportsSection />, { language: 'en' });
    expect(await screen.findByText('No replies yet.')).toBeInTheDocument();
  });
});
