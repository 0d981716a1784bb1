import { useTranslation } from 'react-i18next';
import { useHydrated, useVisitorPlace } from '@city/shared';

/**
 * The visitor's place in the header (issue 27): the chosen village or ward's name, or "Choose
 * your place". A real button; with a place its accessible name is "Lalbagh, Choose your place"
 * (the visible name first: label in name); its pin is drawn by shell.css. Before hydration it
 * shows "Choose your place", as the HTML prerendered at build time does (no phone's place is
 * known there), then the place kept on this phone. Kept this small on purpose: it is in every
 * page's first render, and the dialog, the picker, its strings and the position code are a
 * chunk loaded on the first tap (place-dialog.tsx, which renders in a root of its own).
 */
export function VisitorPlaceButton() {
  const { t, i18n } = useTranslation();
  const stored = useVisitorPlace();
  const place = useHydrated() ? stored : null;
  const name = place ? (i18n.language === 'hi' ? place.nameHi || place.nameEn : place.nameEn) : null;
  const choose = t('place.choose');
  return (
    <button
      type="button"
      className="site-header__place"
      aria-haspopup="dialog"
      aria-label={name ? `${name}, ${choose}` : undefined}
      onClick={() => void import(/* webpackChunkName: "place-dialog" */ './place-dialog').then((m) => m.openPlaceDialog())}
    >
      {name ?? choose}
    </button>
  );
}
