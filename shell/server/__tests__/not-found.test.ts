/**
 * @jest-environment node
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isUnknownPage, pageOrNotFoundRoute } from '../not-found';
import { PROVIDER_NOT_LISTED, providerOgRoute, type OgProvider } from '../provider-og';
import { StaticServer } from '../static-server';

const SHELL_HTML = `<!doctype html>
<html lang="hi">
  <head>
    <title>शहर सेवा</title>
  </head>
  <body>
    <div id="root">shell page</div>
  </body>
</html>
`;
const ID = '3f1c2a7e-9b1d-4c55-8a2e-6d0f4b8e1a90';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const ramesh: OgProvider = {
  name: 'Ramesh Kumar',
  business_name: null,
  category: '🔧 प्लंबर',
  avg_rating: 4,
  rating_count: 2,
  verified: true,
};
const NOINDEX = '<meta name="robots" content="noindex" />';

describe('isUnknownPage', () => {
  it('is true only for paths the route manifest sends to the not-found page', () => {
    for (const path of ['/no-such-page', '/provider', '/provider/x/y', '/admin/extra', '/privacy-policy/more'])
      expect(isUnknownPage(path)).toBe(true);
    for (const path of ['/', '/provider/anything', '/admin', '/admin-login', '/my-listing', '/Privacy-Policy', '/contact/', '/disclaimer'])
      expect(isUnknownPage(path)).toBe(false);
  });
});

describe('the shell server: 404 for pages that do not exist, with the same page', () => {
  const root = mkdtempSync(join(tmpdir(), 'not-found-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>home</title>');
  writeFileSync(join(root, 'shell.html'), SHELL_HTML);
  writeFileSync(join(root, 'manifest.webmanifest'), '{}');
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
  const readProfile = jest.fn(async (id: string) => ({ provider: id === ID ? ramesh : PROVIDER_NOT_LISTED, reads: null }));
  const server = new StaticServer({
    root,
    port: 0,
    spaFallback: true,
    fallbackFile: 'shell.html',
    routes: { '/config.json': () => ({ type: 'application/json', body: '{}' }) },
    fallbackRoute: pageOrNotFoundRoute(
      providerOgRoute({
        publicOrigin: 'https://city.example.in',
        indexHtml: () => SHELL_HTML,
        readProfile,
      }),
      () => SHELL_HTML,
    ),
  });
  beforeAll(() => server.start());
  afterAll(() => server.stop());
  beforeEach(() => readProfile.mockClear());

  it.each(['/no-such-page', '/no-such-page/', '/provider', '/admin/extra', '/%E0%A4%95'])(
    '%s: 404 with the shell page, not indexed',
    async (path) => {
      const res = await fetch(server.url + path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await res.text();
      expect(html).toContain('shell page');
      expect(html).toContain(NOINDEX);
      expect(readProfile).not.toHaveBeenCalled();
    },
  );

  it('a profile path whose id is no UUID: 404 with the shell page, without asking the database', async () => {
    for (const path of ['/provider/not-a-uuid', '/provider/123/', '/Provider/abc']) {
      const res = await fetch(server.url + path);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain('shell page');
      expect(html).toContain(NOINDEX);
    }
    expect(readProfile).not.toHaveBeenCalled();
  });

  it('a profile: 200 for a listed provider, 404 for an unknown one', async () => {
    const listed = await fetch(`${server.url}/provider/${ID}`);
    expect(listed.status).toBe(200);
    expect(await listed.text()).not.toContain(NOINDEX);
    expect((await fetch(`${server.url}/provider/${UNKNOWN_ID}`)).status).toBe(404);
    expect(readProfile).toHaveBeenCalledTimes(2);
  });

  it.each(['/privacy-policy', '/terms-conditions', '/disclaimer', '/contact', '/Contact/', '/admin', '/admin-login', '/my-listing'])(
    '%s: 200 with the shell page',
    async (path) => {
      const res = await fetch(server.url + path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('shell page');
      expect(html).not.toContain(NOINDEX);
    },
  );

  it('files and generated files are served as before; a missing file is a plain 404', async () => {
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    expect((await fetch(`${server.url}/manifest.webmanifest`)).status).toBe(200);
    expect((await fetch(`${server.url}/assets/app.js`)).status).toBe(200);
    expect((await fetch(`${server.url}/config.json`)).status).toBe(200);
    const missing = await fetch(`${server.url}/assets/missing.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('Not found');
  });
});
