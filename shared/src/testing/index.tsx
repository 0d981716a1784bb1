import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { ensureLanguage, i18n, initI18nWithResources, setRuntimeConfig, type Language, type RuntimeConfig } from '../index';
import { resources } from '../i18n/all-resources';

export * from './locales';
export * from './fake-supabase';
export * from './fake-rest';

export const TEST_CONFIG: RuntimeConfig = {
  supabaseUrl: 'http://localhost:54321',
  supabaseAnonKey: 'test-anon-key',
  operatorPhone: '9876543210',
  operatorWhatsapp: '919876543210',
  socialLinks: { facebook: 'https://facebook.com/example' },
};

/**
 * i18n for a test, synchronously: both languages' base resources are added directly (the page
 * downloads one language's chunk; a test needs none), and `language` is made current. A
 * remote's own strings are in once its src/locales module is imported (its exposed component
 * does; its jest setup imports it for tests of single components): Hindi at once, English (a
 * loader, as in the page) after `await ensureLanguage('en')`, which renderWithProviders does.
 */
export function setTestLanguage(language: Language = 'en'): void {
  initI18nWithResources(language, resources);
  void i18n.changeLanguage(language); // synchronous: the resources are in and there is no backend
}

/**
 * Renders with the same providers the shell gives a remote: i18n (chosen language, with the
 * remote's strings for it: a loader's, English, are awaited as the shell awaits them before
 * rendering a remote) and a router.
 */
export async function renderWithProviders(
  ui: ReactElement,
  { language = 'en', route = '/', ...options }: { language?: Language; route?: string } & RenderOptions = {},
) {
  setRuntimeConfig(TEST_CONFIG);
  setTestLanguage(language);
  await ensureLanguage(language);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
    </I18nextProvider>
  );
  return render(ui, { wrapper: Wrapper, ...options });
}
