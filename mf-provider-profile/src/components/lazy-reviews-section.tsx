import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { whenPageContentShown } from '@city/shared';

type ReviewsModule = typeof import('./reviews-section');

// The reviews (their list, form opener and report buttons) are below the fold: a chunk fetched
// once the profile is on screen, not first-render code. Until then the section shows its
// heading and the loading line it shows while the reviews are read anyway.
const loadReviews = () => import(/* webpackChunkName: "reviews-section" */ './reviews-section');

export function LazyReviewsSection({ providerId }: { providerId: string }) {
  const { t } = useTranslation('profile');
  const [mod, setMod] = useState<ReviewsModule | null>(null);
  useEffect(() => {
    let live = true;
    const cancel = whenPageContentShown(() => {
      loadReviews().then(
        (m) => live && setMod(() => m),
        () => undefined,
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, []);
  if (mod) return <mod.ReviewsSection providerId={providerId} />;
  return (
    <section className="provider-profile__card" aria-labelledby="provider-profile-reviews">
      <h2 id="provider-profile-reviews">{t('reviews.heading')}</h2>
      <p role="status">{t('reviews.loading')}</p>
    </section>
  );
}
