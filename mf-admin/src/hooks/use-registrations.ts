import { useCallback, useEffect, useRef, useState } from 'react';
import { adminListRegistrations, type AdminProviderStatus, type AdminRegistration } from '../api';

export const REGISTRATIONS_PAGE_SIZE = 10;

interface QueueState {
  status: AdminProviderStatus;
  rows: AdminRegistration[];
  total: number;
  phase: 'loading' | 'ready' | 'error';
  /** A further page is being fetched (the rows already shown stay). */
  loadingMore: boolean;
  error: unknown;
}

/** One status's registrations, newest first, a page at a time. */
export function useRegistrations(status: AdminProviderStatus) {
  const [state, setState] = useState<QueueState>({ status, rows: [], total: 0, phase: 'loading', loadingMore: false, error: null });
  const latest = useRef(0);

  const fetchPage = useCallback(
    (offset: number) => {
      const request = ++latest.current;
      setState((s) =>
        offset === 0
          ? { status, rows: [], total: 0, phase: 'loading', loadingMore: false, error: null }
          : { ...s, loadingMore: true, error: null },
      );
      adminListRegistrations({ status, limit: REGISTRATIONS_PAGE_SIZE, offset }).then(
        (page) => {
          if (request !== latest.current) return;
          setState((s) => {
            const known = new Set(offset === 0 ? [] : s.rows.map((r) => r.id));
            const rows = offset === 0 ? page.rows : [...s.rows, ...page.rows.filter((r) => !known.has(r.id))];
            return { status, rows, total: Math.max(page.total, rows.length), phase: 'ready', loadingMore: false, error: null };
          });
        },
        (error: unknown) => {
          if (request !== latest.current) return;
          setState((s) => (offset === 0 ? { ...s, phase: 'error', loadingMore: false, error } : { ...s, loadingMore: false, error }));
        },
      );
    },
    [status],
  );

  useEffect(() => {
    fetchPage(0);
    return () => {
      latest.current += 1;
    };
  }, [fetchPage]);

  const reload = useCallback(() => fetchPage(0), [fetchPage]);
  const loadMore = useCallback(() => fetchPage(state.rows.length), [fetchPage, state.rows.length]);
  /** Drops a row that left this status (approved or rejected). */
  const remove = useCallback((id: string) => {
    setState((s) =>
      s.rows.some((r) => r.id === id) ? { ...s, rows: s.rows.filter((r) => r.id !== id), total: Math.max(0, s.total - 1) } : s,
    );
  }, []);

  const current = state.status === status ? state : { ...state, rows: [], phase: 'loading' as const };
  return { ...current, hasMore: current.rows.length < current.total, reload, loadMore, remove };
}
