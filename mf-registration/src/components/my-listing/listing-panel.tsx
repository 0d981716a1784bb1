import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge, categoryLabel, useLanguage } from '@city/shared';
import type { MyListing } from '../../api';
import { AvailabilityForm, formatDay } from './availability-form';
import { ChangeForm } from './change-form';
import { DetailsForm } from './details-form';
import { HoursForm } from './hours-form';
import { LeadsChart } from './leads-chart';
import { ReviewReplies } from './review-replies';
import { PhotosForm } from './photos-form';
import { PlaceForm } from './place-form';

function StatusLine({ listing }: { listing: MyListing }) {
  const { t } = useTranslation('registration');
  const known = listing.status === 'pending' || listing.status === 'approved' || listing.status === 'rejected';
  const tone = listing.status === 'approved' ? 'success' : listing.status === 'pending' ? 'warning' : 'neutral';
  return (
    <div className="my-listing__status">
      <p>
        <span className="my-listing__label">{t('myListing.status.label')}</span>{' '}
        <Badge tone={tone}>
          {known ? t(`myListing.status.${listing.status as 'pending' | 'approved' | 'rejected'}`) : t('myListing.status.other')}
        </Badge>
      </p>
      {listing.status === 'pending' ? <p>{t('myListing.status.pendingHelp')}</p> : null}
      {listing.status === 'rejected' && listing.rejection_reason ? (
        <p className="my-listing__reason">{t('myListing.status.rejectedReason', { reason: listing.rejection_reason })}</p>
      ) : null}
      {listing.status === 'approved' ? <Link to={`/provider/${listing.id}`}>{t('myListing.publicPage')}</Link> : null}
    </div>
  );
}

function PendingChangeNote({ listing }: { listing: MyListing }) {
  const { t } = useTranslation('registration');
  const lang = useLanguage();
  const change = listing.pending_change;
  if (!change) return null;
  return (
    <div className="my-listing__pending" role="note" aria-label={t('myListing.pendingChange.title')}>
      <p className="my-listing__label">{t('myListing.pendingChange.title')}</p>
      <ul>
        {change.name ? <li>{t('myListing.pendingChange.name', { value: change.name })}</li> : null}
        {change.category ? <li>{t('myListing.pendingChange.category', { value: categoryLabel(change.category, lang) })}</li> : null}
        {change.mobile ? <li>{t('myListing.pendingChange.mobile', { value: change.mobile })}</li> : null}
      </ul>
      <p>{t('myListing.pendingChange.asked', { date: formatDay(change.created_at.slice(0, 10), lang) })}</p>
    </div>
  );
}

/**
 * Visitors signed in by phone reported this number as wrong or closed: the public profile shows
 * a caution. Said plainly, with how it goes away (a sign-in here by a code sent to the number).
 */
function CautionNote({ listing }: { listing: MyListing }) {
  const { t } = useTranslation('registration');
  if (!listing.number_caution) return null;
  return (
    <div className="my-listing__caution" role="note" aria-label={t('myListing.caution.title')}>
      <p className="my-listing__label">{t('myListing.caution.title')}</p>
      <p>{t('myListing.caution.body')}</p>
      <p>{t('myListing.caution.howToClear')}</p>
    </div>
  );
}

/** One of the provider's listings: its status, the pending change, the forms and the leads. */
export function ListingPanel({ listing, onChanged }: { listing: MyListing; onChanged: () => void }) {
  const lang = useLanguage();
  // Each form starts from the listing as loaded and keeps what was typed and saved (focus and
  // the saved message stay where they are); the status, pending change and notes follow reloads.
  return (
    <article className="my-listing__card" aria-labelledby={`listing-${listing.id}`}>
      <h2 id={`listing-${listing.id}`}>{listing.name}</h2>
      <p className="my-listing__category">{categoryLabel(listing.category, lang)}</p>
      <StatusLine listing={listing} />
      <CautionNote listing={listing} />
      <PendingChangeNote listing={listing} />
      <DetailsForm listing={listing} onSaved={onChanged} />
      <ChangeForm listing={listing} onSaved={onChanged} />
      <PlaceForm listing={listing} />
      <PhotosForm listing={listing} />
      <AvailabilityForm listing={listing} onSaved={onChanged} />
      <HoursForm listing={listing} onSaved={onChanged} />
      <LeadsChart providerId={listing.id} />
      <ReviewReplies listing={listing} />
    </article>
  );
}
