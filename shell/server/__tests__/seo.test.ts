/**
 * @jest-environment node
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATEGORIES } from '@city/shared/catalogue';
import { BOOT_CONTENT_MARKER } from '../../src/app/boot-skeleton-markers';
import {
  categoryBootContent,
  categoryFromSearch,
  categoryPageContent,
  jsonLdScript,
  renderCategoryHead,
  renderHomeHead,
  searchBootContent,
  searchQueryFromSearch,
  withBootContent,
} from '../seo';
import { buildSitemaps, fetchApprovedProviderIds, PROVIDER_BATCH, robotsTxt, type ProviderIdPage } from '../sitemap';
import { SitemapCache } from '../sitemap-cache';
import { StaticServer } from '../static-server';

const INDEX = `<!doctype html>
<html lang="hi">
  <head>
    <meta name="description" content="आपका शहर, आपकी सेवाएं" />
    <title>शहर सेवा</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const ORIGIN = 'https://city.example.in';
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

describe('jsonLdScript', () => {
  it('cannot be closed or commented out by its data, and parses back to the same data', () => {
    const data = { name: '</script><script>alert(1)</script>', note: '<!-- x --> & \u2028 \u2029' };
    const tag = jsonLdScript(data);
    const inner = /^<script type="application\/ld\+json">([\s\S]*)<\/script>$/.exec(tag)![1]!;
    expect(inner).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(inner)).toEqual(data);
  });
});

describe('category pages: /?category=<id>', () => {
  it('takes only a catalogue id from the query', () => {
    expect(categoryFromSearch('?category=plumber')?.id).toBe('plumber');
    expect(categoryFromSearch('?q=x&category=tractor')?.id).toBe('tractor');
    expect(categoryFromSearch('?category=others')).toBeNull();
    expect(categoryFromSearch('?category=%3Cscript%3E')).toBeNull();
    expect(categoryFromSearch('')).toBeNull();
  });

  it("has the category's own title, description, canonical URL and card, in Hindi and English", () => {
    const plumber = CATEGORIES.find((c) => c.id === 'plumber')!;
    const hi = renderCategoryHead(INDEX, plumber, 'hi', ORIGIN);
    expect(hi).toContain('<title>प्लंबर: फ़ोन नंबर और रेटिंग | शहर सेवा</title>');
    expect(hi).toMatch(/<meta name="description" content="नल, पाइप[^"]*अपने पास के प्लंबर खोजें[^"]*" \/>/);
    expect(hi).toContain(`<link rel="canonical" href="${ORIGIN}/?category=plumber" />`);
    expect(hi).toContain(`<meta property="og:image" content="${ORIGIN}/og/plumber.png" />`);
    expect(hi.match(/<title>/g)).toHaveLength(1);
    expect(hi.match(/name="description"/g)).toHaveLength(1);
    const en = renderCategoryHead(INDEX, plumber, 'en', ORIGIN);
    expect(en).toContain('<title>Plumber: phone numbers and ratings | City Services</title>');
    expect(en).toContain('<html lang="en">');
  });

  it('every category has a title and a description of its own', () => {
    const titles = new Set<string>();
    for (const c of CATEGORIES) {
      const html = renderCategoryHead(INDEX, c, 'hi', ORIGIN);
      titles.add(/<title>([^<]*)<\/title>/.exec(html)![1]!);
      expect(/<meta name="description" content="([^"]*)"/.exec(html)![1]!.length).toBeGreaterThan(40);
    }
    expect(titles.size).toBe(CATEGORIES.length);
  });
});

describe("a list's and a search's first paint: the boot skeleton's text", () => {
  const plumber = CATEGORIES.find((c) => c.id === 'plumber')!;
  const text = (html: string, lang: 'hi' | 'en') =>
    new RegExp(
      `<div class="boot-skeleton__lang" data-boot-lang="${lang}" lang="${lang}"><h1 class="boot-skeleton__title">([^<]*)</h1><p class="boot-skeleton__desc">([^<]*)</p></div>`,
    )
      .exec(html)
      ?.slice(1);

  it("a category list paints its name and description in both languages (the skeleton shows the visitor's)", () => {
    const html = categoryBootContent(plumber);
    expect(text(html, 'hi')).toEqual(['प्लंबर', categoryPageContent(plumber, 'hi').description]);
    expect(text(html, 'en')).toEqual(['Plumber', categoryPageContent(plumber, 'en').description]);
  });

  it('a search paints what it looks for, escaped, as the directory sends it', () => {
    const query = searchQueryFromSearch('?q=%3Cimg+src%3Dx+onerror%3Dalert(1)%3E++%0A+nal');
    expect(query).toBe('<img src=x onerror=alert(1)> nal');
    const html = searchBootContent(query);
    expect(html).not.toContain('<img');
    expect(text(html, 'hi')![0]).toBe('“&lt;img src=x onerror=alert(1)&gt; nal” की खोज');
    expect(text(html, 'en')![1]).toContain('matching “&lt;img src=x onerror=alert(1)&gt; nal”');
    expect(searchQueryFromSearch(`?q=${'a'.repeat(150)}`)).toHaveLength(100);
    expect(searchQueryFromSearch('?q=+++')).toBe('');
  });

  it('goes where the skeleton takes it; HTML without the marker is unchanged', () => {
    const html = `<main>${BOOT_CONTENT_MARKER}</main>`;
    expect(withBootContent(html, '<p>$&</p>')).toBe('<main><p>$&</p></main>');
    expect(withBootContent('<main></main>', '<p>x</p>')).toBe('<main></main>');
  });
});

describe('robots.txt and sitemaps', () => {
  it('robots.txt allows the site, keeps crawlers out of the operator pages, and names the sitemap', () => {
    const txt = robotsTxt(ORIGIN);
    expect(txt).toMatch(/^User-agent: \*$/m);
    expect(txt).toMatch(/^Disallow: \/admin$/m);
    expect(txt).toMatch(/^Disallow: \/admin-login$/m);
    expect(txt).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  /** A fake id source: `n` sorted ids in batches of PROVIDER_BATCH, like the REST API. */
  const idSource = (n: number) => {
    const all = Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const calls: (string | null)[] = [];
    const next = async (after: string | null): Promise<ProviderIdPage> => {
      calls.push(after);
      const start = after ? all.indexOf(after) + 1 : 0;
      const ids = all.slice(start, start + PROVIDER_BATCH);
      return { ids, next: ids.length === PROVIDER_BATCH ? ids[ids.length - 1]! : null };
    };
    return { all, calls, next };
  };

  it('splits the providers into files of at most the page size, listed by the index with the categories', async () => {
    const src = idSource(2500);
    const { files, providers } = await buildSitemaps(ORIGIN, src.next, 1000);
    expect(providers).toBe(2500);
    expect(src.calls).toEqual([null, src.all[999], src.all[1999]]);
    expect(locs(files.get('/sitemap.xml')!)).toEqual([
      `${ORIGIN}/sitemap-categories.xml`,
      `${ORIGIN}/sitemap-providers-1.xml`,
      `${ORIGIN}/sitemap-providers-2.xml`,
      `${ORIGIN}/sitemap-providers-3.xml`,
    ]);
    expect(files.get('/sitemap.xml')).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const pages = [1, 2, 3].map((n) => locs(files.get(`/sitemap-providers-${n}.xml`)!));
    expect(pages.map((p) => p.length)).toEqual([1000, 1000, 500]);
    expect(pages.flat()).toEqual(src.all.map((id) => `${ORIGIN}/provider/${id}`));
    const categories = locs(files.get('/sitemap-categories.xml')!);
    expect(categories).toEqual([`${ORIGIN}/`, ...CATEGORIES.map((c) => `${ORIGIN}/?category=${c.id}`)]);
  });

  it('with no approved providers: one empty provider file, still valid', async () => {
    const { files } = await buildSitemaps(ORIGIN, idSource(0).next);
    expect(locs(files.get('/sitemap-providers-1.xml')!)).toEqual([]);
    expect(files.has('/sitemap-providers-2.xml')).toBe(false);
  });

  it('reads approved ids over REST in id order, after the last one (keyset), with the anon key', async () => {
    const fetchMock = jest.fn(
      async (_url: string | URL | Request, _init?: RequestInit) => new Response(JSON.stringify([{ id: 'a' }, { id: 'b' }])),
    );
    const page = await fetchApprovedProviderIds('http://db/', 'anon', 'x-1', { fetch: fetchMock as typeof fetch });
    expect(page).toEqual({ ids: ['a', 'b'], next: null });
    const u = new URL(String(fetchMock.mock.calls[0]![0]));
    expect(u.pathname).toBe('/rest/v1/service_providers');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      select: 'id',
      status: 'eq.approved',
      order: 'id.asc',
      limit: String(PROVIDER_BATCH),
      id: 'gt.x-1',
    });
    expect(fetchMock.mock.calls[0]![1]?.headers).toMatchObject({ apikey: 'anon' });
    await expect(
      fetchApprovedProviderIds('http://db', 'anon', null, { fetch: (async () => new Response('no', { status: 500 })) as typeof fetch }),
    ).rejects.toThrow('HTTP 500');
  });
});

describe('SitemapCache', () => {
  const files = (tag: string) => ({ files: new Map([['/sitemap.xml', `<x>${tag}</x>`]]), providers: 1 });

  it('builds once for concurrent requests, then serves the same files until the hour is over', async () => {
    let now = 0;
    let version = 0;
    const build = jest.fn(async () => files(String(++version)));
    const cache = new SitemapCache(build, 3600_000, () => now);
    const [a, b] = await Promise.all([cache.get('/sitemap.xml'), cache.get('/sitemap.xml')]);
    expect(build).toHaveBeenCalledTimes(1);
    expect(a).toEqual(b);
    expect(a!.etag).toMatch(/^"[\w-]+"$/);
    now = 3599_000;
    expect((await cache.get('/sitemap.xml'))!.body).toBe('<x>1</x>');
    expect(await cache.get('/sitemap-providers-9.xml')).toBeNull();
    expect(build).toHaveBeenCalledTimes(1);
    // After the hour: the old file now, the new one once rebuilt (stale-while-revalidate).
    now = 3600_000;
    expect((await cache.get('/sitemap.xml'))!.body).toBe('<x>1</x>');
    await new Promise((r) => setTimeout(r, 0));
    const fresh = await cache.get('/sitemap.xml');
    expect(fresh!.body).toBe('<x>2</x>');
    expect(fresh!.etag).not.toBe(a!.etag);
  });

  it('a failed first build fails the request; a failed rebuild keeps the old files', async () => {
    let now = 0;
    let fail = true;
    const cache = new SitemapCache(
      async () => {
        if (fail) throw new Error('db down');
        return files('ok');
      },
      1000,
      () => now,
    );
    await expect(cache.get('/sitemap.xml')).rejects.toThrow('db down');
    fail = false;
    expect((await cache.get('/sitemap.xml'))!.body).toBe('<x>ok</x>');
    fail = true;
    now = 5000;
    expect((await cache.get('/sitemap.xml'))!.body).toBe('<x>ok</x>');
    await new Promise((r) => setTimeout(r, 0));
    expect((await cache.get('/sitemap.xml'))!.body).toBe('<x>ok</x>');
  });
});

describe('StaticServer: cached dynamic routes', () => {
  it('sends ETag and Cache-Control, and 304 for a matching If-None-Match', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const root = mkdtempSync(join(tmpdir(), 'seo-'));
    writeFileSync(join(root, 'index.html'), INDEX);
    const server = new StaticServer({
      root,
      port,
      routes: { '/sitemap.xml': () => ({ type: 'application/xml', body: '<a/>', etag: '"v1"', cache: 'public, max-age=3600' }) },
    });
    await server.start();
    try {
      const first = await fetch(`http://127.0.0.1:${port}/sitemap.xml`);
      expect(first.status).toBe(200);
      expect(first.headers.get('etag')).toBe('"v1"');
      expect(first.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(await first.text()).toBe('<a/>');
      const again = await fetch(`http://127.0.0.1:${port}/sitemap.xml`, { headers: { 'If-None-Match': '"v0", "v1"' } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      const changed = await fetch(`http://127.0.0.1:${port}/sitemap.xml`, { headers: { 'If-None-Match': '"v0"' } });
      expect(changed.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe('the home page: /', () => {
  it('keeps its title and description and adds the site card and canonical URL', () => {
    const html = renderHomeHead(INDEX, 'hi', ORIGIN);
    expect(html).toContain('<title>शहर सेवा</title>');
    expect(html).toContain('<meta name="description" content="आपका शहर, आपकी सेवाएं" />');
    expect(html).toContain(`<meta property="og:image" content="${ORIGIN}/og/site.png" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/" />`);
    // idempotent: applying it twice gives the same page
    expect(renderHomeHead(html, 'hi', ORIGIN)).toBe(html);
  });
});
