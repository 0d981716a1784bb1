import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import { ROUTE_MANIFEST, type RouteId, type RouteSpec } from '@city/shared/contracts';
import { HomePage } from '../pages/home-page';
import { ProviderPage } from '../pages/provider-page';
import { AdminGuard, AdminLoginPage, AdminPage } from '../pages/admin-pages';
import { MyListingPage } from '../pages/my-listing-page';
import { StaticPage } from '../pages/static-page';
import { NotFoundPage } from '../pages/not-found-page';
import { RouteScope } from './route-context';

/** The shell's page for each route of the manifest: a route without a page fails tsc. */
const PAGES: Record<RouteId, () => ReactElement> = {
  home: () => <HomePage />,
  provider: () => <ProviderPage />,
  'admin-login': () => <AdminLoginPage />,
  admin: () => <AdminPage />,
  'my-listing': () => <MyListingPage />,
  privacy: () => <StaticPage kind="privacy" />,
  terms: () => <StaticPage kind="terms" />,
  disclaimer: () => <StaticPage kind="disclaimer" />,
  contact: () => <StaticPage kind="contact" />,
  'not-found': () => <NotFoundPage />,
};

function element(route: RouteSpec & { id: RouteId }): ReactElement {
  const page = PAGES[route.id]();
  return <RouteScope route={route}>{route.guard === 'admin' ? <AdminGuard>{page}</AdminGuard> : page}</RouteScope>;
}

/** Every route of the product (spec section 2), from the one route manifest in @city/shared/contracts. */
export const routes: RouteObject[] = ROUTE_MANIFEST.map((route) => ({ path: route.path, element: element(route) }));
