import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
// By package name, not a relative path: the harness must use the same federated singleton
// (i18n, stores, client) as the remote it hosts.
import { ensureNamespaces, i18n, loadRuntimeConfig, REMOTE_NAMESPACES, setLanguage, startAuth, toastStore, useToasts, type RemoteName } from '@city/shared';
import '@city/shared/ui.css';

function HarnessBar() {
  const { t, i18n: inst } = useTranslation();
  const toasts = useToasts((s) => s.toasts);
  return (
    <div style={{ display: 'flex', gap: 8, padding: 8, background: '#eee', alignItems: 'center' }}>
      <strong>{t('app.name')}</strong>
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
 * Runs one remote on its own dev server with the same providers the shell gives it, and its
 * strings loaded first as the shell does (REMOTE_NAMESPACES of `remote`).
 */
export async function mountStandalone(remote: RemoteName, render: () => ReactNode): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  try {
    await ensureNamespaces(REMOTE_NAMESPACES[remote]); // starts i18n first
  } catch (e) {
    root.render(<pre role="alert">{String(e)}</pre>); // the strings are what failed: the error says which chunk
    return;
  }
  const config = await loadRuntimeConfig('/config.json');
  if (!config.ok) {
    root.render(<pre role="alert">config.json: {config.failure.kind} — {config.failure.detail}</pre>);
    return;
  }
  void startAuth();
  root.render(
    <I18nextProvider i18n={i18n}>
      <BrowserRouter>
        <HarnessBar />
        <main style={{ padding: 12 }}>{render()}</main>
      </BrowserRouter>
    </I18nextProvider>,
  );
}
