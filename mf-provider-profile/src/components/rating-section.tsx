import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, formatNumber, toast, useLanguage } from '@city/shared';
import { StarRatingInput } from '@city/shared/ui/star-rating';
import { useMyRating } from '../hooks/use-my-rating';
import { pendingPhoneWrites } from '../api';
import { usePhonePanel } from './lazy-phone-panel';

/**
 * One rating per provider per signed-in phone; choosing again changes it. Without a phone
 * session a choice opens the code step right here, the stars stay chosen meanwhile, and once
 * signed in the rating is sent without asking again. A signed-in visitor can sign out here.
 * The phone parts are a chunk of their own (phone-panel.tsx), loaded only when needed.
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
  // Ratings and reviews kept on this phone (offline) that wait for a sign-in to be sent: kept
  // only while signed in, so a change of session (this card re-renders) is when to look again.
  const keptWrites = signedIn ? 0 : pendingPhoneWrites().length;
  const [signInForKept, setSignInForKept] = useState(false);
  const { panel, fallback } = usePhonePanel(signedIn || waitingForSignIn || keptWrites > 0);
  const shown = value === null ? null : formatNumber(value, lang);

  return (
    <section className="provider-profile__card" aria-labelledby="provider-profile-rate">
      <h2 id="provider-profile-rate">{t('rating.heading')}</h2>
      <StarRatingInput value={value} onChange={rating.rate} label={t('rating.heading')} starLabel={(n) => t('rating.star', { count: n })} />
      {waitingForSignIn ? null : (
        <p className="provider-profile__hint">
          {shown === null
            ? t('rating.notRated')
            : rating.fromHistory
              ? t('rating.earlier', { rating: shown })
              : t('rating.yours', { rating: shown })}
        </p>
      )}
      {!signedIn && !waitingForSignIn ? <p className="provider-profile__hint">{t('rating.needsPhone')}</p> : null}
      {panel ? (
        <panel.RatingPhonePanel
          signedIn={signedIn}
          keptRating={waitingForSignIn ? value : null}
          keptWrites={keptWrites}
          signingInForKept={signInForKept}
          onSignInForKept={() => setSignInForKept(true)}
          onCancel={() => {
            setSignInForKept(false);
            rating.cancel();
          }}
          staleToken={rating.staleToken}
          onSignedIn={() => {
            setSignInForKept(false);
            rating.resume();
          }}
        />
      ) : (
        fallback
      )}
    </section>
  );
}
