// A read with the visitor's place, in the near-place chunk (loaded once a place is chosen, after
// hydration): a list's first render carries none of it.
import { useSyncExternalStore, type MutableRefObject } from 'react';
import { ApiError } from '@city/shared';
import type { ProviderListItem } from '../api';
import type { ProviderSearchRequest } from './use-provider-search';

type Page = { items: ProviderListItem[]; total: number };

/**
 * Whether the list shown is the place-less fallback below while "serves my place" is ticked: the
 * filter cannot be applied offline (who serves the place is the server's answer), so the list
 * holds every kept provider and the page must say so (serves-only-offline-note.tsx, and the
 * filter's hint in near-place.tsx). Set by the fallback's first page, cleared by any other first
 * page answered with the place (back online: the filter applies again).
 */
let servesOnlyUnapplied = false;
const listeners = new Set<() => void>();
function setServesOnlyUnapplied(value: boolean): void {
  if (value === servesOnlyUnapplied) return;
  servesOnlyUnapplied = value;
  listeners.forEach((l) => l());
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
/** The flag above, re-rendering when it changes. */
export const useServesOnlyUnapplied = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => servesOnlyUnapplied,
    () => false,
  );

const placeless = ({ place: _place, servesOnly: _servesOnly, ...request }: ProviderSearchRequest): ProviderSearchRequest => request;

/**
 * Offline with a place (issue 27, "works offline for lists already seen"): the service worker
 * answers a list read with that place before (its key is the request's body, place included).
 * A list never read with that place cannot reach the server: its first page is then the same list
 * without the place (the place-less rows the worker kept, which the page showed first anyway,
 * with the shell's "offline, saved on" note), and its further pages follow without the place too,
 * never an error in place of the rows. `withoutPlace`: the request (as JSON) whose first page was
 * read without the place.
 */
export async function readNearPlace(
  request: ProviderSearchRequest,
  offset: number,
  signal: AbortSignal,
  read: (request: ProviderSearchRequest) => Promise<Page>,
  withoutPlace: MutableRefObject<string | null>,
): Promise<Page> {
  const key = JSON.stringify(request);
  if (offset > 0 && withoutPlace.current === key) return read(placeless(request));
  try {
    const answer = await read(request);
    if (offset === 0) {
      withoutPlace.current = null;
      setServesOnlyUnapplied(false);
    }
    return answer;
  } catch (e) {
    if (offset > 0 || signal.aborted || !(e instanceof ApiError && e.isNetwork)) throw e;
    // The place-less read failing as well (never kept) is the place-aware read's error.
    const answer = await read(placeless(request)).catch(() => Promise.reject(e));
    withoutPlace.current = key;
    setServesOnlyUnapplied(!!request.servesOnly);
    return answer;
  }
}
