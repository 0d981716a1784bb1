import type { Session } from '@supabase/supabase-js';
import { authStore, toastStore } from '@city/shared';
import type { Provider, Review } from '../api';

export const PROVIDER_ID = '3f1c2a7e-9b1d-4c55-8a2e-6d0f4b8e1a90';

export const provider = (over: Partial<Provider> = {}): Provider => ({
  id: PROVIDER_ID,
  name: 'Ramesh Kumar',
  business_name: 'Ramesh Plumbing Works',
  mobile: '9876543210',
  category: '🔧 प्लंबर',
  specialist_in: 'Bathroom fittings',
  experience: 7,
  address: 'Station Road, Ward 4',
  verified: true,
  status: 'approved',
  registration_date: '2026-01-10T10:00:00Z',
  ...over,
});

export const review = (n: number, over: Partial<Review> = {}): Review => ({
  id: `r-${n}`,
  provider_id: PROVIDER_ID,
  review_text: `Review number ${n}`,
  created_at: `2026-0${n}-15T09:30:00Z`,
  ...over,
});

/** The toast the shell's toaster would show now. */
export const currentToast = () => toastStore.getState().toasts[0];

/** jsdom cannot navigate: keep link clicks (tel:, chat app) on the page. */
export function stopLinkNavigation() {
  const stop = (e: MouseEvent) => {
    if ((e.target as Element | null)?.closest?.('a')) e.preventDefault();
  };
  beforeAll(() => document.addEventListener('click', stop));
  afterAll(() => document.removeEventListener('click', stop));
}

/** A promise with its resolve/reject handles, to control when a call answers. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Answers on a later task, as a real request does (after the render has finished). */
export const later = <T>(value: T) => new Promise<T>((r) => setTimeout(() => r(value), 0));
export const laterFail = (error: unknown) => new Promise<never>((_, reject) => setTimeout(() => reject(error), 0));

/** The page as after a phone sign-in (the code step): a phone session in the auth store. */
export function signInByPhone(accessToken = 'phone-session-1') {
  const session = {
    access_token: accessToken,
    refresh_token: 'r',
    user: { id: 'phone-user-1', phone: '919876543210', app_metadata: {} },
  } as unknown as Session;
  authStore.setState({ loading: false, session, user: session.user, isAdmin: false });
}

/** The page without a session (a visitor who never signed in, or signed out). */
export function signedOut() {
  authStore.setState({ loading: false, session: null, user: null, isAdmin: false });
}
