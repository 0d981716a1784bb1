import { lazy, memo, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  CategoryIcon,
  categoryIconId,
  categoryLabel,
  formatDate,
  formatRating,
  isOnLeave,
  telHref,
  trackClick,
  useLanguage,
  whatsappHref,
} from '@city/shared';
import { StarRatingDisplay } from '@city/shared/ui/star-rating';
import { BadgeButton } from '@city/shared/badges';
import type { ProviderListItem } from '../api';

// Only with a visitor place chosen (after hydration): its own chunk.
const PlaceDistance = lazy(() => import(/* webpackChunkName: "near-place" */ './near-place').then((m) => ({ default: m.PlaceDistance })));

/**
 * One provider in a category list or search results. `thumbUrl`: its cover photo's thumbnail,
 * once known (asked after the list is painted); shown beside the name, in the row's own height.
 * Memoised: the list re-renders as its later cards, thumbnails and pages arrive, and a card
 * whose row has not changed is not drawn again (on a slow phone, 20 cards are a long task).
 */
export const ProviderCard = memo(function ProviderCard({
  provider: p,
  thumbUrl,
  withDistance = false,
}: {
  provider: ProviderListItem;
  thumbUrl?: string | undefined;
  /** A visitor place is chosen: the distance before the place ("2.4 km, Lalbagh"). */
  withDistance?: boolean;
}) {
  const { t } = useTranslation('directoryResults');
  const lang = useLanguage();
  const rating = formatRating(p.avg_rating, lang);
  const placeName = (lang === 'hi' ? (p.place_name_hi ?? p.place_name_en) : p.place_name_en) ?? null;
  return (
    <article className="directory-card" aria-labelledby={`provider-${p.id}`}>
      <div className="directory-card__top">
        {thumbUrl ? <img className="directory-card__thumb" src={thumbUrl} alt="" width={44} height={44} decoding="async" /> : null}
        <h3 className="directory-card__name" id={`provider-${p.id}`}>
          <Link to={`/provider/${p.id}`}>{p.name}</Link>
        </h3>
        {/* Tapping the badge says what it means (the explanation is a chunk of its own). */}
        <BadgeButton provider={p} align="end">
          {p.verified ? `✓ ${t('card.verified')}` : t('card.notVerified')}
        </BadgeButton>
      </div>
      {p.business_name ? <p className="directory-card__business">{p.business_name}</p> : null}
      {/* The place shares the category's line: a card stays whole on a 360x740 first screen. */}
      <p className="directory-card__category">
        <CategoryIcon id={categoryIconId(p.category)} /> <span>{categoryLabel(p.category, lang)}</span>
        {placeName ? (
          <span className="directory-card__place">
            {' · '}
            <span aria-hidden="true">📍</span>{' '}
            {withDistance ? (
              <Suspense fallback={<span>{placeName}</span>}>
                <PlaceDistance provider={p} place={placeName} />
              </Suspense>
            ) : (
              <span>{placeName}</span>
            )}
          </span>
        ) : null}
      </p>
      <p className="directory-card__rating">
        {p.rating_count > 0 ? (
          <>
            <StarRatingDisplay value={p.avg_rating} label={t('card.ratingLabel', { rating })} />
            <span aria-hidden="true" className="directory-card__rating-value">
              {rating}
            </span>{' '}
            <span className="directory-card__rating-count">{t('card.ratingCount', { count: p.rating_count })}</span>
          </>
        ) : (
          <span className="directory-card__muted">{t('card.noRatings')}</span>
        )}
      </p>
      <p className="directory-card__experience">
        {/* The profile's rule: 0 (a new provider) reads "less than a year"; N/A only when unknown. */}
        {p.experience === null || p.experience < 0
          ? t('card.experienceUnknown')
          : p.experience === 0
            ? t('card.experienceUnderOne')
            : t('card.experience', { count: p.experience })}
      </p>
      {isOnLeave(p.on_leave_until) ? (
        <p className="directory-card__leave">
          {t('card.onLeave', {
            date: formatDate(`${p.on_leave_until!.slice(0, 10)}T00:00:00Z`, lang, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
          })}
        </p>
      ) : null}
      {p.specialist_in ? <p className="directory-card__specialist">{t('card.specialist', { text: p.specialist_in })}</p> : null}
      <div className="directory-card__actions">
        <a
          className="ui-button ui-button--primary"
          href={telHref(p.mobile)}
          aria-label={t('card.callLabel', { name: p.name })}
          onClick={() => trackClick(p.id, 'call')}
        >
          <span aria-hidden="true">📞</span> {t('card.call')}
        </a>
        <a
          className="ui-button ui-button--secondary directory-card__chat"
          href={whatsappHref(p.mobile, t('card.chatText', { app: t('app.name', { ns: 'common' }) }))}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('card.chatLabel', { name: p.name })}
          onClick={() => trackClick(p.id, 'whatsapp')}
        >
          <span aria-hidden="true">💬</span> {t('card.chat')}
        </a>
        <Link className="ui-button ui-button--ghost" to={`/provider/${p.id}`} aria-label={t('card.profileLabel', { name: p.name })}>
          {t('card.profile')}
        </Link>
      </div>
    </article>
  );
});
