import { useCallback, useEffect, useRef, useState } from 'react';

export type AsyncData<T> =
  | { phase: 'loading'; data: T | null; error: null }
  | { phase: 'ready'; data: T; error: null }
  | { phase: 'error'; data: T | null; error: unknown };

/**
 * Loads once on mount and again on reload(); an answer that arrives after a newer request
 * (or after unmount) is dropped. Keeps the previous data while reloading.
 */
export function useAsyncData<T>(load: () => Promise<T>): AsyncData<T> & { reload: () => void } {
  const [state, setState] = useState<AsyncData<T>>({ phase: 'loading', data: null, error: null });
  const latest = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const reload = useCallback(() => {
    const request = ++latest.current;
    setState((s) => ({ phase: 'loading', data: s.data, error: null }));
    loadRef.current().then(
      (data) => {
        if (request === latest.current) setState({ phase: 'ready', data, error: null });
      },
      (error: unknown) => {
        if (request === latest.current) setState((s) => ({ phase: 'error', data: s.data, error }));
      },
    );
  }, []);

  useEffect(() => {
    reload();
    return () => {
      latest.current += 1;
    };
  }, [reload]);

  return { ...state, reload };
}
