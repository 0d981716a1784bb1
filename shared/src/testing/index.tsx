import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { i18n, initI18n, setRuntimeConfig, type Language, type RuntimeConfig } from '../index';

export const TEST_CONFIG: RuntimeConfig = {
  supabaseUrl: 'http://localhost:54321',
  supabaseAnonKey: 'test-anon-key',
  operatorPhone: '9876543210',
  operatorWhatsapp: '919876543210',
  socialLinks: { facebook: 'https://facebook.com/example' },
};

/** Renders with the same providers the shell gives a remote: i18n (chosen language) and a router. */
export async function renderWithProviders(
  ui: ReactElement,
  { language = 'en', route = '/', ...options }: { language?: Language; route?: string } & RenderOptions = {},
) {
  setRuntimeConfig(TEST_CONFIG);
  await initI18n(language);
  await i18n.changeLanguage(language);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
    </I18nextProvider>
  );
  return render(ui, { wrapper: Wrapper, ...options });
}
