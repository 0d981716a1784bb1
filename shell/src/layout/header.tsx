import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isPhoneSession, useAuth } from '@city/shared';
import { LanguageToggle } from './language-toggle';
import { VisitorPlaceButton } from './visitor-place-button';

export function Header() {
  const { t } = useTranslation();
  // An operator's session links to the admin panel; a provider's phone session to their listing.
  const signedIn = useAuth((s) => (s.session === null ? null : isPhoneSession(s.session) ? 'provider' : 'admin'));
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand" aria-label={t('app.logoAlt')}>
          <svg className="site-header__logo" viewBox="0 0 64 64" width="40" height="40" aria-hidden="true" focusable="false">
            <rect width="64" height="64" rx="14" fill="#b3400f" />
            <path d="M16 50V28l16-12 16 12v22H38V36H26v14z" fill="#fff" />
          </svg>
          <span className="site-header__name">{t('app.name')}</span>
        </Link>
        <nav className="site-header__nav" aria-label={t('nav.mainNavigation')}>
          {signedIn === 'admin' ? (
            <Link to="/admin" className="site-header__admin">
              {t('nav.admin')}
            </Link>
          ) : signedIn === 'provider' ? (
            <Link to="/my-listing" className="site-header__admin">
              {t('nav.myListing')}
            </Link>
          ) : null}
          <LanguageToggle />
        </nav>
      </div>
      <VisitorPlaceButton />
      <p className="site-header__slogan">{t('app.slogan')}</p>
    </header>
  );
}
