import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  BASE_NAMESPACES,
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  LEGAL_NAMESPACE,
  loadBaseResources,
  loadLegalResources,
  type BaseResources,
  type I18nNamespaces,
  type Language,
  type Namespace,
} from './resources';
import { whenPageContentShown } from '../stores/page-content';

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
/** Languages whose base chunk is in. */
const baseLoaded = new Set<Language>();
/** Base chunk downloads under way or done, by language; a failed one is dropped. */
const downloads = new Map<string, Promise<void>>();

/** The strings each module brought with its code (addNamespace), kept for an instance not started yet. */
const moduleNamespaces = new Map<string, Partial<Record<Language, object>>>();

function addNamespaceBundles(ns: string, resources: Partial<Record<Language, object>>): void {
  // Deep and overwriting: a remote loaded again after Retry (maybe a newer deployment) wins.
  for (const lang of LANGUAGES) if (resources[lang]) i18n.addResourceBundle(lang, ns, resources[lang], true, true);
}

/** Initialises the instance (synchronously: no backend, resources are added as they arrive) in `language`. */
function start(language: Language): void {
  void i18n.use(initReactI18next).init({
    resources: {},
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...BASE_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    initAsync: false,
  });
  for (const [ns, resources] of moduleNamespaces) addNamespaceBundles(ns, resources);
  syncDocumentLanguage(i18n.language as Language);
  i18n.on('languageChanged', (lng) => syncDocumentLanguage(lng as Language));
}

/**
 * Adds a module's namespace, in both languages, to the page's i18n instance: each remote calls
 * it with its own strings when its code loads (src/locales/index.ts), so a remote ships a new
 * string without the shell, and its strings cost no request of their own (they arrive in its
 * code, and a language switch needs no download for them). Before i18n has started (a remote's
 * tests, the standalone harness), they are kept and added when it starts.
 */
export function addNamespace<N extends Exclude<Namespace, 'common' | 'legal'>>(
  ns: N,
  resources: Readonly<Record<Language, I18nNamespaces[N]>>,
): void {
  moduleNamespaces.set(ns, resources);
  if (i18n.isInitialized) addNamespaceBundles(ns, resources);
}

/**
 * Starts i18n in `language` (default: the stored choice, else Hindi). Resolves once that
 * language's base chunk (common: what the shell renders) is in, so the first render has every
 * string; only that chunk is downloaded before it. Each remote's namespace comes with its code
 * (addNamespace). English, the fallback, follows in the background once the page is idle.
 * Idempotent: later calls return the first call's promise.
 */
export function initI18n(language: Language = storedLanguage()): Promise<void> {
  if (initialised) return initialised;
  const starting = loadBaseResources(language).then((base) => {
    if (!i18n.isInitialized) start(language);
    addBaseResources(language, base);
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
 * @city/shared/testing), or adds them if it has started. Downloads nothing, then or later.
 */
export function initI18nWithResources(language: Language, resources: Partial<Record<Language, BaseResources>>): void {
  if (!i18n.isInitialized) start(language);
  for (const lang of LANGUAGES) if (resources[lang] && !baseLoaded.has(lang)) addBaseResources(lang, resources[lang]);
  initialised ??= Promise.resolve();
}

function syncDocumentLanguage(lang: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/**
 * Runs `task` once the page's own content is shown, the page has loaded and the main thread is
 * idle (not on the first render's path, nor on a data page's way to its first results).
 */
function whenIdle(task: () => void): void {
  const schedule = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: 3000 });
    else setTimeout(task, 200);
  };
  if (typeof document === 'undefined') return schedule();
  whenPageContentShown(() => {
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
  });
}

function addBaseResources(lang: Language, base: BaseResources): void {
  for (const ns of BASE_NAMESPACES) i18n.addResourceBundle(lang, ns, base[ns], true, false);
  baseLoaded.add(lang);
}

/** One download at a time per key; a failed one is forgotten, so the next call tries again. */
function downloadOnce(id: string, start: () => Promise<void>): Promise<void> {
  let current = downloads.get(id);
  if (!current) {
    const started = start();
    current = started;
    downloads.set(id, started);
    started.catch(() => {
      if (downloads.get(id) === started) downloads.delete(id);
    });
  }
  return current;
}

/**
 * Downloads (once) and adds what `lang` needs to be shown without a key: its base chunk (the
 * remotes' namespaces are already in, both languages). At once if it is in.
 */
export async function ensureLanguage(lang: Language): Promise<void> {
  await initI18n();
  if (baseLoaded.has(lang)) return;
  await downloadOnce(lang, async () => addBaseResources(lang, await loadBaseResources(lang)));
}

export function currentLanguage(): Language {
  return (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : DEFAULT_LANGUAGE;
}

/**
 * Switches the page's language. The language's base chunk is downloaded first, so the switch
 * shows no keys; if it cannot be (offline), the language stays as it was and this rejects.
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
