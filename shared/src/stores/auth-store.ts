import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { Session, User } from '@supabase/supabase-js';
import * as authApi from '../api/auth';
import { toast } from './toast-store';
import { i18n } from '../i18n/instance';

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
 * The auth context's state. It starts loading, stops once the stored session is read,
 * then follows every auth event. The shell starts it (startAuth) once per page.
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

/** Reads the stored session, then follows auth events. Idempotent. */
export async function startAuth(): Promise<void> {
  if (stopListening) return;
  stopListening = authApi.onAuthChange((_event, session) => {
    authStore.setState({ ...setSession(session), loading: false });
  });
  const session = await authApi.getStoredSession();
  authStore.setState({ ...setSession(session), loading: false });
}

export function stopAuth(): void {
  stopListening?.();
  stopListening = null;
}

export function useAuth<T>(selector: (s: AuthState) => T): T {
  return useStore(authStore, selector);
}
