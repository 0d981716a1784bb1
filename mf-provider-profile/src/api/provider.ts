import { providerRowRead, sendRestRows, type ProviderFields } from '@city/shared';

/** A publicly listed provider as the database exposes it. */
export interface Provider extends ProviderFields {
  status: 'pending' | 'approved' | 'rejected';
}

/**
 * One approved provider, or null when the id is unknown, malformed or not approved (a signed-in
 * operator also sees a pending one: sendRest sends the session's token). The read is declared
 * once (providerRowRead), so the first HTML's answer is this very request.
 */
export async function fetchProvider(id: string): Promise<Provider | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const rows = await sendRestRows<Provider>(providerRowRead(id));
  return rows[0] ?? null;
}
