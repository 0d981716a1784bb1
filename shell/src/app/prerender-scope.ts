/**
 * The build prerenders one page: `/` in Hindi with nothing chosen (the category grid). The
 * browser may hydrate that HTML only when it is what the app would render itself; otherwise
 * the prerendered markup is hidden at once (before first paint) and the app renders normally.
 *
 * `prerenderApplies` runs twice: as an inline script in <head> (its source is inlined by the
 * build, so it must stay self-contained: no imports, no outer names) and in bootstrap.
 */
export const PRERENDER_LANGUAGE = 'hi';
/** On <html> when the prerendered markup must not be shown (see shell.css). */
export const PRERENDER_OFF_ATTRIBUTE = 'data-prerender-off';
/** On #root when it holds prerendered markup. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

export function prerenderApplies(pathname: string, search: string, storedLanguage: string | null): boolean {
  if (pathname !== '/') return false;
  if (storedLanguage !== null && storedLanguage !== 'hi') return false;
  // Campaign and click ids do not change the page; any other parameter (category, q, register) does.
  return Array.from(new URLSearchParams(search).keys()).every((key) => key.startsWith('utm_') || key === 'fbclid' || key === 'gclid');
}
