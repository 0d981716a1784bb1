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
import { PAGE_IDLE_FALLBACK_MS, whenPageIdle } from '../scheduling/page-idle';

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

/** A language's strings of a namespace, or a loader for them (its own chunk: `() => import('./en.json')`). */
export type NamespaceStrings<T> = T | (() => Promise<T | { default: T }>);

/** A module's strings by language (addNamespace), kept for an instance not started yet. */
const moduleNamespaces = new Map<string, Partial<Record<Language, object>>>();

/** A namespace's loader for a language, not run (or not succeeded) yet; `id` names its download. */
interface PendingStrings {
  ns: string;
  lang: Language;
  id: string;
  load: () => Promise<unknown>;
}
/** Loaders still to run, by `${lang}:${ns}`: ensureLanguage(lang) runs them before the language is shown. */
const pendingStrings = new Map<string, PendingStrings>();
let loaderCount = 0;

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
 * Adds a module's namespace to the page's i18n instance: each remote calls it with its own
 * strings when its code loads (src/locales/index.ts), so a remote ships a new string without
 * the shell. Per language, either the strings (inside the module's code: Hindi, which the first
 * render and the prerendered `/` need at once) or a loader (`() => import('./en.json')`: its own
 * small chunk, downloaded by ensureLanguage/setLanguage when that language is wanted, so a Hindi
 * visitor never downloads a remote's English before the first render). Whoever renders a module
 * after loading it awaits `ensureLanguage(currentLanguage())` (the shell does, in
 * loadRemoteComponent), so its strings are in before it renders. Before i18n has started (a
 * remote's tests, the standalone harness), the strings are kept and added when it starts.
 */
export function addNamespace<N extends Exclude<Namespace, 'common' | 'legal'>>(
  ns: N,
  resources: Readonly<Record<Language, NamespaceStrings<I18nNamespaces[N]>>>,
): void {
  const strings: Partial<Record<Language, object>> = {};
  for (const lang of LANGUAGES) {
    const value: unknown = resources[lang];
    const key = `${lang}:${ns}`;
    if (typeof value === 'function') {
      // A new loader (a remote loaded again) is a new download, even if the old one finished.
      pendingStrings.set(key, { ns, lang, id: `${key}#${++loaderCount}`, load: value as () => Promise<unknown> });
    } else {
      pendingStrings.delete(key);
      strings[lang] = value as object;
    }
  }
  moduleNamespaces.set(ns, { ...moduleNamespaces.get(ns), ...strings });
  if (i18n.isInitialized) addNamespaceBundles(ns, strings);
}

/** Runs (once: one download per loader) a pending loader and adds its strings. */
function loadPendingStrings(pending: PendingStrings): Promise<void> {
  return downloadOnce(pending.id, async () => {
    const loaded = (await pending.load()) as object | { default: object };
    const strings = 'default' in loaded ? loaded.default : loaded;
    const key = `${pending.lang}:${pending.ns}`;
    if (pendingStrings.get(key) !== pending) return; // replaced meanwhile: the newer one wins
    pendingStrings.delete(key);
    moduleNamespaces.set(pending.ns, { ...moduleNamespaces.get(pending.ns), [pending.lang]: strings });
    i18n.addResourceBundle(pending.lang, pending.ns, strings, true, true);
  });
}

/**
 * Starts i18n in `language` (default: the stored choice, else Hindi). Resolves once that
 * language's base chunk (common: what the shell renders) is in, so the first render has every
 * string; only that chunk is downloaded before it. Each remote adds its namespace when its code
 * loads (addNamespace). English, the fallback (the base chunk and the loaders of the namespaces
 * added by then), follows in the background once the page's content is shown and it is idle.
 * Idempotent: later calls return the first call's promise.
 */
export function initI18n(language: Language = storedLanguage()): Promise<void> {
  if (initialised) return initialised;
  const starting = loadBaseResources(language).then((base) => {
    if (!i18n.isInitialized) start(language);
    addBaseResources(language, base);
    if (language !== FALLBACK_LANGUAGE) afterPageIdle(() => void ensureLanguage(FALLBACK_LANGUAGE).catch(() => undefined));
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
 * How long after the page has settled the fallback language's strings are asked for: they are
 * insurance (shown only for a string missing in the page's language, which tests forbid), the
 * least urgent download, so it does not compete with what follows the content (the ads, a tap).
 */
export const FALLBACK_LANGUAGE_DELAY_MS = 1000;

/**
 * Runs `task` FALLBACK_LANGUAGE_DELAY_MS after the page is idle (whenPageIdle: its own content
 * shown, loaded, the main thread idle), so not on the first render's path, nor on a data page's
 * way to its first results. Without a document (the build's prerender), after a short while.
 */
function afterPageIdle(task: () => void): void {
  const later = () => void setTimeout(task, FALLBACK_LANGUAGE_DELAY_MS);
  if (typeof document === 'undefined') setTimeout(later, PAGE_IDLE_FALLBACK_MS);
  else whenPageIdle(later);
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

/** Downloads (once) and adds `lang`'s base chunk, unless it is in. */
function ensureBase(lang: Language): Promise<void> {
  if (baseLoaded.has(lang)) return Promise.resolve();
  return downloadOnce(lang, async () => addBaseResources(lang, await loadBaseResources(lang)));
}

/** Whether everything added so far can be shown in `lang` without a download. */
function languageReady(lang: Language): boolean {
  return baseLoaded.has(lang) && ![...pendingStrings.values()].some((p) => p.lang === lang);
}

/**
 * Downloads (once) and adds what `lang` needs to be shown without a key: its base chunk and
 * every added namespace's strings for it that are a loader not run yet. At once if all is in.
 * A failed download rejects and is tried again by the next call.
 */
export async function ensureLanguage(lang: Language): Promise<void> {
  await initI18n();
  // Again while a namespace added meanwhile (a remote that loaded during the download) waits.
  while (!languageReady(lang)) {
    const waiting = [...pendingStrings.values()].filter((p) => p.lang === lang);
    await Promise.all([ensureBase(lang), ...waiting.map(loadPendingStrings)]);
  }
}

export function currentLanguage(): Language {
  return (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : DEFAULT_LANGUAGE;
}

/**
 * Switches the page's language. The language's base chunk and the added namespaces' strings
 * for it are downloaded first, so the switch shows no keys; if they cannot be (offline), the
 * language stays as it was and this rejects.
 */
export async function setLanguage(lang: Language): Promise<void> {
  // Checked again right before the switch (no await between): a remote that loaded during the
  // downloads has its strings in too.
  do await ensureLanguage(lang);
  while (!languageReady(lang));
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
