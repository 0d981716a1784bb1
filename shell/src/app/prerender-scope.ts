/**
 * The build prerenders the routes the manifest marks `prerender` (today `/`: Hindi, nothing
 * chosen, the category grid). The browser may hydrate that HTML only when it is what the app
 * would render itself; otherwise the prerendered markup is hidden at once (before first paint)
 * and the app renders normally.
 *
 * `prerenderApplies` runs twice: as an inline script in <head> (its source is inlined by the
 * build, so it must stay self-contained: no imports, no outer names; its data comes as the
 * `scope` argument, written into the script as JSON at build time) and in bootstrap. No '<'
 * in it: the e2e spec reads the inline script out of the HTML with a simple pattern.
 */
import { NEUTRAL_PARAMS, ROUTE_MANIFEST } from '@city/shared/contracts';
import { LANGUAGE_PARAM } from './url-language';

export const PRERENDER_LANGUAGE = 'hi';
/** On <html> when the prerendered markup must not be shown (see shell.css). */
export const PRERENDER_OFF_ATTRIBUTE = 'data-prerender-off';
/** On #root when it holds prerendered markup. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** What the guard needs to know, all from the route manifest. */
export interface PrerenderScope {
  /** Paths built into the HTML (RouteSpec.prerender). */
  paths: readonly string[];
  language: string;
  /** Parameters that leave the page as it is (NEUTRAL_PARAMS); any other one changes it. */
  neutralNames: readonly string[];
  neutralPrefixes: readonly string[];
  /** `?lang=` chooses the language (src/app/url-language.ts): it counts as the stored choice. */
  languageParam: string;
}

export const PRERENDER_SCOPE: PrerenderScope = {
  paths: ROUTE_MANIFEST.filter((r) => r.prerender).map((r) => r.path),
  language: PRERENDER_LANGUAGE,
  neutralNames: NEUTRAL_PARAMS.names,
  neutralPrefixes: NEUTRAL_PARAMS.prefixes,
  languageParam: LANGUAGE_PARAM,
};

export function prerenderApplies(pathname: string, search: string, storedLanguage: string | null, scope: PrerenderScope): boolean {
  if (scope.paths.indexOf(pathname) === -1) return false;
  const params = new URLSearchParams(search);
  // A language in the URL is the choice the entry is about to store (url-language.ts).
  const chosen = params.get(scope.languageParam);
  const language = chosen === 'hi' || chosen === 'en' ? chosen : storedLanguage;
  if (language !== null && language !== scope.language) return false;
  // Only neutral parameters: an owned one (category, q, register...) or one the manifest does
  // not know yet (a remote deployed after this shell) may change the page.
  return Array.from(params.keys()).every(
    (key) =>
      key === scope.languageParam ||
      scope.neutralNames.indexOf(key) >= 0 ||
      scope.neutralPrefixes.some((prefix) => key.indexOf(prefix) === 0),
  );
}
