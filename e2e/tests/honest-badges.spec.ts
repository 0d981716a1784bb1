import type { Browser, Page } from '@playwright/test';
import { CATEGORIES, storedCategoryValue } from '@city/shared/catalogue';
import enAdmin from '../../mf-admin/src/locales/en.json';
import hiAdmin from '../../mf-admin/src/locales/hi.json';
import enProfile from '../../mf-provider-profile/src/locales/en.json';
import hiProfile from '../../mf-provider-profile/src/locales/hi.json';
import enDirectory from '../../mf-directory/src/locales/en.json';
import hiDirectory from '../../mf-directory/src/locales/hi.json';
import enResults from '../../mf-directory/src/locales/results/en.json';
import hiResults from '../../mf-directory/src/locales/results/hi.json';
import enBadges from '../../shared/src/badges/locales/en.json';
import hiBadges from '../../shared/src/badges/locales/hi.json';
import enCommon from '../../shared/src/i18n/locales/en/common.json';
import hiCommon from '../../shared/src/i18n/locales/hi/common.json';
import { test, expect, expectNoSeriousA11yViolations, useLanguage, type SiteInfo } from '../fixtures/test';
import { adminCreate } from '../fixtures/admin-cli';
import { phoneClient } from '../fixtures/registration-phone';

/**
 * Issue 28, honest badges, at 360 px in both languages with axe: a provider who registered
 * with a checksum-valid Aadhaar number shows no "verified" badge; tapping its "not verified"
 * badge says nobody has checked yet. The operator verifies the provider in the console (how,
 * the day, a reason); the profile then shows the badge, and tapping it (on the profile and on
 * a search card) says what the operator checked and when, closing with Escape.
 */

const RUN = `${process.pid}-${Date.now() % 1e6}`;
const ADMIN = { email: `badges-${RUN}@example.in`, password: 'badges password 1234' };
const PLUMBER = storedCategoryValue(CATEGORIES.find((c) => c.id === 'plumber')!);
const STRINGS = {
  en: { admin: enAdmin, profile: enProfile, directory: enDirectory, results: enResults, badges: enBadges, app: enCommon.app.name },
  hi: { admin: hiAdmin, profile: hiProfile, directory: hiDirectory, results: hiResults, badges: hiBadges, app: hiCommon.app.name },
} as const;
type Lang = keyof typeof STRINGS;
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

let counter = 0;
function uniqueMobile(): string {
  counter += 1;
  return `8${String(Date.now() % 1e7).padStart(7, '0')}${String(counter % 100).padStart(2, '0')}`;
}

const adminSlot = (page: Page) => page.locator('[data-remote-slot="mf_admin"]');
const profileSlot = (page: Page) => page.locator('[data-remote-slot="mf_provider_profile"]');
const directory = (page: Page) => page.locator('[data-remote-slot="mf_directory"]');
const fill = (text: string, vars: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');

async function visitorPage(browser: Browser, site: SiteInfo, lang: Lang) {
  const context = await browser.newContext({ baseURL: site.url, ...PHONE });
  await context.addInitScript((l) => {
    localStorage.setItem('city.lang', l);
    sessionStorage.setItem('city.ads.seen', '1');
  }, lang);
  return { context, page: await context.newPage() };
}

const created: string[] = [];

test.beforeAll(() => {
  expect(adminCreate(ADMIN.email, ADMIN.password)).toContain(ADMIN.email);
});

test.afterAll(async ({ db }) => {
  if (created.length) await db.from('service_providers').delete().in('id', created);
});

for (const lang of ['en', 'hi'] as const) {
  test.describe(`honest badges (${lang}, 360 px)`, () => {
    test.use(PHONE);
    test.beforeEach(async ({ page }) => useLanguage(page, lang));

    test('an Aadhaar alone earns no badge; the operator verifies after a check; the badge explains itself', async ({
      page,
      browser,
      db,
      site,
    }) => {
      test.setTimeout(180_000);
      const s = STRINGS[lang];
      const mobile = uniqueMobile();
      const name = `Badge Test ${lang} ${mobile.slice(-5)}`;

      // Registered by the provider's phone with a checksum-valid Aadhaar number, then approved.
      const provider = await phoneClient(site, mobile);
      const reg = await provider.rpc('register_provider', {
        p_name: name,
        p_business_name: null,
        p_category: PLUMBER,
        p_specialist_in: null,
        p_aadhaar: '999941057058',
        p_experience: 4,
        p_address: 'Station Road, Ward 4',
      });
      expect(reg.error).toBeNull();
      const id = reg.data as string;
      created.push(id);
      expect((await db.from('service_providers').update({ status: 'approved' }).eq('id', id)).error).toBeNull();

      // The public profile: no "verified" badge; "not verified" says nobody has checked yet.
      const before = await visitorPage(browser, site, lang);
      await before.page.goto(`/provider/${id}`);
      const profile = profileSlot(before.page);
      await expect(profile.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(profile.getByRole('button', { name: s.profile.verified, exact: true })).toHaveCount(0);
      const notVerified = profile.getByRole('button', { name: s.profile.notVerified, exact: true });
      await notVerified.click();
      await expect(profile.getByRole('status').filter({ hasText: fill(s.badges.notChecked, { app: s.app }) })).toBeVisible();
      await before.context.close();

      // The operator verifies in the console: how (two ways), today, a reason.
      await page.goto('/admin-login');
      const slot = adminSlot(page);
      await slot.getByLabel(s.admin.email, { exact: true }).fill(ADMIN.email);
      await slot.getByLabel(s.admin.password, { exact: true }).fill(ADMIN.password);
      await slot.getByRole('button', { name: s.admin.login, exact: true }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await page.goto(`/admin?tab=providers&q=${id}`);
      const card = slot.getByRole('article', { name, exact: true });
      await expect(card.getByText(s.admin.fields.notVerified, { exact: true })).toBeVisible();
      await card.getByRole('button', { name: s.admin.providers.actions.verify }).click();
      const form = card.getByRole('form', { name: s.admin.providers.verify.confirm });
      await form.getByRole('checkbox', { name: s.admin.providers.verify.methods.documents }).check();
      await form.getByRole('checkbox', { name: s.admin.providers.verify.methods.called }).check();
      await form.getByLabel(s.admin.reason.label).fill('Saw the card at the shop, called the number');
      await expectNoSeriousA11yViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await form.getByRole('button', { name: s.admin.providers.verify.confirm, exact: true }).click();
      await expect(form).toHaveCount(0);
      await expect(card.getByText(s.admin.fields.verified, { exact: true })).toBeVisible();
      const row = await db.from('service_providers').select('verified, verified_on, verified_how').eq('id', id).single();
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
      expect(row.data).toEqual({ verified: true, verified_on: today, verified_how: ['called', 'documents'] });

      // The visitor: the badge, and what it means.
      const date = new Intl.DateTimeFormat(lang === 'hi' ? 'hi-IN' : 'en-IN', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${today}T00:00:00Z`));
      const how = new Intl.ListFormat(lang === 'hi' ? 'hi-IN' : 'en-IN', { type: 'conjunction' }).format([
        s.badges.how.documents,
        s.badges.how.called,
      ]);
      const explained = fill(s.badges.checked, { app: s.app, date, how });
      const after = await visitorPage(browser, site, lang);
      await after.page.goto(`/provider/${id}`);
      const badge = profileSlot(after.page).getByRole('button', { name: s.profile.verified, exact: true });
      await expect(badge).toHaveAttribute('aria-expanded', 'false');
      await badge.focus();
      await after.page.keyboard.press('Enter');
      const note = profileSlot(after.page).getByRole('status').filter({ hasText: explained });
      await expect(note).toBeVisible();
      await expect(badge).toHaveAttribute('aria-expanded', 'true');
      await expectNoSeriousA11yViolations(after.page);
      expect(await after.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await after.page.keyboard.press('Escape');
      await expect(note).toHaveCount(0);
      await expect(badge).toBeFocused();

      // A search card's badge reads the day and the method when tapped.
      await after.page.goto('/');
      await directory(after.page).getByRole('searchbox', { name: s.directory.search.label }).fill(mobile);
      const result = directory(after.page).getByRole('article', { name });
      const cardBadge = result.getByRole('button', { name: `✓ ${s.results.card.verified}`, exact: true });
      await cardBadge.click();
      await expect(result.getByRole('status').filter({ hasText: explained })).toBeVisible();
      await expectNoSeriousA11yViolations(after.page);
      expect(await after.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await after.context.close();
    });
  });
}
