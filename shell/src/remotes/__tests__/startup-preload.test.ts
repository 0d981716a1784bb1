import { REMOTE_NAMES, REMOTE_PARAMS, ROUTE_MANIFEST } from '@city/shared';
import type * as StartupPreload from '../startup-preload';

const mockRuntime = {
  preloadRemote: jest.fn<Promise<void>, [unknown]>(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
  loadShare: jest.fn<Promise<unknown>, [string]>(),
};
jest.mock('@module-federation/enhanced/runtime', () => mockRuntime);

const manifest = Object.fromEntries(REMOTE_NAMES.map((name, i) => [name, `http://localhost:${3001 + i}/mf-manifest.json`]));

function response(body: unknown, status = 200) {
  const make = (): Response =>
    ({ ok: status >= 200 && status < 300, status, json: async () => body, clone: () => make() }) as unknown as Response;
  return make();
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let fetchMock: jest.Mock;

beforeEach(() => {
  jest.resetModules();
  Object.values(mockRuntime).forEach((fn) => fn.mockReset());
  mockRuntime.preloadRemote.mockResolvedValue(undefined);
  mockRuntime.loadShare.mockResolvedValue(() => ({}));
  fetchMock = jest.fn(async (url: string) => (url === '/remotes.json' ? response(manifest) : response({ supabaseUrl: 'http://db' })));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const load = () => require('../startup-preload') as typeof StartupPreload;

test('config.json and remotes.json are asked for once, at start, and handed to their readers', async () => {
  const { startPreload, fetchOrTakeEarly } = load();
  startPreload({ config: '/config.json', remotes: '/remotes.json' }, '/admin-login');
  expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/config.json', '/remotes.json']);

  const config = await fetchOrTakeEarly('/config.json', { cache: 'no-cache' });
  expect(await config.json()).toEqual({ supabaseUrl: 'http://db' });
  expect(fetchMock).toHaveBeenCalledTimes(2);

  // Handed over once: a second read (e.g. a later reload of the file) goes to the network.
  await fetchOrTakeEarly('/config.json', { cache: 'no-cache' });
  expect(fetchMock).toHaveBeenCalledTimes(3);
});

test('the shell reads the early remotes.json: one request, same manifest', async () => {
  const { startPreload } = load();
  const { loadRemotesManifest } = require('../load-remote') as typeof import('../load-remote');
  startPreload({ config: '/config.json', remotes: '/remotes.json' }, '/');
  const result = await loadRemotesManifest('/remotes.json');
  expect(result).toEqual({ ok: true, manifest });
  expect(fetchMock.mock.calls.filter(([url]) => url === '/remotes.json')).toHaveLength(1);
});

test('on / the directory remote starts loading as soon as remotes.json arrives', async () => {
  const { startPreload } = load();
  startPreload({ config: '/config.json', remotes: '/remotes.json' }, '/');
  await flush();
  expect(mockRuntime.registerPlugins).toHaveBeenCalledTimes(1);
  expect(mockRuntime.registerRemotes).toHaveBeenCalledWith([{ name: 'mf_directory', entry: manifest.mf_directory }]);
  expect(mockRuntime.preloadRemote).toHaveBeenCalledWith([{ nameOrAlias: 'mf_directory', exposes: ['./Directory'] }]);
});

test('a profile preloads the profile remote; other pages preload nothing', async () => {
  let mod = load();
  mod.startPreload({ config: '/config.json', remotes: '/remotes.json' }, '/provider/7f1c');
  await flush();
  expect(mockRuntime.preloadRemote).toHaveBeenCalledWith([{ nameOrAlias: 'mf_provider_profile', exposes: ['./ProviderProfile'] }]);

  jest.resetModules();
  mockRuntime.preloadRemote.mockClear();
  mod = load();
  mod.startPreload({ config: '/config.json', remotes: '/remotes.json' }, '/privacy-policy');
  await flush();
  expect(mockRuntime.preloadRemote).not.toHaveBeenCalled();
  expect(mockRuntime.registerRemotes).toHaveBeenCalledTimes(1); // only the profile case above
});

test('failures stay quiet here: the real load reports them (fallback + Retry)', async () => {
  const unhandled = jest.fn();
  process.on('unhandledRejection', unhandled);
  try {
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/remotes.json') throw new TypeError('Failed to fetch');
      return response({});
    });
    let mod = load();
    mod.startPreload({ config: '/config.json', remotes: '/remotes.json' }, '/');
    await flush();
    expect(mockRuntime.preloadRemote).not.toHaveBeenCalled();
    // The reader still gets the failure, as a missing file.
    const { loadRemotesManifest } = require('../load-remote') as typeof import('../load-remote');
    expect(await loadRemotesManifest('/remotes.json')).toMatchObject({ ok: false, failure: 'missing' });

    jest.resetModules();
    fetchMock.mockImplementation(async () => response(manifest));
    mockRuntime.preloadRemote.mockRejectedValue(new Error('remote down'));
    mod = load();
    mod.startPreload({ config: '/config.json', remotes: '/remotes.json' }, '/');
    await flush();
    expect(mockRuntime.preloadRemote).toHaveBeenCalled();
    await flush();
    expect(unhandled).not.toHaveBeenCalled();
  } finally {
    process.off('unhandledRejection', unhandled);
  }
});

// The connection to the data service opens from the page's first HTML (shell/server/data-preconnect.ts).
describe('supabase-js at start-up', () => {
  afterEach(() => localStorage.clear());

  test.each([
    ['a provider profile', '/provider/42', '', false],
    ['a category list', '/', '?category=plumber', false],
    ['a search', '/', '?q=nal', false],
    ['the admin pages', '/admin', '', true],
  ])('on %s: only for a signed-in page', async (_what, pathname, search, signedInPage) => {
    load().startPreload({ config: '/config.json', remotes: '/remotes.json' }, pathname, search);
    await flush();
    // An anonymous visitor's reads are plain requests: supabase-js only for a signed-in page.
    expect(mockRuntime.loadShare.mock.calls).toEqual(signedInPage ? [['@supabase/supabase-js']] : []);
  });

  test('downloads supabase-js alongside React on a data page when a session is stored', async () => {
    localStorage.setItem('city-auth-token', '{}');
    load().startPreload({ config: '/config.json', remotes: '/remotes.json' }, '/provider/42', '');
    await flush();
    // Through the share scope (one singleton): the reads go through supabase-js with the session.
    expect(mockRuntime.loadShare.mock.calls).toEqual([['@supabase/supabase-js']]);
  });

  test('not on the home page: no data before the visitor asks', async () => {
    load().startPreload({ config: '/config.json', remotes: '/remotes.json' }, '/', '');
    await flush();
    expect(mockRuntime.loadShare).not.toHaveBeenCalled();
  });
});

describe('the start-up preload reads the route manifest', () => {
  // A path each manifest route matches (`:id` filled in; `*` by a path no other route takes).
  const sample = (path: string) => (path === '*' ? '/no/such/page' : path.replace(/:[^/]+/g, 'x1'));

  test.each(ROUTE_MANIFEST.map((r) => [r.id, r] as const))(
    '%s: the remote it preloads is the manifest module, unless a guard decides first',
    (_id, route) => {
      const { firstRemoteFor } = load();
      const expected = route.module && route.guard === null ? { name: route.module.remote, expose: route.module.expose } : null;
      expect(firstRemoteFor(sample(route.path))).toEqual(expected);
    },
  );

  test('/admin (guarded) preloads no module: a visitor turned away never downloads the panel', () => {
    expect(load().firstRemoteFor('/admin')).toBeNull();
  });

  test.each(ROUTE_MANIFEST.map((r) => [r.id, r] as const))('%s: data at once exactly as the manifest says', (_id, route) => {
    const { needsDataAtOnce } = load();
    const path = sample(route.path);
    if (route.data === 'at-once' || route.data === 'on-demand') {
      expect(needsDataAtOnce(path, '')).toBe(route.data === 'at-once');
      return;
    }
    expect(needsDataAtOnce(path, '')).toBe(false);
    // Each parameter the manifest lists starts the data service; the owner's other ones do not.
    const listed = new Set<string>(route.data.atOnceWith);
    for (const owner of route.params) {
      for (const name of Object.values(REMOTE_PARAMS[owner]) as string[]) {
        expect([name, needsDataAtOnce(path, `?${name}=x`)]).toEqual([name, listed.has(name)]);
      }
    }
  });

  test('the data parameters are ones the route’s remotes own', () => {
    for (const route of ROUTE_MANIFEST) {
      if (typeof route.data !== 'object') continue;
      const owned = route.params.flatMap((owner) => Object.values(REMOTE_PARAMS[owner]) as string[]);
      expect(route.data.atOnceWith.filter((name) => !owned.includes(name))).toEqual([]);
    }
  });
});

describe("a data page's first reads come with its HTML, not from the entry chunk", () => {
  const ID = '3f1c2a7e-9b1d-4c55-8a2e-6d0f4b8e1a90';
  beforeEach(() => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/remotes.json' ? response(manifest) : response({ supabaseUrl: 'http://db.test/', supabaseAnonKey: 'anon' }),
    );
  });
  afterEach(() => localStorage.clear());

  const dataCalls = () =>
    fetchMock.mock.calls
      .filter(([url]) => String(url).startsWith('http://db.test'))
      .map(([url, init]: [string, RequestInit]) => ({ url: decodeURIComponent(url), method: init.method, body: init.body }));

  test.each([
    // shell/server/first-reads.ts wrote them into the page (first-html.spec.ts): no request here.
    ['a profile', `/provider/${ID}`, ''],
    ['a search', '/', '?q=%20%20nal%20%20mistri '],
    ['a search with a filter', '/', '?q=nal&rating=4'],
    ['a category list', '/', '?category=plumber'],
    ['a malformed profile id', '/provider/42', ''],
    ['the home page', '/', ''],
  ])('no data request for %s', async (_what, pathname, search) => {
    load().startPreload({ config: '/config.json', remotes: '/remotes.json' }, pathname, search);
    await flush();
    expect(dataCalls()).toEqual([]);
  });

  test('nothing with a stored session (the reads then go through supabase-js with its token)', async () => {
    localStorage.setItem('city-auth-token', '{}');
    load().startPreload({ config: '/config.json', remotes: '/remotes.json' }, `/provider/${ID}`, '');
    await flush();
    expect(dataCalls()).toEqual([]);
  });
});
