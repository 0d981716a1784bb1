import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, formatDate, formatNumber, useLanguage, whenPageContentShown } from '@city/shared';
import { StarRatingDisplay } from '@city/shared/ui/star-rating';
import { useReviews } from '../hooks/use-reviews';
import { loadReviewDraft } from '../utils/review-draft';
import { ReportButton } from './report-button';

// The form (its fields, checks, sending and the sign-in wait) is fetched when first wanted: the
// profile's first render carries only the button that opens it. Fetched ahead once the page's
// content is shown, so a visitor whose connection then drops can still write (kept, sent later).
const loadForm = () => import(/* webpackChunkName: "review-form" */ './review-form');
const ReviewForm = lazy(loadForm);

/**
 * Reviews newest first, each with its writer's stars, first name (or "A visitor") and date and
 * the provider's reply under it; "Write a review" opens the form (review-form.tsx), at once when
 * a draft is kept for this provider.
 */
export function ReviewsSection({ providerId }: { providerId: string }) {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation('common');
  const lang = useLanguage();
  const reviews = useReviews(providerId);
  const items = reviews.data?.items ?? [];
  // 'draft': opened on load for a kept draft; 'tap': opened by the button (focus to the box).
  const [writing, setWriting] = useState<false | 'draft' | 'tap'>(() => (loadReviewDraft(providerId) !== '' ? 'draft' : false));
  const ids = useId();
  useEffect(() => whenPageContentShown(() => void loadForm().catch(() => undefined)), []);

  return (
    <section className="provider-profile__card" aria-labelledby="provider-profile-reviews">
      <h2 id="provider-profile-reviews">{t('reviews.heading')}</h2>
      {writing ? (
        <Suspense fallback={<p role="status">{tc('remote.loading')}</p>}>
          <ReviewForm providerId={providerId} onPosted={reviews.add} focus={writing === 'tap'} />
        </Suspense>
      ) : (
        <Button
          className="provider-profile__write"
          onClick={() => setWriting('tap')}
          onFocus={() => void loadForm().catch(() => undefined)}
        >
          {t('reviews.label')}
        </Button>
      )}

      {reviews.status === 'loading' ? (
        <p role="status">{t('reviews.loading')}</p>
      ) : reviews.status === 'error' ? (
        <div className="provider-profile__load-failed">
          <p>{t('reviews.loadFailed')}</p>
          <Button variant="secondary" onClick={reviews.reload}>
            {t('retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="provider-profile__empty">{t('reviews.empty')}</p>
      ) : (
        <ol className="provider-profile__reviews" aria-label={t('reviews.heading')}>
          {items.map((r) => (
            <li key={r.id} className="provider-profile__review">
              <div className="provider-profile__review-by">
                <strong>{r.reviewer_name || t('reviews.visitor')}</strong>
                {r.rating ? (
                  <StarRatingDisplay value={r.rating} label={t('reviews.stars', { rating: formatNumber(r.rating, lang) })} />
                ) : null}
              </div>
              <p className="provider-profile__review-text" id={`${ids}-review-${r.id}`}>
                {r.review_text}
              </p>
              <div className="provider-profile__review-meta">
                <time dateTime={r.created_at}>{formatDate(r.created_at, lang)}</time>
                <ReportButton target={{ kind: 'review', id: r.id }} describedBy={`${ids}-review-${r.id}`} />
              </div>
              {r.reply_text ? (
                <div className="provider-profile__reply">
                  <strong>{t('reviews.reply')}</strong>
                  <p className="provider-profile__review-text">{r.reply_text}</p>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {reviews.hasMore ? (
        <Button
          variant="secondary"
          onClick={() => !reviews.loadingMore && reviews.loadMore()}
          aria-disabled={reviews.loadingMore || undefined}
        >
          {reviews.loadingMore ? t('reviews.loading') : t('reviews.more')}
        </Button>
      ) : null}
    </section>
  );
}
