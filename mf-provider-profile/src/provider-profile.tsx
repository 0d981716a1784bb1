import { useCallback, useEffect } from 'react';
import { AvailabilityHours } from './components/availability-hours';
import { useTranslation } from 'react-i18next';
import { markPageContentShown, type ProviderProfileProps } from '@city/shared';
// This remote's strings, added to the page's i18n before anything here renders.
import './locales';
import { ContactActions } from './components/contact-actions';
import { ProfileLoadFailed, ProfileLoading, ProfileNotFound } from './components/profile-status';
import { ProviderDetails } from './components/provider-details';
import { RatingSection } from './components/rating-section';
import { LazyReviewsSection } from './components/lazy-reviews-section';
import { ReportButton } from './components/report-button';
import { LazyGallery } from './components/lazy-gallery';
import { useProvider, useRatingSummary } from './hooks/use-provider';
import { useOutbox } from './hooks/use-outbox';

// For the OfflineOutbox task (offline-outbox.ts), which loads this module as it is.
export { startOutboxNow } from './hooks/use-outbox';
import { forgetProfileData, prefetchProfileData } from './utils/prefetch';
import { useProfileView } from './hooks/use-profile-view';
import './provider-profile.css';

const PROVIDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /provider/:id: profile, call/chat/share, rating and reviews (mf_provider_profile/ProviderProfile). */
export default function ProviderProfile({ providerId }: ProviderProfileProps) {
  // Not an id at all (a link cut short or mistyped): not found, without asking the server.
  return PROVIDER_ID.test(providerId) ? <ProfileOf providerId={providerId} /> : <NoSuchProfile />;
}

function NoSuchProfile() {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation('common');
  const title = `${t('notFoundTitle')} | ${tc('app.name')}`;
  useEffect(() => {
    document.title = title;
    markPageContentShown();
  }, [title]);
  return (
    <div className="provider-profile">
      <ProfileNotFound />
    </div>
  );
}

function ProfileOf({ providerId }: ProviderProfileProps) {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation('common');
  const provider = useProvider(providerId);
  const summary = useRatingSummary(providerId);
  // Ratings and reviews kept while offline are sent when the page is back online.
  useOutbox();
  const { reload: retry } = provider;
  const { reload: refresh } = summary;
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

  const p = provider.data;
  useProfileView(p ? p.id : null);
  // The profile (or its not-found or error message) is the page's content: what must not
  // compete with it (the fallback language's strings) waits for it.
  const answered = provider.status === 'success' || provider.status === 'error';
  useEffect(() => {
    if (answered) markPageContentShown();
  }, [answered]);
  const pageTitle = p ? p.name : provider.status === 'success' ? t('notFoundTitle') : null;
  const site = tc('app.name');
  useEffect(() => {
    if (pageTitle) document.title = `${pageTitle} | ${site}`;
  }, [pageTitle, site]);

  return (
    <div className="provider-profile">
      {provider.status === 'error' ? (
        <ProfileLoadFailed onRetry={retryAll} />
      ) : p ? (
        <article className="provider-profile__body">
          <ProviderDetails provider={p} summary={summary.data ?? null} />
          <ContactActions provider={p} />
          <AvailabilityHours provider={p} />
          <LazyGallery key={`photos-${p.id}`} providerId={p.id} name={p.name} />
          <p className="provider-profile__report-row">
            <ReportButton key={p.id} target={{ kind: 'provider', id: p.id }} />
          </p>
          <RatingSection key={p.id} providerId={p.id} onRated={refresh} />
          <LazyReviewsSection key={p.id} providerId={p.id} />
        </article>
      ) : provider.status === 'success' ? (
        // data null: no such approved provider
        <ProfileNotFound />
      ) : (
        <ProfileLoading />
      )}
    </div>
  );
}
