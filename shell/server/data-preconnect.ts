import { matchRoute, routeNeedsDataAtOnce } from '@city/shared/contracts';

/**
 * A page that asks the data service for data as soon as its app runs (the route manifest's
 * `data`: a profile, a list, a search, the signed-in pages) opens the connection to it from its
 * first HTML: `<link rel="preconnect">` while the app's code downloads, where the app itself could
 * only ask once its entry chunk and config.json had arrived. CORS requests without credentials
 * use the anonymous pool: `crossorigin`.
 */
export function withDataServicePreconnect(html: string, pathname: string, search: string, supabaseUrl: string): string {
  if (!routeNeedsDataAtOnce(matchRoute(pathname), search)) return html;
  let origin: string;
  try {
    const url = new URL(supabaseUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return html;
    origin = url.origin;
  } catch {
    return html;
  }
  return html.replace(/<\/head>/i, () => `<link rel="preconnect" href="${origin}" crossorigin></head>`);
}
