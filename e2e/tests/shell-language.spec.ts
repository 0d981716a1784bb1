import { test, expect } from '../fixtures/test';

test('the language toggle switches to English and back, and the choice survives a reload', async ({ page }) => {
  await page.goto('/terms-conditions');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await page.getByRole('button', { name: 'भाषा अंग्रेज़ी में बदलें' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByText('Your City, Your Services - Everything Made Easy!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Terms');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Terms');
  await page.getByRole('button', { name: 'Switch language to Hindi' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('नियम और शर्तें');
});

test('Hindi renders in the shipped Devanagari font', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByText('आपका शहर, आपकी सेवाएं - सब कुछ हुआ आसान!')).toBeVisible();
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
