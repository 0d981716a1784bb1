import { useCallback, useEffect, useRef, useState } from 'react';
import { searchProviders, SEARCH_PAGE_SIZE, type ProviderListItem, type ProviderSort, type VerifiedFilter } from '../api';

export interface ProviderSearchRequest {
  query: string;
  /** p_category value, or null for a search across all categories. */
  category: string | null;
  minRating: number;
  verified: VerifiedFilter;
  sort: ProviderSort;
}

export interface ProviderSearchState {
  status: 'loading' | 'success' | 'error';
  rows: ProviderListItem[];
  total: number;
  loadingMore: boolean;
  /** Loading the next page failed (the rows already shown stay). */
  moreFailed: boolean;
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

interface Page {
  key: string;
  status: 'loading' | 'success' | 'error';
  rows: ProviderListItem[];
  total: number;
  loadingMore: boolean;
  moreFailed: boolean;
}

/**
 * One page at a time of the providers matching `request` (null: nothing to fetch). A change
 * of request aborts the one in flight, and a response for anything but the latest request is
 * dropped, so a slow old response never overwrites a newer one.
 */
export function useProviderSearch(request: ProviderSearchRequest | null): ProviderSearchState {
  const key = request ? JSON.stringify(request) : '';
  const [page, setPage] = useState<Page>({ key: '', status: 'loading', rows: [], total: 0, loadingMore: false, moreFailed: false });
  const current = useRef({ key: '', seq: 0, controller: null as AbortController | null });
  const [attempt, setAttempt] = useState(0);

  const fetchPage = useCallback((req: ProviderSearchRequest, reqKey: string, offset: number) => {
    const seq = ++current.current.seq;
    current.current.controller?.abort();
    const controller = new AbortController();
    current.current.controller = controller;
    const isLatest = () => current.current.key === reqKey && current.current.seq === seq;
    searchProviders({ ...req, limit: SEARCH_PAGE_SIZE, offset, signal: controller.signal }).then(
      ({ rows, total }) => {
        if (!isLatest()) return;
        setPage((p) => ({
          key: reqKey,
          status: 'success',
          rows: offset === 0 ? rows : [...p.rows, ...rows.filter((r) => !p.rows.some((x) => x.id === r.id))],
          total,
          loadingMore: false,
          moreFailed: false,
        }));
      },
      () => {
        if (!isLatest()) return;
        setPage((p) =>
          offset === 0
            ? { ...p, key: reqKey, status: 'error', rows: [], total: 0, loadingMore: false }
            : { ...p, loadingMore: false, moreFailed: true },
        );
      },
    );
  }, []);

  useEffect(() => {
    current.current.key = key;
    if (!request) {
      current.current.controller?.abort();
      return;
    }
    setPage({ key, status: 'loading', rows: [], total: 0, loadingMore: false, moreFailed: false });
    fetchPage(request, key, 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `request`
  }, [key, attempt, fetchPage]);

  useEffect(() => () => current.current.controller?.abort(), []);

  const fresh = page.key === key;
  const rows = fresh ? page.rows : [];
  const total = fresh ? page.total : 0;
  const status = fresh ? page.status : 'loading';
  const hasMore = status === 'success' && rows.length < total;

  const loadMore = useCallback(() => {
    if (!request || !hasMore || page.loadingMore) return;
    setPage((p) => ({ ...p, loadingMore: true, moreFailed: false }));
    fetchPage(request, key, rows.length);
  }, [request, hasMore, page.loadingMore, fetchPage, key, rows.length]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);

  return { status, rows, total, loadingMore: fresh && page.loadingMore, moreFailed: fresh && page.moreFailed, hasMore, loadMore, retry };
}
