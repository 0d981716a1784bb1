import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
// The /my-listing sign-in (mobile, then the one-time code), reused as it is.
import { PhoneSignIn } from './my-listing/phone-sign-in';

export interface CodeStepProps {
  /** The last save was refused because the sign-in had expired: say so, and start here. */
  expired: boolean;
}

/**
 * The registration's first step: the mobile is checked by a one-time SMS code before anything
 * is stored (the listing's number is the signed-in phone). What was typed in the form is kept
 * as a draft meanwhile; once signed in, the dialog shows the form again.
 */
export function CodeStep({ expired }: CodeStepProps) {
  const { t } = useTranslation('registration');
  const box = useRef<HTMLDivElement>(null);

  // Back here from the form (an expired sign-in): focus the number, the message is announced.
  useEffect(() => {
    if (expired) box.current?.querySelector<HTMLInputElement>('input[name="mobile"]')?.focus();
  }, [expired]);

  return (
    <div ref={box} className="registration-code-step">
      <p className="registration-form__intro">{t('intro')}</p>
      {expired ? (
        <p className="registration-code-step__expired" role="alert">
          {t('codeStep.expired')}
        </p>
      ) : null}
      <p>{t('codeStep.why')}</p>
      <PhoneSignIn />
    </div>
  );
}
