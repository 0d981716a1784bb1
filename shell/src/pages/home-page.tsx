import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { REMOTE_PARAMS, usePageIdle } from '@city/shared';
import { RemoteSlot } from '../remotes/remote-slot';
import { useRouteTitle } from '../app/use-document-title';

/** The registration dialog's parameter (owned by mf_registration in the route manifest). */
const REGISTER = REMOTE_PARAMS.mf_registration.open;

/**
 * Focus back on what opened the registration once it closes. The dialog is unmounted (not
 * closed) when the parameter goes, and it may have been the shell's fallback dialog or a
 * retry's, so its own focus return cannot be relied on; only acts if focus was left nowhere.
 */
function useFocusReturn(open: boolean): () => void {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open) return;
    const target = opener.current;
    opener.current = null;
    if (!target) return;
    // After the dialog's own clean-up (mf_registration returns focus the same way).
    const timer = setTimeout(() => {
      const active = document.activeElement;
      if (target.isConnected && (active === null || active === document.body)) target.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [open]);
  return useCallback(() => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, []);
}

/** Home: the directory, the registration modal (opened by ?register=1) and the ads popup. */
export function HomePage() {
  useRouteTitle();
  // The ads remote (its entry, its query and its media) must not compete with the first
  // render: it is asked for only once the page has loaded and is idle, and never server-side.
  const adsAllowed = usePageIdle();
  const [params, setParams] = useSearchParams();
  const registrationOpen = params.get(REGISTER) === '1';
  // Opened from a category's list: the form starts with that category chosen.
  const listCategory = params.get(REMOTE_PARAMS.mf_directory.category);
  const rememberOpener = useFocusReturn(registrationOpen);
  const setRegistration = useCallback(
    (open: boolean) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (open) next.set(REGISTER, '1');
          else next.delete(REGISTER);
          return next;
        },
        { replace: !open },
      ),
    [setParams],
  );
  const openRegistration = useCallback(() => {
    rememberOpener();
    setRegistration(true);
  }, [rememberOpener, setRegistration]);
  const closeRegistration = useCallback(() => setRegistration(false), [setRegistration]);
  // A page opened to act (`/?register=1`), or where the visitor has opened the registration,
  // gets no ads popup: it must never open over the form or take its focus.
  const [acted, setActed] = useState(registrationOpen);
  if (registrationOpen && !acted) setActed(true);

  return (
    <>
      <RemoteSlot id="mf_directory/Directory" props={{ onOpenRegistration: openRegistration }} />
      {/* Loaded only when asked for: most visitors never register. If it cannot load, the
          fallback shows in a dialog, where the visitor pressed Register (the slot is far down). */}
      {registrationOpen ? (
        <RemoteSlot
          id="mf_registration/RegistrationDialog"
          props={{ open: registrationOpen, onClose: closeRegistration, ...(listCategory ? { category: listCategory } : {}) }}
          loading={null}
          onError="dialog"
          onDismiss={closeRegistration}
        />
      ) : null}
      {adsAllowed && !acted ? <RemoteSlot id="mf_ads/AdsPopup" props={{}} onError="none" /> : null}
    </>
  );
}
