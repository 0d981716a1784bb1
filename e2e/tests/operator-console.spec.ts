import type { Browser, Locator, Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { CATEGORIES, storedCategoryValue } from '@city/shared/catalogue';
import enAdmin from '../../mf-admin/src/locales/en.json';
import hiAdmin from '../../mf-admin/src/locales/hi.json';
import enProfile from '../../mf-provider-profile/src/locales/en.json';
import hiProfile from '../../mf-provider-profile/src/locales/hi.json';
import enReport from '../../mf-provider-profile/src/locales/report/en.json';
import hiReport from '../../mf-provider-profile/src/locales/report/hi.json';
import enDirectory from '../../mf-directory/src/locales/en.json';
import hiDirectory from '../../mf-directory/src/locales/hi.json';
import enAds from '../../mf-ads/src/locales/en.json';
import hiAds from '../../mf-ads/src/locales/hi.json';
import { test, expect, expectNoSeriousA11yViolations, useLanguage, type SiteInfo } from '../fixtures/test';
import { adminCreate } from '../fixtures/admin-cli';
import { phoneClient } from '../fixtures/registration-phone';

/**
 * Issues 18 and 23 end to end, against the real local backend, in both languages: visitors
 * report a wrong number from 3 devices and the listing stays listed (reports hide nothing by
 * themselves, issue 23); the operator fixes the number and closes the reports; an uploaded
 * image ad shows in the next visit's popup; a reported review hidden by the operator leaves
 * the profile; the audit log lists the actions. An owner's edit (signed in by phone) shows in
 * the console's owner edits and one press reverts it.
 */

const RUN = `${process.pid}-${Date.now() % 1e6}`;
const ADMIN = { email: `console-${RUN}@example.in`, password: 'console password 1234' };
const PLUMBER = storedCategoryValue(CATEGORIES.find((c) => c.id === 'plumber')!);
// The smallest valid PNG (1x1): the server checks the type by its first bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const STRINGS = {
  en: { admin: enAdmin, profile: enProfile, report: enReport, directory: enDirectory, ads: enAds },
  hi: { admin: hiAdmin, profile: hiProfile, report: hiReport, directory: hiDirectory, ads: hiAds },
} as const;
type Lang = keyof typeof STRINGS;

let counter = 0;
function uniqueMobile(): string {
  counter += 1;
  return `7${String(Date.now() % 1e7).padStart(7, '0')}${String(counter % 100).padStart(2, '0')}`;
}

const adminSlot = (page: Page) => page.locator('[data-remote-slot="mf_admin"]');
const profileSlot = (page: Page) => page.locator('[data-remote-slot="mf_provider_profile"]');
const directory = (page: Page) => page.locator('[data-remote-slot="mf_directory"]');

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

/** A visitor on their own device (a fresh browser context: its own device token), in `lang`. */
async function visitorPage(browser: Browser, site: SiteInfo, lang: Lang, { seenAds = true } = {}) {
  const context = await browser.newContext({ baseURL: site.url, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  await context.addInitScript(
    ([l, seen]) => {
      localStorage.setItem('city.lang', l as string);
      if (seen) sessionStorage.setItem('city.ads.seen', '1');
    },
    [lang, seenAds] as const,
  );
  return { context, page: await context.newPage() };
}

/** One visitor reports the provider (or a review) from the profile. */
async function report(
  browser: Browser,
  site: SiteInfo,
  lang: Lang,
  providerId: string,
  target: { review?: string } = {},
  { axe = false } = {},
) {
  const open = STRINGS[lang].profile.report;
  const s = STRINGS[lang].report;
  const { context, page } = await visitorPage(browser, site, lang);
  await page.goto(`/provider/${providerId}`);
  const slot = profileSlot(page);
  if (target.review) {
    const item = slot.getByRole('listitem').filter({ hasText: target.review });
    await item.getByRole('button', { name: open.review.open }).click();
  } else {
    await slot.getByRole('button', { name: open.provider.open }).click();
  }
  const dialog = page.getByRole('dialog', { name: target.review ? s.review.title : s.provider.title });
  await expect(dialog).toBeVisible();
  if (axe) await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('radio', { name: target.review ? s.reasons.abusive : s.reasons.wrong_number }).check();
  await dialog.getByRole('button', { name: s.send }).click();
  await expect(dialog.getByRole('status')).toHaveText(s.thanks);
  const token = await page.evaluate(() => localStorage.getItem('city.deviceToken'));
  await context.close();
  return token;
}

/** Searches the public list for `text`; resolves once the results for it are shown. */
async function searchDirectory(page: Page, lang: Lang, text: string): Promise<Locator> {
  const s = STRINGS[lang].directory.search;
  await page.goto('/');
  await directory(page).getByRole('searchbox', { name: s.label }).fill(text);
  await expect(directory(page).getByRole('heading', { name: s.resultsHeading.replace('{{query}}', text) })).toBeVisible();
  return directory(page).getByRole('article');
}

/** Confirms an action's reason form (the button named `confirm` inside `scope`). */
async function withReason(scope: Locator, lang: Lang, confirm: string, reason: string) {
  const s = STRINGS[lang].admin;
  const form = scope.getByRole('form', { name: confirm });
  // An empty reason is refused with a message and nothing is sent.
  await form.getByRole('button', { name: confirm, exact: true }).click();
  await expect(form.getByRole('alert')).toHaveText(s.reason.reasonRequired);
  await form.getByLabel(s.reason.label).fill(reason);
  await form.getByRole('button', { name: confirm, exact: true }).click();
  await expect(form).toHaveCount(0);
}

const created = { providers: [] as string[], ads: [] as string[] };

async function createProvider(db: SupabaseClient, name: string, mobile: string) {
  const { data, error } = await db
    .from('service_providers')
    .insert({
      name,
      business_name: 'Pipe Works',
      mobile,
      category: PLUMBER,
      experience: 5,
      address: 'Station Road, Ward 4',
      status: 'approved',
    })
    .select('id')
    .single();
  expect(error).toBeNull();
  created.providers.push(data!.id as string);
  return data!.id as string;
}

test.beforeAll(() => {
  expect(adminCreate(ADMIN.email, ADMIN.password)).toContain(ADMIN.email);
});

test.afterAll(async ({ db }) => {
  if (created.providers.length) await db.from('service_providers').delete().in('id', created.providers);
  if (created.ads.length) await db.from('advertisements').delete().in('id', created.ads);
});

for (const lang of ['en', 'hi'] as const) {
  test.describe(`the operator console (${lang})`, () => {
    // The operator on a 360 px phone in Hindi, on a desktop in English.
    if (lang === 'hi') test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    test.beforeEach(async ({ page }) => useLanguage(page, lang));

    test('3 reports hide nothing; the operator fixes the number; an uploaded ad shows; a hidden review goes; the audit log has all', async ({
      page,
      browser,
      db,
      site,
    }) => {
      test.setTimeout(240_000);
      const s = STRINGS[lang];
      const oldMobile = uniqueMobile();
      const newMobile = uniqueMobile();
      const name = `Report Test ${lang} ${oldMobile.slice(-5)}`;
      const providerId = await createProvider(db, name, oldMobile);
      const reviewText = `Abusive words ${lang} ${RUN}`;
      expect((await db.from('reviews').insert({ provider_id: providerId, review_text: reviewText })).error).toBeNull();

      // Listed: a visitor finds it by its number.
      await expect((await searchDirectory(page, lang, oldMobile)).filter({ hasText: name })).toBeVisible();

      // One device reports the review (while the profile is public).
      await report(browser, site, lang, providerId, { review: reviewText });

      // Three devices report a wrong number: the reports wait for the operator, the listing
      // stays listed, and (no signed-in phone among them) visitors see no caution.
      const tokens = [];
      for (let i = 0; i < 3; i += 1) tokens.push(await report(browser, site, lang, providerId, {}, { axe: i === 0 }));
      expect(new Set(tokens).size).toBe(3);
      await expect
        .poll(async () => (await db.from('reports').select('id').eq('provider_id', providerId).is('review_id', null)).data?.length)
        .toBe(3);
      const row = await db.from('service_providers').select('status, number_caution').eq('id', providerId).single();
      expect(row.data).toEqual({ status: 'approved', number_caution: false });
      await expect((await searchDirectory(page, lang, oldMobile)).filter({ hasText: name })).toBeVisible();

      // The operator: Reports section.
      await signIn(page);
      const panel = adminSlot(page);
      const nav = panel.getByRole('navigation', { name: s.admin.console.nav });
      await nav.getByRole('link', { name: s.admin.console.tabs.reports }).click();
      await expect(page).toHaveURL(/\/admin\?tab=reports$/);
      const group = panel.getByRole('article', { name, exact: true });
      await expect(group).toContainText(s.report.reasons.wrong_number);
      await expect(group).toContainText(s.admin.reports.targetStatus.approved);
      await expect(group).toContainText(s.admin.reports.caution.none);
      await expect(group.getByRole('button', { name: s.admin.reports.actions.restore, exact: true })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

      // Fix the number, then close the reports as fixed.
      await group.getByRole('button', { name: s.admin.reports.actions.edit }).click();
      await group.getByLabel(s.admin.editor.fields.mobile, { exact: true }).fill(newMobile);
      await withReason(group, lang, s.admin.editor.save, 'Caller confirmed the new number');
      await group.getByRole('button', { name: s.admin.reports.actions.edited }).click();
      await withReason(group, lang, s.admin.reports.actions.edited, 'Number fixed');
      await expect(group).toHaveCount(0);
      const back = (await searchDirectory(page, lang, newMobile)).filter({ hasText: name });
      await expect(back.locator('a[href^="tel:"]')).toHaveAttribute('href', new RegExp(`${newMobile}$`));
      await searchDirectory(page, lang, oldMobile);
      await expect(directory(page).getByText(s.directory.search.noResultsFound)).toBeVisible();

      // Hide the reported review.
      await page.goto('/admin?tab=reports');
      const reviewGroup = panel.getByRole('article', { name: s.admin.reports.reviewOf.replace('{{name}}', name) });
      await expect(reviewGroup).toContainText(reviewText);
      await reviewGroup.getByRole('button', { name: s.admin.reports.actions.hide_review }).click();
      await withReason(reviewGroup, lang, s.admin.reports.actions.hide_review, 'Abusive words');
      const visitor = await visitorPage(browser, site, lang);
      await visitor.page.goto(`/provider/${providerId}`);
      await expect(profileSlot(visitor.page).getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(profileSlot(visitor.page).getByText(s.profile.reviews.empty)).toBeVisible();
      await expect(profileSlot(visitor.page).getByText(reviewText)).toHaveCount(0);
      await visitor.context.close();

      // Upload an image ad, first in the popup.
      const adTitle = `Console ad ${lang} ${RUN}`;
      await nav.getByRole('link', { name: s.admin.console.tabs.ads }).click();
      await panel.getByRole('button', { name: s.admin.ads.new }).click();
      const form = panel.getByRole('form', { name: s.admin.ads.create });
      await form.getByLabel(s.admin.ads.fields.title, { exact: true }).fill(adTitle);
      await form.getByLabel(s.admin.ads.fields.alt, { exact: true }).fill(`${adTitle}: a lit lamp`);
      await form
        .getByLabel(s.admin.ads.fields.image, { exact: true })
        .setInputFiles({ name: 'ad.png', mimeType: 'image/png', buffer: PNG });
      await form.getByLabel(s.admin.ads.fields.order, { exact: true }).fill('0');
      await expectNoSeriousA11yViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
      await withReason(panel, lang, s.admin.ads.create, 'New campaign');
      const adCard = panel.getByRole('article', { name: adTitle });
      await expect(adCard).toBeVisible();
      const { data: ad } = await db.from('advertisements').select('id, media_url, sort_order').eq('title', adTitle).single();
      created.ads.push(ad!.id as string);
      expect(ad!.media_url).toMatch(/\/storage\/v1\/object\/public\/ads-images\/.+\.png$/);
      const served = await page.request.get(ad!.media_url as string);
      expect(served.status()).toBe(200);
      expect(served.headers()['content-type']).toBe('image/png');

      const next = await visitorPage(browser, site, lang, { seenAds: false });
      await next.page.goto('/');
      const popup = next.page.getByRole('dialog', { name: s.ads.label });
      await expect(popup).toBeVisible({ timeout: 15_000 });
      await expect(popup.getByRole('img', { name: adTitle })).toBeVisible();
      await next.context.close();

      // The audit log: the edit, the restore, the hidden review and the new ad, with reasons.
      await nav.getByRole('link', { name: s.admin.console.tabs.audit }).click();
      const log = panel.getByRole('region', { name: s.admin.audit.heading });
      const entry = (action: string, target: string) =>
        log
          .getByRole('listitem')
          .filter({ has: page.getByText(action, { exact: true }) })
          .filter({ hasText: target })
          .first();
      await expect(entry(s.admin.audit.actions.provider_update, name)).toContainText(
        `${s.admin.editor.fields.mobile}: ${oldMobile} → ${newMobile}`,
      );
      await expect(entry(s.admin.audit.actions.provider_update, name)).toContainText('Caller confirmed the new number');
      await expect(entry(s.admin.audit.actions.reports_edited, name)).toContainText(ADMIN.email);
      await expect(entry(s.admin.audit.actions.reports_hide_review, reviewText.slice(0, 20))).toContainText('Abusive words');
      await expect(entry(s.admin.audit.actions.ad_create, adTitle)).toContainText('New campaign');
      // what was logged is in the page's language: field names and values in words
      await expect(entry(s.admin.audit.actions.reports_edited, name)).toContainText(`${s.admin.reports.heading}: 3 → 0`);
      // nothing hid the listing by itself
      await expect(entry(s.admin.audit.actions.provider_hidden_by_reports, name)).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test('a listing change waits in the queue, now and proposed side by side; approved, it is live', async ({ page, db }) => {
  await useLanguage(page, 'en');
  const mobile = uniqueMobile();
  const name = `Change Test ${mobile.slice(-5)}`;
  const newName = `${name} and Sons`;
  const providerId = await createProvider(db, name, mobile);
  expect((await db.from('provider_change_requests').insert({ provider_id: providerId, name: newName })).error).toBeNull();

  await signIn(page);
  const panel = adminSlot(page);
  const request = panel.getByRole('article', { name, exact: true }).filter({ has: page.getByRole('table') });
  const table = request.getByRole('table', { name: enAdmin.changes.caption.replace('{{name}}', name) });
  await expect(table.getByRole('row', { name: new RegExp(enAdmin.editor.fields.name) })).toContainText(name);
  await expect(table.getByRole('row', { name: new RegExp(enAdmin.editor.fields.name) })).toContainText(newName);
  await expectNoSeriousA11yViolations(page);
  await request.getByRole('button', { name: enAdmin.changes.approve }).click();
  await withReason(request, 'en', enAdmin.changes.approve, 'Owner asked by phone');
  await expect(request).toHaveCount(0);
  await expect.poll(async () => (await db.from('service_providers').select('name').eq('id', providerId).single()).data?.name).toBe(newName);
});

test.describe('owner edits (hi, on a phone)', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("an owner's edit shows in the console's owner edits and one press reverts it", async ({ page, browser, db, site }) => {
    test.setTimeout(120_000);
    await useLanguage(page, 'hi');
    const s = STRINGS.hi;
    const mobile = uniqueMobile();
    const name = `Owner Edit ${mobile.slice(-5)}`;
    const providerId = await createProvider(db, name, mobile);
    const newBusiness = `Pipe Works and Sons ${mobile.slice(-3)}`;

    // The owner, signed in by phone, changes the business name (as /my-listing does).
    const owner = await phoneClient(site, mobile);
    const { error } = await owner.rpc('update_my_listing', {
      p_provider_id: providerId,
      p_business_name: newBusiness,
      p_specialist_in: null,
      p_address: 'Station Road, Ward 4',
      p_experience: 5,
    });
    expect(error).toBeNull();
    await owner.auth.signOut();

    // The operator: Owner edits, newest first, with the change in words.
    await signIn(page);
    const panel = adminSlot(page);
    await panel.getByRole('navigation', { name: s.admin.console.nav }).getByRole('link', { name: s.admin.console.tabs.edits }).click();
    await expect(page).toHaveURL(/\/admin\?tab=edits$/);
    await expect(panel.getByRole('heading', { level: 2, name: s.admin.edits.heading })).toBeVisible();
    const edit = panel.getByRole('article', { name, exact: true }).first();
    await expect(edit.getByRole('list', { name: s.admin.edits.changes })).toHaveText(
      `${s.admin.editor.fields.business_name}: ${s.admin.audit.change.replace('{{before}}', 'Pipe Works').replace('{{after}}', newBusiness)}`,
    );
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

    // One press, from the keyboard.
    await edit.getByRole('button', { name: s.admin.edits.revert, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(edit.getByText(s.admin.edits.reverted, { exact: true })).toBeVisible();
    await expect(edit.getByRole('button')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await expect
      .poll(async () => (await db.from('service_providers').select('business_name').eq('id', providerId).single()).data?.business_name)
      .toBe('Pipe Works');

    // The public profile has the old business name again.
    const visitor = await visitorPage(browser, site, 'hi');
    await visitor.page.goto(`/provider/${providerId}`);
    await expect(profileSlot(visitor.page).getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(profileSlot(visitor.page).getByText('Pipe Works', { exact: true })).toBeVisible();
    await expect(profileSlot(visitor.page).getByText(newBusiness)).toHaveCount(0);
    await visitor.context.close();

    // Still reverted after a reload; the audit log names both steps.
    await page.reload();
    await expect(
      panel.getByRole('article', { name, exact: true }).first().getByText(s.admin.edits.reverted, { exact: true }),
    ).toBeVisible();
    await page.goto('/admin?tab=audit');
    const log = panel.getByRole('region', { name: s.admin.audit.heading });
    await expect(
      log
        .getByRole('listitem')
        .filter({ has: page.getByText(s.admin.audit.actions.owner_edit_reverted, { exact: true }) })
        .filter({ hasText: name }),
    ).toContainText(ADMIN.email);
    await expect(
      log
        .getByRole('listitem')
        .filter({ has: page.getByText(s.admin.audit.actions.owner_edit, { exact: true }) })
        .filter({ hasText: name }),
    ).toContainText(s.admin.audit.by.replace('{{who}}', s.admin.audit.owner));
  });
});

// Issue 28: approving says what happened in a line that stays; the stats chart's day labels fit.
for (const [lang, width] of [
  ['hi', 360],
  ['en', 360],
  ['en', 1280],
] as const) {
  test.describe(`console details (${lang}, ${width} px)`, () => {
    test.use({ viewport: { width, height: 740 }, ...(width === 360 ? { isMobile: true, hasTouch: true } : {}) });

    test('approving says so in the last-action line; the chart names its days, each label whole and apart', async ({ page, db }) => {
      test.setTimeout(90_000);
      await useLanguage(page, lang);
      const s = STRINGS[lang].admin;
      const mobile = uniqueMobile();
      const name = `Details ${lang} ${width} ${mobile.slice(-5)}`;
      const { data, error } = await db
        .from('service_providers')
        .insert({ name, mobile, category: PLUMBER, experience: 2, address: 'Ward 7', status: 'pending' })
        .select('id')
        .single();
      expect(error).toBeNull();
      created.providers.push(data!.id as string);

      await signIn(page);
      const panel = adminSlot(page);
      const card = panel.getByRole('article', { name });
      await card.getByRole('button', { name: s.actions.approve, exact: true }).click();
      const line = panel.getByRole('status', { name: s.console.lastAction });
      await expect(line).toHaveText(
        s.toast.statusLine.replace('{{title}}', s.toast.approvedTitle).replace('{{body}}', s.toast.approvedBody.replace('{{name}}', name)),
      );
      await expect(card).toHaveCount(0);

      await panel.getByRole('navigation', { name: s.console.nav }).getByRole('link', { name: s.console.tabs.stats }).click();
      const days = panel.locator('.admin-chart__days li');
      await expect(days.first()).toBeVisible();
      const chart = (await panel.locator('.admin-chart__svg').boundingBox())!;
      const boxes = await days.evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, right: r.right, text: el.textContent ?? '', clipped: el.scrollWidth > el.clientWidth + 1 };
        }),
      );
      expect(boxes.length).toBeGreaterThanOrEqual(2);
      for (const [i, b] of boxes.entries()) {
        expect(b.clipped).toBe(false);
        expect(b.left).toBeGreaterThanOrEqual(chart.x - 0.5);
        expect(b.right).toBeLessThanOrEqual(chart.x + chart.width + 0.5);
        if (i > 0) expect(b.left).toBeGreaterThan(boxes[i - 1]!.right);
        // Formatted for the page's language (Hindi: Devanagari month names).
        expect(b.text).toMatch(lang === 'hi' ? /^\d{1,2} [\u0900-\u097F]+/ : /^\d{1,2} [A-Z][a-z]{2}/);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoSeriousA11yViolations(page);
    });
  });
}
