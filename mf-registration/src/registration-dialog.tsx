import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, type RegistrationDialogProps } from '@city/shared';
// This remote's strings, added to the page's i18n before anything here renders.
import './locales';
import { RegistrationForm } from './components/registration-form';
import { RegistrationSuccess } from './components/registration-success';
import './registration.css';

/**
 * The free-registration modal (exposed as mf_registration/RegistrationDialog). The shell
 * mounts it only while `/?register=1` is in the URL and unmounts it on close, so besides the
 * Dialog's own focus return (open -> false) it returns focus to the opener on unmount.
 */
export default function RegistrationDialog({ open, onClose }: RegistrationDialogProps) {
  const { t } = useTranslation('registration');
  const opener = useRef<HTMLElement | null>(null);
  // Once saved, the dialog says what happens next (the operator's check, /my-listing).
  const [registered, setRegistered] = useState(false);

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

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={registered ? t('success.title') : t('title')}
      closeLabel={t('close')}
      className="registration-dialog"
    >
      {registered ? <RegistrationSuccess onDone={onClose} /> : <RegistrationForm onRegistered={() => setRegistered(true)} />}
    </Dialog>
  );
}
