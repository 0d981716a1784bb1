import { useCallback, useEffect, useState } from 'react';
import { fetchProvider, fetchRatingSummary, type Provider, type RatingSummary } from '../api';

export type ProviderState = { kind: 'loading' } | { kind: 'missing' } | { kind: 'error' } | { kind: 'ready'; provider: Provider };

/** The provider (null id, unknown or not approved: 'missing'; network trouble: 'error'). */
export function useProvider(providerId: string) {
  const [state, setState] = useState<ProviderState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    fetchProvider(providerId).then(
      (provider) => live && setState(provider ? { kind: 'ready', provider } : { kind: 'missing' }),
      () => live && setState({ kind: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [providerId, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}

/**
 * Average and count of a provider's ratings. A loading failure leaves the last known value
 * (the spec leaves rating loading errors unhandled: nothing to tell the visitor).
 */
export function useRatingSummary(providerId: string) {
  const [loaded, setLoaded] = useState<RatingSummary | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    fetchRatingSummary(providerId).then(
      (s) => live && setLoaded(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [providerId, version]);

  const refresh = useCallback(() => setVersion((n) => n + 1), []);
  return { summary: loaded?.provider_id === providerId ? loaded : null, refresh };
}
