/**
 * @jest-environment node
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPublicRequest, firstReadKey, PROFILE_PROVIDER_COLUMNS, profileFirstReads, type FirstReads } from '@city/shared/contracts';
import { providerIdFromPath } from '../first-reads';
import { providerFromFirstReads } from '../profile-reads';
import {
  BOOT_CONTENT_MARKER,
  escapeHtml,
  PROVIDER_NOT_LISTED,
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
    expect(providerIdFromPath(`/Provider/${ID}`)).toBe(ID);
    expect(providerIdFromPath('/provider/123')).toBeNull();
    expect(providerIdFromPath(`/provider/${ID}/reviews`)).toBeNull();
    expect(providerIdFromPath('/provider/%E0%A4')).toBeNull();
    expect(providerIdFromPath('/')).toBeNull();
  });
});

describe("providerFromFirstReads: the preview's provider from the profile's first reads", () => {
  const data = { supabaseUrl: 'http://db.local:54321/', supabaseAnonKey: 'anon-key' };
  const row = {
    name: 'Ramesh Kumar',
    business_name: null,
    category: '🔧 प्लंबर',
    verified: true,
    address: 'Lalbagh, Sitapur',
    mobile: '9876543210',
  };
  /** First reads as readFirstReads keeps them: the answers that came back 200, by request. */
  const reads = (answers: { row?: unknown; ratings?: unknown }): FirstReads => {
    const [rowRead, ratingsRead] = profileFirstReads(ID);
    const key = (target: typeof rowRead) => firstReadKey(buildPublicRequest(target!, data));
    return {
      at: Date.now(),
      reads: [
        ...(answers.row === undefined ? [] : [{ key: key(rowRead), status: 200, body: JSON.stringify(answers.row) }]),
        ...(answers.ratings === undefined ? [] : [{ key: key(ratingsRead), status: 200, body: JSON.stringify(answers.ratings) }]),
      ],
    };
  };

  it('takes the row and its average from the reads the profile remote makes', () => {
    const p = providerFromFirstReads(ID, reads({ row: [row], ratings: [{ provider_id: ID, avg_rating: '4.5', rating_count: 2 }] }), data);
    expect(p).toEqual({ ...row, avg_rating: 4.5, rating_count: 2 });
    // The profile's own first read of the row, as the anon role (RLS: approved providers only).
    const [rowRead] = profileFirstReads(ID);
    const request = buildPublicRequest(rowRead!, data);
    expect(request.url).toBe(
      `http://db.local:54321/rest/v1/service_providers?${new URLSearchParams({ select: PROFILE_PROVIDER_COLUMNS, id: `eq.${ID}` }).toString()}`,
    );
    expect(request.init.headers).toMatchObject({ apikey: 'anon-key', Authorization: 'Bearer anon-key' });
  });

  it('shows what the public profile shows, never anything else of the row', () => {
    const p = providerFromFirstReads(ID, reads({ row: [{ ...row, aadhaar_number: '234567890124', review_text: 'x' }] }), data);
    expect(Object.keys(p as object).sort()).toEqual([
      'address',
      'avg_rating',
      'business_name',
      'category',
      'mobile',
      'name',
      'rating_count',
      'verified',
    ]);
  });

  it('gives 0 ratings when the provider is unrated or the average did not come', () => {
    expect(providerFromFirstReads(ID, reads({ row: [row], ratings: [] }), data)).toMatchObject({ avg_rating: 0, rating_count: 0 });
    expect(providerFromFirstReads(ID, reads({ row: [row] }), data)).toMatchObject({ name: 'Ramesh Kumar', rating_count: 0 });
  });

  it('is NOT_LISTED when the row read answered no row; null when it did not come (an error or a timeout)', () => {
    expect(providerFromFirstReads(ID, reads({ row: [], ratings: [] }), data)).toBe(PROVIDER_NOT_LISTED);
    expect(providerFromFirstReads(ID, reads({ ratings: [] }), data)).toBeNull();
    expect(providerFromFirstReads(ID, null, data)).toBeNull();
  });
});

describe('providerOgRoute: og:url from the configured public origin', () => {
  const readProfile = jest.fn(async (_id: string) => ({ provider: ramesh, reads: null }));
  const route = providerOgRoute({
    publicOrigin: 'https://city.example.in',
    indexHtml: () => SHELL_HTML,
    lang: 'en',
    readProfile,
  });
  const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http', forwarded: 'host=evil.example' };

  it('ignores a forged Host header (and forwarded-host headers)', async () => {
    const req = { url: `/provider/${ID}`, headers: FORGED };
    const out = await route(req);
    expect(meta(out!.body, 'og:url')).toEqual([`https://city.example.in/provider/${ID}`]);
    expect(out!.body).not.toContain('evil.example');
    expect(readProfile).toHaveBeenCalledWith(ID);
  });

  it('answers only profile paths; one whose id is no UUID is a 404 without a database read', async () => {
    expect(await route({ url: '/about' })).toBeNull();
    readProfile.mockClear();
    const malformed = await route({ url: '/provider/not-an-id' });
    expect(malformed!.status).toBe(404);
    expect(malformed!.body).toContain('<meta name="robots" content="noindex" />');
    expect(readProfile).not.toHaveBeenCalled();
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
    expect(() => providerOgRoute({ publicOrigin: 'not a url', indexHtml: () => SHELL_HTML, readProfile })).toThrow(/public origin/);
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

describe("a profile's first HTML: text, JSON-LD, preview card", () => {
  const SKELETON_HTML = SHELL_HTML.replace(
    '<div id="root"></div>',
    `<div id="root"></div><div id="boot-skeleton"><main class="site-main" aria-busy="true">${BOOT_CONTENT_MARKER}<p>Loading…</p></main></div>`,
  );
  const full: OgProvider = { ...ramesh, address: 'Lalbagh, Sitapur', mobile: '9876543210' };
  const jsonLd = (html: string) => {
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(blocks).toHaveLength(1);
    return JSON.parse(blocks[0]!) as Record<string, unknown>;
  };

  it('carries the name, category, area and rating as text where the skeleton takes them', () => {
    const html = renderProviderOgTags(SKELETON_HTML, full, 'hi', URL_, { imageUrl: 'https://example.in/og/plumber.png' });
    expect(html).not.toContain(BOOT_CONTENT_MARKER);
    const block = /<div class="boot-skeleton__content"[\s\S]*?<\/div>/.exec(html)![0];
    expect(block).toContain('<h1 class="boot-skeleton__title">Ramesh Kumar</h1>');
    expect(block).toContain('Ramesh Plumbing Works');
    expect(block).toMatch(
      /data-boot-lang="hi" lang="hi"><span>प्लंबर<\/span> · <span>Lalbagh, Sitapur<\/span> · <span>★ 5 में से ४\.३|★ 5 में से 4\.3/,
    );
    expect(block).toContain('<span>Plumber</span> · <span>Lalbagh, Sitapur</span> · <span>★ 4.3/5 (12 ratings)</span>');
    // before the loading line, inside the skeleton's main region
    expect(html.indexOf('boot-skeleton__title')).toBeLessThan(html.indexOf('Loading…'));
  });

  it('describes the provider as a schema.org LocalBusiness: no Aadhaar, the rating only when rated', () => {
    const html = renderProviderOgTags(SKELETON_HTML, { ...full, aadhaar: '234567890124' } as OgProvider, 'en', URL_, {
      imageUrl: 'https://example.in/og/plumber.png',
    });
    expect(jsonLd(html)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      '@id': URL_,
      url: URL_,
      name: 'Ramesh Plumbing Works',
      employee: { '@type': 'Person', name: 'Ramesh Kumar' },
      description: 'Plumber',
      image: 'https://example.in/og/plumber.png',
      telephone: '+919876543210',
      address: { '@type': 'PostalAddress', streetAddress: 'Lalbagh, Sitapur', addressCountry: 'IN' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.3, ratingCount: 12, bestRating: 5, worstRating: 1 },
    });
    expect(html).not.toContain('234567890124');
    const unrated = jsonLd(renderProviderOgTags(SKELETON_HTML, { ...full, rating_count: 0, avg_rating: 0 }, 'en', URL_));
    expect(unrated).not.toHaveProperty('aggregateRating');
    expect(unrated).not.toHaveProperty('image');
  });

  it('escapes hostile text in the block and the JSON-LD: nothing ends the script or adds markup', () => {
    const evil: OgProvider = {
      ...full,
      name: '</script><script>alert(1)</script><!--',
      business_name: '<img src=x onerror=alert(2)>',
      address: 'Gali "5" & <b>Lane</b>\u2028',
    };
    const html = renderProviderOgTags(SKELETON_HTML, evil, 'en', URL_);
    expect(html.match(/<script/g)).toHaveLength(1); // the JSON-LD block only
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<!--<');
    const data = jsonLd(html);
    expect(data.employee).toEqual({ '@type': 'Person', name: '</script><script>alert(1)</script><!--' });
    expect((data.address as Record<string, string>).streetAddress).toBe('Gali "5" & <b>Lane</b>');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--');
  });

  it('has the category card as og:image (large card) and a canonical URL', () => {
    const html = renderProviderOgTags(SHELL_HTML, full, 'en', URL_, { imageUrl: 'https://example.in/og/plumber.png' });
    expect(meta(html, 'og:image')).toEqual(['https://example.in/og/plumber.png']);
    expect(meta(html, 'og:image:width')).toEqual(['1200']);
    expect(meta(html, 'twitter:card')).toEqual(['summary_large_image']);
    expect(meta(html, 'twitter:image')).toEqual(['https://example.in/og/plumber.png']);
    expect(html).toContain(`<link rel="canonical" href="${URL_}" />`);
  });

  it("the route: the card of the provider's category; 404 + noindex for an unlisted id; the page as it is when the database is down", async () => {
    const base = { publicOrigin: 'https://city.example.in', indexHtml: () => SKELETON_HTML };
    const provider = (p: OgProvider | typeof PROVIDER_NOT_LISTED | null) => async () => ({ provider: p, reads: null });
    const listed = await providerOgRoute({ ...base, readProfile: provider(full) })({ url: `/provider/${ID}` });
    expect(listed!.status ?? 200).toBe(200);
    expect(meta(listed!.body, 'og:image')).toEqual(['https://city.example.in/og/plumber.png']);
    const other = await providerOgRoute({ ...base, readProfile: provider({ ...full, category: 'OTHERS: Bakery' }) })({
      url: `/provider/${ID}`,
    });
    expect(meta(other!.body, 'og:image')).toEqual(['https://city.example.in/og/site.png']);

    const gone = await providerOgRoute({ ...base, readProfile: provider(PROVIDER_NOT_LISTED) })({ url: `/provider/${ID}` });
    expect(gone!.status).toBe(404);
    expect(gone!.body).toContain('<meta name="robots" content="noindex" />');
    expect(gone!.body).not.toContain('application/ld+json');
    expect(gone!.body).toContain(BOOT_CONTENT_MARKER);

    const down = await providerOgRoute({ ...base, readProfile: provider(null) })({ url: `/provider/${ID}` });
    expect(down!.status ?? 200).toBe(200);
    expect(down!.body).toBe(SKELETON_HTML);
  });
});
