import { forwardRef, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
// Its strings ('directoryHome'), in the same chunk.
import '../locales/home';
import { CATEGORIES, CategoryIcon, INITIAL_CATEGORY_COUNT, markPageContentShown, OTHERS_ICON_ID, useLanguage } from '@city/shared';
// Stateless data only the grid shows: bundled here, not in every page's shared root.
import { OTHER_SERVICES } from '@city/shared/catalogue/other-services';
import { categorySearch, OTHERS_SLUG, PARAM } from '../utils/directory-params';
import { isPlainClick } from '../utils/plain-click';

export interface CategoryGridProps {
  showAll: boolean;
  onShowAll: (all: boolean) => void;
  /** Current URL params: category links keep the ones this module does not own. */
  params: URLSearchParams;
}

function moreServicesSearch(params: URLSearchParams, all: boolean): string {
  const next = new URLSearchParams(params);
  if (all) next.set(PARAM.allServices, 'all');
  else next.delete(PARAM.allServices);
  return next.toString();
}

/** The first 24 categories and 'More Services', or all of them ('All Services'). */
export const CategoryGrid = forwardRef<HTMLHeadingElement, CategoryGridProps>(function CategoryGrid(
  { showAll, onShowAll, params },
  headingRef,
) {
  const { t } = useTranslation('directory');
  const { t: th } = useTranslation('directoryHome');
  const lang = useLanguage();
  const shown = showAll ? CATEGORIES : CATEGORIES.slice(0, INITIAL_CATEGORY_COUNT);
  // The home page's content (what the ads and the fallback language wait for).
  useEffect(() => markPageContentShown(), []);
  return (
    <section className="directory-categories" aria-labelledby="directory-categories-heading">
      <h2 id="directory-categories-heading" ref={headingRef} tabIndex={-1} className="directory__h2">
        {showAll ? t('allServices') : th('categoriesHeading')}
      </h2>
      <ul className="directory-categories__grid" id="directory-categories-grid">
        {shown.map((c) => (
          <li key={c.id}>
            <Link className="directory-tile" to={{ search: categorySearch(params, c.id) }} data-category={c.id}>
              <CategoryIcon id={c.id} className="directory-tile__icon" />
              <span className="directory-tile__name">{c[lang]}</span>
            </Link>
          </li>
        ))}
        {showAll ? (
          <li>
            <Link className="directory-tile" to={{ search: categorySearch(params, OTHERS_SLUG) }} data-category={OTHERS_SLUG}>
              <CategoryIcon id={OTHERS_ICON_ID} className="directory-tile__icon" />
              <span className="directory-tile__name">{t('otherServices.tile')}</span>
            </Link>
          </li>
        ) : null}
      </ul>
      {showAll ? (
        <div className="directory-categories__other">
          <h3 className="directory__h3">{t('otherServices.heading')}</h3>
          <p>{OTHER_SERVICES.map((s) => s[lang]).join(' · ')}</p>
        </div>
      ) : null}
      {/* A link to the URL that shows them, so a tap works before the app has started; once it
          runs, the grid expands in place. */}
      <a
        className="ui-button ui-button--secondary ui-button--md directory-categories__more"
        href={`?${moreServicesSearch(params, !showAll)}`}
        aria-controls="directory-categories-grid"
        aria-expanded={showAll}
        onClick={(e) => {
          if (!isPlainClick(e)) return;
          e.preventDefault();
          onShowAll(!showAll);
        }}
      >
        {showAll ? th('fewerServices') : th('moreServices')}
      </a>
    </section>
  );
});
