import { dataClient, toApiError, type ProviderFields } from '@city/shared';

/** A publicly listed provider as the database exposes it. */
export interface Provider extends ProviderFields {
  status: 'pending' | 'approved' | 'rejected';
}

/** One approved provider, or null when the id is unknown, malformed or not approved. */
export async function fetchProvider(id: string): Promise<Provider | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const supabase = await dataClient();
  const { data, error, status } = await supabase.from('service_providers').select('*').eq('id', id).maybeSingle();
  if (error) throw toApiError(error, status);
  return (data as Provider | null) ?? null;
}
