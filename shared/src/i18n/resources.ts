import type enResources from './locales/en/index';

export const LANGUAGES = ['hi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'hi';
export const FALLBACK_LANGUAGE: Language = 'en';

/**
 * One language's bundled namespaces: one per module, each owned by that module's team. Each
 * language is its own chunk, downloaded when the page needs it (see instance.ts); the types
 * come from the English JSON (a type import: no English is bundled by it).
 * The long legal texts are a separate namespace loaded only by the static pages.
 */
export type LanguageResources = typeof enResources;
export type BundledNamespace = keyof LanguageResources;
export const BUNDLED_NAMESPACES = ['common', 'directory', 'profile', 'registration', 'ads', 'admin'] as const satisfies readonly BundledNamespace[];
export const LEGAL_NAMESPACE = 'legal';
export type Namespace = BundledNamespace | typeof LEGAL_NAMESPACE;

/** A language's bundled namespaces, from its own chunk. */
export async function loadLanguageResources(lang: Language): Promise<LanguageResources> {
  return lang === 'hi'
    ? (await import(/* webpackChunkName: "i18n-hi" */ './locales/hi/index')).default
    : (await import(/* webpackChunkName: "i18n-en" */ './locales/en/index')).default;
}

export async function loadLegalResources(lang: Language) {
  return lang === 'hi'
    ? (await import(/* webpackChunkName: "legal-hi" */ './locales/hi/legal.json')).default
    : (await import(/* webpackChunkName: "legal-en" */ './locales/en/legal.json')).default;
}
