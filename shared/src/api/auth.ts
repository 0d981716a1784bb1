import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { getSupabase, whenSupabaseClient } from '../supabase/client';

export type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';

/** Reads (and if needed refreshes) the stored session. Creates the client, so loads supabase-js. */
export async function getStoredSession(): Promise<Session | null> {
  const { data, error } = await (await getSupabase()).auth.getSession();
  if (error) return null;
  return data.session;
}

/**
 * Follows auth events from the moment the page's client exists, whoever creates it (a query, a
 * sign-in, a session restore). Does not create the client, so it loads nothing by itself.
 */
export function onAuthChange(listener: (event: AuthChangeEvent, session: Session | null) => void): () => void {
  let subscription: { unsubscribe: () => void } | null = null;
  const stop = whenSupabaseClient((client) => {
    subscription?.unsubscribe();
    subscription = client.auth.onAuthStateChange(listener).data.subscription;
  });
  return () => {
    stop();
    subscription?.unsubscribe();
    subscription = null;
  };
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export async function signInWithPassword(email: string, password: string): Promise<{ error: string | null }> {
  let supabase;
  try {
    supabase = await getSupabase();
  } catch (e) {
    return { error: messageOf(e) }; // supabase-js could not be downloaded (offline)
  }
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  return { error: error ? error.message : null };
}

/**
 * Signs out everywhere. supabase-js already ignores 401/404 from the server and clears the
 * local session; any other failure is reported, and the local session is still cleared.
 */
export async function signOutEverywhere(): Promise<{ error: string | null }> {
  let supabase;
  try {
    supabase = await getSupabase();
  } catch (e) {
    return { error: messageOf(e) };
  }
  const { error } = await supabase.auth.signOut({ scope: 'global' });
  if (error) {
    await supabase.auth.signOut({ scope: 'local' });
    return { error: error.message };
  }
  return { error: null };
}

/** The admin role lives in app_metadata (set by the operator, never by the user). */
export function isAdminSession(session: Session | null): boolean {
  return session?.user?.app_metadata?.role === 'admin';
}

/**
 * A provider's session: signed in by phone and one-time code (the JWT's phone claim), never an
 * operator. It owns the listings whose mobile is that phone; the admin guard refuses it.
 */
export function isPhoneSession(session: Session | null): boolean {
  return Boolean(session?.user?.phone) && !isAdminSession(session);
}
