import { useCallback, useRef, useState } from 'react';
import { getDeviceToken, useQuery } from '@city/shared';
import { keepIfOffline, submitRating } from '../api';
import { initialDeviceRating } from '../utils/prefetch';

export interface RatingCallbacks {
  onSaved: (rating: number) => void;
  onFailed: (rating: number, error: unknown) => void;
  /** Offline: kept on this device, sent when back online (api/outbox.ts); the choice stays shown. */
  onQueued?: (rating: number) => void;
}

type Choice = { providerId: string; value: number | null };

/**
 * This device's rating of a provider. Choosing a value shows it at once and saves it;
 * saves go out one after another (the last choice wins on the server), and a failed save
 * returns the control to the last value the server accepted.
 */
export function useDeviceRating(providerId: string, callbacks: RatingCallbacks) {
  // What the server has (prefetched with the profile); a failure to read it shows no rating.
  const stored = useQuery(['device-rating', providerId], () => initialDeviceRating(providerId));
  // What was chosen here wins over a stored value that arrives later.
  const [chosen, setChosen] = useState<Choice | null>(null);
  const saved = useRef<Choice | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const cb = useRef(callbacks);
  cb.current = callbacks;

  const rate = useCallback(
    (n: number) => {
      setChosen({ providerId, value: n });
      queue.current = queue.current.then(() =>
        keepIfOffline(() => submitRating(providerId, n), { kind: 'rating', providerId, rating: n, deviceToken: getDeviceToken() }).then(
          (outcome) => {
            saved.current = { providerId, value: n };
            if (outcome.status === 'queued' && cb.current.onQueued) cb.current.onQueued(n);
            else cb.current.onSaved(n);
          },
          (error: unknown) => {
            // Back to the last value saved from here, else to the stored one.
            setChosen(saved.current?.providerId === providerId ? saved.current : null);
            cb.current.onFailed(n, error);
          },
        ),
      );
    },
    [providerId],
  );

  const value = chosen?.providerId === providerId ? chosen.value : (stored.data ?? null);
  return { value, rate };
}
