import { useCallback, useEffect, useRef, useState } from 'react';
import { submitRating } from '../api';
import { initialDeviceRating } from '../utils/prefetch';

export interface RatingCallbacks {
  onSaved: (rating: number) => void;
  onFailed: (rating: number, error: unknown) => void;
}

/**
 * This device's rating of a provider. Choosing a value shows it at once and saves it;
 * saves go out one after another (the last choice wins on the server), and a failed save
 * returns the control to the last value the server accepted.
 */
export function useDeviceRating(providerId: string, callbacks: RatingCallbacks) {
  const [value, setValue] = useState<number | null>(null);
  const confirmed = useRef<number | null>(null);
  const touched = useRef(false);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const cb = useRef(callbacks);
  cb.current = callbacks;

  useEffect(() => {
    let live = true;
    touched.current = false;
    confirmed.current = null;
    setValue(null);
    initialDeviceRating(providerId).then(
      (v) => {
        if (!live || touched.current) return;
        confirmed.current = v;
        setValue(v);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [providerId]);

  const rate = useCallback(
    (n: number) => {
      touched.current = true;
      setValue(n);
      queue.current = queue.current.then(() =>
        submitRating(providerId, n).then(
          () => {
            confirmed.current = n;
            cb.current.onSaved(n);
          },
          (error: unknown) => {
            setValue(confirmed.current);
            cb.current.onFailed(n, error);
          },
        ),
      );
    },
    [providerId],
  );

  return { value, rate };
}
