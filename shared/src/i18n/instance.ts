import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  BASE_NAMESPACES,
  BUNDLED_NAMESPACES,
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  LAZY_NAMESPACES,
  LEGAL_NAMESPACE,
  loadBaseResources,
  loadLegalResources,
  loadNamespaceResources,
  type BaseResources,
  type BundledNamespace,
  type Language,
  type LanguageResources,
  type LazyNamespace,
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
/** Languages whose base chunk is in. */
const baseLoaded = new Set<Language>();
/**
 * `${lang}|${ns}` of each namespace that is whole in the instance. hasResourceBundle cannot
 * tell: the base chunk holds a part of admin (the keys the shell renders itself).
 */
const whole = new Set<string>();
/** Downloads under way or done, by `${lang}` (base chunk) or `${lang}|${ns}`; a failed one is dropped. */
const downloads = new Map<string, Promise<void>>();
/** Lazy namespaces the page has asked for and has: a language switch brings them along. */
const inUse = new Set<LazyNamespace>();

const bundleKey = (lang: Language, ns: BundledNamespace) => `${lang}|${ns}`;

/** Initialises the instance (synchronously: no backend, resources are added as they arrive) in `language`. */
function start(language: Language): void {
  void i18n.use(initReactI18next).init({
    resources: {},
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
 * language's base chunk is in (common, directory: everything the shell and the home page
 * render), so the first render has every string; only that chunk is downloaded before it. The
 * other namespaces come with their remotes (ensureNamespaces). English, the fallback, follows
 * in the background once the page is idle. Idempotent: later calls return the first call's
 * promise.
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
 * @city/shared/testing), or adds them if it has started. Downloads nothing, then or later:
 * every namespace of the given languages is whole.
 */
export function initI18nWithResources(language: Language, resources: Partial<Record<Language, LanguageResources>>): void {
  if (!i18n.isInitialized) start(language);
  for (const lang of LANGUAGES) if (resources[lang]) addLanguageResources(lang, resources[lang]);
  initialised ??= Promise.resolve();
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

function addBundle(lang: Language, ns: BundledNamespace, resources: object, isWhole: boolean): void {
  // Deep, keeping what is there: the admin keys of the base chunk and the admin chunk merge.
  i18n.addResourceBundle(lang, ns, resources, true, false);
  if (isWhole) whole.add(bundleKey(lang, ns));
}

function addBaseResources(lang: Language, base: BaseResources): void {
  for (const ns of BASE_NAMESPACES) addBundle(lang, ns, base[ns], true);
  addBundle(lang, 'admin', base.admin, false); // the rest comes with the admin remote
  baseLoaded.add(lang);
}

/**
 * Adds a language's bundled namespaces, whole, to the started instance, keeping bundles
 * already there. Tests add both languages this way, without the chunks (see @city/shared/testing).
 */
export function addLanguageResources(lang: Language, resources: LanguageResources): void {
  for (const ns of BUNDLED_NAMESPACES) {
    if (!whole.has(bundleKey(lang, ns))) addBundle(lang, ns, resources[ns], true);
  }
  baseLoaded.add(lang);
}

/** One download at a time per key; a failed one is forgotten, so the next call tries again. */
function once<T>(pending: Map<string, Promise<T>>, id: string, start: () => Promise<T>): Promise<T> {
  let current = pending.get(id);
  if (!current) {
    const started = start();
    current = started;
    pending.set(id, started);
    started.catch(() => {
      if (pending.get(id) === started) pending.delete(id);
    });
  }
  return current;
}

const downloadOnce = (id: string, download: () => Promise<void>) => once(downloads, id, download);

function loadBase(lang: Language): Promise<void> {
  if (baseLoaded.has(lang)) return Promise.resolve();
  return downloadOnce(lang, async () => addBaseResources(lang, await loadBaseResources(lang)));
}

// A namespace chunk's download, apart from adding it: it may start before i18n has (below).
const namespaceDownloads = new Map<string, ReturnType<typeof loadNamespaceResources>>();

function downloadNamespace(lang: Language, ns: LazyNamespace): ReturnType<typeof loadNamespaceResources> {
  return once(namespaceDownloads, bundleKey(lang, ns), () => loadNamespaceResources(lang, ns));
}

function loadNamespace(lang: Language, ns: LazyNamespace): Promise<void> {
  if (whole.has(bundleKey(lang, ns))) return Promise.resolve();
  return downloadOnce(bundleKey(lang, ns), async () => addBundle(lang, ns, await downloadNamespace(lang, ns), true));
}

const isLazy = (ns: BundledNamespace): ns is LazyNamespace => (LAZY_NAMESPACES as readonly string[]).includes(ns);

/** What `lang` lacks to be shown without a key: its base chunk and each namespace in use. */
function missingFor(lang: Language): { base: boolean; namespaces: LazyNamespace[] } {
  return { base: !baseLoaded.has(lang), namespaces: [...inUse].filter((ns) => !whole.has(bundleKey(lang, ns))) };
}
const isReady = (lang: Language) => {
  const missing = missingFor(lang);
  return !missing.base && missing.namespaces.length === 0;
};

/**
 * Downloads (once) and adds what `lang` needs to be shown without a key: its base chunk and
 * every namespace in use (ensureNamespaces). At once if they are all in.
 */
export async function ensureLanguage(lang: Language): Promise<void> {
  await initI18n();
  // A namespace that comes into use meanwhile (its remote was loading) is needed too.
  while (!isReady(lang)) {
    const missing = missingFor(lang);
    await Promise.all([...(missing.base ? [loadBase(lang)] : []), ...missing.namespaces.map((ns) => loadNamespace(lang, ns))]);
  }
}

/**
 * Downloads (once) the given namespaces for the current language and adds them before
 * resolving: the shell calls it with a remote's code (see REMOTE_NAMESPACES), so the remote
 * never renders a key. From then on they are in use: a language switch downloads them first.
 * The base namespaces are always in. English, the fallback, follows once the page is idle.
 * Rejects if a download fails (offline); the next call tries again.
 */
export async function ensureNamespaces(namespaces: readonly BundledNamespace[]): Promise<void> {
  const lazy = namespaces.filter(isLazy);
  // Download alongside the base chunk, not after it (a profile link's strings were one round
  // trip late): the shell asks before i18n has started, in the language it will start in.
  const expected = i18n.isInitialized ? currentLanguage() : storedLanguage();
  const early = lazy.filter((ns) => !whole.has(bundleKey(expected, ns))).map((ns) => downloadNamespace(expected, ns));
  await Promise.all([initI18n(), ...early]);
  if (lazy.length === 0) return;
  let lang: Language;
  do {
    lang = currentLanguage();
    await Promise.all(lazy.map((ns) => loadNamespace(lang, ns)));
  } while (lang !== currentLanguage()); // switched meanwhile: the caller will render in the new one
  for (const ns of lazy) inUse.add(ns); // at once, with no await after the check: setLanguage sees it
  if (lang !== FALLBACK_LANGUAGE) {
    whenIdle(() => {
      for (const ns of lazy) void loadNamespace(FALLBACK_LANGUAGE, ns).catch(() => undefined);
    });
  }
}

export function currentLanguage(): Language {
  return (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : DEFAULT_LANGUAGE;
}

/**
 * Switches the page's language. The language's base chunk and every namespace in use are
 * downloaded first, so the switch shows no keys; if they cannot be (offline), the language
 * stays as it was and this rejects.
 */
export async function setLanguage(lang: Language): Promise<void> {
  // Checked again right before the switch, with no await in between: a namespace may have
  // come into use while ensureLanguage's promise resolved.
  do {
    await ensureLanguage(lang);
  } while (!isReady(lang));
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
