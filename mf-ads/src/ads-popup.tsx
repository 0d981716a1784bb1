import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, fetchActiveAds, type Advertisement } from '@city/shared';

/** Advertisement popup. The ads issue adds the carousel, timings and gestures. */
export default function AdsPopup() {
  const { t } = useTranslation('ads');
  const [ad, setAd] = useState<Advertisement | null>(null);
  useEffect(() => {
    // Ads are optional: a failure shows nothing and breaks nothing.
    fetchActiveAds().then((ads) => setAd(ads.find((a) => a.media_type === 'image') ?? null), () => setAd(null));
  }, []);
  if (!ad) return null;
  return (
    <Dialog open onClose={() => setAd(null)} title={t('label')} closeLabel={t('close')}>
      <img src={ad.media_url} alt={ad.title ?? t('label')} style={{ maxWidth: '100%' }} />
    </Dialog>
  );
}
