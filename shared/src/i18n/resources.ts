import type enCommon from './locales/en/common.json';
import type enLegal from './locales/en/legal.json';
import type enPhoneSignIn from '../phone-sign-in/locales/en.json';
import type enBadges from '../badges/locales/en.json';
import type enPlaces from '../places/locales/en.json';

export const LANGUAGES = ['hi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'hi';
export const FALLBACK_LANGUAGE: Language = 'en';

/**
 * Every i18n namespace of the page, with its keys (typed from the English JSON: type imports,
 * no English is bundled by them). @city/shared declares the platform's own: `common` (the shell
 * and every module) and `legal` (the static pages, loaded on demand). Each remote owns its
 * namespace and declares it here from its own code, by module augmentation in its
 * src/locales/index.ts:
 *
 *   declare module '@city/shared' { interface I18nNamespaces { directory: typeof en } }
 *
 * so its keys are checked by `t()` without @city/shared or the shell knowing them, and the
 * remote adds the strings themselves when it loads (addNamespace).
 */
export interface I18nNamespaces {
  common: typeof enCommon;
  legal: typeof enLegal;
  /** The code step's (`@city/shared/phone-sign-in`, a lazy chunk that adds it when it loads). */
  phoneSignIn: typeof enPhoneSignIn;
  /** A badge's explanation (`@city/shared/badges`, a lazy chunk that adds it when it loads). */
  badges: typeof enBadges;
  /** The place picker's (`@city/shared/places`, bundled where a place is chosen; it adds it when it loads). */
  places: typeof enPlaces;
}
export type Namespace = keyof I18nNamespaces;

/** What @city/shared's base chunk of a language holds: loaded before the first render. */
export interface BaseResources {
  common: typeof enCommon;
}
export const BASE_NAMESPACES = ['common'] as const satisfies readonly (keyof BaseResources)[];
export const LEGAL_NAMESPACE = 'legal';

/**
 * A language's base chunk: `common` only (the shell's strings). Each remote's namespace comes
 * inside its own code (addNamespace), so `/` loads `common` from here and `directory` with the
 * directory remote, and no page pays for the strings of modules it does not show.
 */
export async function loadBaseResources(lang: Language): Promise<BaseResources> {
  return lang === 'hi'
    ? { common: (await import(/* webpackChunkName: "i18n-hi" */ './locales/hi/common.json')).default }
    : { common: (await import(/* webpackChunkName: "i18n-en" */ './locales/en/common.json')).default };
}

export async function loadLegalResources(lang: Language) {
  return lang === 'hi'
    ? (await import(/* webpackChunkName: "legal-hi" */ './locales/hi/legal.json')).default
    : (await import(/* webpackChunkName: "legal-en" */ './locales/en/legal.json')).default;
}
