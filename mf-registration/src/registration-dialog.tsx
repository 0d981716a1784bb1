import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPhoneSession, useAuth, type RegistrationDialogProps } from '@city/shared';
import { Dialog } from '@city/shared/ui/dialog';
// This remote's strings, added to the page's i18n before anything here renders.
import './locales';
import { forgetSession } from './api';
import { CodeStep } from './components/code-step';
import { RegistrationForm } from './components/registration-form';
import { RegistrationSuccess } from './components/registration-success';
import './registration.css';

/** The signed-in phone's 10 digits (the JWT's phone claim is `91XXXXXXXXXX`). */
const tenDigits = (phone: string) => phone.replace(/^\+?91/, '');

/**
 * The free-registration modal (exposed as mf_registration/RegistrationDialog). The shell
 * mounts it only while `/?register=1` is in the URL and unmounts it on close, so besides the
 * Dialog's own focus return (open -> false) it returns focus to the opener on unmount.
 *
 * Steps: the mobile checked by a one-time code (skipped when already signed in by phone), then
 * the form (the listing's number is the signed-in phone), then what happens next.
 */
export default function RegistrationDialog({ open, onClose, category }: RegistrationDialogProps) {
  const { t } = useTranslation('registration');
  const opener = useRef<HTMLElement | null>(null);
  const loading = useAuth((s) => s.loading);
  const session = useAuth((s) => s.session);
  // Once saved, the dialog says what happens next (the operator's check, /my-listing).
  const [registered, setRegistered] = useState(false);
  // The session the database refused (expired) or the visitor set aside ("use another number"):
  // the code step shows until a new session comes, whether or not forgetting it has finished.
  const [setAside, setSetAside] = useState<{ token: string; expired: boolean } | null>(null);
  // The code step was shown in this dialog: the form that follows it takes the focus.
  const codeStepShown = useRef(false);

  // A layout effect runs before the Dialog's showModal() moves focus inside it.
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);

  useLayoutEffect(
    () => () => {
      const target = opener.current;
      if (!target) return;
      // After React has removed the dialog; only if focus was left nowhere.
      setTimeout(() => {
        const active = document.activeElement;
        if (target.isConnected && (active === null || active === document.body)) target.focus();
      }, 0);
    },
    [],
  );

  const phoneSession = isPhoneSession(session) && session?.access_token !== setAside?.token ? session : null;
  const mobile = phoneSession?.user.phone ? tenDigits(phoneSession.user.phone) : null;

  const leave = (expired: boolean) => {
    setSetAside({ token: session?.access_token ?? '', expired });
    void forgetSession();
  };

  let body;
  if (registered) body = <RegistrationSuccess onDone={onClose} />;
  else if (loading) body = <p role="status">{t('myListing.checking')}</p>;
  else if (mobile === null) {
    codeStepShown.current = true;
    body = <CodeStep expired={setAside?.expired ?? false} />;
  } else {
    body = (
      <RegistrationForm
        mobile={mobile}
        {...(category ? { category } : {})}
        focusFirstField={codeStepShown.current}
        onRegistered={() => setRegistered(true)}
        onSignedOut={() => leave(true)}
        onUseAnotherNumber={() => leave(false)}
      />
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={registered ? t('success.title') : t('title')}
      closeLabel={t('close')}
      className="registration-dialog"
    >
      {body}
    </Dialog>
  );
}
