import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { Session, User } from '@supabase/supabase-js';
import * as authApi from '../api/auth';
import { toast } from './toast-store';
import { i18n } from '../i18n/instance';
import { AUTH_STORAGE_KEY, hasStoredSession } from '../supabase/client';

export interface SignInOptions {
  /** false: raise no toast (the caller shows its own, e.g. the admin login form). Default true. */
  toasts?: boolean;
}

export interface SignInResult {
  ok: boolean;
  /** The server's message when sign-in failed. */
  error: string | null;
}

export interface AuthState {
  loading: boolean;
  session: Session | null;
  user: User | null;
  isAdmin: boolean;
  signIn: (email: string, password: string, options?: SignInOptions) => Promise<SignInResult>;
  signOut: () => Promise<boolean>;
}

const setSession = (session: Session | null) => ({
  session,
  user: session?.user ?? null,
  isAdmin: authApi.isAdminSession(session),
});

/**
 * The auth context's state. It starts loading, stops once startAuth knows whether a session is
 * stored (and has restored it), then follows every auth event. The shell starts it once per page.
 */
export const authStore = createStore<AuthState>()((set) => ({
  loading: true,
  session: null,
  user: null,
  isAdmin: false,
  signIn: async (email, password, options) => {
    const { error } = await authApi.signInWithPassword(email, password);
    const t = i18n.getFixedT(null, 'common');
    const toasts = options?.toasts !== false;
    if (error !== null) {
      if (toasts) toast({ title: t('auth.signInFailed'), description: error || t('auth.somethingWentWrong'), variant: 'destructive' });
      return { ok: false, error };
    }
    if (toasts) toast({ title: t('auth.signInSuccess'), description: t('auth.welcomeBack') });
    return { ok: true, error: null };
  },
  signOut: async () => {
    const { error } = await authApi.signOutEverywhere();
    const t = i18n.getFixedT(null, 'common');
    set(setSession(null));
    if (error) {
      toast({ title: t('auth.signOutFailed'), description: error || t('auth.somethingWentWrong'), variant: 'destructive' });
      return false;
    }
    toast({ title: t('auth.signedOut') });
    return true;
  },
}));

let stopListening: (() => void) | null = null;

const signedIn = (session: Session | null) => authStore.setState({ ...setSession(session), loading: false });

async function restoreSession(): Promise<void> {
  try {
    signedIn(await authApi.getStoredSession());
  } catch {
    // supabase-js could not be downloaded: signed out for now; a sign-in tries again.
    signedIn(null);
  }
}

/**
 * Starts the auth context. Idempotent. Auth events reach the store from the moment the
 * page's client exists, whoever creates it (a query, a sign-in). Without a stored session the
 * visitor is signed out at once and supabase-js is not downloaded for it; with one, the
 * client is created and the session restored (refreshed if needed).
 */
export async function startAuth(): Promise<void> {
  if (stopListening) return;
  const stopEvents = authApi.onAuthChange((_event, session) => signedIn(session));
  // Another tab signed in: if this one has no client yet, nothing else would tell it (reading
  // the session again when it has one is harmless).
  const onStorage = (e: StorageEvent) => {
    if (e.key === AUTH_STORAGE_KEY && e.newValue !== null) void restoreSession();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  stopListening = () => {
    stopEvents();
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
  if (!hasStoredSession()) {
    signedIn(null);
    return;
  }
  await restoreSession();
}

export function stopAuth(): void {
  stopListening?.();
  stopListening = null;
}

export function useAuth<T>(selector: (s: AuthState) => T): T {
  return useStore(authStore, selector);
}
