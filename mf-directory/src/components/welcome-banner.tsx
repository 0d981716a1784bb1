import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
// Its strings ('directoryHome'), in the same chunk.
import '../locales/home';
import { type Category, CategoryIcon, findCategoryById, type Language, useHydrated, useLanguage } from '@city/shared';

/** The service kinds of the spec's welcome banner (section 1), as catalogue ids. */
const BANNER_CATEGORY_IDS = [
  'plumber',
  'electrician',
  'painter',
  'resume-maker',
  'website-design',
  'computer-project',
  'pg-room',
  'car-rental',
  'bike-mechanic',
  'fast-food',
  'barber',
  'beauty-parlour',
  'property-dealer',
  'restaurant',
  'coaching',
  'e-rickshaw',
  'scrap-dealer',
  'mason',
  'ac-mechanic',
  'event-planner',
  'gym',
  'photographer',
  'carpenter',
  'yoga-instructor',
  'ro-service',
  'cleaning',
  'pet-shop',
  'driving-school',
  'car-service',
  'packers-movers',
  'local-jobs',
  'gardener',
  'health-care',
  'kids-care',
] as const;

const BANNER_CATEGORIES: Category[] = BANNER_CATEGORY_IDS.map((id) => findCategoryById(id)).filter((c): c is Category => !!c);

/** One pass of the banner's services; memoised: the pause button's state does not redraw them. */
const BannerList = memo(function BannerList({ lang, hidden }: { lang: Language; hidden: boolean }) {
  return (
    <ul className="directory-banner__list" aria-hidden={hidden || undefined}>
      {BANNER_CATEGORIES.map((c) => (
        <li key={c.id} className="directory-banner__item">
          <CategoryIcon id={c.id} /> {c[lang]}
        </li>
      ))}
    </ul>
  );
});

/**
 * Scrolling welcome banner: one cycle every 10 s (CSS), still when the user prefers reduced
 * motion, and a pause button (moving content needs one: WCAG 2.2.2).
 */
export function WelcomeBanner() {
  const { t } = useTranslation('directoryHome');
  const lang = useLanguage();
  const [paused, setPaused] = useState(false);
  const hydrated = useHydrated();
  return (
    <section className={`directory-banner${paused ? ' directory-banner--paused' : ''}`} aria-label={t('banner.label')}>
      <p className="directory-banner__welcome">{t('banner.welcome')}</p>
      <div className="directory-banner__row">
        <div className="directory-banner__viewport">
          <div className="directory-banner__track">
            <BannerList lang={lang} hidden={false} />
            <BannerList lang={lang} hidden />
          </div>
        </div>
        <button
          type="button"
          className="directory-banner__pause"
          aria-pressed={paused}
          aria-label={t('banner.pause')}
          // Needs the app: inactive (and shown so) until it has started.
          aria-disabled={hydrated ? undefined : true}
          onClick={hydrated ? () => setPaused((p) => !p) : undefined}
        >
          <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
        </button>
      </div>
    </section>
  );
}
