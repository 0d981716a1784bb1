import { useTranslation } from 'react-i18next';
import { PhoneCodeStep } from '@city/shared/phone-sign-in';
import { sendCode, verifyCode } from '../../api';

export { displayPhone } from '@city/shared/phone-sign-in';

/**
 * A provider's sign-in on /my-listing: @city/shared's code step (mobile -> one-time SMS code ->
 * session, GoTrue phone OTP), with this page's heading and hint. The page's auth context follows
 * the new session and shows the listings.
 */
export function PhoneSignIn() {
  const { t } = useTranslation('registration');
  return (
    <PhoneCodeStep
      className="my-listing__card my-listing__form"
      title={t('myListing.signIn.title')}
      mobileHint={t('myListing.signIn.mobileHint')}
      sendCode={sendCode}
      verifyCode={verifyCode}
    />
  );
}
