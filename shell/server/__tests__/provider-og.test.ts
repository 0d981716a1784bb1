/**
 * @jest-environment node
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  escapeHtml,
  fetchProviderForOg,
  providerIdFromPath,
  providerOgRoute,
  publicOriginOf,
  renderProviderOgTags,
  type OgProvider,
} from '../provider-og';
import { StaticServer } from '../static-server';

const SHELL_HTML = `<!doctype html>
<html lang="hi">
  <head>
    <meta charset="utf-8" />
    <meta name="description" content="आपका शहर, आपकी सेवाएं" />
    <title>City Services</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const ID = '3f1c2a7e-9b1d-4c55-8a2e-6d0f4b8e1a90';
const URL_ = `https://example.in/provider/${ID}`;
const ramesh: OgProvider = {
  name: 'Ramesh Kumar',
  business_name: 'Ramesh Plumbing Works',
  category: '🔧 प्लंबर',
  avg_rating: 4.25,
  rating_count: 12,
  verified: true,
};

/** The content of a meta tag as a browser (or a chat app's crawler) would read it. */
function meta(html: string, key: string): string[] {
  const re = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`, 'g');
  return [...html.matchAll(re)].map((m) =>
    m[1]!
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
}
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('renderProviderOgTags', () => {
  it('puts the name, category, rating, URL and site into the head (English)', () => {
    const html = renderProviderOgTags(SHELL_HTML, ramesh, 'en', URL_);
    expect(meta(html, 'og:title')).toEqual(['Ramesh Kumar – Ramesh Plumbing Works']);
    expect(meta(html, 'og:description')).toEqual(['Plumber · ★ 4.3/5 (12 ratings) · Verified · Ramesh Plumbing Works']);
    expect(meta(html, 'og:url')).toEqual([URL_]);
    expect(meta(html, 'og:type')).toEqual(['website']);
    expect(meta(html, 'og:site_name')).toEqual(['City Services']);
    expect(meta(html, 'og:locale')).toEqual(['en_IN']);
    expect(meta(html, 'twitter:card')).toEqual(['summary']);
    expect(meta(html, 'twitter:title')).toEqual(['Ramesh Kumar – Ramesh Plumbing Works']);
    expect(meta(html, 'description')).toEqual(['Plumber · ★ 4.3/5 (12 ratings) · Verified · Ramesh Plumbing Works']);
    expect(title(html)).toBe('Ramesh Kumar | City Services');
    expect(html).toMatch(/<html lang="en">/);
    // Tags are inside <head>, the page body is untouched.
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<div id="root"></div>');
  });

  it('speaks Hindi: category name and rating wording in Hindi', () => {
    const html = renderProviderOgTags(
      SHELL_HTML,
      { ...ramesh, business_name: null, verified: false, rating_count: 1, avg_rating: 5 },
      'hi',
      URL_,
    );
    expect(meta(html, 'og:title')).toEqual(['Ramesh Kumar']);
    expect(meta(html, 'og:description')).toEqual(['प्लंबर · ★ 5 में से 5.0 (1 रेटिंग)']);
    expect(meta(html, 'og:site_name')).toEqual(['शहर सेवा']);
    expect(title(html)).toBe('Ramesh Kumar | शहर सेवा');
    expect(html).toMatch(/<html lang="hi">/);
  });

  it('says when nobody has rated yet, and shows a free-text category as typed', () => {
    const html = renderProviderOgTags(
      SHELL_HTML,
      { ...ramesh, category: 'OTHERS: Tiffin service', avg_rating: 0, rating_count: 0, verified: false, business_name: null },
      'en',
      URL_,
    );
    expect(meta(html, 'og:description')).toEqual(['Tiffin service · No ratings yet']);
  });

  it('escapes free text: no markup, no broken attributes, no replacement patterns', () => {
    const evil: OgProvider = { ...ramesh, name: `"><script>alert('x')</script> $& $1 $'`, business_name: null };
    const html = renderProviderOgTags(SHELL_HTML, evil, 'en', URL_);
    expect(html).not.toContain('<script>');
    expect(meta(html, 'og:title')).toEqual([`"><script>alert('x')</script> $& $1 $'`]);
    expect(html).toContain('&lt;/script&gt; $&amp; $1 $&#39; | City Services</title>');
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('keeps previews to one short line', () => {
    const html = renderProviderOgTags(SHELL_HTML, { ...ramesh, name: 'A\nB\u0000C  D', business_name: 'x'.repeat(500) }, 'en', URL_);
    expect(meta(html, 'og:title')[0]).toMatch(/^A B C D – x+…$/);
    expect([...meta(html, 'og:description')[0]!].length).toBeLessThanOrEqual(200);
  });

  it('replaces existing preview tags instead of duplicating them', () => {
    const withDefaults = SHELL_HTML.replace(
      '</head>',
      '    <meta property="og:title" content="City Services" />\n    <meta name="twitter:card" content="summary_large_image" />\n  </head>',
    );
    const html = renderProviderOgTags(withDefaults, ramesh, 'en', URL_);
    expect(meta(html, 'og:title')).toEqual(['Ramesh Kumar – Ramesh Plumbing Works']);
    expect(meta(html, 'twitter:card')).toEqual(['summary']);
  });

  it('leaves out og:url when the page URL is not an http(s) URL', () => {
    expect(meta(renderProviderOgTags(SHELL_HTML, ramesh, 'en', 'javascript:alert(1)'), 'og:url')).toEqual([]);
  });

  it('returns the page unchanged without a provider', () => {
    expect(renderProviderOgTags(SHELL_HTML, null, 'en', URL_)).toBe(SHELL_HTML);
  });
});

describe('providerIdFromPath', () => {
  it('accepts /provider/<uuid> only', () => {
    expect(providerIdFromPath(`/provider/${ID}`)).toBe(ID);
    expect(providerIdFromPath(`/provider/${ID.toUpperCase()}/`)).toBe(ID);
    expect(providerIdFromPath('/provider/123')).toBeNull();
    expect(providerIdFromPath(`/provider/${ID}/reviews`)).toBeNull();
    expect(providerIdFromPath('/provider/%E0%A4')).toBeNull();
    expect(providerIdFromPath('/')).toBeNull();
  });
});

describe('fetchProviderForOg', () => {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const row = { name: 'Ramesh Kumar', business_name: null, category: '🔧 प्लंबर', verified: true };

  it('reads the approved row and its average with the anon key', async () => {
    const fetchMock = jest.fn(async (url: string | URL | Request, _init?: RequestInit) =>
      String(url).includes('/rpc/') ? json([{ provider_id: ID, avg_rating: '4.5', rating_count: 2 }]) : json([row]),
    );
    const p = await fetchProviderForOg('http://db.local:54321/', 'anon-key', ID, { fetch: fetchMock as typeof fetch });
    expect(p).toEqual({ name: 'Ramesh Kumar', business_name: null, category: '🔧 प्लंबर', verified: true, avg_rating: 4.5, rating_count: 2 });

    const [rowUrl, rowInit] = fetchMock.mock.calls.find(([u]) => !String(u).includes('/rpc/'))!;
    const u = new URL(String(rowUrl));
    expect(u.origin + u.pathname).toBe('http://db.local:54321/rest/v1/service_providers');
    expect(u.searchParams.get('id')).toBe(`eq.${ID}`);
    expect(u.searchParams.get('status')).toBe('eq.approved');
    expect(u.searchParams.get('select')).not.toMatch(/mobile|aadha/);
    expect(rowInit?.headers).toMatchObject({ apikey: 'anon-key', Authorization: 'Bearer anon-key' });

    const [rpcUrl, rpcInit] = fetchMock.mock.calls.find(([u2]) => String(u2).includes('/rpc/'))!;
    expect(String(rpcUrl)).toBe('http://db.local:54321/rest/v1/rpc/get_average_ratings');
    expect(rpcInit?.method).toBe('POST');
    expect(JSON.parse(String(rpcInit?.body))).toEqual({ p_provider_ids: [ID] });
  });

  it('gives 0 ratings when the provider is unrated or the average call fails', async () => {
    const unrated = jest.fn(async (url: string | URL | Request) => (String(url).includes('/rpc/') ? json([]) : json([row])));
    expect(await fetchProviderForOg('http://db', 'k', ID, { fetch: unrated as typeof fetch })).toMatchObject({
      avg_rating: 0,
      rating_count: 0,
    });
    const rpcDown = jest.fn(async (url: string | URL | Request) =>
      String(url).includes('/rpc/') ? json({ message: 'x' }, 500) : json([row]),
    );
    expect(await fetchProviderForOg('http://db', 'k', ID, { fetch: rpcDown as typeof fetch })).toMatchObject({
      name: 'Ramesh Kumar',
      rating_count: 0,
    });
  });

  it('is null for an unknown or unlisted id, a malformed id, an error or a timeout', async () => {
    const none = jest.fn(async (url: string | URL | Request) => (String(url).includes('/rpc/') ? json([]) : json([])));
    expect(await fetchProviderForOg('http://db', 'k', ID, { fetch: none as typeof fetch })).toBeNull();

    const malformed = jest.fn();
    expect(await fetchProviderForOg('http://db', 'k', "1' or 1=1", { fetch: malformed as typeof fetch })).toBeNull();
    expect(malformed).not.toHaveBeenCalled();

    const down = jest.fn(async () => {
      throw new TypeError('fetch failed');
    });
    expect(await fetchProviderForOg('http://db', 'k', ID, { fetch: down as typeof fetch })).toBeNull();

    const hanging = jest.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const started = Date.now();
    expect(await fetchProviderForOg('http://db', 'k', ID, { fetch: hanging as typeof fetch, timeoutMs: 50 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('providerOgRoute: og:url from the configured public origin', () => {
  const fetchProvider = jest.fn(async () => ramesh);
  const route = providerOgRoute({
    publicOrigin: 'https://city.example.in',
    supabaseUrl: 'http://db',
    supabaseAnonKey: 'k',
    indexHtml: () => SHELL_HTML,
    lang: 'en',
    fetchProvider,
  });
  const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http', forwarded: 'host=evil.example' };

  it('ignores a forged Host header (and forwarded-host headers)', async () => {
    const req = { url: `/provider/${ID}`, headers: FORGED };
    const out = await route(req);
    expect(meta(out!.body, 'og:url')).toEqual([`https://city.example.in/provider/${ID}`]);
    expect(out!.body).not.toContain('evil.example');
    expect(fetchProvider).toHaveBeenCalledWith('http://db', 'k', ID);
  });

  it('answers only profile paths', async () => {
    expect(await route({ url: '/about' })).toBeNull();
    expect(await route({ url: '/provider/not-an-id' })).toBeNull();
  });

  it('over HTTP: a request with a forged Host header gets the configured origin in og:url', async () => {
    const port = await freePort();
    const root = mkdtempSync(join(tmpdir(), 'og-route-'));
    writeFileSync(join(root, 'index.html'), SHELL_HTML);
    const server = new StaticServer({ root, port, spaFallback: true, fallbackRoute: route });
    await server.start();
    try {
      const html = await rawGet(port, `/provider/${ID}`, FORGED);
      expect(meta(html, 'og:url')).toEqual([`https://city.example.in/provider/${ID}`]);
      expect(html).not.toContain('evil.example');
    } finally {
      await server.stop();
    }
  });

  it('accepts only an http(s) origin as configuration', () => {
    expect(publicOriginOf('https://city.example.in')).toBe('https://city.example.in');
    expect(publicOriginOf('https://City.Example.in/')).toBe('https://city.example.in');
    expect(publicOriginOf('http://localhost:3000')).toBe('http://localhost:3000');
    for (const bad of [
      'city.example.in',
      'javascript:alert(1)',
      'ftp://city.example.in',
      'https://city.example.in/app',
      'https://u:p@city.example.in',
      'https://city.example.in/?x=1',
    ]) {
      expect(() => publicOriginOf(bad)).toThrow(/public origin/);
    }
    expect(() =>
      providerOgRoute({ publicOrigin: 'not a url', supabaseUrl: 'http://db', supabaseAnonKey: 'k', indexHtml: () => SHELL_HTML }),
    ).toThrow(/public origin/);
  });
});

/** A port nothing listens on (other test runs may share this machine). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** GET with headers fetch() would not send as given (Host). */
function rawGet(port: number, path: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}
