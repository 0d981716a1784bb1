import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSupabaseClient } from '@city/shared';
import { renderWithProviders } from '@city/shared/testing';
import { fakeConsole, signedInOperator } from '../../../testing/fake-console';
import { AuditSection, changedFields } from '../audit-section';

const entry = (n: number, over: Record<string, unknown> = {}) => ({
  id: n,
  at: '2026-11-22T09:30:00Z',
  actor: 'u1',
  actor_email: 'op@example.in',
  action: 'provider.update',
  target_table: 'service_providers',
  target_id: 'p1',
  target_name: `Provider ${n}`,
  before: { mobile: '9876543210', name: 'Ramesh' },
  after: { mobile: '9123456780', name: 'Ramesh' },
  reason: 'Caller confirmed',
  total_count: 25,
  ...over,
});

beforeEach(signedInOperator);
afterEach(() => setSupabaseClient(null));

describe('AuditSection', () => {
  it('lists who, when, what, before -> after and why, and pages', async () => {
    const fake = fakeConsole({
      admin_audit_log: ({ p_offset }: Record<string, unknown>) =>
        p_offset === 0 ? Array.from({ length: 20 }, (_, i) => entry(25 - i)) : Array.from({ length: 5 }, (_, i) => entry(5 - i)),
    });
    const user = userEvent.setup();
    await renderWithProviders(<AuditSection />, { language: 'en' });
    const first = (await screen.findByText('Provider 25')).closest('li')!;
    expect(within(first).getByText('Listing edited')).toBeInTheDocument();
    expect(within(first).getByText('by op@example.in')).toBeInTheDocument();
    expect(within(first).getByText('Reason: Caller confirmed')).toBeInTheDocument();
    expect(within(first).getByRole('list', { name: 'Changes' })).toHaveTextContent('mobile: 9876543210 → 9123456780');
    expect(within(first).getByRole('list', { name: 'Changes' })).not.toHaveTextContent('name');
    expect(fake.rpc).toHaveBeenCalledWith('admin_audit_log', { p_limit: 20, p_offset: 0 });
    await user.click(screen.getByRole('button', { name: 'Show older actions' }));
    expect(await screen.findByText('Provider 1')).toBeInTheDocument();
    expect(fake.rpc).toHaveBeenLastCalledWith('admin_audit_log', { p_limit: 20, p_offset: 20 });
    expect(screen.queryByRole('button', { name: 'Show older actions' })).toBeNull();
  });

  it('what the system did (3 reports) has no operator', async () => {
    fakeConsole({
      admin_audit_log: [entry(1, { actor: null, actor_email: null, action: 'provider.hidden_by_reports', reason: null, total_count: 1 })],
    });
    await renderWithProviders(<AuditSection />, { language: 'hi' });
    const li = (await screen.findByText('Provider 1')).closest('li')!;
    expect(within(li).getByText('3 शिकायतों से लिस्टिंग छिपी')).toBeInTheDocument();
    expect(within(li).getByText('सिस्टम द्वारा')).toBeInTheDocument();
  });

  it('changedFields lists only what differs, a created row against nothing', () => {
    expect(changedFields({ before: null, after: { title: 'Ad' } })).toEqual([['title', '—', 'Ad']]);
    expect(changedFields({ before: { a: 1, b: 2 }, after: { a: 1, b: 3 } })).toEqual([['b', '2', '3']]);
  });
});
