import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toastStore, useToasts, type Toast } from '@city/shared';

export const SWIPE_THRESHOLD_PX = 50;
export const VIEWPORT_HOTKEY = 'F8';

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const { dismiss, pause, resume } = toastStore.getState();
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);

  const onPointerDown = (e: PointerEvent<HTMLLIElement>) => {
    if ((e.target as HTMLElement).closest('button')) return;
    start.current = e.clientX;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    pause(toast.id);
  };
  const onPointerMove = (e: PointerEvent<HTMLLIElement>) => {
    if (start.current !== null) setDx(e.clientX - start.current);
  };
  const onPointerUp = (e: PointerEvent<HTMLLIElement>) => {
    if (start.current === null) return;
    const moved = e.clientX - start.current;
    start.current = null;
    if (Math.abs(moved) > SWIPE_THRESHOLD_PX) dismiss(toast.id);
    else {
      setDx(0);
      resume(toast.id);
    }
  };

  return (
    <li
      className={`toast toast--${toast.variant}`}
      tabIndex={0}
      data-testid="toast"
      data-toast-id={toast.id}
      style={dx ? { transform: `translateX(${dx}px)`, opacity: Math.max(0.2, 1 - Math.abs(dx) / 200) } : undefined}
      onMouseEnter={() => pause(toast.id)}
      onMouseLeave={() => resume(toast.id)}
      onFocus={() => pause(toast.id)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) resume(toast.id);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') dismiss(toast.id);
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      {/* The live role sits inside the list item: a list may only contain list items. */}
      <div className="toast__text" role={toast.variant === 'destructive' ? 'alert' : 'status'} aria-atomic="true">
        <p className="toast__title">{toast.title}</p>
        {toast.description ? <p className="toast__description">{toast.description}</p> : null}
      </div>
      <button type="button" className="toast__close" aria-label={t('toast.close')} onClick={() => dismiss(toast.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

/** The toast viewport: top on phones, bottom-right on wider screens; F8 focuses it. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts((s) => s.toasts);
  const viewport = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === VIEWPORT_HOTKEY) {
        e.preventDefault();
        viewport.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section aria-label={t('toast.region')} className="toaster">
      <ol ref={viewport} tabIndex={-1} className="toaster__viewport" aria-live="polite">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}
