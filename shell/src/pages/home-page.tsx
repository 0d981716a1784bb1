import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RemoteSlot } from '../remotes/remote-slot';
import { useDocumentTitle } from '../app/use-document-title';

/** Home: the directory, the registration modal (opened by ?register=1) and the ads popup. */
export function HomePage() {
  useDocumentTitle(null);
  const [params, setParams] = useSearchParams();
  const registrationOpen = params.get('register') === '1';
  const setRegistration = useCallback(
    (open: boolean) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (open) next.set('register', '1');
          else next.delete('register');
          return next;
        },
        { replace: !open },
      ),
    [setParams],
  );
  const openRegistration = useCallback(() => setRegistration(true), [setRegistration]);
  const closeRegistration = useCallback(() => setRegistration(false), [setRegistration]);

  return (
    <>
      <RemoteSlot id="mf_directory/Directory" props={{ onOpenRegistration: openRegistration }} />
      {/* Loaded only when asked for: most visitors never register. */}
      {registrationOpen ? (
        <RemoteSlot id="mf_registration/RegistrationDialog" props={{ open: registrationOpen, onClose: closeRegistration }} loading={null} />
      ) : null}
      <RemoteSlot id="mf_ads/AdsPopup" props={{}} onError="none" />
    </>
  );
}
