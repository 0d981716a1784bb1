// Everything of the rating and review cards that is about a signed-in phone: the code step
// (@city/shared/phone-sign-in), the kept-choice notes, the signed-in line with sign-out, and the
// note about writes kept offline that wait for a sign-in. A chunk of its own (lazy-phone-panel.tsx
// loads it): an anonymous visitor's first render of a profile carries none of it
// (docs/performance.md).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { authStore, Button, formatNumber, isPhoneSession, useAuth, useLanguage } from '@city/shared';
import { PhoneCodeStep, sendPhoneCode, verifyPhoneCode } from '@city/shared/phone-sign-in';
import { addProfilePhoneStrings } from '../locales/phone';

addProfilePhoneStrings();

/** The code step where the visitor acted, with why a code is asked (the session it makes is followed by useWhenSignedIn). */
function Step({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('profilePhone');
  return (
    <PhoneCodeStep headingLevel={3} reason={t('signIn.why')} sendCode={sendPhoneCode} verifyCode={verifyPhoneCode} onCancel={onCancel} />
  );
}

/**
 * Calls `onSignedIn` once the page holds a phone session other than `staleToken` (the one the
 * server refused as expired, if any): right away when it already does, else on the sign-in.
 */
function useWhenSignedIn(staleToken: string | null, onSignedIn: () => void) {
  const session = useAuth((s) => s.session);
  const token = isPhoneSession(session) ? (session?.access_token ?? null) : null;
  const run = useRef(onSignedIn);
  run.current = onSignedIn;
  useEffect(() => {
    if (token !== null && token !== staleToken) run.current();
  }, [token, staleToken]);
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
  /** The session the server refused (expired) while the stars wait, if any. */
  staleToken: string | null;
  /** A phone session is there (other than the stale one): send what waits. */
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
  staleToken,
  onSignedIn,
}: RatingPhonePanelProps) {
  const { t } = useTranslation('profilePhone');
  const lang = useLanguage();
  useWhenSignedIn(staleToken, onSignedIn);
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
      {stepOpen ? <Step onCancel={onCancel} /> : null}
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

export interface ReviewPhonePanelProps {
  /** The session the server refused (expired), or null when there was none. */
  staleToken: string | null;
  onCancel: () => void;
  /** A phone session is there (other than the stale one): post the review. */
  onSignedIn: () => void;
}

/** The review card's phone part: the step under the form while a review waits for a sign-in. */
export function ReviewPhonePanel({ staleToken, onCancel, onSignedIn }: ReviewPhonePanelProps) {
  const { t } = useTranslation('profilePhone');
  useWhenSignedIn(staleToken, onSignedIn);
  return (
    <>
      <p role="status" className="provider-profile__hint">
        {t('reviews.kept')}
      </p>
      <Step onCancel={onCancel} />
    </>
  );
}
