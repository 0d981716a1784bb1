import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, isPhoneSession, REMOTE_PARAMS, useAuth, type MyListingProps } from '@city/shared';
import { normalizeMobile } from '@city/shared/validation/phone';
// This remote's strings, added to the page's i18n before anything here renders.
import './locales';
import { ListingPanel } from './components/my-listing/listing-panel';
import { displayPhone, PhoneSignIn } from './components/my-listing/phone-sign-in';
import { confirmMyNumber } from './api';
import { useMyListings } from './hooks/use-my-listing';
import './registration.css';
import './my-listing.css';

const REGISTER_LINK = `/?${REMOTE_PARAMS.mf_registration.open}=1`;

/**
 * Right after a phone sign-in on this page, the owner has just proved the number works (the
 * code came to it): confirm_my_number() once, which clears the "wrong number / closed" reports
 * and the profile's caution. Says so when it cleared anything, then shows the listings again.
 */
function useConfirmAfterSignIn(justSignedIn: boolean, reload: () => void): number {
  const [cleared, setCleared] = useState(0);
  const asked = useRef(false);
  useEffect(() => {
    if (!justSignedIn || asked.current) return;
    asked.current = true;
    void confirmMyNumber().then((result) => {
      if (!result.ok || result.cleared === 0) return;
      setCleared(result.cleared);
      reload();
    });
  }, [justSignedIn, reload]);
  return cleared;
}

function Listings({ userId, justSignedIn }: { userId: string; justSignedIn: boolean }) {
  const { t } = useTranslation('registration');
  const listings = useMyListings(userId);
  const cleared = useConfirmAfterSignIn(justSignedIn, listings.reload);
  const confirmation =
    cleared > 0 ? (
      <p className="my-listing__confirmed" role="status">
        {t('myListing.caution.confirmed', { count: cleared })}
      </p>
    ) : null;
  if (listings.status === 'error' && !listings.data) {
    return (
      <div className="my-listing__card" role="alert">
        <p>{t('myListing.errors.loadFailed')}</p>
        <Button variant="secondary" onClick={listings.reload}>
          {t('myListing.errors.retry')}
        </Button>
      </div>
    );
  }
  if (!listings.data) return <p role="status">{t('myListing.loading')}</p>;
  if (listings.data.length === 0) {
    return (
      <div className="my-listing__card">
        {confirmation}
        <p>{t('myListing.none')}</p>
        <Link to={REGISTER_LINK}>{t('myListing.registerLink')}</Link>
      </div>
    );
  }
  return (
    <>
      {confirmation}
      {listings.data.map((listing) => (
        <ListingPanel key={listing.id} listing={listing} onChanged={listings.reload} />
      ))}
    </>
  );
}

/**
 * /my-listing (exposed as mf_registration/MyListing): a provider signs in with the registered
 * mobile number and a one-time code, then sees and updates their own listings. The session is
 * the page's one auth context (the shell's); the database decides which rows it owns.
 */
export default function MyListing(_props: MyListingProps) {
  const { t } = useTranslation('registration');
  const { loading, session, signOut } = useAuth((s) => s);
  const phone = session?.user?.phone ?? '';
  // The sign-in form was shown on this page: the phone session that follows is a fresh sign-in.
  const [sawSignIn, setSawSignIn] = useState(false);
  if (!loading && !session && !sawSignIn) setSawSignIn(true);

  let body;
  if (loading) body = <p role="status">{t('myListing.checking')}</p>;
  else if (!session) body = <PhoneSignIn />;
  else if (!isPhoneSession(session)) {
    body = (
      <div className="my-listing__card">
        <p>{t('myListing.notProvider')}</p>
        <Button variant="secondary" onClick={() => void signOut()}>
          {t('myListing.signOut')}
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <div className="my-listing__session">
          <p>{t('myListing.signedInAs', { phone: displayPhone(normalizeMobile(phone) ?? phone) })}</p>
          <Button variant="secondary" size="sm" onClick={() => void signOut()}>
            {t('myListing.signOut')}
          </Button>
        </div>
        <Listings key={session.user.id} userId={session.user.id} justSignedIn={sawSignIn} />
      </>
    );
  }

  return (
    <section className="my-listing" aria-labelledby="my-listing-title">
      <h1 id="my-listing-title">{t('myListing.heading')}</h1>
      <p className="my-listing__intro">{t('myListing.intro')}</p>
      {body}
    </section>
  );
}
