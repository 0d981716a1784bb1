import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@city/shared';
// The gallery's strings ('profilePhotos') come with its chunk.
import '../locales/photos';
import { fetchPhotos, photoUrl, type PublicPhoto } from '../api/photos';

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** Data saver on, or a 2G connection: thumbnails only, the full photo on a tap. */
function prefersLightPhotos(): boolean {
  const c = (globalThis.navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return c?.saveData === true || c?.effectiveType === 'slow-2g' || c?.effectiveType === '2g';
}

/** A photo is about 80 % of a phone's width, at most 420 px beside the text on a wide screen. */
const SIZES = '(max-width: 560px) 80vw, 420px';
const KINDS = ['shop', 'work', 'self'];

/**
 * The provider's approved photos: a row that snaps photo by photo (swipe, the arrow keys, or the
 * previous/next buttons), each image lazy with the thumbnail and the full photo in srcset. With
 * data saver on, the thumbnails only, and the full photo when tapped. No photo: nothing.
 */
export function PhotoGallery({ providerId, name }: { providerId: string; name: string }) {
  const { t } = useTranslation('profilePhotos');
  const id = useId();
  const track = useRef<HTMLUListElement>(null);
  const [photos, setPhotos] = useState<PublicPhoto[]>([]);
  const [light] = useState(prefersLightPhotos);
  const [fullShown, setFullShown] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    let live = true;
    fetchPhotos(providerId).then(
      (rows) => live && setPhotos(rows),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [providerId]);

  if (photos.length === 0) return null;

  const step = (dir: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const item = el.firstElementChild as HTMLElement | null;
    const width = item ? item.getBoundingClientRect().width : el.clientWidth;
    const still = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy?.({ left: dir * (width || el.clientWidth), behavior: still ? 'auto' : 'smooth' });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      // Right goes forward in both languages (Hindi is written left to right).
      step(e.key === 'ArrowRight' ? 1 : -1);
    }
  };

  return (
    <section className="photo-gallery" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="photo-gallery__title">
        {t('title')}
      </h2>
      {light ? <p className="photo-gallery__note">{t('saveData')}</p> : null}
      {/* A scrolling row must take the focus (WCAG 2.1.1, axe scrollable-region-focusable) and then the arrow keys. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-noninteractive-tabindex */}
      <ul ref={track} className="photo-gallery__track" tabIndex={0} aria-label={t('list', { name })} onKeyDown={onKeyDown}>
        {photos.map((p, i) => {
          const kind = t(`kinds.${(KINDS.includes(p.kind) ? p.kind : 'shop') as 'shop'}`);
          const alt = t('item', { n: i + 1, count: photos.length, kind });
          const thumb = photoUrl(p.path, true);
          const full = photoUrl(p.path);
          const onlyThumb = light && !fullShown.has(p.id);
          return (
            <li key={p.id} className="photo-gallery__item">
              {onlyThumb ? (
                <button
                  type="button"
                  className="photo-gallery__tap"
                  aria-label={`${alt}. ${t('showFull')}`}
                  onClick={() => setFullShown((s) => new Set(s).add(p.id))}
                >
                  <img src={thumb} alt="" width={240} height={180} loading="lazy" decoding="async" />
                </button>
              ) : (
                <img
                  src={light ? full : thumb}
                  srcSet={light ? undefined : `${thumb} 240w, ${full} 1080w`}
                  sizes={light ? undefined : SIZES}
                  alt={alt}
                  width={1080}
                  height={810}
                  loading="lazy"
                  decoding="async"
                />
              )}
            </li>
          );
        })}
      </ul>
      {photos.length > 1 ? (
        <div className="photo-gallery__controls">
          <Button type="button" variant="secondary" size="sm" onClick={() => step(-1)} aria-label={t('previous')}>
            ‹
          </Button>
          <Button type="button" variant="secondary" size="sm" onClick={() => step(1)} aria-label={t('next')}>
            ›
          </Button>
        </div>
      ) : null}
    </section>
  );
}
