import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@city/shared';
import { activeFilterCount, type DirectoryFilters } from '../utils/directory-params';

// The fields load when the panel first opens (or the toggle is focused): not first-render code.
const loadFields = () => import(/* webpackChunkName: "filter-fields" */ './filter-fields');
const FilterFields = lazy(loadFields);

export interface FilterPanelProps {
  filters: DirectoryFilters;
  onChange: (filters: DirectoryFilters) => void;
  open: boolean;
  onToggle: () => void;
  /** The visitor's place by name, when chosen: the "serves my place" filter is shown then only. */
  placeName?: string | null;
}

/** Minimum rating, verified and sort; a toggle shows or hides the panel. Changes apply at once. */
export function FilterPanel({ filters: fromUrl, onChange, open, onToggle, placeName = null }: FilterPanelProps) {
  const { t } = useTranslation('directoryResults');
  const { t: tc } = useTranslation('common');
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
        onFocus={() => void loadFields().catch(() => undefined)}
        className="directory-filters__toggle"
      >
        <span aria-hidden="true">⚙</span> {active > 0 ? t('filters.toggleActive', { count: active }) : t('filters.toggle')}
      </Button>
      <div id={`${id}-panel`} role="group" aria-label={t('filters.panelLabel')} className="directory-filters__panel" hidden={!open}>
        {open ? (
          <Suspense fallback={<p role="status">{tc('remote.loading')}</p>}>
            <FilterFields id={id} filters={filters} active={active} placeName={placeName} set={set} apply={apply} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
