import { useCallback } from 'react';
import { usePagedQuery, type PagedQuery } from '@city/shared';
import { fetchReviews, REVIEWS_PAGE_SIZE, type Review } from '../api';
import { firstReviewsPage } from '../utils/prefetch';

export interface ReviewsQuery extends PagedQuery<Review> {
  /** Puts a review just posted on top (no request). */
  add: (review: Review) => void;
}

/**
 * A provider's reviews, newest first, one page at a time. The first page is the one the
 * profile prefetched, if it is still there (utils/prefetch); a full page means there may be more.
 */
export function useReviews(providerId: string): ReviewsQuery {
  const reviews = usePagedQuery(['reviews', providerId], ({ offset }) =>
    (offset === 0 ? firstReviewsPage(providerId) : fetchReviews(providerId, { offset })).then((items) => ({
      items,
      more: items.length === REVIEWS_PAGE_SIZE,
    })),
  );
  const { setData } = reviews;
  const add = useCallback(
    (review: Review) =>
      setData((d) => ({
        items: [review, ...(d?.items ?? []).filter((r) => r.id !== review.id)],
        total: d?.total ?? null,
        hasMore: d?.hasMore ?? false,
      })),
    [setData],
  );
  return { ...reviews, add };
}
