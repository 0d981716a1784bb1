import { ApiError, setSupabaseClient } from '@city/shared';
import { adminClickTotals, adminListRegistrations, adminSetProviderStatus, adminStatusCounts, isNotAuthorisedError } from '../admin';
import type { SupabaseClient } from '@supabase/supabase-js';

function clientAnswering(answer: unknown | Error) {
  const rpc = jest.fn(async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  setSupabaseClient({ rpc } as unknown as SupabaseClient);
  return rpc;
}

afterEach(() => setSupabaseClient(null));

const row = {
  id: 'a1',
  name: 'Ramesh',
  business_name: null,
  mobile: '9876543210',
  category: '🔧 प्लंबर',
  specialist_in: null,
  experience: 3,
  address: 'Ward 4',
  verified: true,
  status: 'pending',
  registration_date: '2026-11-20T09:30:00+00:00',
  reviewed_at: null,
  rejection_reason: null,
  avg_rating: '4.5',
  rating_count: 2,
  aadhaar_masked: 'XXXX-XXXX-1234',
  total_count: '37',
};

describe('admin API', () => {
  it('adminListRegistrations sends the status and page, and reads numbers the server may send as text', async () => {
    const rpc = clientAnswering({ data: [row], error: null, status: 200 });
    const page = await adminListRegistrations({ status: 'pending', limit: 10, offset: 20 });
    expect(rpc).toHaveBeenCalledWith('admin_list_registrations', { p_status: 'pending', p_limit: 10, p_offset: 20 });
    expect(page.total).toBe(37);
    expect(page.rows[0]).toMatchObject({ id: 'a1', avg_rating: 4.5, rating_count: 2, aadhaar_masked: 'XXXX-XXXX-1234', status: 'pending' });
    expect(page.rows[0]).not.toHaveProperty('total_count');
  });

  it('an empty page has a total of 0', async () => {
    clientAnswering({ data: [], error: null, status: 200 });
    await expect(adminListRegistrations()).resolves.toEqual({ rows: [], total: 0 });
  });

  it('adminSetProviderStatus trims the reason and sends it only with a rejection', async () => {
    const rpc = clientAnswering({
      data: { id: 'a1', name: 'Ramesh', status: 'rejected', reviewed_at: 'x', rejection_reason: 'dup' },
      error: null,
      status: 200,
    });
    await expect(adminSetProviderStatus('a1', 'rejected', '  dup  ')).resolves.toMatchObject({
      id: 'a1',
      status: 'rejected',
      rejection_reason: 'dup',
    });
    expect(rpc).toHaveBeenLastCalledWith('admin_set_provider_status', { p_provider_id: 'a1', p_status: 'rejected', p_reason: 'dup' });
    await adminSetProviderStatus('a1', 'rejected', '   ');
    expect(rpc).toHaveBeenLastCalledWith('admin_set_provider_status', { p_provider_id: 'a1', p_status: 'rejected', p_reason: null });
    await adminSetProviderStatus('a1', 'approved', 'ignored');
    expect(rpc).toHaveBeenLastCalledWith('admin_set_provider_status', { p_provider_id: 'a1', p_status: 'approved', p_reason: null });
  });

  it('adminStatusCounts gives every status, zeros included', async () => {
    clientAnswering({
      data: [
        { status: 'pending', count: '3' },
        { status: 'approved', count: 40 },
      ],
      error: null,
      status: 200,
    });
    await expect(adminStatusCounts()).resolves.toEqual({ pending: 3, approved: 40, rejected: 0 });
  });

  it('adminClickTotals asks for the number of days', async () => {
    const rpc = clientAnswering({
      data: [{ provider_id: 'p', name: 'Mohan', call_count: '4', whatsapp_count: 1 }],
      error: null,
      status: 200,
    });
    await expect(adminClickTotals(30)).resolves.toEqual([{ provider_id: 'p', name: 'Mohan', call_count: 4, whatsapp_count: 1 }]);
    expect(rpc).toHaveBeenCalledWith('admin_click_totals', { p_days: 30 });
  });

  it("the database's refusal is an ApiError recognised as not authorised; a network failure is not", async () => {
    clientAnswering({ data: null, error: { message: 'not authorised', code: '42501' }, status: 403 });
    const refused = await adminStatusCounts().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(isNotAuthorisedError(refused)).toBe(true);
    clientAnswering(new TypeError('Failed to fetch'));
    const offline = await adminClickTotals().catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(ApiError);
    expect((offline as ApiError).isNetwork).toBe(true);
    expect(isNotAuthorisedError(offline)).toBe(false);
  });
});
