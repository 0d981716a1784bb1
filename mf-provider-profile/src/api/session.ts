// Who may rate and review: a visitor signed in by phone (a one-time code: @city/shared's
// phone-sign-in step). The session lives in the page's auth store; the phone itself is never
// read here, shown or sent as a parameter (the database takes it from the JWT).
import { ApiError, authStore, isPhoneSession } from '@city/shared';

/** Whether the page holds a phone session now (rating and reviewing need one). */
export const hasPhoneSession = (): boolean => isPhoneSession(authStore.getState().session);

/**
 * The database's "sign in with your mobile" (42501; HTTP 401 for anon): no phone session, or
 * it expired. The visitor is asked for a code again, and what they did is kept meanwhile.
 */
export const needsPhoneSignIn = (error: unknown): boolean => error instanceof ApiError && (error.code === '42501' || error.status === 401);

/**
 * The phone chunk (../phone-chunk.ts: the calls made as the phone, the code step and the phone
 * parts of the cards). A chunk that cannot be downloaded (offline, no service worker) is a
 * network failure: a write is then kept for later.
 */
export const loadPhoneChunk = (): Promise<typeof import('../phone-chunk')> =>
  import('../phone-chunk').catch((e: unknown) => {
    throw new ApiError(String(e), 'network', 0);
  });
