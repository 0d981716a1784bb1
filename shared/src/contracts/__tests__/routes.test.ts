import { matchRoute, NEUTRAL_PARAMS, REMOTE_PARAMS, ROUTE_MANIFEST, routeById, routeNeedsDataAtOnce } from '../routes';
import { REMOTE_NAMES } from '../remotes';

// The manifest on its own; the shell's tests prove its consumers (router, preload, prerender
// guard) agree with it.

describe('ROUTE_MANIFEST', () => {
  it('has one entry per id and per path, and the catch-all last', () => {
    const ids = ROUTE_MANIFEST.map((r) => r.id);
    const paths = ROUTE_MANIFEST.map((r) => r.path);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.indexOf('*')).toBe(paths.length - 1);
  });

  it('renders only remotes that exist', () => {
    for (const { module } of ROUTE_MANIFEST) if (module) expect(REMOTE_NAMES).toContain(module.remote);
  });

  it('gives each URL parameter one owner, never a neutral name', () => {
    const names = Object.values(REMOTE_PARAMS).flatMap((p) => Object.values(p) as string[]);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(NEUTRAL_PARAMS.names as readonly string[]).not.toContain(name);
      expect(NEUTRAL_PARAMS.prefixes.some((prefix) => name.startsWith(prefix))).toBe(false);
    }
  });

  it('starts data at once only for parameters owned on that route', () => {
    for (const route of ROUTE_MANIFEST) {
      if (typeof route.data !== 'object') continue;
      const owned = route.params.flatMap((owner) => Object.values(REMOTE_PARAMS[owner]) as string[]);
      expect(route.data.atOnceWith.filter((p) => !owned.includes(p))).toEqual([]);
    }
  });
});

describe('matchRoute', () => {
  it.each([
    ['/', 'home'],
    ['/provider/7f1c', 'provider'],
    ['/provider/7f1c/', 'provider'],
    ['/provider/', 'not-found'],
    ['/provider/a/b', 'not-found'],
    ['/admin-login', 'admin-login'],
    ['/Admin', 'admin'],
    ['/admin/x', 'not-found'],
    ['/contact', 'contact'],
    ['/kuch-bhi', 'not-found'],
  ] as const)('%s is %s', (path, id) => {
    expect(matchRoute(path)).toBe(routeById(id));
  });
});

test('routeNeedsDataAtOnce follows each route’s data', () => {
  const home = routeById('home');
  expect(routeNeedsDataAtOnce(home, '')).toBe(false);
  expect(routeNeedsDataAtOnce(home, `?${REMOTE_PARAMS.mf_directory.category}=plumber`)).toBe(true);
  expect(routeNeedsDataAtOnce(home, `?${REMOTE_PARAMS.mf_directory.query}=nal`)).toBe(true);
  expect(routeNeedsDataAtOnce(home, `?${REMOTE_PARAMS.mf_directory.sort}=newly_added`)).toBe(false);
  expect(routeNeedsDataAtOnce(routeById('provider'), '')).toBe(true);
  expect(routeNeedsDataAtOnce(routeById('privacy'), '?q=x')).toBe(false);
});
