import { useTranslation } from 'react-i18next';
import { CategoryIcon, categoryIconId, categoryLabel, formatRating, useLanguage } from '@city/shared';
import { StarRatingDisplay } from '@city/shared/ui/star-rating';
import { BadgeButton } from '@city/shared/badges';
import type { Provider, RatingSummary } from '../api';
import { LazyProviderPlace } from './lazy-provider-place';

/** Name, business, badge, average rating and the provider's facts. All free text as text. */
export function ProviderDetails({ provider: p, summary }: { provider: Provider; summary: RatingSummary | null }) {
  const { t } = useTranslation('profile');
  const lang = useLanguage();
  // 0 is what a new provider enters: "less than a year", not N/A (only an unknown value is).
  const experience =
    p.experience === null || p.experience < 0
      ? t('experienceNA')
      : p.experience === 0
        ? t('experienceUnderOne')
        : t('experienceYears', { count: p.experience });
  const count = summary?.rating_count ?? 0;
  const avg = summary?.avg_rating ?? 0;

  return (
    <header className="provider-profile__card">
      <div className="provider-profile__title-row">
        <CategoryIcon id={categoryIconId(p.category)} className="provider-profile__icon" />
        <div>
          <h1 className="provider-profile__name">{p.name}</h1>
          {p.business_name ? <p className="provider-profile__business">{p.business_name}</p> : null}
        </div>
      </div>
      <p className="provider-profile__badges">
        {/* Tapping the badge says what the operator checked and when (a chunk of its own). */}
        <BadgeButton provider={p}>{p.verified ? t('verified') : t('notVerified')}</BadgeButton>
      </p>
      <p className="provider-profile__summary" data-testid="rating-summary">
        {summary === null ? null : count > 0 ? (
          <>
            <StarRatingDisplay value={avg} label={t('summary.label', { rating: formatRating(avg, lang) })} size="md" />
            <span className="provider-profile__avg" aria-hidden="true">
              {formatRating(avg, lang)}
            </span>
            <span>{t('summary.count', { count })}</span>
          </>
        ) : (
          <span>{t('summary.none')}</span>
        )}
      </p>
      <dl className="provider-profile__facts" aria-label={t('details')}>
        <div>
          <dt>{t('category')}</dt>
          <dd>{categoryLabel(p.category, lang)}</dd>
        </div>
        {p.specialist_in ? (
          <div>
            <dt>{t('specialisation')}</dt>
            <dd>{p.specialist_in}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('experience')}</dt>
          <dd>{experience}</dd>
        </div>
        <div>
          <dt>{t('address')}</dt>
          <dd>{p.address}</dd>
        </div>
      </dl>
      <LazyProviderPlace provider={p} />
    </header>
  );
}
