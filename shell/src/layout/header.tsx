import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@city/shared';
import { LanguageToggle } from './language-toggle';

export function Header() {
  const { t } = useTranslation();
  const signedIn = useAuth((s) => s.session !== null);
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
          {signedIn ? (
            <Link to="/admin" className="site-header__admin">
              {t('nav.admin')}
            </Link>
          ) : null}
          <LanguageToggle />
        </nav>
      </div>
      <p className="site-header__slogan">{t('app.slogan')}</p>
    </header>
  );
}
