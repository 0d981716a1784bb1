import { useCallback, useEffect, useRef, useState } from 'react';
import { authStore, isPhoneSession, useAuth, useQuery } from '@city/shared';
import { keepIfOffline, loadPhoneCalls, needsPhoneSignIn } from '../api';
import { initialDeviceRating } from '../utils/prefetch';
import { loadRatingDraft, saveRatingDraft } from '../utils/review-draft';

export interface RatingCallbacks {
  onSaved: (rating: number) => void;
  onFailed: (rating: number, error: unknown) => void;
  /** Offline: kept on this device, sent when back online (api/outbox.ts); the choice stays shown. */
  onQueued?: (rating: number) => void;
}

type Choice = { providerId: string; value: number | null };
/**
 * Stars chosen without a (valid) phone session: kept (also in sessionStorage) until the visitor
 * signs in, then sent. `staleToken`: the session the server refused (expired), not to be used again.
 */
type Waiting = { providerId: string; value: number; staleToken: string | null };

/**
 * The visitor's rating of a provider. Signed in by phone: that phone's rating (my_ratings), and
 * choosing a value shows it at once and saves it; saves go out one after another (the last
 * choice wins on the server), and a failed save returns the control to the last value the
 * server accepted. Not signed in: this device's rating from before is shown as history, and a
 * choice is kept until the visitor signs in (`waitingForSignIn`), then sent without asking again.
 */
export function useMyRating(providerId: string, callbacks: RatingCallbacks) {
  const session = useAuth((s) => s.session);
  const signedIn = isPhoneSession(session);
  const token = session?.access_token ?? null;
  const userId = signedIn ? (session?.user.id ?? null) : null;
  const stored = useQuery(['rating', providerId, userId ?? 'device'], () =>
    userId ? loadPhoneCalls().then((calls) => calls.fetchMyRating(providerId)) : initialDeviceRating(providerId),
  );
  // What was chosen here wins over a stored value that arrives later.
  const [chosen, setChosen] = useState<Choice | null>(null);
  const [waiting, setWaiting] = useState<Waiting | null>(() => {
    const kept = loadRatingDraft(providerId);
    return kept === null ? null : { providerId, value: kept, staleToken: null };
  });
  const saved = useRef<Choice | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const cb = useRef(callbacks);
  cb.current = callbacks;

  // Another person on this phone (signed out, or in as another number): nothing chosen carries over.
  const owner = useRef(userId);
  useEffect(() => {
    if (owner.current === userId) return;
    owner.current = userId;
    saved.current = null;
    setChosen(null);
  }, [userId]);

  const wait = useCallback(
    (n: number, staleToken: string | null) => {
      setChosen({ providerId, value: n });
      setWaiting({ providerId, value: n, staleToken });
      saveRatingDraft(providerId, n);
    },
    [providerId],
  );

  const send = useCallback(
    (n: number) => {
      setChosen({ providerId, value: n });
      const sentWith = authStore.getState().session?.access_token ?? null;
      queue.current = queue.current.then(() =>
        keepIfOffline(() => loadPhoneCalls().then((calls) => calls.submitRating(providerId, n)), {
          kind: 'rating',
          providerId,
          rating: n,
        }).then(
          (outcome) => {
            saved.current = { providerId, value: n };
            saveRatingDraft(providerId, null);
            if (outcome.status === 'queued' && cb.current.onQueued) cb.current.onQueued(n);
            else cb.current.onSaved(n);
          },
          (error: unknown) => {
            // The session expired: the stars stay, and the code step asks for a new sign-in.
            if (needsPhoneSignIn(error)) return wait(n, sentWith);
            // Back to the last value saved from here, else to the stored one.
            setChosen(saved.current?.providerId === providerId ? saved.current : null);
            cb.current.onFailed(n, error);
          },
        ),
      );
    },
    [providerId, wait],
  );

  const rate = useCallback(
    (n: number) => {
      if (isPhoneSession(authStore.getState().session)) send(n);
      else wait(n, null);
    },
    [send, wait],
  );

  // Signed in (a new session): the kept choice is sent without asking again.
  const kept = waiting?.providerId === providerId ? waiting : null;
  useEffect(() => {
    if (!kept || !signedIn || token === kept.staleToken) return;
    setWaiting(null);
    send(kept.value);
  }, [kept, signedIn, token, send]);

  /** Gives up the kept choice (the visitor does not want to sign in now). */
  const cancel = useCallback(() => {
    setWaiting(null);
    saveRatingDraft(providerId, null);
    setChosen(saved.current?.providerId === providerId ? saved.current : null);
  }, [providerId]);

  const value = kept ? kept.value : chosen?.providerId === providerId ? chosen.value : (stored.data ?? null);
  return {
    value,
    rate,
    cancel,
    signedIn,
    /** A choice is kept until the visitor signs in (the code step is shown). */
    waitingForSignIn: kept !== null,
    /** The value shown is this device's rating from before phones were needed. */
    fromHistory: !signedIn && !kept && chosen?.providerId !== providerId && stored.data != null,
  };
}
