import { act, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { i18n } from '@city/shared';
import { setTestLanguage } from '@city/shared/testing';
import Directory from '../directory';

/**
 * `/` is prerendered at build time and hydrated once the app has started (about 2 s on a slow
 * phone). Meanwhile nothing may look ready that does not work: what can work without the app
 * is a plain link or form, what cannot is shown inactive until the app has hydrated it.
 */
function Page() {
  return (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/']}>
        <Directory onOpenRegistration={() => undefined} />
      </MemoryRouter>
    </I18nextProvider>
  );
}

beforeEach(() => setTestLanguage('hi'));

/**
 * The page's HTML as the build's prerender writes it. That prerender (prerenderToNodeStream)
 * waits for the lazily loaded views; renderToString cannot, so it is tried until they are in
 * (the first try starts their download).
 */
async function prerenderedHtml(): Promise<string> {
  let html = '';
  await waitFor(() => {
    html = renderToString(<Page />);
  });
  return html;
}

test('the prerendered HTML: register, more services and search work as links and a form; voice and pause are inactive', async () => {
  document.body.innerHTML = `<div id="root">${await prerenderedHtml()}</div>`;
  expect(screen.getByRole('link', { name: 'अपनी सेवा मुफ़्त में रजिस्टर करें' })).toHaveAttribute('href', '?register=1');
  expect(screen.getByRole('link', { name: 'और सेवाएं' })).toHaveAttribute('href', '?services=all');
  const form = screen.getByRole('search');
  expect(form).toHaveAttribute('action', '/');
  expect(form).toHaveAttribute('method', 'get');
  expect(screen.getByRole('searchbox')).toHaveAttribute('name', 'q');
  expect(screen.getByRole('button', { name: 'बोलकर खोजें' })).toHaveAttribute('aria-disabled', 'true');
  expect(screen.getByRole('button', { name: /रोकें/ })).toHaveAttribute('aria-disabled', 'true');
});

test('once hydrated, voice and pause are active', async () => {
  const root = document.createElement('div');
  root.innerHTML = await prerenderedHtml();
  document.body.replaceChildren(root);
  await act(async () => {
    hydrateRoot(root, <Page />);
  });
  await waitFor(() => expect(screen.getByRole('button', { name: 'बोलकर खोजें' })).not.toHaveAttribute('aria-disabled'));
  expect(screen.getByRole('button', { name: /रोकें/ })).not.toHaveAttribute('aria-disabled');
});
