/**
 * The one route manifest: every page of the site, what it renders and what it needs. Read by
 * the shell's router (shell/src/app/routes.tsx), its start-up preload (which remote to fetch,
 * whether to start the data service at once: shell/src/remotes/startup-preload.ts) and the
 * build-time prerender and its inline guard (shell/src/app/prerender-scope.ts,
 * shell/prerender/). Adding a route or a URL parameter is one edit here; tests in the shell
 * prove each consumer agrees.
 *
 * Plain data and two small functions, no imports at run time: the shell's entry chunk reads it
 * before the federated singletons (@city/shared among them) are negotiated.
 */
import type { RemoteModuleId, RemoteName } from './remotes';

/**
 * URL query parameters each remote owns (it reads and writes them; the shell and other
 * remotes keep them as they are). The directory's own table (mf-directory's PARAM) is tested
 * against this one.
 */
export const REMOTE_PARAMS = {
  mf_directory: {
    category: 'category',
    query: 'q',
    minRating: 'rating',
    verified: 'verified',
    sort: 'sort',
    allServices: 'services',
    available: 'available',
    /** `near=1`: only providers who serve the visitor's place (issue 27; with a place chosen). */
    servesOnly: 'near',
  },
  /** `register=1` opens the registration dialog (the shell writes it when the directory's button asks). */
  mf_registration: { open: 'register' },
} as const satisfies Partial<Record<RemoteName, Record<string, string>>>;

export type ParamOwner = keyof typeof REMOTE_PARAMS;
/** Any URL parameter name a remote owns. */
export type OwnedParam = { [R in ParamOwner]: (typeof REMOTE_PARAMS)[R][keyof (typeof REMOTE_PARAMS)[R]] }[ParamOwner];

/**
 * Parameters no module reads (campaign and click ids that ads and social apps append): a page
 * with only these is the page without them, so the prerendered `/` still applies.
 */
export const NEUTRAL_PARAMS = { prefixes: ['utm_'], names: ['fbclid', 'gclid'] } as const;

/** A federated module as container name + exposed path, only pairs that exist in RemoteModules. */
export type RouteModule = {
  [K in RemoteModuleId]: K extends `${infer R}/${infer E}` ? { remote: R; expose: `./${E}` } : never;
}[RemoteModuleId];

export interface RouteSpec {
  /** Stable id: the shell maps it to its page component (one per id, checked by tsc). */
  id: string;
  /** react-router pattern: static segments, `:param` segments, or `*` (everything else). */
  path: string;
  /** The remote module that holds the page's main content (its LCP), or null for shell-only pages. */
  module: RouteModule | null;
  /**
   * Whether the page calls the data service as soon as the app runs (then its first HTML
   * preconnects to it, and the start-up starts supabase-js alongside React where a session is
   * used): always, never, or only when one of these parameters is in the URL.
   */
  data: 'at-once' | 'on-demand' | { readonly atOnceWith: readonly OwnedParam[] };
  /** Built into index.html at build time (shell/prerender). */
  prerender: boolean;
  /**
   * The document title: an i18n key (`ns:key`, shown as "<title> | <site>"), 'site' (the site's
   * name and slogan) or 'remote' (the remote sets it, e.g. from the provider's name).
   */
  title: `${string}:${string}` | 'site' | 'remote';
  /** 'admin': signed-out visitors go to the admin login, signed-in non-admins are refused. */
  guard: 'admin' | null;
  /** Remotes whose URL parameters (REMOTE_PARAMS) live on this route. */
  params: readonly ParamOwner[];
}

const DIRECTORY = REMOTE_PARAMS.mf_directory;

/** In matching order; `*` last. */
export const ROUTE_MANIFEST = [
  {
    id: 'home',
    path: '/',
    module: { remote: 'mf_directory', expose: './Directory' },
    // The category grid needs no rows; a category list or a search asks at once.
    data: { atOnceWith: [DIRECTORY.category, DIRECTORY.query] },
    prerender: true,
    // The directory: the site's name and slogan, or a category list's own title.
    title: 'remote',
    guard: null,
    params: ['mf_directory', 'mf_registration'],
  },
  {
    id: 'provider',
    path: '/provider/:id',
    module: { remote: 'mf_provider_profile', expose: './ProviderProfile' },
    data: 'at-once',
    prerender: false,
    title: 'remote',
    guard: null,
    params: [],
  },
  // The sign-in goes to the data service: supabase-js starts with the page.
  {
    id: 'admin-login',
    path: '/admin-login',
    module: { remote: 'mf_admin', expose: './AdminLogin' },
    data: 'at-once',
    prerender: false,
    title: 'common:admin.loginTitle',
    guard: null,
    params: [],
  },
  {
    id: 'admin',
    path: '/admin',
    module: { remote: 'mf_admin', expose: './AdminPanel' },
    data: 'at-once',
    prerender: false,
    title: 'common:admin.panelTitle',
    guard: 'admin',
    params: [],
  },
  // A provider's own listings: the phone sign-in goes to the data service at once.
  {
    id: 'my-listing',
    path: '/my-listing',
    module: { remote: 'mf_registration', expose: './MyListing' },
    data: 'at-once',
    prerender: false,
    title: 'common:myListing.title',
    guard: null,
    params: [],
  },
  {
    id: 'privacy',
    path: '/privacy-policy',
    module: null,
    data: 'on-demand',
    prerender: false,
    title: 'legal:privacy.title',
    guard: null,
    params: [],
  },
  {
    id: 'terms',
    path: '/terms-conditions',
    module: null,
    data: 'on-demand',
    prerender: false,
    title: 'legal:terms.title',
    guard: null,
    params: [],
  },
  {
    id: 'disclaimer',
    path: '/disclaimer',
    module: null,
    data: 'on-demand',
    prerender: false,
    title: 'legal:disclaimer.title',
    guard: null,
    params: [],
  },
  {
    id: 'contact',
    path: '/contact',
    module: null,
    data: 'on-demand',
    prerender: false,
    title: 'legal:contact.title',
    guard: null,
    params: [],
  },
  {
    id: 'not-found',
    path: '*',
    module: null,
    data: 'on-demand',
    prerender: false,
    title: 'common:notFound.title',
    guard: null,
    params: [],
  },
] as const satisfies readonly RouteSpec[];

export type RouteId = (typeof ROUTE_MANIFEST)[number]['id'];

export function routeById(id: RouteId): RouteSpec {
  return ROUTE_MANIFEST.find((r) => r.id === id)!;
}

const segments = (path: string) => path.split('/').filter(Boolean);

/**
 * The route a pathname renders, as react-router matches this manifest (static segments are
 * case-insensitive, a trailing slash is ignored, `:param` takes one non-empty segment). For
 * code that runs before the router (the start-up preload); a shell test compares the two.
 */
export function matchRoute(pathname: string): RouteSpec {
  const parts = segments(pathname).map((p) => p.toLowerCase());
  for (const route of ROUTE_MANIFEST as readonly RouteSpec[]) {
    if (route.path === '*') return route;
    const pattern = segments(route.path);
    if (pattern.length === parts.length && pattern.every((p, i) => p.startsWith(':') || p.toLowerCase() === parts[i])) return route;
  }
  throw new Error('ROUTE_MANIFEST has no `*` route');
}

/** Whether this URL's page calls the data service as soon as the app runs (RouteSpec.data). */
export function routeNeedsDataAtOnce(route: RouteSpec, search: string): boolean {
  if (route.data === 'at-once') return true;
  if (route.data === 'on-demand') return false;
  const params = new URLSearchParams(search);
  return route.data.atOnceWith.some((name) => params.has(name));
}
