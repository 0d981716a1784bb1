import { CATEGORIES, storedCategoryValue } from '@city/shared/catalogue';
import hiCommon from '../../shared/src/i18n/locales/hi/common.json';
import hiDirectory from '../../mf-directory/src/locales/hi.json';
import enProfile from '../../mf-provider-profile/src/locales/en.json';
import hiProfile from '../../mf-provider-profile/src/locales/hi.json';
import hiRegistration from '../../mf-registration/src/locales/hi.json';
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

// The shell's strings (common) are a chunk per language; each remote's strings come inside its
// own code (it adds its namespace when it loads), so no chunk of strings per remote.
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

test("the home page downloads only its language's base strings; each remote's come inside its code", async ({ page }) => {
  const chunks = i18nRequests(page);
  await page.goto('/');
  await expect(page.locator('#root').getByText(hiCommon.app.slogan)).toBeVisible(); // the app's header, not the boot skeleton's copy (hidden, removed at the first commit)
  await expect(page.getByRole('heading', { level: 1, name: hiDirectory.heading })).toBeVisible();
  await page.waitForLoadState('networkidle'); // the app, the directory remote and the idle-time loads
  expect(chunks.filter((c) => c !== 'i18n-hi' && c !== 'i18n-en')).toEqual([]);
  expect(chunks[0]).toBe('i18n-hi');

  await page.goto('/?register=1');
  await expect(page.getByRole('dialog', { name: hiRegistration.title })).toBeVisible();
  expect(chunks.filter((c) => c !== 'i18n-hi' && c !== 'i18n-en')).toEqual([]);
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
    // Only the shell's English strings were downloaded: the profile's came with its code.
    expect(chunks.filter((c) => c !== 'i18n-hi' && c !== 'i18n-en')).toEqual([]);
    const text = await page.locator('body').innerText();
    expect(keyPaths(enProfile).filter((key) => text.includes(key))).toEqual([]);
    expect(text).not.toMatch(/\b(profile|common):[\w.]+/);
  });
});
