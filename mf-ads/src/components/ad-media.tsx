import { useTranslation } from 'react-i18next';
import { youtubeEmbedUrl, type AdSlide } from '../utils/ad-slides';

/** The picture, video or YouTube player of one ad. */
export function AdMedia({ slide, autoplay }: { slide: AdSlide; autoplay: boolean }) {
  const { t } = useTranslation('ads');
  if (slide.kind === 'youtube') {
    return (
      <iframe
        className="ads-popup__media"
        src={youtubeEmbedUrl(slide.videoId, autoplay)}
        title={slide.title ?? t('youtubeTitle')}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  if (slide.kind === 'video') {
    return (
      <video
        className="ads-popup__media"
        src={slide.src}
        aria-label={slide.title ?? t('videoLabel')}
        muted
        playsInline
        autoPlay={autoplay}
        loop
        controls
        preload="metadata"
      />
    );
  }
  return <img className="ads-popup__media" src={slide.src} alt={slide.title ?? t('imageAlt')} decoding="async" />;
}
