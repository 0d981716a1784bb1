import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, useLanguage } from '@city/shared';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';
import { useSwipe, type SwipeDirection } from '../hooks/use-swipe';
import type { AdSlide } from '../utils/ad-slides';
import { AUTO_CLOSE_MS, ROTATE_MS } from '../utils/timings';
import { AdMedia } from './ad-media';

export interface AdsDialogProps {
  slides: readonly AdSlide[];
  /** Keep it stable: the 15 s auto-close timer restarts when it changes. */
  onClose: () => void;
}

/**
 * The modal carousel: a native <dialog> (showModal makes the page inert and keeps focus
 * inside), closed by its button, Escape (or Android back), a downward swipe, or after
 * AUTO_CLOSE_MS. Several ads rotate every ROTATE_MS unless the user prefers reduced motion
 * or is using the carousel (pointer over it or focus in it); swipes, arrow keys, the
 * previous/next buttons and the dots change the ad.
 */
export function AdsDialog({ slides, onClose }: AdsDialogProps) {
  const { t } = useTranslation('ads');
  const lang = useLanguage();
  const reducedMotion = usePrefersReducedMotion();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [userMoved, setUserMoved] = useState(false);
  const count = slides.length;
  const slide = slides[Math.min(index, count - 1)];
  const rotating = !reducedMotion && count > 1 && !hovered && !focused;

  // Opened in a passive effect, a task after the commit that mounts it: showModal and the
  // focus make the browser restyle and lay out the whole page (the rest becomes inert), which
  // in the commit's task made one long task of both on a slow phone. A closed <dialog> is not
  // shown, so nothing flashes in between.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement;
    // Where focus goes back when nothing had it before: the page's main content (the shell's
    // <main tabindex="-1">), so the next Tab starts at the top of the page, not after the
    // place this dialog had at the end of the page.
    const landing = dialog.closest('main') ?? document.querySelector('main');
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    closeRef.current?.focus();
    return () => {
      if (typeof dialog.close === 'function') {
        if (dialog.open) dialog.close();
      } else {
        dialog.removeAttribute('open');
      }
      if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) opener.focus();
      else if (landing?.isConnected) {
        if (!landing.hasAttribute('tabindex')) landing.setAttribute('tabindex', '-1');
        landing.focus({ preventScroll: true });
      }
    };
  }, []);

  // Counted from opening (the caller passes a stable onClose).
  useEffect(() => {
    const timer = setTimeout(onClose, AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [onClose]);

  // A timeout per shown ad, so a manual change restarts the interval.
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), ROTATE_MS);
    return () => clearTimeout(timer);
  }, [rotating, index, count]);

  const show = (next: number) => {
    setUserMoved(true);
    setIndex(((next % count) + count) % count);
  };

  const swipe = useSwipe((direction: SwipeDirection) => {
    if (direction === 'down') onClose();
    else if (count > 1 && direction === 'left') show(index + 1);
    else if (count > 1 && direction === 'right') show(index - 1);
  });

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
      return;
    }
    if (count < 2 || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      show(index + 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      show(index - 1);
    }
  };

  const onPointerHover = (over: boolean) => (e: PointerEvent) => {
    if (e.pointerType === 'mouse') setHovered(over);
  };

  if (!slide) return null;
  const n = (value: number) => formatNumber(value, lang);

  return (
    <dialog
      ref={dialogRef}
      className="ui-dialog ads-popup"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClose={() => {
        // Closed by the browser itself (e.g. Escape before any user activation). A stale
        // close event from a re-opened dialog (React strict mode) finds it open: ignore it.
        if (!dialogRef.current?.open) onClose();
      }}
      onKeyDown={onKeyDown}
      {...swipe}
    >
      <div className="ui-dialog__header">
        <h2 id={titleId} className="ui-dialog__title">
          {t('label')}
        </h2>
        <button ref={closeRef} type="button" className="ui-dialog__close" aria-label={t('close')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <section
        className="ads-popup__carousel"
        aria-roledescription={t('carousel')}
        aria-label={t('carouselLabel')}
        onPointerEnter={onPointerHover(true)}
        onPointerLeave={onPointerHover(false)}
        onFocus={() => setFocused(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
        }}
      >
        <div aria-live={rotating || !userMoved ? 'off' : 'polite'}>
          <div
            key={slide.id}
            className="ads-popup__slide"
            role="group"
            aria-roledescription={t('slide')}
            aria-label={t('position', { current: n(index + 1), total: n(count) })}
          >
            <div className="ads-popup__frame">
              <AdMedia slide={slide} autoplay={!reducedMotion} />
            </div>
            {slide.title ? <p className="ads-popup__caption">{slide.title}</p> : null}
            {slide.link ? (
              <a className="ui-button ui-button--primary ads-popup__link" href={slide.link} target="_blank" rel="noopener noreferrer">
                {t('visit')}
                <span className="visually-hidden"> {t('newTab')}</span>
              </a>
            ) : null}
          </div>
        </div>
        {count > 1 ? (
          <div className="ads-popup__controls">
            <button type="button" className="ads-popup__arrow" aria-label={t('previous')} onClick={() => show(index - 1)}>
              <span aria-hidden="true">‹</span>
            </button>
            <div className="ads-popup__dots">
              {slides.map((s, i) => (
                <button
                  key={s.id}
                  type="button"
                  className="ads-popup__dot"
                  aria-label={t('goTo', { current: n(i + 1), total: n(count) })}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => show(i)}
                >
                  <span aria-hidden="true" />
                </button>
              ))}
            </div>
            <button type="button" className="ads-popup__arrow" aria-label={t('next')} onClick={() => show(index + 1)}>
              <span aria-hidden="true">›</span>
            </button>
          </div>
        ) : null}
      </section>
    </dialog>
  );
}
