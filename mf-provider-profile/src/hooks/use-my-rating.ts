import { useCallback, useRef, useState } from 'react';
import { authStore, isPhoneSession, useAuth, useQuery } from '@city/shared';
import { loadPhoneChunk, needsPhoneSignIn } from '../api';
import { initialDeviceRating } from '../utils/prefetch';
import { loadRatingDraft, saveRatingDraft } from '../utils/review-draft';

export interface RatingCallbacks {
  onSaved: (rating: number) => void;
  onFailed: (rating: number, error: unknown) => void;
  /** Offline: kept on this device, sent when back online (api/outbox.ts); the choice stays shown. */
  onQueued?: (rating: number) => void;
}

/** A value chosen here, by whom (the signed-in user's id, or null). */
type Choice = { who: string | null; value: number | null };
/**
 * Stars chosen without a (valid) phone session: kept (also in sessionStorage) until the visitor
 * signs in, then sent. `staleToken`: the session the server refused (expired), not to be used again.
 */
type Waiting = { value: number; staleToken: string | null };

const token = () => authStore.getState().session?.access_token ?? null;

/**
 * The visitor's rating of a provider (the card is keyed by provider). Signed in by phone: that
 * phone's rating (my_ratings), and choosing a value shows it at once and saves it; saves go out
 * one after another (the last choice wins on the server), and a failed save returns the control
 * to the last value the server accepted. Not signed in: this device's rating from before is
 * shown as history, and a choice is kept until the visitor signs in (`waitingForSignIn`), then
 * sent without asking again.
 */
export function useMyRating(providerId: string, callbacks: RatingCallbacks) {
  const session = useAuth((s) => s.session);
  const signedIn = isPhoneSession(session);
  const who = signedIn ? (session?.user.id ?? null) : null;
  const stored = useQuery(['rating', providerId, who ?? ''], () =>
    who ? loadPhoneChunk().then((phone) => phone.fetchMyRating(providerId)) : initialDeviceRating(providerId),
  );
  // What was chosen here (by this person) wins over a stored value that arrives later.
  const [chosen, setChosen] = useState<Choice | null>(null);
  const [waiting, setWaiting] = useState<Waiting | null>(() => {
    const kept = loadRatingDraft(providerId);
    return kept ? { value: kept, staleToken: null } : null;
  });
  const saved = useRef<Choice | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const cb = useRef(callbacks);
  cb.current = callbacks;

  const wait = (value: number, staleToken: string | null) => {
    setWaiting({ value, staleToken });
    saveRatingDraft(providerId, value);
  };

  const send = (n: number) => {
    const by = authStore.getState().session?.user.id ?? null;
    setChosen({ who: by, value: n });
    const sentWith = token();
    queue.current = queue.current.then(() =>
      loadPhoneChunk()
        .then((phone) => phone.keepIfOffline(() => phone.submitRating(providerId, n), { kind: 'rating', providerId, rating: n }))
        .then(
          (outcome) => {
            saved.current = { who: by, value: n };
            saveRatingDraft(providerId, null);
            if (outcome.status === 'queued' && cb.current.onQueued) cb.current.onQueued(n);
            else cb.current.onSaved(n);
          },
          (error: unknown) => {
            // The session expired: the stars stay, and the code step asks for a new sign-in.
            if (needsPhoneSignIn(error)) return wait(n, sentWith);
            // Back to the last value saved from here, else to the stored one.
            setChosen(saved.current);
            cb.current.onFailed(n, error);
          },
        ),
    );
  };
  const rate = (n: number) => (isPhoneSession(authStore.getState().session) ? send(n) : wait(n, null));

  /** Signed in (a new session, the phone panel says): the kept choice is sent without asking again. */
  const resume = () => {
    if (!waiting) return;
    setWaiting(null);
    send(waiting.value);
  };

  /** Gives up the kept choice (the visitor does not want to sign in now). */
  const cancel = useCallback(() => {
    setWaiting(null);
    saveRatingDraft(providerId, null);
  }, [providerId]);

  const mine = chosen?.who === who ? chosen : null;
  const value = waiting ? waiting.value : mine ? mine.value : (stored.data ?? null);
  return {
    value,
    rate,
    cancel,
    resume,
    /** The session the server refused (expired) while a choice waits, if any. */
    staleToken: waiting?.staleToken ?? null,
    signedIn,
    /** A choice is kept until the visitor signs in (the code step is shown). */
    waitingForSignIn: waiting !== null,
    /** The value shown is this device's rating from before phones were needed. */
    fromHistory: !signedIn && !waiting && !mine && stored.data != null,
  };
}
