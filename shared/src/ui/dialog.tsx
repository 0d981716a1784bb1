import { useEffect, useId, useRef, type ReactNode } from 'react';
// By the package's name, not a path: this file is bundled into each module that uses it
// (@city/shared/ui/dialog), and the toast host and viewport must be the page's one copy, the
// federated root's.
import { toastHostStore, ToastViewport } from '@city/shared';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Accessible label of the close button (translated by the caller). */
  closeLabel: string;
  children: ReactNode;
  className?: string;
}

/**
 * A modal built on the native <dialog>: showModal() traps focus and makes the page inert,
 * Escape closes it, and focus returns to what opened it. While open it hosts the page's
 * toasts, which would otherwise be hidden under it (see stores/toast-host.ts).
 */
export function Dialog({ open, onClose, title, closeLabel, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    if (!open) return;
    toastHostStore.getState().push(titleId);
    return () => toastHostStore.getState().remove(titleId);
  }, [open, titleId]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      if (opener.current instanceof HTMLElement) opener.current.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={['ui-dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {/* The toasts hang just below the header, so they never cover its close button. */}
      <div className="ui-dialog__top">
        <div className="ui-dialog__header">
          <h2 id={titleId} className="ui-dialog__title">
            {title}
          </h2>
          <button type="button" className="ui-dialog__close" aria-label={closeLabel} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {open ? <ToastViewport hostId={titleId} /> : null}
      </div>
      {open ? <div className="ui-dialog__body">{children}</div> : null}
    </dialog>
  );
}
