import { matchRoute, routeNeedsDataAtOnce } from '@city/shared/contracts';

/**
 * A page that asks the data service for data as soon as its app runs (the route manifest's
 * `data`: a profile, a list, a search, the signed-in pages) opens the connection to it from its
 * first HTML: `<link rel="preconnect">` while the app's code downloads, where the app itself could
 * only ask once its entry chunk and config.json had arrived. CORS requests without credentials
 * use the anonymous pool: `crossorigin`. The data service's origin is read once, not per page;
 * one that is no http(s) URL adds nothing.
 */
export function dataServicePreconnect(supabaseUrl: string): (html: string, pathname: string, search: string) => string {
  let origin: string | null = null;
  try {
    const url = new URL(supabaseUrl);
    if (url.protocol === 'https:' || url.protocol === 'http:') origin = url.origin;
  } catch {
    /* not a URL: no preconnect */
  }
  const link = origin === null ? null : `<link rel="preconnect" href="${origin}" crossorigin></head>`;
  return (html, pathname, search) =>
    link === null || !routeNeedsDataAtOnce(matchRoute(pathname), search) ? html : html.replace(/<\/head>/i, () => link);
}
