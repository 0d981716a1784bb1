import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchReviews, REVIEWS_PAGE_SIZE, type Review } from '../api';
import { firstReviewsPage } from '../utils/prefetch';

interface ReviewsState {
  status: 'loading' | 'ready' | 'error';
  items: Review[];
  hasMore: boolean;
  loadingMore: boolean;
}

const initial: ReviewsState = { status: 'loading', items: [], hasMore: false, loadingMore: false };

const merge = (a: Review[], b: Review[]) => {
  const seen = new Set(a.map((r) => r.id));
  return [...a, ...b.filter((r) => !seen.has(r.id))];
};

/** A provider's reviews, newest first, one page at a time; `add` puts a new one on top. */
export function useReviews(providerId: string) {
  const [state, setState] = useState<ReviewsState>(initial);
  const [attempt, setAttempt] = useState(0);
  const current = useRef(providerId);
  current.current = providerId;

  useEffect(() => {
    let live = true;
    setState(initial);
    (attempt === 0 ? firstReviewsPage(providerId) : fetchReviews(providerId)).then(
      (page) => live && setState({ status: 'ready', items: page, hasMore: page.length === REVIEWS_PAGE_SIZE, loadingMore: false }),
      () => live && setState({ ...initial, status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [providerId, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const loadMore = useCallback(() => {
    const id = providerId;
    setState((s) => ({ ...s, loadingMore: true }));
    fetchReviews(id, { offset: state.items.length }).then(
      (page) =>
        current.current === id &&
        setState((s) => ({ status: 'ready', items: merge(s.items, page), hasMore: page.length === REVIEWS_PAGE_SIZE, loadingMore: false })),
      () => current.current === id && setState((s) => ({ ...s, loadingMore: false })),
    );
  }, [providerId, state.items.length]);

  const add = useCallback((review: Review) => setState((s) => ({ ...s, status: 'ready', items: merge([review], s.items) })), []);

  return { ...state, loadMore, add, retry };
}
