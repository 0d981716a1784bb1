import type { Session } from '@supabase/supabase-js';
import { isAdminSession, isPhoneSession } from '../auth';

const session = (user: Record<string, unknown>) =>
  ({ access_token: 'a', refresh_token: 'r', user: { id: 'u', app_metadata: {}, ...user } }) as unknown as Session;

describe("a provider's phone session and an operator's session", () => {
  it('a phone sign-in is a provider’s, never an operator’s', () => {
    const provider = session({ phone: '919876543210' });
    expect(isPhoneSession(provider)).toBe(true);
    expect(isAdminSession(provider)).toBe(false);
  });

  it('an operator (admin role) is not a provider, even with a phone on the account', () => {
    expect(isPhoneSession(session({ email: 'op@example.in', app_metadata: { role: 'admin' } }))).toBe(false);
    expect(isPhoneSession(session({ phone: '919876543210', app_metadata: { role: 'admin' } }))).toBe(false);
  });

  it('no session, or an e-mail account without a phone, is not a provider', () => {
    expect(isPhoneSession(null)).toBe(false);
    expect(isPhoneSession(session({ email: 'editor@example.in', phone: '' }))).toBe(false);
  });
});
