import { test, expect, useLanguage, type Page } from '../fixtures/test';

/**
 * Issue 19 item 5: on a small phone (360x740) the first screen shows the search box without
 * scrolling, and a category list or a search shows its first result card above the fold (the
 * welcome banner and the register card do not push the results down there).
 */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const FOLD = 740;

async function bottomOf(page: Page, selector: string): Promise<number> {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  return box!.y + box!.height;
}

test('/: the search box is on the first screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('searchbox')).toBeVisible();
  expect(await bottomOf(page, '.directory-search__row')).toBeLessThanOrEqual(FOLD);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

for (const [what, path] of [
  ['a category list', '/?category=plumber'],
  ['a search', '/?q=plumber'],
] as const) {
  test(`${what}: the search box and the first result card are on the first screen`, async ({ page }) => {
    await page.goto(path);
    const firstCard = page.locator('.directory-card').first();
    await expect(firstCard).toBeVisible();
    expect(await bottomOf(page, '.directory-search__row')).toBeLessThanOrEqual(FOLD);
    const card = (await firstCard.boundingBox())!;
    // The card's top part (name and category) is visible without scrolling.
    expect(card.y + Math.min(card.height, 80)).toBeLessThanOrEqual(FOLD);
    // Neither the banner nor the register card comes before the results.
    await expect(page.getByRole('region', { name: 'यहां मिलने वाली सेवाएं' })).toHaveCount(0);
    const register = await page.getByRole('link', { name: 'अपनी सेवा मुफ़्त में रजिस्टर करें' }).boundingBox();
    expect(register!.y).toBeGreaterThan(card.y);
  });
}

for (const lang of ['hi', 'en'] as const) {
  test(`${lang}: a category list's first result card is whole on the first screen, its buttons included`, async ({ page }) => {
    await useLanguage(page, lang);
    await page.goto('/?category=plumber');
    const firstCard = page.locator('.directory-card').first();
    await expect(firstCard).toBeVisible();
    const card = (await firstCard.boundingBox())!;
    test.info().annotations.push({ type: 'measured', description: `first card ${card.y.toFixed(0)}-${(card.y + card.height).toFixed(0)}` });
    expect(card.y + card.height).toBeLessThanOrEqual(FOLD);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.screenshot({ path: test.info().outputPath(`first-card-${lang}.png`) });
  });
}
