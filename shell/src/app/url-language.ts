/**
 * `?lang=en` / `?lang=hi` in a URL chooses the language, like the language toggle does: the
 * toggle is a link to it, so it works before the app has started (a tap on a slow phone in the
 * first seconds reloads the page in the other language instead of doing nothing).
 *
 * Runs first in the entry chunk (src/index.ts), before the router or i18n read anything: the
 * choice is stored where i18n looks for it and the parameter leaves the URL (replaceState), so a
 * shared link does not impose the sender's language for good. Imports nothing: the entry chunk
 * must not consume federated singletons.
 */

/** The URL parameter (also read by the prerender guard, see prerender-scope.ts). */
export const LANGUAGE_PARAM = 'lang';
/** @city/shared's LANGUAGE_STORAGE_KEY (a unit test holds them equal; importing it would pull i18next into the entry). */
export const LANGUAGE_STORAGE_KEY = 'city.lang';
const LANGUAGES = ['hi', 'en'];

/** The search string without `lang`, and the language it chose (null: none or not a language). */
export function splitLanguageParam(search: string): { language: string | null; search: string } {
  const params = new URLSearchParams(search);
  if (!params.has(LANGUAGE_PARAM)) return { language: null, search };
  const value = params.get(LANGUAGE_PARAM);
  params.delete(LANGUAGE_PARAM);
  const rest = params.toString();
  return { language: value !== null && LANGUAGES.includes(value) ? value : null, search: rest ? `?${rest}` : '' };
}

export function applyLanguageFromUrl(): void {
  const { language, search } = splitLanguageParam(window.location.search);
  if (search === window.location.search) return;
  if (language) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Private mode: no stored choice; the page starts in the default language.
    }
  }
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
}
