import { test, expect, expectNoSeriousA11yViolations } from '../fixtures/test';

/** One approved provider id from the seeded backend (through the public API, as a visitor). */
async function anyApprovedProviderId(supabaseUrl: string, anonKey: string): Promise<string> {
  const res = await fetch(`${supabaseUrl}/rest/v1/service_providers?select=id&limit=1`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
  });
  const rows = (await res.json()) as { id: string }[];
  expect(rows.length).toBe(1);
  return rows[0]!.id;
}

test.describe('every route renders, in Hindi by default, with no serious axe violation', () => {
  test('home', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.locator('#root').getByText('आपका शहर, आपकी सेवाएं - सब कुछ हुआ आसान!')).toBeVisible();
    await expect(page.locator('[data-remote-slot="mf_directory"]')).not.toBeEmpty();
    await expect(page.locator('[data-remote-fallback]')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('provider profile', async ({ page, site }) => {
    const id = await anyApprovedProviderId(site.supabaseUrl, site.anonKey);
    await page.goto(`/provider/${id}`);
    await expect(page.locator('[data-remote-slot="mf_provider_profile"] h1')).toBeVisible();
    await expect(page.locator('[data-remote-fallback]')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('admin login, and /admin redirects there when signed out', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin-login$/);
    await expect(page.getByLabel('ई-मेल')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  for (const [path, title] of [
    ['/privacy-policy', 'गोपनीयता नीति'],
    ['/terms-conditions', 'नियम और शर्तें'],
    ['/disclaimer', 'अस्वीकरण'],
    ['/contact', 'संपर्क'],
  ] as const) {
    test(`static page ${path}`, async ({ page }) => {
      expect((await page.goto(path))?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('an unknown route shows the translated not-found page, answered as a 404', async ({ page, request }) => {
    // Search engines and link checkers see a 404; a profile path with no UUID is one too.
    for (const path of ['/no-such-page', '/provider/not-a-uuid']) expect((await request.get(path)).status(), path).toBe(404);
    expect((await page.goto('/kuch-bhi/nahin'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'पेज नहीं मिला' })).toBeVisible();
    await page.getByRole('link', { name: 'मुख्य पृष्ठ पर जाएं' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectNoSeriousA11yViolations(page);
  });
});
