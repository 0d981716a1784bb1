import type { SupabaseClient } from '@supabase/supabase-js';
import { CATEGORIES, storedCategoryValue } from '@city/shared/catalogue';
import { test, expect, expectNoSeriousA11yViolations, someDeviceHash, useLanguage } from '../fixtures/test';

// Issue 19 items 4, 6 and 7 as a search engine, a chat app's crawler and a cheap phone see them:
// the first HTML of a profile and of a category, robots.txt, the sitemaps, the preview cards,
// and the category pictograms (SVG, the same on every phone).
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const PLUMBER = storedCategoryValue(CATEGORIES.find((c) => c.id === 'plumber')!);
let created: string[] = [];
let counter = 0;

async function createProvider(db: SupabaseClient, over: Record<string, unknown> = {}): Promise<{ id: string; mobile: string }> {
  counter += 1;
  const mobile = `7${String(Date.now() % 1e7).padStart(7, '0')}${String(counter % 100).padStart(2, '0')}`;
  const { data, error } = await db
    .from('service_providers')
    .insert({
      name: 'Kamla Prasad',
      business_name: 'Prasad Nal Ghar',
      mobile,
      category: PLUMBER,
      experience: 9,
      address: 'Ganeshganj, Sitapur',
      status: 'approved',
      ...over,
    })
    .select('id, mobile')
    .single();
  expect(error).toBeNull();
  created.push(data!.id);
  return data as { id: string; mobile: string };
}

test.afterEach(async ({ db }) => {
  if (created.length) expect((await db.from('service_providers').delete().in('id', created)).error).toBeNull();
  created = [];
});

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

test.describe('the first HTML of a profile', () => {
  test('carries the name, category, area and rating as text and as LocalBusiness JSON-LD', async ({ db, request, site }) => {
    const p = await createProvider(db, { name: 'Kamla </script><b>Prasad</b>' });
    for (const rating of [5, 4]) {
      expect((await db.from('service_ratings').insert({ provider_id: p.id, device_hash: someDeviceHash(), rating })).error).toBeNull();
    }
    const res = await request.get(`/provider/${p.id}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    const [ld, ...more] = jsonLd(html);
    expect(more).toHaveLength(0);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: 'Prasad Nal Ghar',
      employee: { '@type': 'Person', name: 'Kamla </script><b>Prasad</b>' },
      description: 'प्लंबर',
      telephone: `+91${p.mobile}`,
      address: { '@type': 'PostalAddress', streetAddress: 'Ganeshganj, Sitapur', addressCountry: 'IN' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 2 },
    });
    expect(String(ld!.url)).toMatch(new RegExp(`/provider/${p.id}$`));
    expect(JSON.stringify(ld)).not.toMatch(/aadhaar/i);
    expect(html).not.toContain('<b>Prasad</b>');
    // As visible text, where the loading skeleton is: for crawlers and as the first paint.
    expect(html).toContain('<h1 class="boot-skeleton__title">Kamla &lt;/script&gt;&lt;b&gt;Prasad&lt;/b&gt;</h1>');
    expect(html).toMatch(/<span>प्लंबर<\/span> · <span>Ganeshganj, Sitapur<\/span> · <span>★ 5 में से 4\.5 \(2 रेटिंग\)<\/span>/);
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="${site.url}/og/plumber.png" />`));
    // The card itself is a PNG the build drew.
    const card = await request.get('/og/plumber.png');
    expect(card.status()).toBe(200);
    expect(card.headers()['content-type']).toBe('image/png');
    expect((await card.body()).subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  test('a visitor sees the name before the app starts, and the profile replaces it without a second title', async ({ page, db }) => {
    const p = await createProvider(db);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`/provider/${p.id}`, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'Kamla Prasad' })).toBeVisible();
    await expect(page.getByText('Ganeshganj, Sitapur').first()).toBeVisible();
    release();
    await expect(
      page.locator('[data-remote-slot="mf_provider_profile"]').getByRole('heading', { level: 1, name: 'Kamla Prasad' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.locator('.boot-skeleton__title')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('pending, rejected and unknown ids give no data: 404, noindex, no JSON-LD', async ({ db, request }) => {
    const pending = await createProvider(db, { status: 'pending', name: 'Chhupa Rustam' });
    const rejected = await createProvider(db, { status: 'rejected', name: 'Chhupa Rustam' });
    for (const id of [pending.id, rejected.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await request.get(`/provider/${id}`);
      expect(res.status()).toBe(404);
      const html = await res.text();
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(jsonLd(html)).toEqual([]);
      expect(html).not.toContain('Chhupa Rustam');
      expect(html).not.toContain('og:title');
    }
  });
});

test('a category page has its own title and description in the first HTML and in the app', async ({ page, request, site }) => {
  const html = await (await request.get('/?category=electrician')).text();
  expect(html).toContain('<title>इलेक्ट्रीशियन: फ़ोन नंबर और रेटिंग | शहर सेवा</title>');
  expect(html).toMatch(/<meta name="description" content="घर की वायरिंग[^"]*इलेक्ट्रीशियन खोजें[^"]*" \/>/);
  expect(html).toContain(`<link rel="canonical" href="${site.url}/?category=electrician" />`);
  expect(html).toContain(`<meta property="og:image" content="${site.url}/og/electrician.png" />`);
  const home = await (await request.get('/')).text();
  expect(home).toContain(`<meta property="og:image" content="${site.url}/og/site.png" />`);
  expect(home).not.toContain('फ़ोन नंबर और रेटिंग');

  await useLanguage(page, 'en');
  await page.goto('/?category=electrician');
  await expect(page).toHaveTitle('Electrician: phone numbers and ratings | City Services');
});

test('robots.txt and the sitemaps: approved providers and every category, cached with an ETag', async ({ db, request, site }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain(`Sitemap: ${site.url}/sitemap.xml`);

  const index = await request.get('/sitemap.xml');
  expect(index.status()).toBe(200);
  expect(index.headers()['content-type']).toContain('application/xml');
  expect(index.headers()['cache-control']).toBe('public, max-age=3600');
  const etag = index.headers()['etag']!;
  expect(etag).toMatch(/^"/);
  const files = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(files).toEqual(['/sitemap-categories.xml', '/sitemap-providers-1.xml']);
  const again = await request.get('/sitemap.xml', { headers: { 'If-None-Match': etag } });
  expect(again.status()).toBe(304);

  const categories = await (await request.get('/sitemap-categories.xml')).text();
  for (const c of CATEGORIES) expect(categories).toContain(`<loc>${site.url}/?category=${c.id}</loc>`);
  const providers = await (await request.get('/sitemap-providers-1.xml')).text();
  const listed = [...providers.matchAll(/\/provider\/([0-9a-f-]{36})<\/loc>/g)].map((m) => m[1]!);
  const { data, error } = await db.from('service_providers').select('id, status').limit(5000);
  expect(error).toBeNull();
  const approved = data!.filter((r) => r.status === 'approved').map((r) => r.id);
  // Built when first asked (this run) and kept for the hour: every approved provider of then, no other.
  expect(new Set(listed)).toEqual(new Set(approved.filter((id) => listed.includes(id))));
  expect(listed.length).toBeGreaterThan(0);
  const notApproved = new Set(data!.filter((r) => r.status !== 'approved').map((r) => r.id));
  expect(listed.filter((id) => notApproved.has(id))).toEqual([]);
  expect((await request.get('/sitemap-providers-2.xml')).status()).toBe(404);
});

test.describe('category pictograms and the search box on a 360 px phone', () => {
  test('the grid draws each category with an SVG pictogram from the sprite', async ({ page }) => {
    const sprite = page.waitForResponse((r) => r.url().includes('/category-icons.svg'));
    await page.goto('/');
    expect((await sprite).status()).toBe(200);
    const tile = page.locator('[data-category="plumber"]');
    await expect(tile).toHaveAccessibleName('प्लंबर');
    // The symbol was found and drawn: the <use> has a size (an unknown symbol draws nothing).
    await expect.poll(() => tile.locator('svg use').evaluate((u) => (u as SVGGraphicsElement).getBBox().width)).toBeGreaterThan(10);
    expect(await tile.locator('svg').getAttribute('aria-hidden')).toBe('true');
  });

  for (const [lang, placeholder] of [
    ['en', 'Service or name'],
    ['hi', 'नाम, सेवा या मोबाइल नंबर'],
  ] as const) {
    test(`the ${lang} placeholder fits the search box`, async ({ page }) => {
      await useLanguage(page, lang);
      await page.goto('/');
      const box = page.getByRole('searchbox');
      await expect(box).toHaveAttribute('placeholder', placeholder);
      const { textWidth, room } = await box.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { textWidth: ctx.measureText(input.placeholder).width, room };
      });
      expect(textWidth).toBeLessThanOrEqual(room);
    });
  }
});
