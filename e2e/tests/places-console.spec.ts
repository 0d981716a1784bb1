import type { Page } from '@playwright/test';
import enAdmin from '../../mf-admin/src/locales/en.json';
import hiAdmin from '../../mf-admin/src/locales/hi.json';
import { test, expect, useLanguage } from '../fixtures/test';
import { adminCreate } from '../fixtures/admin-cli';

/**
 * Issue 27 end to end: the operator loads places from a CSV in the LGD shape in the console.
 * A file with a bad row lists it (in Hindi) and loads nothing, not even its good rows; the
 * corrected file loads; loading it again changes nothing.
 */

const RUN = `${process.pid}-${Date.now() % 1e6}`;
const ADMIN = { email: `places-${RUN}@example.in`, password: 'places password 1234' };
const CODE = 800000 + (Date.now() % 100000);
const HEADER =
  'districtCode,districtNameEnglish,subdistrictCode,subdistrictNameEnglish,villageCode,villageNameEnglish,villageNameLocal,latitude,longitude';
const good = (code: number, en: string, hi: string) => `9027,Sitapur,90271,Sitapur Sadar,${code},${en},${hi},27.61000,80.70000`;

const adminSlot = (page: Page) => page.locator('[data-remote-slot="mf_admin"]');

async function signIn(page: Page) {
  await page.goto('/admin-login');
  const slot = adminSlot(page);
  await slot
    .getByLabel(enAdmin.email, { exact: true })
    .or(slot.getByLabel(hiAdmin.email, { exact: true }))
    .fill(ADMIN.email);
  await slot
    .getByLabel(enAdmin.password, { exact: true })
    .or(slot.getByLabel(hiAdmin.password, { exact: true }))
    .fill(ADMIN.password);
  await slot
    .getByRole('button', { name: enAdmin.login, exact: true })
    .or(slot.getByRole('button', { name: hiAdmin.login, exact: true }))
    .click();
  await expect(page).toHaveURL(/\/admin$/);
}

async function load(page: Page, s: typeof enAdmin, csv: string) {
  const slot = adminSlot(page);
  await slot.getByLabel(s.places.file).setInputFiles({ name: 'villages.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await slot.getByRole('button', { name: s.places.import }).click();
}

test.beforeAll(() => {
  expect(adminCreate(ADMIN.email, ADMIN.password)).toContain(ADMIN.email);
});

test('the operator loads places from a CSV: a bad row loads nothing, the corrected file loads once', async ({ page }) => {
  await useLanguage(page, 'hi');
  await signIn(page);
  const slot = adminSlot(page);
  await slot.getByRole('link', { name: hiAdmin.console.tabs.places }).click();
  await expect(page).toHaveURL(/\/admin\?tab=places$/);
  await expect(slot.getByRole('heading', { level: 2, name: hiAdmin.places.heading })).toBeVisible();

  const bad = [HEADER, good(CODE, 'Naya Gaon', 'नया गांव'), `9027,Sitapur,90271,Sitapur Sadar,${CODE + 1},,बिना नाम,,`].join('\n');
  await load(page, hiAdmin, bad);
  const section = slot.getByRole('region', { name: hiAdmin.places.heading });
  const alert = section.getByRole('alert');
  await expect(alert).toContainText('2 में से 1 पंक्ति गलत है: कुछ भी नहीं जोड़ा गया।');
  await expect(alert.getByRole('row').nth(1)).toContainText(hiAdmin.places.problems.nameEnglish);
  await expect(alert.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('3');

  const fixed = [HEADER, good(CODE, 'Naya Gaon', 'नया गांव'), good(CODE + 1, 'Purana Gaon', 'पुराना गांव')].join('\n');
  await load(page, hiAdmin, fixed);
  // Both villages are new: the bad file loaded nothing.
  await expect(section.getByRole('status')).toHaveText('2 पंक्तियाँ जाँची गईं: 2 स्थान जोड़े गए, 0 बदले गए, 2 जैसे थे वैसे रहे।');
  await load(page, hiAdmin, fixed);
  await expect(section.getByRole('status')).toHaveText('2 पंक्तियाँ जाँची गईं: 0 स्थान जोड़े गए, 0 बदले गए, 4 जैसे थे वैसे रहे।');
});
