import { forwardRef, lazy, Suspense, type ReactNode } from 'react';
import type { DirectoryFilters } from '../utils/directory-params';
import { ProviderResults, type ResultsMode } from './provider-results';

export interface ResultsViewProps {
  mode: ResultsMode;
  filters: DirectoryFilters;
  onFiltersChange: (filters: DirectoryFilters) => void;
  onBack: () => void;
  params: URLSearchParams;
  /** Under a search that found nothing: the category grid. */
  emptySearchFallback: ReactNode;
  /** The chosen category's name in the page's language (null: "others" or unknown). */
  categoryName: string | null;
  registerHref: string;
  onRegister: () => void;
}

// Only a category with nobody listed yet shows it: a chunk of its own.
const EmptyCategoryActions = lazy(() =>
  import(/* webpackChunkName: "empty-category" */ './empty-category-actions').then((m) => ({ default: m.EmptyCategoryActions })),
);

/**
 * A category's list or a search's results with what only they need (cards, filters, paging,
 * the empty category's offer): its own chunk, which `/` (the grid) never downloads before its
 * first render. directory.tsx starts it early on a page opened on a list or a search.
 */
const ResultsView = forwardRef<HTMLHeadingElement, ResultsViewProps>(function ResultsView(
  { categoryName, registerHref, onRegister, ...results },
  ref,
) {
  return (
    <ProviderResults
      ref={ref}
      {...results}
      emptyCategoryActions={
        results.mode.kind === 'category' ? (
          <Suspense fallback={null}>
            <EmptyCategoryActions name={categoryName} registerHref={registerHref} onRegister={onRegister} />
          </Suspense>
        ) : null
      }
    />
  );
});

export default ResultsView;
