import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatNumber, getRuntimeConfig, REMOTE_PARAMS, type SocialLinks, useHydrated, useLanguage } from '@city/shared';

const COPYRIGHT_YEAR = 2025;
const SOCIAL_ORDER: (keyof SocialLinks)[] = ['facebook', 'instagram', 'youtube', 'x'];
/** Opens the registration dialog on the home page (its parameter is in the route manifest). */
const REGISTER_LINK = `/?${REMOTE_PARAMS.mf_registration.open}=1`;

export function Footer() {
  const { t } = useTranslation();
  const lang = useLanguage();
  // The operator's numbers and links come from config.json: filled in after hydration, so the
  // HTML prerendered at build time does not carry one deployment's values.
  const config = useHydrated() ? getRuntimeConfig() : null;
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t('footer.contactTitle')}</h2>
          {config ? (
            <p>
              {t('footer.phone')}:{' '}
              <a href={`tel:+91${config.operatorPhone}`} aria-label={t('footer.callOperator', { phone: config.operatorPhone })}>
                {config.operatorPhone}
              </a>
            </p>
          ) : null}
        </section>
        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick">{t('footer.quickLinks')}</h2>
          <ul>
            <li>
              <Link to="/">{t('footer.home')}</Link>
            </li>
            <li>
              <Link to={REGISTER_LINK}>{t('footer.registerFree')}</Link>
            </li>
            <li>
              <Link to="/my-listing">{t('footer.myListing')}</Link>
            </li>
            <li>
              <Link to="/contact">{t('pages.contact')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-policies">
          <h2 id="footer-policies">{t('footer.policies')}</h2>
          <ul>
            <li>
              <Link to="/privacy-policy">{t('pages.privacy')}</Link>
            </li>
            <li>
              <Link to="/terms-conditions">{t('pages.terms')}</Link>
            </li>
            <li>
              <Link to="/disclaimer">{t('pages.disclaimer')}</Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social">{t('footer.connectWithUs')}</h2>
          {config ? (
            <ul className="site-footer__social">
              <li>
                <a href={`https://wa.me/${config.operatorWhatsapp}`} target="_blank" rel="noopener noreferrer">
                  {t('footer.whatsapp')}
                </a>
              </li>
              {SOCIAL_ORDER.filter((k) => config.socialLinks[k]).map((k) => (
                <li key={k}>
                  <a href={config.socialLinks[k]} target="_blank" rel="noopener noreferrer">
                    {t(`footer.${k}`)}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </div>
      <p className="site-footer__copyright">
        {t('footer.copyright', { year: formatNumber(COPYRIGHT_YEAR, lang, { useGrouping: false }) })}
      </p>
    </footer>
  );
}
