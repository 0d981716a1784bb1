import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@city/shared';
import type { PhoneCodeStepProps } from '@city/shared/phone-sign-in';

type StepModule = typeof import('@city/shared/phone-sign-in');
let loaded: StepModule | null = null;

/**
 * Downloads the code step (@city/shared/phone-sign-in, its strings inside): a chunk of its own,
 * never on the profile's first render (docs/performance.md). Starting it early (the review box
 * focused) saves the wait when the visitor sends.
 */
export function preloadSignInStep(): Promise<StepModule> {
  return import('@city/shared/phone-sign-in').then((m) => (loaded = m));
}

export type SignInStepProps = Omit<PhoneCodeStepProps, 'sendCode' | 'verifyCode' | 'headingLevel'>;

/**
 * The code step, where the visitor acted (the stars, the review box). While its chunk
 * downloads, a line says so; a failed download (offline) says why, with a retry (a new import:
 * React.lazy would keep the failure).
 */
export function SignInStep(props: SignInStepProps) {
  const { t } = useTranslation('profile');
  const [step, setStep] = useState(loaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (step) return;
    let live = true;
    setFailed(false);
    preloadSignInStep().then(
      (m) => live && setStep(m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [step, attempt]);

  if (step) {
    const { PhoneCodeStep, sendPhoneCode, verifyPhoneCode } = step;
    return <PhoneCodeStep headingLevel={3} sendCode={sendPhoneCode} verifyCode={verifyPhoneCode} {...props} />;
  }
  if (failed) {
    return (
      <div className="provider-profile__load-failed">
        <p role="alert">{t('signIn.loadFailed')}</p>
        <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  return <p role="status">{t('signIn.loading')}</p>;
}
