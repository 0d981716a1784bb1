import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toastStore, useToasts, type Toast } from '../stores/toast-store';
import { useIsActiveToastHost } from '../stores/toast-host';

export const TOAST_SWIPE_THRESHOLD_PX = 50;

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
    if (Math.abs(moved) > TOAST_SWIPE_THRESHOLD_PX) dismiss(toast.id);
    else {
      setDx(0);
      resume(toast.id);
    }
  };

  return (
    // A toast takes focus, so a keyboard or screen-reader user can hold it (pause) and close it
    // (Escape) before it times out: these rules' "non-interactive" list item is interactive.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- see above
    <li
      className={`toast toast--${toast.variant}`}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
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
        if (e.key === 'Escape') {
          // Inside a dialog, Escape closes the toast, not the dialog.
          e.stopPropagation();
          e.preventDefault();
          dismiss(toast.id);
        }
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

/**
 * The toast list of one host (the page, or an open dialog). Only the active (topmost) host
 * draws the toasts; the list element stays mounted so screen readers keep the live region.
 * Top on phones, bottom-right on wider screens.
 */
export function ToastViewport({ hostId }: { hostId: string }) {
  const { t } = useTranslation();
  const active = useIsActiveToastHost(hostId);
  const toasts = useToasts((s) => s.toasts);
  const hasToasts = toasts.length > 0;

  // Escape closes the newest toast wherever the focus is (a form field, the dialog, the page),
  // before anything else hears it: inside a dialog, it closes the toast, not the dialog.
  useEffect(() => {
    if (!active || !hasToasts) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.isComposing || e.defaultPrevented) return;
      const newest = toastStore.getState().toasts[0];
      if (!newest) return;
      e.stopPropagation();
      e.preventDefault();
      toastStore.getState().dismiss(newest.id);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [active, hasToasts]);

  return (
    <section aria-label={t('toast.region')} className="toaster">
      {/* F8 focuses this list; Escape there closes the toast too (not only from the toast itself). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the F8 target handles Escape, see above */}
      <ol
        tabIndex={-1}
        className="toaster__viewport"
        aria-live="polite"
        data-toast-viewport={active ? 'active' : 'idle'}
        onKeyDown={(e) => {
          if (e.key !== 'Escape' || e.target !== e.currentTarget || toasts.length === 0) return;
          // Inside a dialog, Escape closes the toast, not the dialog.
          e.stopPropagation();
          e.preventDefault();
          toastStore.getState().dismiss();
        }}
      >
        {active ? toasts.map((toast) => <ToastItem key={toast.id} toast={toast} />) : null}
      </ol>
    </section>
  );
}
