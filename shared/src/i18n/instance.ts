import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  BUNDLED_NAMESPACES,
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  LEGAL_NAMESPACE,
  loadLanguageResources,
  loadLegalResources,
  type Language,
  type LanguageResources,
} from './resources';

export const LANGUAGE_STORAGE_KEY = 'city.lang';

function storedLanguage(): Language {
  try {
    const v = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(v ?? '') ? (v as Language) : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** The page's one i18next instance (@city/shared is a federation singleton). */
export const i18n = i18next.createInstance();

let initialised: Promise<void> | null = null;
const loadingLanguages = new Map<Language, Promise<void>>();

/** Initialises the instance (synchronously: the resources are given) in `language`. */
function start(language: Language, resources: Partial<Record<Language, LanguageResources>>): void {
  void i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...BUNDLED_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    initAsync: false,
  });
  syncDocumentLanguage(i18n.language as Language);
  i18n.on('languageChanged', (lng) => syncDocumentLanguage(lng as Language));
}

/**
 * Starts i18n in `language` (default: the stored choice, else Hindi). Resolves once that
 * language's resources are in, so the first render has every string; only that language is
 * downloaded before it. English, the fallback, follows in the background once the page is
 * idle. Idempotent: later calls return the first call's promise.
 */
export function initI18n(language: Language = storedLanguage()): Promise<void> {
  if (initialised) return initialised;
  const starting = loadLanguageResources(language).then((first) => {
    if (i18n.isInitialized) addLanguageResources(language, first);
    else start(language, { [language]: first });
    if (language !== FALLBACK_LANGUAGE) whenIdle(() => void ensureLanguage(FALLBACK_LANGUAGE).catch(() => undefined));
  });
  initialised = starting;
  starting.catch(() => {
    if (initialised === starting) initialised = null; // e.g. offline: a later call tries again
  });
  return starting;
}

/**
 * Starts i18n synchronously with resources already in memory (tests: see
 * @city/shared/testing), or adds them if it has started. Downloads nothing.
 */
export function initI18nWithResources(language: Language, resources: Partial<Record<Language, LanguageResources>>): void {
  if (i18n.isInitialized) {
    for (const lang of LANGUAGES) if (resources[lang]) addLanguageResources(lang, resources[lang]);
    return;
  }
  start(language, resources);
  initialised = Promise.resolve();
}

function syncDocumentLanguage(lang: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** Runs `task` after the page has loaded and the main thread is idle (not on the first render's path). */
function whenIdle(task: () => void): void {
  const schedule = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: 3000 });
    else setTimeout(task, 200);
  };
  if (typeof document === 'undefined' || document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}

/**
 * Adds a language's bundled namespaces to the started instance, keeping bundles already there.
 * Tests add both languages this way, without the chunks (see @city/shared/testing).
 */
export function addLanguageResources(lang: Language, resources: LanguageResources): void {
  for (const ns of BUNDLED_NAMESPACES) {
    if (!i18n.hasResourceBundle(lang, ns)) i18n.addResourceBundle(lang, ns, resources[ns], true, false);
  }
}

const hasLanguage = (lang: Language) => BUNDLED_NAMESPACES.every((ns) => i18n.hasResourceBundle(lang, ns));

/** Downloads (once) and adds a language's bundled namespaces; at once if they are already in. */
export async function ensureLanguage(lang: Language): Promise<void> {
  await initI18n();
  if (hasLanguage(lang)) return;
  let loading = loadingLanguages.get(lang);
  if (!loading) {
    loading = loadLanguageResources(lang).then((resources) => addLanguageResources(lang, resources));
    loadingLanguages.set(lang, loading);
    loading.catch(() => loadingLanguages.delete(lang));
  }
  await loading;
}

export function currentLanguage(): Language {
  return (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : DEFAULT_LANGUAGE;
}

/**
 * Switches the page's language. The language's resources are downloaded first, so the switch
 * shows no keys; if they cannot be (offline), the language stays as it was and this rejects.
 */
export async function setLanguage(lang: Language): Promise<void> {
  await ensureLanguage(lang);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  await i18n.changeLanguage(lang);
}

/** Adds the legal namespace for the current language (and English as fallback) on demand. */
export async function ensureLegalNamespace(lang: Language): Promise<void> {
  for (const l of new Set<Language>([lang, FALLBACK_LANGUAGE])) {
    if (!i18n.hasResourceBundle(l, LEGAL_NAMESPACE)) {
      i18n.addResourceBundle(l, LEGAL_NAMESPACE, await loadLegalResources(l), true, true);
    }
  }
}
