import type enResources from './locales/en/index';
import type enBase from './locales/en/base';
import type enProfile from './locales/en/profile.json';
import type enRegistration from './locales/en/registration.json';
import type enAds from './locales/en/ads.json';
import type enAdmin from './locales/en/admin.json';

export const LANGUAGES = ['hi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'hi';
export const FALLBACK_LANGUAGE: Language = 'en';

/**
 * One language's bundled namespaces: one per module, each owned by that module's team. The
 * types come from the English JSON (type imports: no English is bundled by them).
 * The page downloads a language in parts (see instance.ts): the base chunk before the first
 * render (common and directory: the shell and the home page), and each other namespace in its
 * own chunk together with the remote that renders it, so `/` does not pay for the strings of
 * pages it does not show. The long legal texts are a separate namespace loaded only by the
 * static pages.
 */
export type LanguageResources = typeof enResources;
export type BundledNamespace = keyof LanguageResources;
export const BUNDLED_NAMESPACES = ['common', 'directory', 'profile', 'registration', 'ads', 'admin'] as const satisfies readonly BundledNamespace[];
export const LEGAL_NAMESPACE = 'legal';
export type Namespace = BundledNamespace | typeof LEGAL_NAMESPACE;

/** Whole in the base chunk, downloaded before the first render. */
export const BASE_NAMESPACES = ['common', 'directory'] as const satisfies readonly BundledNamespace[];
/** Each in its own chunk per language, downloaded on demand (ensureNamespaces). */
export const LAZY_NAMESPACES = ['profile', 'registration', 'ads', 'admin'] as const satisfies readonly BundledNamespace[];
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];

// A namespace added to the resources must be given a place: base or lazy.
type Unplaced = Exclude<BundledNamespace, (typeof BASE_NAMESPACES)[number] | LazyNamespace>;
const everyNamespacePlaced: [Unplaced] extends [never] ? true : Unplaced = true;
void everyNamespacePlaced;

/**
 * The base chunk: the base namespaces, plus the few admin keys the shell renders itself
 * (locales/<lang>/admin-shell.json); the rest of admin comes with the admin remote.
 */
export type BaseResources = typeof enBase;

/** What each lazy namespace's chunk holds (for admin: all but the keys in the base chunk). */
export interface LazyResources {
  profile: typeof enProfile;
  registration: typeof enRegistration;
  ads: typeof enAds;
  admin: typeof enAdmin;
}

/** A language's base chunk. */
export async function loadBaseResources(lang: Language): Promise<BaseResources> {
  return lang === 'hi'
    ? (await import(/* webpackChunkName: "i18n-hi" */ './locales/hi/base')).default
    : (await import(/* webpackChunkName: "i18n-en" */ './locales/en/base')).default;
}

type LazyLoaders = { readonly [N in LazyNamespace]: () => Promise<{ default: LazyResources[N] }> };

// One chunk per namespace and language, named for the bundle reports. Hindi is typed by the
// English JSON: a key missing in Hindi fails the type check.
const LAZY_LOADERS: Readonly<Record<Language, LazyLoaders>> = {
  hi: {
    profile: () => import(/* webpackChunkName: "i18n-hi-profile" */ './locales/hi/profile.json'),
    registration: () => import(/* webpackChunkName: "i18n-hi-registration" */ './locales/hi/registration.json'),
    ads: () => import(/* webpackChunkName: "i18n-hi-ads" */ './locales/hi/ads.json'),
    admin: () => import(/* webpackChunkName: "i18n-hi-admin" */ './locales/hi/admin.json'),
  },
  en: {
    profile: () => import(/* webpackChunkName: "i18n-en-profile" */ './locales/en/profile.json'),
    registration: () => import(/* webpackChunkName: "i18n-en-registration" */ './locales/en/registration.json'),
    ads: () => import(/* webpackChunkName: "i18n-en-ads" */ './locales/en/ads.json'),
    admin: () => import(/* webpackChunkName: "i18n-en-admin" */ './locales/en/admin.json'),
  },
};

/** One lazy namespace of a language, from its own chunk. */
export async function loadNamespaceResources<N extends LazyNamespace>(lang: Language, ns: N): Promise<LazyResources[N]> {
  return (await LAZY_LOADERS[lang][ns]()).default;
}

export async function loadLegalResources(lang: Language) {
  return lang === 'hi'
    ? (await import(/* webpackChunkName: "legal-hi" */ './locales/hi/legal.json')).default
    : (await import(/* webpackChunkName: "legal-en" */ './locales/en/legal.json')).default;
}
