import { CATEGORIES, storedCategoryValue } from '@city/shared/catalogue';
import hiCommon from '../../shared/src/i18n/locales/hi/common.json';
import enDirectory from '../../mf-directory/src/locales/en.json';
import hiDirectory from '../../mf-directory/src/locales/hi.json';
import enReport from '../../mf-provider-profile/src/locales/report/en.json';
import enProfile from '../../mf-provider-profile/src/locales/en.json';
import hiProfile from '../../mf-provider-profile/src/locales/hi.json';
import enRegistration from '../../mf-registration/src/locales/en.json';
import { test, expect, type Page } from '../fixtures/test';

test('the language toggle switches to English and back, and the choice survives a reload', async ({ page }) => {
  await page.goto('/terms-conditions');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await page.getByRole('link', { name: 'भाषा अंग्रेज़ी में बदलें' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('#root').getByText('Your City, Your Services - Everything Made Easy!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Terms');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Terms');
  await page.getByRole('link', { name: 'Switch language to Hindi' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('नियम और शर्तें');
});

test('Hindi renders in the shipped Devanagari font', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.locator('#root').getByText('आपका शहर, आपकी सेवाएं - सब कुछ हुआ आसान!')).toBeVisible();
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return document.fonts.check('16px "Noto Sans Devanagari"', 'आपका शहर');
  });
  expect(loaded).toBe(true);
  const families = await page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family));
  expect(families.join(',')).toContain('Noto Sans Devanagari');
  await testInfo.attach('home-hindi.png', { body: await page.screenshot({ fullPage: false }), contentType: 'image/png' });
  await page.screenshot({ path: testInfo.outputPath('home-hindi.png') });
});

// The shell's strings (common) are a chunk per language (i18n-hi, i18n-en); each remote adds its
// namespace when it loads: Hindi inside its code, English a chunk of its own (i18n-en-<ns>),
// downloaded only when the page is (or is switched to) English, or once the page's content is
// shown and it is idle (the fallback).
const i18nChunk = (url: string) => /\/(i18n-(?:hi|en)(?:-[a-z]+)?)\.[0-9a-f]+\.js$/.exec(url)?.[1] ?? null;

function i18nRequests(page: Page): string[] {
  const chunks: string[] = [];
  page.on('request', (request) => {
    const chunk = i18nChunk(request.url());
    if (chunk) chunks.push(chunk);
  });
  return chunks;
}

/** Dotted key paths of a namespace ("contact.chat"): text a visitor must never see. */
const keyPaths = (value: unknown, prefix = ''): string[] =>
  value !== null && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k))
    : prefix.includes('.')
      ? [prefix]
      : [];

/** What the page shows: no key of `namespace`, nor any "ns:key". */
async function expectNoKeys(page: Page, namespace: object) {
  const text = await page.locator('body').innerText();
  expect(keyPaths(namespace).filter((key) => text.includes(key))).toEqual([]);
  expect(text).not.toMatch(/\b(common|directory|profile|registration|ads):[\w.]+/);
}

test("a Hindi visit to the home page downloads no English strings before it has loaded; switching shows the directory's English", async ({
  page,
}) => {
  const chunks = i18nRequests(page);
  // Every script's text as it arrives: the directory remote's code must not carry its English.
  const scripts: Promise<{ url: string; body: string }>[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js'))
      scripts.push(
        response.text().then(
          (body) => ({ url: response.url(), body }),
          () => ({ url: response.url(), body: '' }),
        ),
      );
  });
  await page.goto('/');
  await expect(page.locator('#root').getByText(hiCommon.app.slogan)).toBeVisible(); // the app's header, not the boot skeleton's copy (hidden, removed at the first commit)
  await expect(page.getByRole('heading', { level: 1, name: hiDirectory.heading })).toBeVisible();
  // The idle-time fallback load (English, the shell's and the directory's) has arrived.
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((r) => /\/(i18n-en(?:-[a-z]+)?)\.[0-9a-f]+\.js$/.exec(r.name)?.[1])
          .filter(Boolean),
      ),
    )
    .toEqual(expect.arrayContaining(['i18n-en', 'i18n-en-directory']));
  expect(chunks[0]).toBe('i18n-hi');
  // English (the shell's and the remotes') only once the page had loaded: the idle-time fallback
  // load, after the directory said its grid is shown.
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const english = performance
      .getEntriesByType('resource')
      .filter((r) => /\/i18n-en(-[a-z]+)?\.[0-9a-f]+\.js$/.test(r.name)) // as `english` below (this runs in the page)
      .map((r) => ({ name: r.name, startTime: r.startTime }));
    return { loadEnd: nav.loadEventEnd, english };
  });
  expect(timing.loadEnd).toBeGreaterThan(0);
  expect(timing.english.filter((r) => r.startTime < timing.loadEnd)).toEqual([]);
  // No script but an English chunk carries the directory's English (it was inside its code).
  const english = /\/i18n-en(-[a-z]+)?\.[0-9a-f]+\.js$/;
  const withEnglish = (await Promise.all(scripts)).filter(({ url, body }) => !english.test(url) && body.includes(enDirectory.registerHint));
  expect(withEnglish.map(({ url }) => url)).toEqual([]);

  await page.getByRole('link', { name: hiCommon.language.switchToLabel }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: enDirectory.heading })).toBeVisible();
  await expect(page.getByText(enDirectory.registerHint)).toBeVisible();
  expect(chunks).toContain('i18n-en-directory');
  await expectNoKeys(page, enDirectory);
});

test('an English visit renders the remotes in English at once, never a key', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('city.lang', 'en'));
  const chunks = i18nRequests(page);
  await page.goto('/?register=1');
  await expect(page.getByRole('heading', { level: 1, name: enDirectory.heading })).toBeVisible();
  await expect(page.getByRole('dialog', { name: enRegistration.title })).toBeVisible();
  expect(chunks).not.toContain('i18n-hi');
  expect(chunks).toEqual(expect.arrayContaining(['i18n-en', 'i18n-en-directory', 'i18n-en-registration']));
  await expectNoKeys(page, { ...enDirectory, ...enRegistration });
});

test.describe('on a provider profile', () => {
  let providerId = '';
  test.beforeEach(async ({ db }) => {
    const { data, error } = await db
      .from('service_providers')
      .insert({
        name: 'Language Check',
        mobile: `7${String(Date.now() % 1e9).padStart(9, '0')}`,
        category: storedCategoryValue(CATEGORIES.find((c) => c.id === 'plumber')!),
        address: 'Ward 1',
        status: 'approved',
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    providerId = data!.id as string;
  });
  test.afterEach(async ({ db }) => {
    expect((await db.from('service_providers').delete().eq('id', providerId)).error).toBeNull();
  });

  test('switching to English shows the English profile strings, never a key', async ({ page }) => {
    const chunks = i18nRequests(page);
    await page.goto(`/provider/${providerId}`);
    const profile = page.locator('[data-remote-slot="mf_provider_profile"]');
    await expect(profile.getByRole('heading', { level: 1, name: 'Language Check' })).toBeVisible();
    await expect(profile.getByText(hiProfile.notVerified, { exact: true })).toBeVisible();

    await page.getByRole('link', { name: hiCommon.language.switchToLabel }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(profile.getByText(enProfile.notVerified, { exact: true })).toBeVisible();
    await expect(profile.getByRole('heading', { name: enProfile.contact.heading })).toBeVisible();
    await expect(profile.getByText(enProfile.reviews.empty)).toBeVisible();
    // The profile's English is its own chunk (before the switch, or earlier when the page was
    // idle). The report dialog, and with it its strings, is fetched once the profile is shown,
    // so that it still opens after the connection drops (docs/offline.md).
    expect(chunks).toContain('i18n-en-profile');
    await expectNoKeys(page, enProfile);

    // The report dialog, opened in English: its English strings come before it shows.
    await profile.getByRole('button', { name: enProfile.report.provider.open }).click();
    await expect(page.getByRole('dialog', { name: enReport.provider.title })).toBeVisible();
    expect(chunks).toContain('i18n-en-report');
    await expectNoKeys(page, enReport);
  });
});
