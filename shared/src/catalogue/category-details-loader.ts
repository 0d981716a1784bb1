import type { CategoryDetailsMap } from './types';

let loading: Promise<CategoryDetailsMap> | null = null;
let loaded: CategoryDetailsMap | null = null;

/**
 * The categories' keywords and descriptions, downloaded on first use: the home page's first
 * render needs only names and icons. Cached; a failed download is forgotten, so the next
 * call tries again.
 */
export function loadCategoryDetails(): Promise<CategoryDetailsMap> {
  loading ??= import(/* webpackChunkName: "category-details" */ './category-details').then(
    (m) => (loaded = m.CATEGORY_DETAILS),
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

/** The details if they have already arrived, else null (lets a new view show them at once). */
export function loadedCategoryDetails(): CategoryDetailsMap | null {
  return loaded;
}
