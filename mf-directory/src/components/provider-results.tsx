import { forwardRef, lazy, startTransition, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
// Its strings ('directoryResults'), in the same chunk.
import '../locales/results';
import {
  afterNextPaint,
  Button,
  CategoryIcon,
  formatNumber,
  markPageContentShown,
  matchCategories,
  OTHERS_ICON_ID,
  useCategoryDetails,
  useLanguage,
  useVisitorPlace,
  type CategoryDetailsMap,
} from '@city/shared';
import { useProviderSearch, type ProviderSearchRequest } from '../hooks/use-provider-search';
import { useIdleAfterReady } from '@city/shared';
import {
  activeFilterCount,
  allServicesSearch,
  categoryFilterValue,
  categorySearch,
  DEFAULT_FILTERS,
  type DirectoryFilters,
  type SelectedCategory,
} from '../utils/directory-params';
import { FilterPanel } from './filter-panel';
import { ProviderCard } from './provider-card';
import { useCoverThumbs } from '../hooks/use-cover-thumbs';

// Offline with "serves my place" ticked and a list never read with the place: in the near-place chunk.
const ServesOnlyOfflineNote = lazy(() => import(/* webpackChunkName: "near-place" */ './serves-only-offline-note'));

export type ResultsMode = { kind: 'category'; selected: SelectedCategory } | { kind: 'search'; query: string };

export interface ProviderResultsProps {
  mode: ResultsMode;
  filters: DirectoryFilters;
  onFiltersChange: (filters: DirectoryFilters) => void;
  onBack: () => void;
  params: URLSearchParams;
  /** Shown under a search that found nothing, whose hint says "choose a service below" (the grid). */
  emptySearchFallback?: ReactNode;
  /** Shown in a category with no provider yet: register this service, call the operator. */
  emptyCategoryActions?: ReactNode;
}

/** Sets the document's meta description while mounted (null: leaves it); restores it after. */
function useMetaDescription(description: string | null): void {
  useEffect(() => {
    const meta = description === null ? null : document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta || description === null) return;
    const before = meta.content;
    meta.content = description;
    return () => {
      meta.content = before;
    };
  }, [description]);
}

/** Matching categories shown above search results (from the catalogue, no request). */
const MAX_CATEGORY_SUGGESTIONS = 6;
/** Cards rendered before the first paint of a list: more than a 360-823 px screen shows. */
const FIRST_CARDS = 8;
/** Before the keywords have arrived: the categories' names only. */
const NAMES_ONLY: CategoryDetailsMap = Object.freeze({});

/** A category's provider list or search results: header, filters, one page at a time. */
export const ProviderResults = forwardRef<HTMLHeadingElement, ProviderResultsProps>(function ProviderResults(
  { mode, filters, onFiltersChange, onBack, params, emptySearchFallback, emptyCategoryActions },
  headingRef,
) {
  const { t } = useTranslation('directory');
  const { t: tr } = useTranslation('directoryResults');
  const lang = useLanguage();
  const [filtersOpen, setFiltersOpen] = useState(() => activeFilterCount(filters) > 0);

  const categoryValue = mode.kind === 'category' ? categoryFilterValue(mode.selected) : null;
  const query = mode.kind === 'search' ? mode.query : '';
  // The visitor's place (issue 27) is on the phone, which the serving layer cannot see: the first
  // render reads (and hydrates) as the server did, without it; then, with a place chosen, the list
  // is read again with it (who serves it first, distances) while the first rows stay shown.
  const chosenPlace = useVisitorPlace();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const place = hydrated ? chosenPlace : null;
  const placeKind = place?.kind ?? null;
  const placeCode = place?.code ?? null;
  const servesOnly = !!filters.servesOnly && placeCode !== null;
  const request = useMemo<ProviderSearchRequest>(
    () => ({
      query,
      category: categoryValue,
      minRating: filters.minRating,
      verified: filters.verified,
      available: filters.available,
      sort: filters.sort,
      ...(placeKind && placeCode ? { place: { kind: placeKind, code: placeCode }, servesOnly } : {}),
    }),
    [query, categoryValue, filters.minRating, filters.verified, filters.available, filters.sort, placeKind, placeCode, servesOnly],
  );
  const result = useProviderSearch(request);
  const rows = result.data?.items ?? [];
  const total = result.data?.total ?? 0;
  // The first results (or their error) are the page's content: the ads and the fallback
  // language wait for them (they used to arrive before the first cards).
  const answered = result.status === 'success' || result.status === 'error';
  useEffect(() => {
    if (answered) markPageContentShown();
  }, [answered]);
  // Keywords and descriptions (10.5 KiB) download on demand, once the first results are in and
  // painted (not on their way: they are the page's first-render budget). Until then a search
  // suggests the categories whose names match and a list keeps its description's room (CSS);
  // the suggestions' row has one height either way, so nothing below it moves when they arrive.
  const painted = useIdleAfterReady(result.status !== 'loading');
  const details = useCategoryDetails(painted);
  const thumbs = useCoverThumbs(
    rows.map((r) => r.id),
    painted,
  );
  // The cards that fill a phone's screen are rendered, laid out and painted first; the rest
  // follow after that frame, in a transition (one long task less on a slow phone's landing).
  const [allCards, setAllCards] = useState(false);
  const moreCards = !allCards && rows.length > FIRST_CARDS;
  useEffect(() => {
    if (!moreCards) return;
    let live = true;
    afterNextPaint(() => live && startTransition(() => setAllCards(true)));
    return () => {
      live = false;
    };
  }, [moreCards]);
  const shownRows = moreCards ? rows.slice(0, FIRST_CARDS) : rows;
  const suggestions = useMemo(
    () => (mode.kind === 'search' ? matchCategories(mode.query, details ?? NAMES_ONLY, lang).slice(0, MAX_CATEGORY_SUGGESTIONS) : []),
    [mode, details, lang],
  );

  // Infinite scroll: the next page loads as the end of the list comes near (a button too).
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, loadingMore, loadMore } = result;
  const moreFailed = result.moreError !== null;
  useEffect(() => {
    const el = sentinel.current;
    // Not while the first cards stand alone: the end of the list is not where it will be.
    if (!el || moreCards || !hasMore || loadingMore || moreFailed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), { rootMargin: '300px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [moreCards, hasMore, loadingMore, moreFailed, loadMore]);

  const filtered = activeFilterCount({ ...filters, sort: DEFAULT_FILTERS.sort }) > 0;
  let title: string;
  let icon: string | null = null;
  let description: string | null = null;
  if (mode.kind === 'category') {
    if (mode.selected.kind === 'catalogue') {
      title = mode.selected.category[lang];
      icon = mode.selected.category.id;
      description = details?.[mode.selected.category.id]?.desc[lang] ?? null;
    } else {
      title = t('otherServices.tile');
      icon = OTHERS_ICON_ID;
    }
  } else {
    title = t('search.resultsHeading', { query: mode.query });
  }

  // A category's list has a description of its own (the serving step writes the same one into
  // the first HTML of /?category=<id>; the title: directory.tsx); the page's comes back after.
  const pageCategory = mode.kind === 'category' && mode.selected.kind === 'catalogue' ? mode.selected.category : null;
  useMetaDescription(pageCategory && description ? tr('list.pageDescription', { category: pageCategory[lang], description }) : null);

  return (
    <section className="directory-results" aria-labelledby="directory-results-heading">
      {mode.kind === 'category' ? (
        <Button variant="secondary" onClick={onBack} className="directory-results__back">
          <span aria-hidden="true">←</span> {tr('list.backToCategories')}
        </Button>
      ) : null}
      <h2 id="directory-results-heading" ref={headingRef} tabIndex={-1} className="directory__h2 directory-results__heading">
        {icon ? <CategoryIcon id={icon} className="directory-results__icon" /> : null} {title}
      </h2>
      {description !== null || (mode.kind === 'category' && mode.selected.kind === 'catalogue') ? (
        <p className="directory-results__desc">{description}</p>
      ) : null}
      {mode.kind === 'search' ? (
        <nav className="directory-results__suggestions" aria-label={t('search.matchingCategories')}>
          <h3 className="directory__h3">{t('search.matchingCategories')}</h3>
          <ul>
            {suggestions.map((c) => (
              <li key={c.id}>
                <Link className="directory-chip" to={{ search: categorySearch(params, c.id) }}>
                  <CategoryIcon id={c.id} /> {c[lang]}
                </Link>
              </li>
            ))}
            <li>
              <Link className="directory-chip" to={{ search: allServicesSearch(params) }}>
                {t('allServices')}
              </Link>
            </li>
          </ul>
        </nav>
      ) : null}

      {/* Offline with "serves my place" ticked (a list never read with the place): above the
          filters, so a small phone's first screen says the list is not filtered. */}
      {servesOnly ? (
        <Suspense fallback={null}>
          <ServesOnlyOfflineNote />
        </Suspense>
      ) : null}

      {/* One row at the top of the list: the filters' button and the count (the panel opens
          below both), so the first card is whole on a small phone's first screen. */}
      <div className="directory-results__bar">
        <FilterPanel
          filters={filters}
          onChange={onFiltersChange}
          open={filtersOpen}
          onToggle={() => setFiltersOpen((o) => !o)}
          placeName={place ? (lang === 'hi' ? (place.nameHi ?? place.nameEn) : place.nameEn) : null}
        />
        <p className="directory-results__count" role="status">
          {result.status === 'loading'
            ? tr('list.loading')
            : result.status === 'success' && total > 0
              ? tr('list.count', { count: total })
              : ''}
        </p>
      </div>

      {result.status === 'error' ? (
        <div className="directory-results__message" role="alert">
          <p>{tr('list.error')}</p>
          <Button onClick={result.reload}>{tr('list.retry')}</Button>
        </div>
      ) : null}

      {result.status === 'success' && rows.length === 0 ? (
        <div className="directory-results__empty">
          {mode.kind === 'search' ? (
            <>
              <p className="directory-results__empty-title">{t('search.noServiceFound')}</p>
              <p>{t('search.noResultsFound')}</p>
              <p className="directory-results__hint">{t('search.noResultsHint')}</p>
            </>
          ) : filtered ? (
            <p className="directory-results__empty-title">{tr('list.noProvidersWithFilters')}</p>
          ) : (
            <>
              <p className="directory-results__empty-title">{tr('list.noProvidersInCategory')}</p>
              {emptyCategoryActions}
            </>
          )}
          {filtered ? (
            <Button variant="secondary" onClick={() => onFiltersChange(DEFAULT_FILTERS)}>
              {tr('filters.reset')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {result.status === 'success' && rows.length === 0 && mode.kind === 'search' ? emptySearchFallback : null}

      {rows.length > 0 ? (
        <ul className="directory-results__list">
          {shownRows.map((p) => (
            <li key={p.id}>
              <ProviderCard provider={p} thumbUrl={thumbs.get(p.id)} withDistance={place !== null} />
            </li>
          ))}
        </ul>
      ) : null}

      {rows.length > 0 && total > rows.length ? (
        <p className="directory-results__shown">
          {tr('list.shown', { shown: formatNumber(rows.length, lang), total: formatNumber(total, lang) })}
        </p>
      ) : null}
      {moreFailed ? (
        <p className="directory-results__message" role="alert">
          {tr('list.error')}
        </p>
      ) : null}
      {hasMore ? (
        <div ref={sentinel} className="directory-results__more">
          <Button variant="secondary" onClick={loadMore} disabled={loadingMore} aria-disabled={loadingMore}>
            {loadingMore ? tr('list.loadingMore') : moreFailed ? tr('list.retry') : tr('list.loadMore')}
          </Button>
        </div>
      ) : null}
    </section>
  );
});
