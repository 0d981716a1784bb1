import { useEffect, useState } from 'react';
import { loadCategoryDetails, loadedCategoryDetails } from './category-details-loader';
import type { CategoryDetailsMap } from './types';

/**
 * The categories' keywords and descriptions: null until they have downloaded (the download
 * starts on mount, or once `load` turns true: e.g. after a list's first results, so the
 * download is not on their way). A failed download leaves null, and the next mount tries
 * again: what needs them (suggestions, a description) is an extra the page works without.
 */
export function useCategoryDetails(load = true): CategoryDetailsMap | null {
  const [details, setDetails] = useState(loadedCategoryDetails);
  useEffect(() => {
    if (details || !load) return;
    let live = true;
    loadCategoryDetails().then(
      (loaded) => {
        if (live) setDetails(loaded);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [details, load]);
  return details;
}
