import enCommon from './locales/en/common.json';
import hiCommon from './locales/hi/common.json';
import enDirectory from './locales/en/directory.json';
import hiDirectory from './locales/hi/directory.json';
import enProfile from './locales/en/profile.json';
import hiProfile from './locales/hi/profile.json';
import enRegistration from './locales/en/registration.json';
import hiRegistration from './locales/hi/registration.json';
import enAds from './locales/en/ads.json';
import hiAds from './locales/hi/ads.json';
import enAdmin from './locales/en/admin.json';
import hiAdmin from './locales/hi/admin.json';

/**
 * Namespaces bundled with the page: one per module, each owned by that module's team.
 * The long legal texts are a separate namespace loaded only by the static pages.
 */
export const resources = {
  en: { common: enCommon, directory: enDirectory, profile: enProfile, registration: enRegistration, ads: enAds, admin: enAdmin },
  hi: { common: hiCommon, directory: hiDirectory, profile: hiProfile, registration: hiRegistration, ads: hiAds, admin: hiAdmin },
} as const;

export type BundledNamespace = keyof (typeof resources)['en'];
export const LEGAL_NAMESPACE = 'legal';
export type Namespace = BundledNamespace | typeof LEGAL_NAMESPACE;

export async function loadLegalResources(lang: Language) {
  return lang === 'hi'
    ? (await import(/* webpackChunkName: "legal-hi" */ './locales/hi/legal.json')).default
    : (await import(/* webpackChunkName: "legal-en" */ './locales/en/legal.json')).default;
}

export const LANGUAGES = ['hi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'hi';
export const FALLBACK_LANGUAGE: Language = 'en';
