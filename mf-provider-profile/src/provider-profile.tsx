import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProviderProfileProps } from '@city/shared';
// This remote's strings, added to the page's i18n before anything here renders.
import './locales';
import { ContactActions } from './components/contact-actions';
import { ProfileLoadFailed, ProfileLoading, ProfileNotFound } from './components/profile-status';
import { ProviderDetails } from './components/provider-details';
import { RatingSection } from './components/rating-section';
import { ReviewsSection } from './components/reviews-section';
import { useProvider, useRatingSummary } from './hooks/use-provider';
import { forgetProfileData, prefetchProfileData } from './utils/prefetch';
import './provider-profile.css';

/** /provider/:id: profile, call/chat/share, rating and reviews (mf_provider_profile/ProviderProfile). */
export default function ProviderProfile({ providerId }: ProviderProfileProps) {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation('common');
  const { state, retry } = useProvider(providerId);
  const { summary, refresh } = useRatingSummary(providerId);
  // Reviews and this device's rating load alongside the provider (asked first), not after it.
  useEffect(() => {
    prefetchProfileData(providerId);
    return () => forgetProfileData(providerId);
  }, [providerId]);

  // A retry after a failed load (backend down, offline) asks again for everything the page
  // shows, not only the provider: the reviews and rating fetched with it failed too.
  const retryAll = useCallback(() => {
    forgetProfileData(providerId);
    prefetchProfileData(providerId);
    refresh();
    retry();
  }, [providerId, refresh, retry]);

  const pageTitle = state.kind === 'ready' ? state.provider.name : state.kind === 'missing' ? t('notFoundTitle') : null;
  const site = tc('app.name');
  useEffect(() => {
    if (pageTitle) document.title = `${pageTitle} | ${site}`;
  }, [pageTitle, site]);

  return (
    <div className="provider-profile">
      {state.kind === 'loading' ? (
        <ProfileLoading />
      ) : state.kind === 'missing' ? (
        <ProfileNotFound />
      ) : state.kind === 'error' ? (
        <ProfileLoadFailed onRetry={retryAll} />
      ) : (
        <article className="provider-profile__body">
          <ProviderDetails provider={state.provider} summary={summary} />
          <ContactActions provider={state.provider} />
          <RatingSection providerId={state.provider.id} onRated={refresh} />
          <ReviewsSection key={state.provider.id} providerId={state.provider.id} />
        </article>
      )}
    </div>
  );
}
