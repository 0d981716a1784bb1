import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { getRuntimeConfig } from '../config/runtime-config-store';

/** One supabase-js client (and so one auth session) for the whole page. */
let client: SupabaseClient | null = null;

export function getSupabase(): SupabaseClient {
  if (!client) {
    const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
    client = createClient(supabaseUrl, supabaseAnonKey, {
      auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
    });
  }
  return client;
}

/** Tests and harnesses inject their own client (e.g. one pointed at a test server). */
export function setSupabaseClient(next: SupabaseClient | null): void {
  client = next;
}
