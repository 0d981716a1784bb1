import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  LEGAL_NAMESPACE,
  loadLegalResources,
  resources,
  type Language,
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

let initialised: Promise<unknown> | null = null;

export function initI18n(language: Language = storedLanguage()): Promise<unknown> {
  initialised ??= i18n
    .use(initReactI18next)
    .init({
      resources,
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: Object.keys(resources.en),
      defaultNS: 'common',
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      initAsync: false,
    })
    .then(() => {
      syncDocumentLanguage(i18n.language as Language);
      i18n.on('languageChanged', (lng) => syncDocumentLanguage(lng as Language));
    });
  return initialised;
}

function syncDocumentLanguage(lang: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export function currentLanguage(): Language {
  return (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : DEFAULT_LANGUAGE;
}

export async function setLanguage(lang: Language): Promise<void> {
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
