export type { Category, CategoryDetails, CategoryDetailsMap, CatalogueLang, OtherService } from './types';
export { CATEGORIES, OTHER_CATEGORY_ID, INITIAL_CATEGORY_COUNT } from './categories';
// Keywords and descriptions only on demand: CATEGORY_DETAILS is not exported here.
export { loadCategoryDetails } from './category-details-loader';
export { useCategoryDetails } from './use-category-details';
export {
  OTHERS_PREFIX,
  FALLBACK_CATEGORY_ICON,
  storedCategoryValue,
  otherCategoryValue,
  parseStoredCategory,
  categoryLabel,
  categoryIcon,
  findCategoryById,
  matchCategories,
} from './category-value';
export type { ParsedCategory } from './category-value';
