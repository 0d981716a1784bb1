import { REMOTE_PARAMS, ROUTE_MANIFEST } from '@city/shared/contracts';
import { PRERENDER_SCOPE, prerenderApplies, type PrerenderScope } from '../prerender-scope';

const applies = (pathname: string, search: string, stored: string | null) => prerenderApplies(pathname, search, stored, PRERENDER_SCOPE);

describe('prerenderApplies: may the prerendered home (Hindi, category grid) be shown?', () => {
  it('is true for / in Hindi, chosen or by default, and with campaign parameters', () => {
    expect(applies('/', '', null)).toBe(true);
    expect(applies('/', '', 'hi')).toBe(true);
    expect(applies('/', '?utm_source=whatsapp&utm_medium=share&fbclid=x&gclid=y', null)).toBe(true);
  });

  it('is false when the app would render something else', () => {
    expect(applies('/', '', 'en')).toBe(false);
    expect(applies('/', '?category=plumber', null)).toBe(false);
    expect(applies('/', '?q=plumber', null)).toBe(false);
    expect(applies('/', '?register=1', null)).toBe(false);
    expect(applies('/', '?services=all&utm_source=x', null)).toBe(false);
    // A parameter the manifest does not know (a remote deployed after this shell may read it).
    expect(applies('/', '?area=civil-lines', null)).toBe(false);
    expect(applies('/contact', '', null)).toBe(false);
    expect(applies('/provider/1', '', 'hi')).toBe(false);
  });

  it('takes a language in the URL (the language link) as the choice, over the stored one', () => {
    expect(applies('/', '?lang=en', null)).toBe(false);
    expect(applies('/', '?lang=en', 'hi')).toBe(false);
    expect(applies('/', '?lang=hi', 'en')).toBe(true);
    expect(applies('/', '?lang=hi&utm_source=x', null)).toBe(true);
    expect(applies('/', '?lang=xx', 'en')).toBe(false);
    expect(applies('/', '?lang=xx', null)).toBe(true);
    expect(applies('/', '?lang=hi&category=plumber', null)).toBe(false);
  });

  it('runs on its own with its scope as JSON, as the inline script in <head> runs it (no outer names)', () => {
    const standalone = new Function(`return (${prerenderApplies.toString()})`)() as typeof prerenderApplies;
    const scope = JSON.parse(JSON.stringify(PRERENDER_SCOPE)) as PrerenderScope;
    expect(standalone('/', '?utm_campaign=x', null, scope)).toBe(true);
    expect(standalone('/', '?category=x', null, scope)).toBe(false);
  });
});

describe('the guard agrees with the route manifest', () => {
  const prerendered = ROUTE_MANIFEST.filter((r) => r.prerender);

  it('takes its paths from the routes marked prerender, and only those', () => {
    expect(PRERENDER_SCOPE.paths).toEqual(prerendered.map((r) => r.path));
    for (const route of ROUTE_MANIFEST.filter((r) => !r.prerender && !r.path.includes(':') && r.path !== '*')) {
      expect([route.path, applies(route.path, '', null)]).toEqual([route.path, false]);
    }
  });

  it.each(
    prerendered.flatMap((r) =>
      r.params.flatMap((owner) => Object.values(REMOTE_PARAMS[owner]).map((name) => [r.path, owner, name] as const)),
    ),
  )('%s: %s owns "%s", so it changes the page and the prerendered markup is dropped', (path, _owner, name) => {
    expect(applies(path, `?${name}=1`, null)).toBe(false);
    expect(applies(path, `?utm_source=x&${name}=`, null)).toBe(false);
  });
});

test('the guard’s source has no "<" (inlined into the HTML, read back by the e2e spec with /<script>([^<]*)/)', () => {
  expect(prerenderApplies.toString()).not.toContain('<');
});
