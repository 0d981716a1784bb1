import { useRef, useState } from 'react';
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
  if (slide.kind === 'video') return <AdVideo src={slide.src} label={slide.title ?? t('videoLabel')} autoplay={autoplay} />;
  // The operator's description of the picture (the console requires one); older ads: the title.
  return <img className="ads-popup__media" src={slide.src} alt={slide.alt ?? slide.title ?? t('imageAlt')} decoding="async" />;
}

/**
 * Muted, inline, looping video with its own play/pause button. Not the browser's controls:
 * on phones those take the touches, so the swipes over the ad would not reach the carousel.
 */
function AdVideo({ src, label, autoplay }: { src: string; label: string; autoplay: boolean }) {
  const { t } = useTranslation('ads');
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const toggle = () => {
    const video = ref.current;
    if (!video) return;
    if (video.paused) video.play()?.catch(() => setPlaying(false));
    else video.pause();
  };
  return (
    <>
      <video
        ref={ref}
        className="ads-popup__media"
        src={src}
        aria-label={label}
        muted
        playsInline
        autoPlay={autoplay}
        loop
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      />
      <button type="button" className="ads-popup__play" onClick={toggle}>
        <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        <span className="visually-hidden">{playing ? t('pauseVideo') : t('playVideo')}</span>
      </button>
    </>
  );
}
