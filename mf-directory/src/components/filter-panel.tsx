import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, formatRating, useLanguage } from '@city/shared';
import { type ProviderSort, type VerifiedFilter } from '../api';
import { activeFilterCount, DEFAULT_FILTERS, MIN_RATING_STEPS, type DirectoryFilters } from '../utils/directory-params';

// Only with a visitor place chosen (after hydration): its own chunk.
const ServesOnlyFilter = lazy(() =>
  import(/* webpackChunkName: "near-place" */ './near-place').then((m) => ({ default: m.ServesOnlyFilter })),
);

export interface FilterPanelProps {
  filters: DirectoryFilters;
  onChange: (filters: DirectoryFilters) => void;
  open: boolean;
  onToggle: () => void;
  /** The visitor's place by name, when chosen: the "serves my place" filter is shown then only. */
  placeName?: string | null;
}

const VERIFIED_OPTIONS: { value: VerifiedFilter; key: 'filters.verifiedAll' | 'filters.verifiedOnly' | 'filters.unverifiedOnly' }[] = [
  { value: 'all', key: 'filters.verifiedAll' },
  { value: 'verified', key: 'filters.verifiedOnly' },
  { value: 'unverified', key: 'filters.unverifiedOnly' },
];

/** Minimum rating, verified and sort; a toggle shows or hides the panel. Changes apply at once. */
export function FilterPanel({ filters: fromUrl, onChange, open, onToggle, placeName = null }: FilterPanelProps) {
  const { t } = useTranslation('directoryResults');
  const lang = useLanguage();
  const id = useId();
  // The URL is the source of truth, but the router applies it as a transition: until that
  // commits, controlled inputs would snap back to the old value (and a second quick change
  // would be built on the stale one). Show the visitor's choice at once; follow the URL
  // whenever its values change (back/forward, shared links).
  const [filters, setFilters] = useState(fromUrl);
  useEffect(() => setFilters(fromUrl), [fromUrl.minRating, fromUrl.verified, fromUrl.sort, fromUrl.available, fromUrl.servesOnly]); // eslint-disable-line react-hooks/exhaustive-deps -- follow the URL's values, not its object (a new one each render)
  // Without a place chosen, a shared `near=1` does nothing and is not counted.
  const active = activeFilterCount(placeName ? filters : { ...filters, servesOnly: false });
  const apply = (next: DirectoryFilters) => {
    setFilters(next);
    onChange(next);
  };
  const set = (patch: Partial<DirectoryFilters>) => apply({ ...filters, ...patch });
  return (
    <div className="directory-filters">
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={onToggle}
        className="directory-filters__toggle"
      >
        <span aria-hidden="true">⚙</span> {active > 0 ? t('filters.toggleActive', { count: active }) : t('filters.toggle')}
      </Button>
      <div id={`${id}-panel`} role="group" aria-label={t('filters.panelLabel')} className="directory-filters__panel" hidden={!open}>
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
      </div>
    </div>
  );
}
