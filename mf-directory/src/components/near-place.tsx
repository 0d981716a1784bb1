// Issue 27, near the visitor's place: what only a visitor with a chosen place sees (the distance
// on a card, the "serves my place" filter). Its own chunk, loaded once a place is chosen (after
// hydration), so a list's first render carries none of it.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, useLanguage } from '@city/shared';
import type { ProviderListItem } from '../api';
import { useServesOnlyUnapplied } from '../hooks/read-near-place';
// Its own strings ('directoryNearPlace', both languages), in this chunk.
import '../locales/near-place';

/** "2.4 km, Lalbagh" (formatted for the language) and whether they come to the visitor's place. */
export function PlaceDistance({ provider: p, place }: { provider: ProviderListItem; place: string }) {
  const { t } = useTranslation('directoryResults');
  const lang = useLanguage();
  const km = p.distance_km;
  const distance =
    typeof km === 'number' && Number.isFinite(km)
      ? // One formatter per language and precision, kept by formatNumber (not one per card per render).
        formatNumber(km, lang, { style: 'unit', unit: 'kilometer', maximumFractionDigits: km < 10 ? 1 : 0 })
      : null;
  return (
    <>
      <span>{distance ? t('card.placeDistance', { distance, place }) : place}</span>
      {p.serves_visitor ? <span className="directory-card__serves"> · {t('card.servesYou')}</span> : null}
    </>
  );
}

/** The "serves my place" filter (only with a place chosen). */
export function ServesOnlyFilter({ checked, place, onChange }: { checked: boolean; place: string; onChange: (on: boolean) => void }) {
  const { t } = useTranslation('directoryResults');
  const { t: tn } = useTranslation('directoryNearPlace');
  const hintId = useId();
  // Ticked but not applied (offline, a list never read with the place): said under it.
  const unapplied = useServesOnlyUnapplied() && checked;
  return (
    <>
      <label className="directory-filters__radio">
        <input
          type="checkbox"
          checked={checked}
          aria-describedby={unapplied ? hintId : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />{' '}
        {t('filters.servesOnly', { place })}
      </label>
      {unapplied ? (
        <p id={hintId} className="directory-filters__hint">
          {tn('servesOnlyOffline.hint')}
        </p>
      ) : null}
    </>
  );
}
