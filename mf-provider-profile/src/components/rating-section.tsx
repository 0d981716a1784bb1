import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, authStore, Button, formatNumber, StarRatingInput, toast, useLanguage } from '@city/shared';
import { useMyRating } from '../hooks/use-my-rating';
import { useWritesWaitingForSignIn } from '../hooks/use-outbox';
import { SignInStep } from './sign-in-step';

/**
 * One rating per provider per signed-in phone; choosing again changes it. Without a phone
 * session a choice opens the code step right here, the stars stay chosen meanwhile, and once
 * signed in the rating is sent without asking again. A signed-in visitor can sign out here.
 */
export function RatingSection({ providerId, onRated }: { providerId: string; onRated: () => void }) {
  const { t } = useTranslation('profile');
  const lang = useLanguage();
  const rating = useMyRating(providerId, {
    onSaved: () => {
      toast({ title: t('rating.successTitle'), description: t('rating.successBody') });
      onRated();
    },
    onQueued: () => toast({ title: t('outbox.pending') }),
    onFailed: (_rating, error) => {
      // The spec's failure message is Hindi; English visitors get an English line too. A known
      // cause (backend unreachable, too many writes) is said in the visitor's language.
      const why =
        error instanceof ApiError ? (error.isRateLimited ? 'rating.rateLimited' : error.isNetwork ? 'rating.network' : null) : null;
      const description = why ? t(why) : lang === 'en' ? t('rating.failed') : null;
      toast({
        title: t('rating.failed', { lng: 'hi' }),
        ...(description ? { description } : {}),
        variant: 'destructive',
      });
    },
  });
  const { value, signedIn, waitingForSignIn } = rating;
  // Ratings and reviews kept on this phone (offline) that wait for a sign-in to be sent.
  const keptWrites = useWritesWaitingForSignIn(signedIn);
  const [signInForKept, setSignInForKept] = useState(false);
  const showStep = waitingForSignIn || (signInForKept && keptWrites > 0 && !signedIn);
  const shown = value === null ? null : formatNumber(value, lang);

  return (
    <section className="provider-profile__card" aria-labelledby="provider-profile-rate">
      <h2 id="provider-profile-rate">{t('rating.heading')}</h2>
      <StarRatingInput value={value} onChange={rating.rate} label={t('rating.heading')} starLabel={(n) => t('rating.star', { count: n })} />
      {waitingForSignIn ? (
        <p className="provider-profile__hint" role="status">
          {t('rating.kept', { rating: shown })}
        </p>
      ) : (
        <p className="provider-profile__hint">
          {shown === null
            ? t('rating.notRated')
            : rating.fromHistory
              ? t('rating.earlier', { rating: shown })
              : t('rating.yours', { rating: shown })}
        </p>
      )}
      {!signedIn && !showStep ? <p className="provider-profile__hint">{t('rating.needsPhone')}</p> : null}
      {keptWrites > 0 && !showStep ? (
        <div className="provider-profile__kept">
          <p role="status">{t('outbox.needsSignIn', { count: keptWrites })}</p>
          <Button variant="secondary" size="sm" onClick={() => setSignInForKept(true)}>
            {t('outbox.signIn')}
          </Button>
        </div>
      ) : null}
      {showStep ? (
        <SignInStep
          reason={t('signIn.why')}
          onCancel={() => {
            setSignInForKept(false);
            rating.cancel();
          }}
          onSignedIn={() => setSignInForKept(false)}
        />
      ) : null}
      {signedIn ? (
        <p className="provider-profile__signed-in">
          <span>{t('rating.signedIn')}</span>
          <Button variant="ghost" size="sm" className="provider-profile__sign-out" onClick={() => void authStore.getState().signOut()}>
            {t('rating.signOut')}
          </Button>
        </p>
      ) : null}
    </section>
  );
}
