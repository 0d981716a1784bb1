// A read with the visitor's place, in the near-place chunk (loaded once a place is chosen, after
// hydration): a list's first render carries none of it.
import type { MutableRefObject } from 'react';
import { ApiError } from '@city/shared';
import type { ProviderListItem } from '../api';
import type { ProviderSearchRequest } from './use-provider-search';

type Page = { items: ProviderListItem[]; total: number };

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
    if (offset === 0) withoutPlace.current = null;
    return answer;
  } catch (e) {
    if (offset > 0 || signal.aborted || !(e instanceof ApiError && e.isNetwork)) throw e;
    // The place-less read failing as well (never kept) is the place-aware read's error.
    const answer = await read(placeless(request)).catch(() => Promise.reject(e));
    withoutPlace.current = key;
    return answer;
  }
}
