/** @jest-environment node */
import { ROUTE_MANIFEST } from '@city/shared/contracts';
import { dataServicePreconnect } from '../data-preconnect';

const HTML = '<!doctype html><html><head><title>t</title></head><body></body></html>';
const DATA = 'https://abc.supabase.co/';
const preconnects = (html: string) => [...html.matchAll(/<link rel="preconnect" href="([^"]*)" crossorigin>/g)].map((m) => m[1]);

test.each([
  ['a provider profile', '/provider/42', ''],
  ['a category list', '/', '?category=plumber'],
  ['a search', '/', '?q=nal'],
  ['the admin pages', '/admin', ''],
  ["a provider's own listing", '/my-listing', ''],
])('%s opens the connection to the data service from its first HTML, in its head', (_what, pathname, search) => {
  const out = dataServicePreconnect(DATA)(HTML, pathname, search);
  expect(preconnects(out)).toEqual(['https://abc.supabase.co']);
  expect(out.indexOf('rel="preconnect"')).toBeLessThan(out.indexOf('</head>'));
});

test.each([
  ['the home page (no data before the visitor asks)', '/', ''],
  ['a static page', '/privacy-policy', ''],
  ['a path no route matches', '/no/such/page', ''],
])('%s does not', (_what, pathname, search) => {
  expect(dataServicePreconnect(DATA)(HTML, pathname, search)).toBe(HTML);
});

test('the pages follow the route manifest: every route that reads at once gets it, no other', () => {
  const sample = (path: string) => (path === '*' ? '/no/such/page' : path.replace(/:[^/]+/g, 'x1'));
  for (const route of ROUTE_MANIFEST) {
    const out = dataServicePreconnect(DATA)(HTML, sample(route.path), '');
    expect([route.id, preconnects(out).length]).toEqual([route.id, route.data === 'at-once' ? 1 : 0]);
  }
});

test('a data service URL that is no http(s) URL adds nothing', () => {
  for (const bad of ['javascript:alert(1)', 'not a url', 'ftp://abc.example/']) {
    expect(dataServicePreconnect(bad)(HTML, '/provider/42', '')).toBe(HTML);
  }
});
