import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, formatRating, useLanguage } from '@city/shared';
import { type ProviderSort, type VerifiedFilter } from '../api';
import { DEFAULT_FILTERS, MIN_RATING_STEPS, type DirectoryFilters } from '../utils/directory-params';

// Only with a visitor place chosen (after hydration): its own chunk.
const ServesOnlyFilter = lazy(() =>
  import(/* webpackChunkName: "near-place" */ './near-place').then((m) => ({ default: m.ServesOnlyFilter })),
);

const VERIFIED_OPTIONS: { value: VerifiedFilter; key: 'filters.verifiedAll' | 'filters.verifiedOnly' | 'filters.unverifiedOnly' }[] = [
  { value: 'all', key: 'filters.verifiedAll' },
  { value: 'verified', key: 'filters.verifiedOnly' },
  { value: 'unverified', key: 'filters.unverifiedOnly' },
];

export interface FilterFieldsProps {
  id: string;
  filters: DirectoryFilters;
  active: number;
  placeName: string | null;
  set: (patch: Partial<DirectoryFilters>) => void;
  apply: (next: DirectoryFilters) => void;
}

/** The open panel's fields (a chunk of their own: the panel starts closed). */
export default function FilterFields({ id, filters, active, placeName, set, apply }: FilterFieldsProps) {
  const { t } = useTranslation('directoryResults');
  const lang = useLanguage();
  return (
    <>
      <div className="directory-filters__field">
        <label htmlFor={`${id}-rating`}>{t('filters.minRating')}</label>
        <select id={`${id}-rating`} value={String(filters.minRating)} onChange={(e) => set({ minRating: Number(e.target.value) })}>
          {MIN_RATING_STEPS.map((n) => (
            <option key={n} value={String(n)}>
              {n === 0 ? t('filters.anyRating') : t('filters.ratingAtLeast', { rating: formatRating(n, lang) })}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="directory-filters__field directory-filters__radios">
        <legend>{t('filters.verified')}</legend>
        {VERIFIED_OPTIONS.map((o) => (
          <label key={o.value} className="directory-filters__radio">
            <input
              type="radio"
              name={`${id}-verified`}
              value={o.value}
              checked={filters.verified === o.value}
              onChange={() => set({ verified: o.value })}
            />{' '}
            {t(o.key)}
          </label>
        ))}
      </fieldset>
      <label className="directory-filters__radio">
        <input type="checkbox" checked={filters.available} onChange={(e) => set({ available: e.target.checked })} />{' '}
        {t('filters.available')}
      </label>
      {placeName ? (
        <Suspense fallback={null}>
          <ServesOnlyFilter checked={!!filters.servesOnly} place={placeName} onChange={(on) => set({ servesOnly: on })} />
        </Suspense>
      ) : null}
      <div className="directory-filters__field">
        <label htmlFor={`${id}-sort`}>{t('filters.sort')}</label>
        <select
          id={`${id}-sort`}
          value={filters.sort}
          aria-describedby={filters.sort === 'rating_desc' ? `${id}-sort-hint` : undefined}
          onChange={(e) => set({ sort: e.target.value as ProviderSort })}
        >
          <option value="rating_desc">{t('filters.sortRating')}</option>
          <option value="newly_added">{t('filters.sortNewest')}</option>
        </select>
        {/* How "top rated" orders (search_providers' Bayesian average), in plain words. */}
        {filters.sort === 'rating_desc' ? (
          <p id={`${id}-sort-hint`} className="directory-filters__hint">
            {t('filters.sortRatingHint')}
          </p>
        ) : null}
      </div>
      {active > 0 ? (
        <Button variant="ghost" onClick={() => apply(DEFAULT_FILTERS)}>
          {t('filters.reset')}
        </Button>
      ) : null}
    </>
  );
}
