import { canReadAnonymously, dataClient, PROFILE_PROVIDER_COLUMNS, publicSelect, toApiError, type ProviderFields } from '@city/shared';

/** A publicly listed provider as the database exposes it. */
export interface Provider extends ProviderFields {
  status: 'pending' | 'approved' | 'rejected';
}

/**
 * One approved provider, or null when the id is unknown, malformed or not approved (a signed-in
 * operator also sees a pending one: that read goes through supabase-js with the session).
 * Without a session, a plain anonymous GET: supabase-js is not on the profile's first render.
 */
export async function fetchProvider(id: string): Promise<Provider | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  if (canReadAnonymously()) {
    const rows = await publicSelect<Provider>('service_providers', { select: PROFILE_PROVIDER_COLUMNS, id: `eq.${id}` });
    return rows[0] ?? null;
  }
  const supabase = await dataClient();
  const { data, error, status } = await supabase.from('service_providers').select(PROFILE_PROVIDER_COLUMNS).eq('id', id).maybeSingle();
  if (error) throw toApiError(error, status);
  return (data as Provider | null) ?? null;
}
