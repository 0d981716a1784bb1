import { CATEGORIES, readDirectoryUrl, storedCategoryValue, type Category, type DirectoryFilters } from '@city/shared';
import { OTHERS_CATEGORY_FILTER } from '../api';

export { DEFAULT_FILTERS, type DirectoryFilters } from '@city/shared';

/** URL search params this module owns; every other param (e.g. the shell's `register`) is kept. */
export const PARAM = {
  category: 'category',
  query: 'q',
  minRating: 'rating',
  verified: 'verified',
  sort: 'sort',
  allServices: 'services',
  available: 'available',
  servesOnly: 'near',
} as const;

/** `category` value of the free-text 'Other' providers. */
export const OTHERS_SLUG = 'others';

export type SelectedCategory = { kind: 'catalogue'; category: Category } | { kind: 'others' };

export interface DirectoryState {
  category: SelectedCategory | null;
  /** Normalised search text ('' when none). */
  query: string;
  filters: DirectoryFilters;
  showAllServices: boolean;
}

/** Minimum-rating choices: 0 to 5 in steps of 0.5 (spec section 9). */
export const MIN_RATING_STEPS: readonly number[] = Array.from({ length: 11 }, (_, i) => i / 2);

function parseCategory(value: string | null): SelectedCategory | null {
  if (!value) return null;
  if (value === OTHERS_SLUG) return { kind: 'others' };
  const category = CATEGORIES.find((c) => c.id === value);
  return category ? { kind: 'catalogue', category } : null;
}

/**
 * Reads the directory's state from the URL (readDirectoryUrl, which the serving layer's first
 * read starts from too); unknown or malformed values fall back to defaults.
 */
export function readDirectoryState(params: URLSearchParams): DirectoryState {
  const url = readDirectoryUrl(params);
  return { category: parseCategory(url.categorySlug), query: url.query, filters: url.filters, showAllServices: url.showAllServices };
}

/** The p_category value for a selected category. */
export function categoryFilterValue(selected: SelectedCategory): string {
  return selected.kind === 'others' ? OTHERS_CATEGORY_FILTER : storedCategoryValue(selected.category);
}

export function categorySlug(selected: SelectedCategory): string {
  return selected.kind === 'others' ? OTHERS_SLUG : selected.category.id;
}

/** How many filters differ from their defaults (sort included). */
export function activeFilterCount(f: DirectoryFilters): number {
  return (
    (f.minRating > 0 ? 1 : 0) +
    (f.verified !== 'all' ? 1 : 0) +
    (f.sort !== 'rating_desc' ? 1 : 0) +
    (f.available ? 1 : 0) +
    (f.servesOnly ? 1 : 0)
  );
}

/** Writes filters into params, leaving defaults out of the URL. */
export function writeFilters(params: URLSearchParams, f: DirectoryFilters): void {
  if (f.minRating > 0) params.set(PARAM.minRating, String(f.minRating));
  else params.delete(PARAM.minRating);
  if (f.verified !== 'all') params.set(PARAM.verified, f.verified);
  else params.delete(PARAM.verified);
  if (f.sort !== 'rating_desc') params.set(PARAM.sort, f.sort);
  else params.delete(PARAM.sort);
  if (f.available) params.set(PARAM.available, '1');
  else params.delete(PARAM.available);
  if (f.servesOnly) params.set(PARAM.servesOnly, '1');
  else params.delete(PARAM.servesOnly);
}

/** Search string (with '?') of the grid with every service, keeping params this module does not own. */
export function allServicesSearch(current: URLSearchParams): string {
  const next = new URLSearchParams(current);
  next.delete(PARAM.query);
  next.delete(PARAM.category);
  next.set(PARAM.allServices, 'all');
  return `?${next.toString()}`;
}

/** Search string (with '?') that opens a category, keeping params this module does not own. */
export function categorySearch(current: URLSearchParams, slug: string): string {
  const next = new URLSearchParams(current);
  next.set(PARAM.category, slug);
  next.delete(PARAM.query);
  return `?${next.toString()}`;
}
