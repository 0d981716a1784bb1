import enPlaces from '../../shared/src/places/locales/en.json';
import hiPlaces from '../../shared/src/places/locales/hi.json';
import enCommon from '../../shared/src/i18n/locales/en/common.json';
import hiCommon from '../../shared/src/i18n/locales/hi/common.json';
import { test, expect, expectNoSeriousA11yViolations, useLanguage, type Page } from '../fixtures/test';

/**
 * Issue 27, the visitor's place, at 360 px in both languages with axe: the header's button
 * opens a dialog where the visitor finds their village or ward by typing (in Devanagari and in
 * Latin letters); the choice is remembered on the phone after a reload and forgotten on request.
 * "Use my location" with a granted position at a seeded village's centre chooses that village;
 * a position outside the district says so and changes nothing.
 */

const STRINGS = {
  en: { places: enPlaces, common: enCommon, lalbagh: 'Lalbagh', lalbaghOption: 'Lalbagh, Sitapur', khurdOption: 'Rampur Khurd, Biswan' },
  hi: { places: hiPlaces, common: hiCommon, lalbagh: 'लालबाग', lalbaghOption: 'लालबाग, सीतापुर', khurdOption: 'रामपुर खुर्द, बिसवां' },
} as const;
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

// The app's header (the boot skeleton's copies are gone at the first commit).
const placeButton = (page: Page) => page.locator('#root .site-header__place');
const dialog = (page: Page) => page.getByRole('dialog');

for (const lang of ['hi', 'en'] as const) {
  const s = STRINGS[lang];
  test.describe(`the visitor's place (${lang}, 360 px)`, () => {
    test.use(PHONE);
    test.beforeEach(async ({ page }) => useLanguage(page, lang));

    test('chosen by typing in either script, remembered after a reload, forgotten', async ({ page }) => {
      await page.goto('/');
      await expect(placeButton(page)).toHaveText(s.common.place.choose);
      await placeButton(page).click();
      await expect(dialog(page).getByRole('heading', { name: s.places.visitor.title })).toBeVisible();
      const input = dialog(page).getByRole('combobox', { name: s.places.visitor.pickerLabel });
      await expect(input).toBeFocused();

      // Devanagari, chosen with a tap.
      await input.pressSequentially('लालबा');
      const option = dialog(page).getByRole('option', { name: s.lalbaghOption });
      await expect(option).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await option.click();
      await expect(dialog(page)).toBeHidden();
      await expect(placeButton(page)).toContainText(s.lalbagh);
      await expect(placeButton(page)).toBeFocused();

      await page.reload();
      await expect(placeButton(page)).toContainText(s.lalbagh);

      // Latin letters, chosen with the keyboard.
      await placeButton(page).click();
      await expect(dialog(page).getByText(s.places.visitor.current.replace('{{place}}', s.lalbagh))).toBeVisible();
      const again = dialog(page).getByRole('combobox');
      await again.fill('');
      await again.pressSequentially('rampur kh');
      await expect(dialog(page).getByRole('option', { name: s.khurdOption })).toBeVisible();
      // Escape closes the list only; the arrow opens it again.
      await again.press('Escape');
      await expect(dialog(page).getByRole('listbox')).toBeHidden();
      await expect(dialog(page)).toBeVisible();
      await again.press('ArrowDown');
      await expect(dialog(page).getByRole('option', { name: s.khurdOption })).toBeVisible();
      await again.press('ArrowDown');
      await expect(dialog(page).getByRole('option', { name: s.khurdOption })).toHaveAttribute('aria-selected', 'true');
      await again.press('Enter');
      await expect(placeButton(page)).toContainText(s.khurdOption.split(',')[0]!);
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('city.visitor-place') ?? 'null') as { code: string } | null);
      expect(stored?.code).toBe('927988');

      // Forget.
      await placeButton(page).click();
      await dialog(page).getByRole('button', { name: s.places.visitor.forget }).click();
      await expect(placeButton(page)).toHaveText(s.common.place.choose);
      await page.reload();
      await expect(placeButton(page)).toHaveText(s.common.place.choose);
      expect(await page.evaluate(() => localStorage.getItem('city.visitor-place'))).toBeNull();
    });

    test('"use my location" picks the village at the position; outside the district it says so', async ({ page, db }) => {
      const { data: village, error } = await db
        .from('places')
        .select('code,name_en,name_hi,lat,lon')
        .eq('kind', 'village')
        .eq('code', '929717')
        .single();
      expect(error).toBeNull();
      const v = village as { code: string; name_en: string; name_hi: string; lat: number; lon: number };
      const context = page.context();
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ latitude: Number(v.lat), longitude: Number(v.lon) });
      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && (r.postData() ?? '').includes(String(Number(v.lat)))) sent.push(new URL(r.url()).pathname);
      });

      await page.goto('/');
      await placeButton(page).click();
      await dialog(page).getByRole('button', { name: s.places.visitor.useLocation }).click();
      await expect(dialog(page)).toBeHidden();
      await expect(placeButton(page)).toContainText(lang === 'hi' ? v.name_hi : v.name_en);
      expect(sent).toEqual(['/rest/v1/rpc/nearest_place']);
      const stored = await page.evaluate(() => localStorage.getItem('city.visitor-place'));
      expect(JSON.parse(stored!)).toMatchObject({ kind: 'village', code: v.code });

      // Delhi: outside the district.
      await context.setGeolocation({ latitude: 28.6139, longitude: 77.209 });
      await placeButton(page).click();
      await dialog(page).getByRole('button', { name: s.places.visitor.useLocation }).click();
      await expect(dialog(page).getByRole('status').filter({ hasText: s.places.visitor.outside })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog(page)).toBeHidden();
      await expect(placeButton(page)).toContainText(lang === 'hi' ? v.name_hi : v.name_en);
    });
  });
}
