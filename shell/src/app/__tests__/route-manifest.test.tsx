import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router-dom';
import type { Session } from '@supabase/supabase-js';
import { authStore, i18n, type Language } from '@city/shared';
import { matchRoute, REMOTE_PARAMS, ROUTE_MANIFEST } from '@city/shared/contracts';
import { renderWithProviders } from '@city/shared/testing';
import { Layout } from '../app';
import { routes } from '../routes';

// The route manifest (@city/shared/contracts) is the one table of routes: these prove the
// router agrees with it (startup-preload.test.ts and prerender-scope.test.ts do the same for
// the preload and the prerender guard).

jest.mock('../../remotes/load-remote', () => ({
  loadRemoteComponent: jest.fn(async (id: string) => () => <p>remote {id}</p>),
  forgetRemote: jest.fn(),
  remoteOf: (id: string) => id.split('/')[0],
}));

/** A path each route matches (`:id` filled in; `*` by a path no other route takes). */
const sample = (path: string) => (path === '*' ? '/no/such/page' : path.replace(/:[^/]+/g, 'x1'));

const signInAsAdmin = () => {
  const session = { access_token: 'a', refresh_token: 'r', user: { id: 'u', app_metadata: { role: 'admin' } } } as unknown as Session;
  act(() => authStore.setState({ loading: false, session, user: session.user, isAdmin: true }));
};

beforeEach(() => act(() => authStore.setState({ loading: false, session: null, user: null, isAdmin: false })));

test('the router has exactly the manifest’s routes, in its order', () => {
  expect(routes.map((r) => r.path)).toEqual(ROUTE_MANIFEST.map((r) => r.path));
});

test('matchRoute (used before the router runs) picks the route react-router picks', () => {
  const paths = [
    ...ROUTE_MANIFEST.map((r) => sample(r.path)),
    '/Contact',
    '/contact/',
    '/provider/',
    '/provider/a/b',
    '/PROVIDER/42',
    '/admin/x',
    '/administrator',
    '//',
    '',
  ];
  for (const path of paths) {
    const byRouter = matchRoutes(routes, path || '/')?.[0]?.route.path;
    expect([path, matchRoute(path).path]).toEqual([path, byRouter]);
  }
});

describe.each(ROUTE_MANIFEST.map((r) => [r.id, r] as const))('%s', (_id, route) => {
  if (route.module) {
    const moduleId = `${route.module.remote}/${route.module.expose.slice(2)}`;
    test(`renders ${moduleId}${route.guard ? ` behind the ${route.guard} guard` : ''}`, async () => {
      if (route.guard === 'admin') signInAsAdmin();
      await renderWithProviders(<Layout />, { route: sample(route.path) });
      expect(await screen.findByText(`remote ${moduleId}`)).toBeInTheDocument();
    });
  }

  if (route.guard === 'admin') {
    test('sends signed-out visitors to the admin login', async () => {
      await renderWithProviders(<Layout />, { route: sample(route.path) });
      expect(await screen.findByText('remote mf_admin/AdminLogin')).toBeInTheDocument();
    });
  }

  test.each(['hi', 'en'] as Language[])(`document title (${route.title}) in %s`, async (lng) => {
    if (route.guard === 'admin') signInAsAdmin();
    document.title = 'before';
    await renderWithProviders(<Layout />, { route: sample(route.path), language: lng });
    const t = i18n.getFixedT(lng);
    const site = t('app.name');
    if (route.title === 'remote') {
      await screen.findByText(`remote ${route.module!.remote}/${route.module!.expose.slice(2)}`);
      expect(document.title).toBe('before'); // the remote sets it
    } else {
      const key = route.title;
      await waitFor(() => expect(i18n.exists(key, { lng })).toBe(true)); // a missing key fails here
      await waitFor(() => expect(document.title).toBe(`${(t as unknown as (k: string) => string)(key)} | ${site}`));
    }
  });
});

test('the shell reads no URL parameter by a name of its own: the names come from the manifest', () => {
  const srcDir = join(__dirname, '..', '..');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? (e.name === '__tests__' ? [] : files(join(dir, e.name))) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
    );
  const names = Object.values(REMOTE_PARAMS).flatMap((params) => Object.values(params) as string[]);
  const found: string[] = [];
  for (const file of files(srcDir)) {
    // Comments may name them.
    const code = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:])\/\/.*$/gm, '$1');
    for (const name of names) {
      if (new RegExp(`['"\`]${name}['"\`]|[?&]${name}=`).test(code)) found.push(`${file.slice(srcDir.length + 1)}: ${name}`);
    }
  }
  expect(found).toEqual([]);
});
