import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

/**
 * The one way the remotes load data: a small hook with one state shape, instead of TanStack
 * Query (13.8 KiB gzip as a shared singleton, which is provided whole; 9.8 KiB tree-shaken into
 * the directory remote: either would take `/` past its 170 KiB budget. shared/README.md, "Loading data").
 *
 * - `status`: 'idle' (no key: nothing to load), 'loading', 'success' or 'error', always of the
 *   latest request for the current key.
 * - `data`: the last answer for the current key. It stays while the same key reloads or fails
 *   again, and is dropped when the key changes (kept until the new answer with
 *   `keepPreviousData`).
 * - An answer for an older key, an older request (reload) or an unmounted component is dropped,
 *   and its request is aborted through the `signal` the loader gets.
 */
export type QueryStatus = 'idle' | 'loading' | 'success' | 'error';

/** What the data depends on: a string, or an array of JSON values; null: nothing to load. */
export type QueryKey = string | readonly unknown[];

export interface QueryOptions {
  /** While a new key loads, go on showing the previous key's data (status is 'loading'). */
  keepPreviousData?: boolean;
}

export interface Query<T> {
  status: QueryStatus;
  data: T | undefined;
  /** Why the latest request failed (null otherwise). */
  error: unknown;
  /** Asks again for the current key (the data shown stays until the answer). */
  reload: () => void;
  /**
   * Changes the data here, without a request (a review just posted, a row that left a list);
   * the status becomes 'success'. An update that returns `data` itself changes nothing.
   */
  setData: (update: (data: T | undefined) => T | undefined) => void;
}

export type QueryLoader<T> = (context: { signal: AbortSignal }) => Promise<T>;

interface State<T> {
  key: string | null;
  status: QueryStatus;
  data: T | undefined;
  error: unknown;
  /** `data` is another key's (keepPreviousData). */
  previous: boolean;
  loadingMore: boolean;
  moreError: unknown;
}

const keyOf = (key: QueryKey | null) => (key === null || typeof key === 'string' ? key : JSON.stringify(key));

const blank = <T>(key: string | null, data?: T, previous = false): State<T> => ({
  key,
  status: key === null ? 'idle' : 'loading',
  data,
  error: null,
  previous,
  loadingMore: false,
  moreError: null,
});

/** useQuery plus a follow-up load that extends the data (usePagedQuery's next page). */
function useQueryState<T>(key: QueryKey | null, load: QueryLoader<T>, { keepPreviousData = false }: QueryOptions = {}) {
  const k = keyOf(key);
  const [state, setState] = useState<State<T>>(() => blank(k));
  const [attempt, setAttempt] = useState(0);
  const loader = useRef(load);
  loader.current = load;
  const currentKey = useRef(k);
  currentKey.current = k;
  const more = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const live = () => !controller.signal.aborted;
    setState((s) =>
      k === null
        ? blank<T>(null)
        : s.key === k
          ? { ...s, status: 'loading', error: null, loadingMore: false, moreError: null }
          : blank(k, keepPreviousData ? s.data : undefined, keepPreviousData),
    );
    if (k !== null) {
      loader.current({ signal: controller.signal }).then(
        // A transition: React renders the data (a list's 20 cards) in slices that yield to the
        // page between them, not in one long task (DefaultLane renders are not time-sliced).
        (data) => live() && startTransition(() => setState((s) => ({ ...s, status: 'success', data, error: null, previous: false }))),
        // A failure keeps this key's data (shown as it was), never another key's.
        (error: unknown) =>
          live() && setState((s) => ({ ...s, status: 'error', error, data: s.previous ? undefined : s.data, previous: false })),
      );
    }
    return () => {
      controller.abort();
      more.current?.abort();
    };
  }, [k, attempt, keepPreviousData]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  const setData = useCallback((update: (data: T | undefined) => T | undefined) => {
    setState((s) => {
      const before = s.previous ? undefined : s.data;
      const data = s.key === currentKey.current && s.key !== null ? update(before) : before;
      return data === before ? s : { ...s, status: 'success', data, error: null, previous: false };
    });
  }, []);

  /** Loads more for the current key and merges it into the data; a newer one replaces it. */
  const fetchMore = useCallback(<P>(loadMore: QueryLoader<P>, merge: (data: T, more: P) => T) => {
    more.current?.abort();
    const controller = (more.current = new AbortController());
    const key = currentKey.current;
    const mine = (s: State<T>) => !controller.signal.aborted && s.key === key && s.data !== undefined && !s.previous;
    setState((s) => (mine(s) ? { ...s, loadingMore: true, moreError: null } : s));
    loadMore({ signal: controller.signal }).then(
      (page) => startTransition(() => setState((s) => (mine(s) ? { ...s, data: merge(s.data as T, page), loadingMore: false } : s))),
      (error: unknown) => setState((s) => (mine(s) ? { ...s, loadingMore: false, moreError: error } : s)),
    );
  }, []);

  // Until this key's effect has run, the state is another key's: show it as loading.
  const current = state.key === k ? state : blank(k, keepPreviousData && k !== null ? state.data : undefined, keepPreviousData);
  return { ...current, reload, setData, fetchMore };
}

/**
 * Data for `key`, loaded by `load` when the key changes, on reload(), and never after unmount.
 * `load` may change on every render (the one of the render that changed the key is used).
 */
export function useQuery<T>(key: QueryKey | null, load: QueryLoader<T>, options?: QueryOptions): Query<T> {
  const { status, data, error, reload, setData } = useQueryState(key, load, options);
  return { status, data, error, reload, setData };
}

/** What a page loader answers: its items, and either the total or whether more exist. */
export interface PageAnswer<I> {
  items: I[];
  /** All matching items (then there is more while fewer are loaded). */
  total?: number;
  /** Whether a further page exists (when there is no total). */
  more?: boolean;
}

/** The items loaded so far, in order, each id once. */
export interface Paged<I> {
  items: I[];
  /** null when the loader gives no total. */
  total: number | null;
  hasMore: boolean;
}

export interface PagedQuery<I> extends Query<Paged<I>> {
  /** A further page exists and the first has loaded. */
  hasMore: boolean;
  /** Loads the next page (ignored while one is loading); after a failure, tries it again. */
  loadMore: () => void;
  loadingMore: boolean;
  /** Why the last next page failed (the items loaded stay); null otherwise. */
  moreError: unknown;
}

function appendPage<I extends { id: unknown }>(before: I[], answer: PageAnswer<I>): Paged<I> {
  const seen = new Set(before.map((item) => item.id));
  // Rows shift between pages when the list changes meanwhile: an item already shown is not repeated.
  const items = before.concat(answer.items.filter((item) => !seen.has(item.id)));
  const total = answer.total === undefined ? null : Math.max(answer.total, items.length);
  return { items, total, hasMore: answer.more ?? (total !== null && items.length < total) };
}

/**
 * A list loaded a page at a time ("show more", infinite scroll). A new key starts again at the
 * first page; `offset` is the number of items loaded so far.
 */
export function usePagedQuery<I extends { id: unknown }>(
  key: QueryKey | null,
  loadPage: (context: { signal: AbortSignal; offset: number }) => Promise<PageAnswer<I>>,
  options?: QueryOptions,
): PagedQuery<I> {
  const pager = useRef(loadPage);
  pager.current = loadPage;
  const { status, data, error, reload, setData, fetchMore, loadingMore, moreError } = useQueryState<Paged<I>>(
    key,
    ({ signal }) => pager.current({ signal, offset: 0 }).then((answer) => appendPage([], answer)),
    options,
  );
  const hasMore = status === 'success' && !!data?.hasMore;
  const offset = data?.items.length ?? 0;
  const loadMore = useCallback(() => {
    if (hasMore && !loadingMore)
      fetchMore(
        ({ signal }) => pager.current({ signal, offset }),
        (d, answer: PageAnswer<I>) => appendPage(d.items, answer),
      );
  }, [hasMore, loadingMore, offset, fetchMore]);
  return { status, data, error, reload, setData, hasMore, loadMore, loadingMore, moreError };
}
