import type { SupabaseClient } from '@supabase/supabase-js';
import { getSupabase } from '../supabase/client';
import { toApiError } from './errors';

/**
 * The page's client for a data call (created, and supabase-js downloaded, on the first one).
 * If supabase-js cannot be downloaded (offline), the call fails as a network ApiError, like
 * any request that cannot reach the server.
 */
export async function dataClient(): Promise<SupabaseClient> {
  try {
    return await getSupabase();
  } catch (e) {
    throw toApiError({ message: e instanceof Error ? e.message : String(e) }, 0);
  }
}
