import { getSupabase } from '../supabase/client';
import { toApiError } from './errors';

/** A publicly listed provider as the database exposes it (never an Aadhaar number). */
export interface Provider {
  id: string;
  name: string;
  business_name: string | null;
  mobile: string;
  category: string;
  specialist_in: string | null;
  experience: number | null;
  address: string;
  verified: boolean;
  status: 'pending' | 'approved' | 'rejected';
  registration_date: string;
}

/** One approved provider, or null when the id is unknown, malformed or not approved. */
export async function fetchProvider(id: string): Promise<Provider | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { data, error, status } = await getSupabase().from('service_providers').select('*').eq('id', id).maybeSingle();
  if (error) throw toApiError(error, status);
  return (data as Provider | null) ?? null;
}
