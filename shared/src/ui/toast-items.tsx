import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toastStore, type Toast } from '../stores/toast-store';

const TOAST_SWIPE_THRESHOLD_PX = 50;

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

/** The toasts of the active host (a chunk of its own: loaded with the first toast, or when the page is idle). */
export default function ToastItems({ toasts }: { toasts: readonly Toast[] }) {
  return (
    <>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </>
  );
}
