import enResults from '../../mf-directory/src/locales/results/en.json';
import hiResults from '../../mf-directory/src/locales/results/hi.json';
import { test, expect, expectNoSeriousA11yViolations, useLanguage, type Page } from '../fixtures/test';

/**
 * Issue 27 items 3-4, at 360 px in both languages with axe: with the visitor's place chosen
 * (localStorage 'city.visitor-place', as the header's button leaves it), a category list shows
 * who serves the place first, each card with its place and distance ("2.4 km, Lalbagh"); the
 * filter "serves my place" is in the URL (`near=1`), survives a reload and keeps only who
 * serves it. Without a place the filter is not offered.
 */

const STRINGS = { en: enResults, hi: hiResults } as const;
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const LALBAGH = { kind: 'ward', code: '9270101', nameEn: 'Lalbagh', nameHi: 'लालबाग', lat: 27.57373, lon: 80.68728 };
const directory = (page: Page) => page.locator('[data-remote-slot="mf_directory"]');
const fill = (text: string, vars: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');

for (const lang of ['en', 'hi'] as const) {
  test.describe(`near me (${lang}, 360 px)`, () => {
    test.use(PHONE);
    test.beforeEach(async ({ page }) => useLanguage(page, lang));

    test('a list near the visitor place: who serves it first, distances, and the serves-my-place filter', async ({ page }) => {
      test.setTimeout(120_000);
      const s = STRINGS[lang];
      const placeName = lang === 'hi' ? LALBAGH.nameHi : LALBAGH.nameEn;
      // A distance as Intl formats it: "2.4 km", "2.4 कि॰मी॰".
      const km = /[0-9०-९] ?(km|कि॰?मी)/;

      // No place: the cards show the provider's place, no distance, and no such filter.
      await page.goto('/?category=plumber');
      const slot = directory(page);
      await expect(slot.locator('.directory-card').first()).toBeVisible();
      await expect(slot.locator('.directory-card__place').first()).toBeVisible();
      await expect(slot.locator('.directory-card__place', { hasText: km })).toHaveCount(0);
      await slot.getByRole('button', { name: s.filters.toggle, exact: true }).click();
      await expect(slot.getByRole('checkbox', { name: fill(s.filters.servesOnly, { place: placeName }) })).toHaveCount(0);

      // The place chosen: re-read with it after hydration; the first card serves it, with a distance.
      await page.evaluate((p) => localStorage.setItem('city.visitor-place', JSON.stringify(p)), LALBAGH);
      await page.reload();
      const first = slot.locator('.directory-card').first();
      await expect(first.locator('.directory-card__place')).toContainText(km);
      await expect(first.locator('.directory-card__place')).toContainText(s.card.servesYou);
      await expectNoSeriousA11yViolations(page);

      // Serves my place: in the URL, kept by a reload, every card serves the place.
      await slot.getByRole('button', { name: s.filters.toggle, exact: true }).click();
      const servesOnly = slot.getByRole('checkbox', { name: fill(s.filters.servesOnly, { place: placeName }) });
      await servesOnly.check();
      await expect(page).toHaveURL(/[?&]near=1/);
      await page.reload();
      await expect(slot.locator('.directory-card').first().locator('.directory-card__place')).toContainText(s.card.servesYou);
      const places = slot.locator('.directory-card__place');
      const n = await places.count();
      expect(n).toBeGreaterThan(0);
      for (let i = 0; i < n; i += 1) await expect(places.nth(i)).toContainText(s.card.servesYou);
      const toggle = slot.getByRole('button', { name: fill(s.filters.toggleActive, { count: '1' }) });
      if ((await servesOnly.count()) === 0 || !(await servesOnly.isVisible())) await toggle.click();
      await expect(servesOnly).toBeChecked();
      await expectNoSeriousA11yViolations(page);
    });
  });
}
