import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, ensureLanguage, REMOTE_PARAMS, useLanguage, whenPageIdle, type DirectoryProps } from '@city/shared';
// This remote's strings, added to the page's i18n before anything here renders.
import './locales';
import type { ResultsMode } from './components/provider-results';
import { SearchBox } from './components/search-box';
import { useDirectoryState } from './hooks/use-directory-state';
import { categorySlug, PARAM } from './utils/directory-params';
import { isPlainClick } from './utils/plain-click';
import './directory.css';

// The two views are chunks of their own: the grid of `/` (components/home-view.tsx) and lists
// and search results (components/results-view.tsx). The one the page opens on starts
// downloading with this module, beside the rest; the other once the page is idle, so a tap opens
// it at once (and offline: the service worker keeps the remote's chunks). While a view's chunk
// downloads the whole module waits, as for its own code (or, hydrating `/`, keeps the HTML).
// Each view's strings come with it in Hindi; on an English page its English chunk is awaited too
// (no key is ever shown).
const withStrings = <M,>(view: Promise<M>): Promise<M> =>
  view.then(async (m) => {
    // The page's language is known once i18n has started (ensureLanguage starts it).
    let lang;
    do await ensureLanguage((lang = currentLanguage()));
    while (lang !== currentLanguage());
    return m;
  });
const loadHomeView = () => withStrings(import('./components/home-view'));
const CategoryGrid = lazy(() => loadHomeView().then((m) => ({ default: m.CategoryGrid })));
const WelcomeBanner = lazy(() => loadHomeView().then((m) => ({ default: m.WelcomeBanner })));
const loadResultsView = () => withStrings(import('./components/results-view'));
const ResultsView = lazy(loadResultsView);
const prefetch = (load: () => Promise<unknown>) => void load().catch(() => undefined);
if (typeof location !== 'undefined') {
  const opened = new URLSearchParams(location.search);
  prefetch(opened.has(PARAM.category) || opened.get(PARAM.query) ? loadResultsView : loadHomeView);
}

/**
 * Home page body: welcome banner, free registration, search (typed or spoken), and either the
 * category grid, a category's provider list, or search results. All of it is in the URL.
 */
export default function Directory({ onOpenRegistration }: DirectoryProps) {
  const { t } = useTranslation('directory');
  const [state, actions, params] = useDirectoryState();
  useEffect(
    () =>
      whenPageIdle(() => {
        prefetch(loadHomeView);
        prefetch(loadResultsView);
      }),
    [],
  );

  // Category wins over search text (spec section 4): results only with text and no category.
  const mode: ResultsMode | null = state.category
    ? { kind: 'category', selected: state.category }
    : state.query
      ? { kind: 'search', query: state.query }
      : null;
  const view = mode ? (mode.kind === 'category' ? `category:${categorySlug(mode.selected)}` : 'search') : 'grid';
  // The page's title (the route manifest leaves it to this module): a category list has its
  // own, the same the serving step writes into the first HTML of /?category=<id>.
  const { t: tc } = useTranslation();
  const lang = useLanguage();
  const pageTitle =
    mode?.kind === 'category' && mode.selected.kind === 'catalogue'
      ? `${t('list.pageTitle', { category: mode.selected.category[lang] })} | ${tc('app.name')}`
      : `${tc('app.name')} | ${tc('app.slogan')}`;
  useEffect(() => {
    document.title = pageTitle;
  }, [pageTitle]);

  // When the view changes (not on first render, not while typing a search), move focus to
  // its heading so keyboard and screen-reader users land on the new content.
  // The results' heading may mount after the change (their chunk still downloading): it then
  // takes the focus as it mounts.
  const heading = useRef<HTMLHeadingElement | null>(null);
  const focusOnMount = useRef(false);
  const headingRef = useCallback((el: HTMLHeadingElement | null) => {
    heading.current = el;
    if (el && focusOnMount.current) {
      focusOnMount.current = false;
      el.focus();
    }
  }, []);
  const previousView = useRef(view);
  useEffect(() => {
    if (previousView.current === view) return;
    const from = previousView.current;
    previousView.current = view;
    if (view === 'search' || (from === 'search' && view === 'grid')) return;
    // Back from a category: to its tile, where the user left the grid.
    const tile =
      from.startsWith('category:') && view === 'grid' ? document.querySelector<HTMLElement>(`[data-category="${from.slice(9)}"]`) : null;
    const target = tile ?? heading.current;
    if (target) target.focus();
    else focusOnMount.current = true;
  }, [view]);

  // A link to the URL that opens the registration form, so a tap works before the app has
  // started (the page then opens with the form); once it runs, the shell opens it in place.
  const registerParams = new URLSearchParams(params);
  registerParams.set(REMOTE_PARAMS.mf_registration.open, '1');
  const register = (
    <div className="directory__register">
      {mode ? null : <p>{t('registerHint')}</p>}
      <a
        className="ui-button ui-button--primary ui-button--md"
        href={`?${registerParams.toString()}`}
        onClick={(e) => {
          if (!isPlainClick(e)) return;
          e.preventDefault();
          onOpenRegistration();
        }}
      >
        {t('registerFree')}
      </a>
    </div>
  );

  // On a list or a search the results come first (at 360x740 the first card is above the
  // fold): the welcome banner is left out and the register card moves below the results.
  return (
    <div className="directory">
      {mode ? null : <WelcomeBanner />}
      <div className="directory__intro">
        <h1 className="directory__h1">{t('heading')}</h1>
        {mode ? null : register}
      </div>
      <SearchBox query={state.query} onSearch={actions.setQuery} />
      {mode ? (
        // The register card below the results comes with them: shown under the loading line,
        // it would be pushed down when they arrive (a layout shift of the first screen).
        <Suspense fallback={<p role="status">{tc('remote.loading')}</p>}>
          <ResultsView
            key={view}
            ref={headingRef}
            mode={mode}
            filters={state.filters}
            onFiltersChange={actions.setFilters}
            onBack={actions.backToCategories}
            params={params}
            categoryName={mode.kind === 'category' && mode.selected.kind === 'catalogue' ? mode.selected.category[lang] : null}
            registerHref={`?${registerParams.toString()}`}
            onRegister={onOpenRegistration}
            emptySearchFallback={<CategoryGrid showAll={state.showAllServices} onShowAll={actions.setShowAllServices} params={params} />}
          />
          {register}
        </Suspense>
      ) : (
        <CategoryGrid ref={headingRef} showAll={state.showAllServices} onShowAll={actions.setShowAllServices} params={params} />
      )}
    </div>
  );
}
