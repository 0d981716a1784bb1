import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { normaliseSearchQuery } from '../api';
import { PARAM, readDirectoryState, writeFilters, type DirectoryFilters, type DirectoryState } from '../utils/directory-params';

export interface DirectoryActions {
  /** Commits search text; a new search is a history entry, refining it replaces that entry. */
  setQuery: (text: string) => void;
  setFilters: (filters: DirectoryFilters) => void;
  backToCategories: () => void;
  setShowAllServices: (all: boolean) => void;
}

/**
 * The directory's state lives in the URL (category, search, filters) so back/forward and
 * shared links work. Params this module does not own are always kept.
 */
export function useDirectoryState(): [DirectoryState, DirectoryActions, URLSearchParams] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readDirectoryState(params), [params]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace = false) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          change(next);
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  const actions = useMemo<DirectoryActions>(
    () => ({
      setQuery: (text) => {
        const query = normaliseSearchQuery(text);
        if (query === state.query && (query === '' || !state.category)) return;
        const replace = state.query !== '' && query !== '';
        update((next) => {
          if (query) {
            next.set(PARAM.query, query);
            next.delete(PARAM.category);
          } else {
            next.delete(PARAM.query);
          }
        }, replace);
      },
      setFilters: (filters) => update((next) => writeFilters(next, filters)),
      backToCategories: () =>
        update((next) => {
          next.delete(PARAM.category);
          next.delete(PARAM.query);
        }),
      setShowAllServices: (all) =>
        update((next) => {
          if (all) next.set(PARAM.allServices, 'all');
          else next.delete(PARAM.allServices);
        }),
    }),
    [update, state.query, state.category],
  );

  return [state, actions, params];
}
