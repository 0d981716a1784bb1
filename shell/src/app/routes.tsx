import type { RouteObject } from 'react-router-dom';
import { HomePage } from '../pages/home-page';
import { ProviderPage } from '../pages/provider-page';
import { AdminLoginPage, AdminPage } from '../pages/admin-pages';
import { StaticPage } from '../pages/static-page';
import { NotFoundPage } from '../pages/not-found-page';

/** Every route of the product (spec section 2) in one table. */
export const routes: RouteObject[] = [
  { path: '/', element: <HomePage /> },
  { path: '/provider/:id', element: <ProviderPage /> },
  { path: '/admin-login', element: <AdminLoginPage /> },
  { path: '/admin', element: <AdminPage /> },
  { path: '/privacy-policy', element: <StaticPage kind="privacy" /> },
  { path: '/terms-conditions', element: <StaticPage kind="terms" /> },
  { path: '/disclaimer', element: <StaticPage kind="disclaimer" /> },
  { path: '/contact', element: <StaticPage kind="contact" /> },
  { path: '*', element: <NotFoundPage /> },
];
