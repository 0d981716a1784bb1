import type { Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, useLanguage } from '../fixtures/test';
import { holdShellScript } from '../fixtures/hold-shell-script';

/**
 * No blank page at any moment, and nothing that looks ready before it works (issue 19). The
 * first HTML of every route paints the shell's header and a translated loading state (the
 * boot skeleton, shell/src/app/boot-skeleton.tsx) before any JavaScript; on `/` the prerendered
 * page's register, "more services", language and search work as links and a form, and what
 * needs the app (voice) is shown inactive until it has started.
 */

const header = (page: Page) => page.getByRole('banner');
const skeleton = (page: Page) => page.locator('#boot-skeleton');

async function anyProviderId(site: { supabaseUrl: string; anonKey: string }): Promise<string> {
  const res = await fetch(`${site.supabaseUrl}/rest/v1/service_providers?select=id&limit=1`, {
    headers: { apikey: site.anonKey, Authorization: `Bearer ${site.anonKey}` },
  });
  return ((await res.json()) as { id: string }[])[0]!.id;
}

for (const [what, path] of [
  ['a provider profile', 'profile'],
  ['a category list', '/?category=plumber'],
  ['a search', '/?q=plumber'],
  ['a static page', '/contact'],
  ['admin', '/admin'],
  ['a page that does not exist', '/no-such-page'],
] as const) {
  test(`${what}: the header and a Hindi loading state paint from the first HTML, then the app takes over`, async ({ page, site }) => {
    const url = path === 'profile' ? `/provider/${await anyProviderId(site)}` : path;
    const release = await holdShellScript(page);
    await page.goto(url, { waitUntil: 'commit' });
    await expect(header(page)).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'भाषा अंग्रेज़ी में बदलें' })).toBeVisible();
    await expect(page.getByText('लोड हो रहा है…')).toBeVisible();
    // The prerendered home is not shown where it does not apply.
    await expect(page.locator('.directory-categories__grid')).toBeHidden();
    const headerBox = await header(page).boundingBox();
    release();
    await expect(skeleton(page)).toHaveCount(0);
    await expect(header(page)).toHaveCount(1);
    await expect(header(page)).toBeVisible();
    // The app's header is where the skeleton's was: nothing jumps.
    expect(await header(page).boundingBox()).toEqual(headerBox);
  });
}

test('a profile link is answered with the shell page (no home markup to download and hide)', async ({ site }) => {
  const html = await (await fetch(`${site.url}/provider/${await anyProviderId(site)}`)).text();
  expect(html).toContain('id="boot-skeleton"');
  expect(html).not.toContain('data-prerendered');
  expect(html).toMatch(/<html [^>]*data-prerender-off/);
  // The serving step put the provider's own text where the skeleton takes it
  // (BOOT_CONTENT_MARKER, shell/src/app/boot-skeleton-markers.ts; the text: seo.spec.ts).
  expect(html).not.toContain('<!--boot-content-->');
  expect(html).toMatch(
    /<main class="site-main boot-skeleton__main"[^>]*><div class="boot-skeleton__content"[^>]*><h1 class="boot-skeleton__title">/,
  );
});

for (const [what, path, heading, text, english] of [
  ['a category list', '/?category=plumber', 'प्लंबर', 'नल, पाइप, टंकी और बाथरूम की फिटिंग व मरम्मत।', 'Plumber'],
  ['a search', '/?q=nal%20<b>', '“nal <b>” की खोज', '“nal <b>” से मिलते सेवा प्रदाता', 'Search: “nal <b>”'],
] as const) {
  test(`${what}: its own heading and text paint from the first HTML (its largest paint), in the visitor's language`, async ({ page }) => {
    // The largest paints as the browser reports them (the class of each, kept when it goes).
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __lcp: string[] }).__lcp = []);
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) seen.push(e.element?.className ?? '');
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const release = await holdShellScript(page);
    await page.goto(path, { waitUntil: 'commit' });
    const content = skeleton(page).locator('.boot-skeleton__content');
    await expect(content.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(content.getByText(text)).toBeVisible();
    await expect(content.getByRole('heading', { name: english })).toBeHidden();
    release();
    await expect(skeleton(page)).toHaveCount(0);
    await expect(page.locator('#root .directory-results__heading')).toBeVisible();
    await expect(page.locator('#root .directory-results__count')).not.toBeEmpty();
    // The text painted first stays the largest: nothing the directory draws later is larger.
    const largest = await page.evaluate(() => (window as unknown as { __lcp: string[] }).__lcp);
    expect(largest).toContain('boot-skeleton__desc');
    expect(largest.filter((c) => c.startsWith('directory'))).toEqual([]);

    await useLanguage(page, 'en');
    const again = await holdShellScript(page);
    await page.goto(path, { waitUntil: 'commit' });
    await expect(content.getByRole('heading', { level: 1, name: english })).toBeVisible();
    await expect(content.getByRole('heading', { name: heading })).toBeHidden();
    again();
  });
}

test('English chosen: the loading state is in English from the first paint, never Hindi', async ({ page }) => {
  await useLanguage(page, 'en');
  const release = await holdShellScript(page);
  await page.goto('/contact', { waitUntil: 'commit' });
  await expect(page.getByText('Loading…')).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Switch language to Hindi' })).toBeVisible();
  await expect(page.getByText('लोड हो रहा है…')).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  release();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test.describe('before the app has started on /', () => {
  test('Register is a link that opens the form', async ({ page }) => {
    const release = await holdShellScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'अपनी सेवा मुफ़्त में रजिस्टर करें' }).click();
    await expect(page).toHaveURL(/\/\?register=1$/);
    await expect(page.getByText('लोड हो रहा है…')).toBeVisible();
    release();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('More Services is a link that shows them all', async ({ page }) => {
    const release = await holdShellScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'और सेवाएं' }).click();
    await expect(page).toHaveURL(/\/\?services=all$/);
    release();
    await expect(page.getByRole('heading', { level: 2, name: 'सभी सेवाएं' })).toBeVisible();
  });

  test('the language link reloads the page in English, and the choice stays', async ({ page }) => {
    const release = await holdShellScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'भाषा अंग्रेज़ी में बदलें' }).click();
    await expect(page.getByText('Loading…')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Find trusted local services' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/); // the parameter leaves the address bar
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Find trusted local services' })).toBeVisible();
  });

  test('search is a form: Enter loads the results page', async ({ page }) => {
    const release = await holdShellScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('searchbox', { name: 'सेवाएं खोजें' }).fill('plumber');
    await page.getByRole('searchbox', { name: 'सेवाएं खोजें' }).press('Enter');
    await expect(page).toHaveURL(/\/\?q=plumber$/);
    release();
    await expect(page.getByRole('heading', { level: 2, name: '“plumber” के खोज परिणाम' })).toBeVisible();
  });

  test('voice search and the banner pause look inactive until the app runs, then work', async ({ page }) => {
    const release = await holdShellScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    const mic = page.getByRole('button', { name: 'बोलकर खोजें' });
    await expect(mic).toHaveAttribute('aria-disabled', 'true');
    expect(Number(await mic.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(0.6);
    await expect(page.getByRole('button', { name: 'चलना रोकें' })).toHaveAttribute('aria-disabled', 'true');
    release();
    await expect(mic).not.toHaveAttribute('aria-disabled');
    await expect(page.getByRole('button', { name: 'चलना रोकें' })).not.toHaveAttribute('aria-disabled');
    expect(Number(await mic.evaluate((el) => getComputedStyle(el).opacity))).toBe(1);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('the first reads come with the first HTML', () => {
  for (const [what, path, read] of [
    ['a category list', '/?category=plumber', /\/rpc\/search_providers/],
    ['a search', '/?q=plumber', /\/rpc\/search_providers/],
    ['a provider profile', 'profile', /\/rest\/v1\/(service_providers|reviews|rpc\/get_average_ratings)/],
  ] as const) {
    test(`${what}: its first data is in the page, asked for by no request of its own`, async ({ page, site }) => {
      const url = path === 'profile' ? `/provider/${await anyProviderId(site)}` : path;
      const asked: string[] = [];
      page.on('request', (r) => {
        if (read.test(r.url())) asked.push(r.url());
      });
      const html = await (await fetch(`${site.url}${url}`)).text();
      expect(html).toMatch(/<script type="application\/json" id="first-reads">\{"at":\d+,"reads":\[\{"key":/);
      await page.goto(url);
      await expect(page.locator('#root').locator('.directory-card, .provider-profile__name').first()).toBeVisible();
      expect(asked).toEqual([]);
    });
  }

  test('a list with a filter asks for itself (its request is not the one read)', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (r) => {
      if (/\/rpc\/search_providers/.test(r.url())) asked.push(r.postData() ?? '');
    });
    await page.goto('/?category=plumber&rating=4');
    await expect(page.locator('#root .directory-results__count')).not.toBeEmpty();
    expect(asked).toHaveLength(1);
    expect(JSON.parse(asked[0]!)).toMatchObject({ p_min_rating: 4 });
  });
});
