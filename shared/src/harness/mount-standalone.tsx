import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
// By package name, not a relative path: the harness must use the same federated singleton
// (i18n, stores, client) as the remote it hosts.
import {
  currentLanguage,
  ensureLanguage,
  i18n,
  initI18n,
  loadRuntimeConfig,
  setLanguage,
  startAuth,
  toastStore,
  useToasts,
  type RemoteName,
} from '@city/shared';
import '@city/shared/ui.css';

function HarnessBar({ remote }: { remote: RemoteName }) {
  const { t, i18n: inst } = useTranslation();
  const toasts = useToasts((s) => s.toasts);
  return (
    <div style={{ display: 'flex', gap: 8, padding: 8, background: '#eee', alignItems: 'center' }}>
      <strong>{t('app.name')}</strong> <code>{remote}</code>
      <button type="button" onClick={() => void setLanguage(inst.language === 'en' ? 'hi' : 'en')}>
        {t('language.switchTo')}
      </button>
      <ol aria-live="polite" style={{ margin: 0 }}>
        {toasts.map((x) => (
          <li key={x.id} role="status">
            {x.title} {x.description}{' '}
            <button type="button" onClick={() => toastStore.getState().dismiss(x.id)} aria-label={t('toast.close')}>
              ×
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * Runs one remote on its own dev server with the same providers the shell gives it. The
 * remote's exposed module (imported by its bootstrap) adds its strings; the current language's
 * are downloaded (English is a loader) before the first render, as the shell does.
 */
export async function mountStandalone(remote: RemoteName, render: () => ReactNode): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  try {
    await initI18n();
    await ensureLanguage(currentLanguage()); // the remote's strings, if its language is a loader (English)
  } catch (e) {
    root.render(<pre role="alert">{String(e)}</pre>); // the base strings are what failed: the error says which chunk
    return;
  }
  const config = await loadRuntimeConfig('/config.json');
  if (!config.ok) {
    root.render(
      <pre role="alert">
        config.json: {config.failure.kind} — {config.failure.detail}
      </pre>,
    );
    return;
  }
  void startAuth();
  root.render(
    <I18nextProvider i18n={i18n}>
      <BrowserRouter>
        <HarnessBar remote={remote} />
        <main style={{ padding: 12 }}>{render()}</main>
      </BrowserRouter>
    </I18nextProvider>,
  );
}
