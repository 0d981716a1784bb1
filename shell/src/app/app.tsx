import type { ComponentType, ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { i18n } from '@city/shared';
import { Header } from '../layout/header';
import { Footer } from '../layout/footer';
import { Toaster } from '../layout/toaster';
import { OfflineNote } from '../layout/offline-note';
import { routes } from './routes';

export function Layout() {
  const { t } = useTranslation();
  const element = useRoutes(routes);
  return (
    <div className="site">
      <a href="#main" className="skip-link">
        {t('nav.skipToContent')}
      </a>
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <OfflineNote />
        {element}
      </main>
      <Footer />
      <Toaster />
    </div>
  );
}

/** The router the app runs in: the browser's, or a static one when `/` is prerendered at build time. */
export type AppRouter = ComponentType<{ children: ReactNode }>;

export function App({ Router = BrowserRouter }: { Router?: AppRouter }) {
  return (
    <I18nextProvider i18n={i18n}>
      <Router>
        <Layout />
      </Router>
    </I18nextProvider>
  );
}
