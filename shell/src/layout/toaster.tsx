import { useEffect } from 'react';
import { PAGE_TOAST_HOST, ToastViewport } from '@city/shared';

const VIEWPORT_HOTKEY = 'F8';

/** The page's toast host, and the F8 shortcut that focuses whichever viewport is active. */
export function Toaster() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === VIEWPORT_HOTKEY) {
        e.preventDefault();
        document.querySelector<HTMLElement>('[data-toast-viewport="active"]')?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return <ToastViewport hostId={PAGE_TOAST_HOST} />;
}
