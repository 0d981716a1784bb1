import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { REMOTE_PARAMS } from '@city/shared';
import { RemoteSlot } from '../remotes/remote-slot';
import { useRouteTitle } from '../app/use-document-title';
import { useAfterIdle } from '../remotes/use-after-idle';

/** The registration dialog's parameter (owned by mf_registration in the route manifest). */
const REGISTER = REMOTE_PARAMS.mf_registration.open;

/** Home: the directory, the registration modal (opened by ?register=1) and the ads popup. */
export function HomePage() {
  useRouteTitle();
  // The ads remote (its entry, its query and its media) must not compete with the first
  // render: it is asked for only once the page has loaded and is idle, and never server-side.
  const adsAllowed = useAfterIdle();
  const [params, setParams] = useSearchParams();
  const registrationOpen = params.get(REGISTER) === '1';
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
  const openRegistration = useCallback(() => setRegistration(true), [setRegistration]);
  const closeRegistration = useCallback(() => setRegistration(false), [setRegistration]);

  return (
    <>
      <RemoteSlot id="mf_directory/Directory" props={{ onOpenRegistration: openRegistration }} />
      {/* Loaded only when asked for: most visitors never register. */}
      {registrationOpen ? (
        <RemoteSlot id="mf_registration/RegistrationDialog" props={{ open: registrationOpen, onClose: closeRegistration }} loading={null} />
      ) : null}
      {adsAllowed ? <RemoteSlot id="mf_ads/AdsPopup" props={{}} onError="none" /> : null}
    </>
  );
}
