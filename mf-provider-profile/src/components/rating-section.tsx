import { useTranslation } from 'react-i18next';
import { formatNumber, StarRatingInput, toast, useLanguage } from '@city/shared';
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
    onFailed: () => {
      // The spec's failure message is Hindi; English visitors get an English line too.
      toast({
        title: t('rating.failed', { lng: 'hi' }),
        ...(lang === 'en' ? { description: t('rating.failed') } : {}),
        variant: 'destructive',
      });
    },
  });

  return (
    <section className="provider-profile__card" aria-labelledby="provider-profile-rate">
      <h2 id="provider-profile-rate">{t('rating.heading')}</h2>
      <StarRatingInput value={value} onChange={rate} label={t('rating.heading')} starLabel={(n) => t('rating.star', { count: n })} />
      <p className="provider-profile__hint">
        {value ? t('rating.yours', { rating: formatNumber(value, lang) }) : t('rating.notRated')}
      </p>
    </section>
  );
}
