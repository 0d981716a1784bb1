import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { ROUTE_MANIFEST, type RouteId, type RouteSpec } from '@city/shared/contracts';
import { HomePage } from '../pages/home-page';
import { ProviderPage } from '../pages/provider-page';
import { MyListingPage } from '../pages/my-listing-page';
import type { StaticPageKind } from '../pages/static-page';
import { NotFoundPage } from '../pages/not-found-page';
import { RouteScope } from './route-context';
import { SlotLoading } from '../remotes/remote-slot';

// The static pages (privacy, terms, disclaimer, contact) are a chunk of their own: no landing
// page downloads them. Their legal texts load with them (ensureLegalNamespace) anyway.
const StaticPage = lazy(() =>
  import(/* webpackChunkName: "static-page" */ '../pages/static-page').then((m) => ({ default: m.StaticPage })),
);

// The operator's pages (login, the guard, the panel's slot) are another: no visitor needs them.
const adminPages = () => import(/* webpackChunkName: "admin-pages" */ '../pages/admin-pages');
const AdminLoginPage = lazy(() => adminPages().then((m) => ({ default: m.AdminLoginPage })));
const AdminPage = lazy(() => adminPages().then((m) => ({ default: m.AdminPage })));
const AdminGuard = lazy(() => adminPages().then((m) => ({ default: m.AdminGuard })));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<SlotLoading />}>{children}</Suspense>;
}

function LazyStaticPage({ kind }: { kind: StaticPageKind }) {
  return (
    <Suspense fallback={<SlotLoading />}>
      <StaticPage kind={kind} />
    </Suspense>
  );
}

/** The shell's page for each route of the manifest: a route without a page fails tsc. */
const PAGES: Record<RouteId, () => ReactElement> = {
  home: () => <HomePage />,
  provider: () => <ProviderPage />,
  'admin-login': () => (
    <Lazy>
      <AdminLoginPage />
    </Lazy>
  ),
  admin: () => (
    <Lazy>
      <AdminPage />
    </Lazy>
  ),
  'my-listing': () => <MyListingPage />,
  privacy: () => <LazyStaticPage kind="privacy" />,
  terms: () => <LazyStaticPage kind="terms" />,
  disclaimer: () => <LazyStaticPage kind="disclaimer" />,
  contact: () => <LazyStaticPage kind="contact" />,
  'not-found': () => <NotFoundPage />,
};

function element(route: RouteSpec & { id: RouteId }): ReactElement {
  const page = PAGES[route.id]();
  return (
    <RouteScope route={route}>
      {route.guard === 'admin' ? (
        <Lazy>
          <AdminGuard>{page}</AdminGuard>
        </Lazy>
      ) : (
        page
      )}
    </RouteScope>
  );
}

/** Every route of the product (spec section 2), from the one route manifest in @city/shared/contracts. */
export const routes: RouteObject[] = ROUTE_MANIFEST.map((route) => ({ path: route.path, element: element(route) }));
