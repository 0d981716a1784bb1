import type { Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, useLanguage } from '../fixtures/test';
import { holdShellScript } from '../fixtures/hold-shell-script';

/**
 * `/` is prerendered into index.html at build time (shell/prerender): the visitor sees the
 * page before any JavaScript has arrived, and the app then hydrates that markup. Elsewhere
 * (another path, a category or search in the URL, English chosen) the markup is hidden
 * before first paint and the app renders as before.
 */

const heading = 'भरोसेमंद स्थानीय सेवाएं खोजें';

/**
 * Hydrated in place: the heading node remembered as `window.prerenderedHeading` is still the
 * page's and has become React's (React tags the DOM nodes it owns), instead of being thrown
 * away and drawn again.
 */
async function expectPrerenderedHeadingHydrated(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const h1 = (window as unknown as { prerenderedHeading: Element | null }).prerenderedHeading;
        return h1 === document.querySelector('h1') && Object.keys(h1 ?? {}).some((k) => k.startsWith('__reactFiber$'));
      }),
    )
    .toBe(true);
}

test('the first HTML response of / already holds the page, and its CSP allows only the guard script', async ({ site }) => {
  const res = await fetch(`${site.url}/`);
  const html = await res.text();
  expect(html).toContain('data-prerendered="hi"');
  expect(html).toContain('आपका शहर, आपकी सेवाएं - सब कुछ हुआ आसान!');
  expect(html).toMatch(/<a [^>]*href="\/\?category=plumber"/);
  // No script in the markup but the guard in <head>, and the policy allows exactly its hash.
  const inline = [...html.matchAll(/<script>([^<]*)<\/script>/g)];
  expect(inline).toHaveLength(1);
  const hash = (await import('node:crypto')).createHash('sha256').update(inline[0]![1]!).digest('base64');
  expect(res.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
  expect(res.headers.get('content-security-policy')).not.toContain('unsafe-inline');
});

test('before its JavaScript arrives, / shows the search and the category grid, styled', async ({ page }) => {
  const release = await holdShellScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('[data-category="plumber"]')).toBeVisible();
  // The directory's own CSS is in effect (tiles laid out as a grid), not bare HTML.
  expect(await page.locator('.directory-categories__grid').evaluate((el) => getComputedStyle(el).display)).toBe('grid');
  release();
});

test('the app hydrates the prerendered markup (same nodes, no mismatch) and then works', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') warnings.push(m.text());
  });
  const release = await holdShellScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { prerenderedHeading: Element | null }).prerenderedHeading = document.querySelector('h1');
  });
  release();
  await expectPrerenderedHeadingHydrated(page);
  // And it works: the registration button (a React onClick) opens the dialog.
  await page.getByRole('link', { name: 'अपनी सेवा मुफ़्त में रजिस्टर करें' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(/register=1/);
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/register=1/);
  // A category from the grid shows its list.
  await page.locator('[data-category="plumber"]').click();
  await expect(page).toHaveURL(/category=plumber/);
  await expect(page.getByRole('heading', { level: 2, name: 'प्लंबर' })).toBeVisible();
  expect(warnings.filter((w) => /hydrat|Content Security Policy|Refused/i.test(w))).toEqual([]);
  await expectNoSeriousA11yViolations(page);
});

test('text typed into the prerendered search box before the app starts is searched once it does', async ({ page }) => {
  const release = await holdShellScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  const box = page.getByRole('searchbox', { name: 'सेवाएं खोजें' });
  await box.fill('plambar');
  release();
  await expect(page.getByRole('heading', { level: 2, name: '“plambar” के खोज परिणाम' })).toBeVisible();
  await expect(box).toHaveValue('plambar');
  await expect(page).toHaveURL(/q=plambar/);
});

test('the prerendered directory stays on screen while its remote is slow, then is hydrated in place', async ({ page, site }) => {
  // The directory remote answers late: meanwhile the page has loaded and gone idle, and the
  // home page re-renders (the ads slot switches on). That update must not make React throw the
  // prerendered directory away and show the loading line (it would, as an urgent update).
  const remotes = (await (await fetch(`${site.url}/remotes.json`)).json()) as Record<string, string>;
  const directoryManifest = remotes['mf_directory']!;
  const adsAskedFor = page.waitForRequest((r) => r.url() === remotes['mf_ads'], { timeout: 30_000 });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.href === directoryManifest,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  await page.goto('/');
  await page.evaluate(() => {
    const w = window as unknown as { prerenderedHeading: Element | null; loadingShown: boolean };
    w.prerenderedHeading = document.querySelector('h1');
    w.loadingShown = false;
    new MutationObserver(() => {
      if (document.querySelector('.remote-loading')) w.loadingShown = true;
    }).observe(document.body, { subtree: true, childList: true });
  });
  // Load has fired (goto waited for it); with the directory held, its content is not shown, so
  // the idle-time update comes after the content wait's time limit: the home page re-rendered
  // with the ads slot on once the slot asks for the ads remote.
  await adsAskedFor;
  release();
  await expectPrerenderedHeadingHydrated(page);
  expect(await page.evaluate(() => (window as unknown as { loadingShown: boolean }).loadingShown)).toBe(false);
});

for (const [what, path] of [
  ['a category list', '/?category=plumber'],
  ['a search', '/?q=plumber'],
  ['a static page', '/contact'],
] as const) {
  test(`${what} never shows the prerendered home grid`, async ({ page }) => {
    const release = await holdShellScript(page);
    await page.goto(path, { waitUntil: 'commit' });
    await expect(page.locator('#root')).toBeHidden();
    release();
    await expect(page.locator('#root')).toBeVisible();
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    await expect(page.locator('.directory-categories__grid')).toHaveCount(0);
  });
}

test('a visitor who chose English never sees the Hindi prerender', async ({ page }) => {
  await useLanguage(page, 'en');
  const release = await holdShellScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.locator('#root')).toBeHidden();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Find trusted local services' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
