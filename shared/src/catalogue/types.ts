/** One kind of local service offered in the directory. */
export interface Category {
  /** Stable kebab-case slug, e.g. 'plumber'. Never change an id once shipped. */
  id: string;
  /** English display name. */
  en: string;
  /** Hindi display name (Devanagari), as people in North India write it. */
  hi: string;
  /** Exactly one emoji. */
  icon: string;
}

/** What only search and a category's page need (category-details.ts, loaded on demand). */
export interface CategoryDetails {
  /**
   * Lower-case search words: the English name, Hindi (Devanagari) words and
   * Hinglish (romanised Hindi, common misspellings).
   */
  keywords: string[];
  /** One short sentence per language. */
  desc: { en: string; hi: string };
}

/** CategoryDetails by Category id. */
export type CategoryDetailsMap = Readonly<Record<string, CategoryDetails>>;

export type CatalogueLang = 'hi' | 'en';

/** Further small services shown only as text (the spec's 'otherServices' group). */
export interface OtherService {
  en: string;
  hi: string;
  /** The catalogue category (id) whose providers offer it; searching its name finds them. */
  category: string;
}
