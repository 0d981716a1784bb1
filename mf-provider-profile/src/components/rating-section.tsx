import { useTranslation } from 'react-i18next';
import { ApiError, formatNumber, StarRatingInput, toast, useLanguage } from '@city/shared';
import { useDeviceRating } from '../hooks/use-device-rating';

/** One rating per provider per device; choosing again changes it. */
export function RatingSection({ providerId, onRated }: { providerId: string; onRated: () => void }) {
  const { t } = useTranslation('profile');
  const lang = useLanguage();
  const { value, rate } = useDeviceRating(providerId, {
    onSaved: () => {
      toast({ title: t('rating.successTitle'), description: t('rating.successBody') });
      onRated();
    },
    onQueued: () => toast({ title: t('outbox.pending') }),
    onFailed: (_rating, error) => {
      // The spec's failure message is Hindi; English visitors get an English line too. A known
      // cause (backend unreachable, too many writes) is said in the visitor's language.
      const why =
        error instanceof ApiError ? (error.isRateLimited ? 'rating.rateLimited' : error.isNetwork ? 'rating.network' : null) : null;
      const description = why ? t(why) : lang === 'en' ? t('rating.failed') : null;
      toast({
        title: t('rating.failed', { lng: 'hi' }),
        ...(description ? { description } : {}),
        variant: 'destructive',
      });
    },
  });

  return (
    <section className="provider-profile__card" aria-labelledby="provider-profile-rate">
      <h2 id="provider-profile-rate">{t('rating.heading')}</h2>
      <StarRatingInput value={value} onChange={rate} label={t('rating.heading')} starLabel={(n) => t('rating.star', { count: n })} />
      <p className="provider-profile__hint">{value ? t('rating.yours', { rating: formatNumber(value, lang) }) : t('rating.notRated')}</p>
    </section>
  );
}
