import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { getSupabase } from '../supabase/client';

export type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';

export async function getStoredSession(): Promise<Session | null> {
  const { data, error } = await getSupabase().auth.getSession();
  if (error) return null;
  return data.session;
}

export function onAuthChange(listener: (event: AuthChangeEvent, session: Session | null) => void): () => void {
  const { data } = getSupabase().auth.onAuthStateChange(listener);
  return () => data.subscription.unsubscribe();
}

export async function signInWithPassword(email: string, password: string): Promise<{ error: string | null }> {
  const { error } = await getSupabase().auth.signInWithPassword({ email, password });
  return { error: error ? error.message : null };
}

/**
 * Signs out everywhere. supabase-js already ignores 401/404 from the server and clears the
 * local session; any other failure is reported, and the local session is still cleared.
 */
export async function signOutEverywhere(): Promise<{ error: string | null }> {
  const { error } = await getSupabase().auth.signOut({ scope: 'global' });
  if (error) {
    await getSupabase().auth.signOut({ scope: 'local' });
    return { error: error.message };
  }
  return { error: null };
}

/** The admin role lives in app_metadata (set by the operator, never by the user). */
export function isAdminSession(session: Session | null): boolean {
  return session?.user?.app_metadata?.role === 'admin';
}
