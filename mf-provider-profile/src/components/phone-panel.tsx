// Everything of the rating and review cards that is about a signed-in phone: the code step
// (@city/shared/phone-sign-in), the kept-choice notes, the signed-in line with sign-out, and the
// note about writes kept offline that wait for a sign-in. A chunk of its own (lazy-phone-panel.tsx
// loads it): an anonymous visitor's first render of a profile carries none of it
// (docs/performance.md).
import { useTranslation } from 'react-i18next';
import { authStore, Button, formatNumber, useLanguage } from '@city/shared';
import { PhoneCodeStep, sendPhoneCode, verifyPhoneCode } from '@city/shared/phone-sign-in';
import { addProfilePhoneStrings } from '../locales/phone';

addProfilePhoneStrings();

interface StepProps {
  onCancel: () => void;
  onSignedIn?: () => void;
}

/** The code step where the visitor acted, with why a code is asked. */
function Step({ onCancel, onSignedIn }: StepProps) {
  const { t } = useTranslation('profilePhone');
  return (
    <PhoneCodeStep
      headingLevel={3}
      reason={t('signIn.why')}
      sendCode={sendPhoneCode}
      verifyCode={verifyPhoneCode}
      onCancel={onCancel}
      {...(onSignedIn ? { onSignedIn } : {})}
    />
  );
}

export interface RatingPhonePanelProps {
  signedIn: boolean;
  /** The stars kept until the visitor signs in (the step is open), or null. */
  keptRating: number | null;
  /** Ratings and reviews kept offline that wait for a sign-in. */
  keptWrites: number;
  /** The visitor asked to sign in to send the kept writes (the step is open). */
  signingInForKept: boolean;
  onSignInForKept: () => void;
  onCancel: () => void;
  onSignedIn: () => void;
}

/** The rating card's phone part. */
export function RatingPhonePanel({
  signedIn,
  keptRating,
  keptWrites,
  signingInForKept,
  onSignInForKept,
  onCancel,
  onSignedIn,
}: RatingPhonePanelProps) {
  const { t } = useTranslation('profilePhone');
  const lang = useLanguage();
  const stepOpen = keptRating !== null || (signingInForKept && keptWrites > 0 && !signedIn);
  return (
    <>
      {keptRating !== null ? (
        <p className="provider-profile__hint" role="status">
          {t('rating.kept', { rating: formatNumber(keptRating, lang) })}
        </p>
      ) : null}
      {keptWrites > 0 && !stepOpen ? (
        <div className="provider-profile__kept">
          <p role="status">{t('outbox.needsSignIn', { count: keptWrites })}</p>
          <Button variant="secondary" size="sm" onClick={onSignInForKept}>
            {t('outbox.signIn')}
          </Button>
        </div>
      ) : null}
      {stepOpen ? <Step onCancel={onCancel} onSignedIn={onSignedIn} /> : null}
      {signedIn ? (
        <p className="provider-profile__signed-in">
          <span>{t('rating.signedIn')}</span>
          <Button variant="ghost" size="sm" className="provider-profile__sign-out" onClick={() => void authStore.getState().signOut()}>
            {t('rating.signOut')}
          </Button>
        </p>
      ) : null}
    </>
  );
}

/** The review card's phone part: the step under the form while a review waits for a sign-in. */
export function ReviewPhonePanel({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('profilePhone');
  return (
    <>
      <p role="status" className="provider-profile__hint">
        {t('reviews.kept')}
      </p>
      <Step onCancel={onCancel} />
    </>
  );
}
