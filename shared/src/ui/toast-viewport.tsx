import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toastStore, useToasts } from '../stores/toast-store';
import { useIsActiveToastHost } from '../stores/toast-host';
import { whenPageIdle } from '../scheduling/page-idle';

// The items (swipe, pause, close) are not first-render code: they load with the first toast,
// or once the page is idle so that a toast shown offline still has them. The live region
// below is there from the start, so screen readers hear the first toast too.
const loadToastItems = () => import('./toast-items');
const ToastItems = lazy(loadToastItems);

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

  useEffect(() => whenPageIdle(() => void loadToastItems().catch(() => undefined)), []);

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
        {active && hasToasts ? (
          <Suspense fallback={null}>
            <ToastItems toasts={toasts} />
          </Suspense>
        ) : null}
      </ol>
    </section>
  );
}
