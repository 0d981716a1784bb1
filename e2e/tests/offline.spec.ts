import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { CATEGORIES, storedCategoryValue } from '@city/shared/catalogue';
import { StaticServer } from '../../shell/server/static-server';
import enCommon from '../../shared/src/i18n/locales/en/common.json';
import hiCommon from '../../shared/src/i18n/locales/hi/common.json';
import enLegal from '../../shared/src/i18n/locales/en/legal.json';
import enProfile from '../../mf-provider-profile/src/locales/en.json';
import hiProfile from '../../mf-provider-profile/src/locales/hi.json';
import hiReport from '../../mf-provider-profile/src/locales/report/hi.json';
import enRegistration from '../../mf-registration/src/locales/en.json';
import enResults from '../../mf-directory/src/locales/results/en.json';
import hiResults from '../../mf-directory/src/locales/results/hi.json';
import enNearPlace from '../../mf-directory/src/locales/near-place/en.json';
import hiNearPlace from '../../mf-directory/src/locales/near-place/hi.json';
import enNext from '../fixtures/registration-next/locales/en.json';
import { buildRemoteVariant } from '../harness/build-variant';
import { E2E_VARIANT_PORT_BASE } from '../harness/ports';
import { deviceHash, expect, expectNoSeriousA11yViolations, test, useLanguage, type Page } from '../fixtures/test';
import { signInThroughStep, uniqueVisitorMobile } from '../fixtures/phone-code';
import { signInByCode } from '../fixtures/registration-phone';
import { keptForOffline, remoteSetsReady, remoteIndex, remotesJson, setOffline, swControls } from '../fixtures/offline';

// Offline-first (docs/offline.md), with the production service worker on: installable,
// pages and data readable offline, writes kept and sent, and a remote redeployed alone is
// picked up on the next visit, never mixed with the old one.
test.use({ serviceWorkers: 'allow' });

const PLUMBER = CATEGORIES.find((c) => c.id === 'plumber')!;
const directory = (page: Page) => page.locator('[data-remote-slot="mf_directory"]');
const profile = (page: Page) => page.locator('[data-remote-slot="mf_provider_profile"]');
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
const offlineNote = (page: Page) => page.getByRole('status').filter({ hasText: /^You are offline\. Showing what was saved on / });

let created: string[] = [];
let counter = 0;
async function createProvider(db: SupabaseClient, name: string) {
  const mobile = `6${String(Date.now() % 1e7).padStart(7, '0')}${String(++counter % 100).padStart(2, '0')}`;
  const { data, error } = await db
    .from('service_providers')
    .insert({ name, mobile, category: storedCategoryValue(PLUMBER), experience: 6, address: 'Station Road', status: 'approved' })
    .select('id, name')
    .single();
  expect(error).toBeNull();
  created.push(data!.id as string);
  return data as { id: string; name: string };
}
test.afterEach(async ({ db }) => {
  if (created.length) expect((await db.from('service_providers').delete().in('id', created)).error).toBeNull();
  created = [];
});

test('installable: the manifest, its icons and a service worker that controls the page (Chromium finds no installability error)', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await page.request.get(href!);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as { icons: { src: string; sizes: string; purpose: string }[] } & Record<string, unknown>;
  expect(manifest).toMatchObject({
    lang: 'hi',
    short_name: 'शहर सेवा',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#b3400f',
  });
  for (const icon of manifest.icons.filter((i) => i.src.endsWith('.png'))) {
    const png = await page.request.get(icon.src);
    expect(png.headers()['content-type']).toBe('image/png');
    const body = await png.body();
    const [w, h] = [body.readUInt32BE(16), body.readUInt32BE(20)];
    expect(`${w}x${h}`).toBe(icon.sizes);
  }
  await swControls(page);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope)).toBe(new URL('/', page.url()).href);

  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  // Playwright's browser contexts are off-the-record, which Chromium reports on its own.
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
});

test('offline: a reload of /, a category and a profile visited before shows them, saying when the data was saved', async ({
  page,
  context,
  db,
}) => {
  test.setTimeout(120_000);
  const p = await createProvider(db, 'Offline Om Plumber');
  await useLanguage(page, 'en');
  await page.goto('/');
  await swControls(page);
  const remotes = await remotesJson(page);
  // The directory (what `/` renders) is kept as soon as the worker is there.
  await remoteSetsReady(page, [remotes.mf_directory!]);

  // Visited online, with the worker on.
  await page.goto(`/?category=${PLUMBER.id}`);
  await expect(directory(page).getByRole('article').first()).toBeVisible();
  await page.goto(`/provider/${p.id}`);
  await expect(profile(page).getByRole('heading', { level: 1, name: p.name })).toBeVisible();
  await expect(offlineNote(page)).toHaveCount(0);
  // The profile's remote: kept the first time a page used it with the worker on. And the data
  // read again offline: the list's answer and the profile's (kept once the page had them).
  await remoteSetsReady(page, [remotes.mf_directory!, remotes.mf_provider_profile!]);
  await keptForOffline(page, {
    data: [
      { kind: 'search_providers', containing: p.name },
      { kind: 'service_providers', containing: p.id },
      { kind: 'reviews', containing: p.id },
      { kind: 'get_average_ratings', containing: p.id },
    ],
  });

  await setOffline(context, true);
  await page.goto('/');
  await expect(directory(page).getByRole('searchbox')).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(PLUMBER.en) }).first()).toBeVisible();
  // The category pictograms: their sprite, at the versioned address the tiles use, comes from
  // the worker's precache.
  const sprite = await page.evaluate(async () => {
    const use = document.querySelector('svg.category-icon use');
    const href = use?.getAttribute('href') ?? use?.getAttribute('xlink:href') ?? '';
    const r = await fetch(href.split('#')[0]!);
    return { href, ok: r.ok, type: r.headers.get('content-type'), symbols: (await r.text()).split('<symbol').length - 1 };
  });
  expect(sprite.href).toMatch(/^\/category-icons\.svg\?v=[0-9a-f]+#/);
  expect(sprite).toMatchObject({ ok: true });
  expect(sprite.symbols).toBeGreaterThan(20);

  await page.goto(`/?category=${PLUMBER.id}`);
  await expect(directory(page).getByRole('article').filter({ hasText: p.name })).toBeVisible();
  await expect(offlineNote(page)).toBeVisible();

  await page.reload();
  await expect(directory(page).getByRole('article').filter({ hasText: p.name })).toBeVisible();

  await page.goto(`/provider/${p.id}`);
  await expect(profile(page).getByRole('heading', { level: 1, name: p.name })).toBeVisible();
  await expect(offlineNote(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A page never opened before: the shell starts from its precached page and draws it.
  await page.goto('/disclaimer');
  await expect(page.getByRole('heading', { level: 1, name: enLegal.disclaimer.title })).toBeVisible();
  await page.goto(`/provider/${p.id}`);
  await expect(profile(page).getByRole('heading', { level: 1, name: p.name })).toBeVisible();

  // Hindi: the same note in Hindi, the date in Hindi.
  await page.getByRole('link', { name: enCommon.language.switchToLabel }).click();
  await expect(page.getByRole('status').filter({ hasText: /^आप ऑफ़लाइन हैं। .+ को सहेजी गई जानकारी दिखाई जा रही है।$/ })).toBeVisible();

  // Back online: live data, no note.
  await setOffline(context, false);
  await page.reload();
  await expect(profile(page).getByRole('heading', { level: 1, name: p.name })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'ऑफ़लाइन' })).toHaveCount(0);
});

// Issue 27 item 3, "works offline for lists already seen": with the visitor's place chosen, a
// list is read again with it after hydration (rpc search_providers with p_place_kind and
// p_place_code). Seen online with that place, it reads offline with the place's order and
// distances; with a place it was never seen with, the place-less rows kept stay shown with the
// offline note, never the list's error.
const PLACE_STRINGS = {
  en: { results: enResults, common: enCommon, nearPlace: enNearPlace },
  hi: { results: hiResults, common: hiCommon, nearPlace: hiNearPlace },
} as const;
const fill = (text: string, vars: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');
const LALBAGH = { kind: 'ward', code: '9270101', nameEn: 'Lalbagh', nameHi: 'लालबाग', lat: 27.57373, lon: 80.68728 };
const LAKSHMANGANJ = { kind: 'village', code: '927001', nameEn: 'Lakshmanganj', nameHi: 'लक्ष्मणगंज', lat: 27.58363, lon: 80.62556 };
for (const lang of ['en', 'hi'] as const) {
  test.describe(`offline with the visitor's place (${lang}, 360 px)`, () => {
    test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

    test('a list seen with the place reads offline with it; another place keeps the kept rows and the offline note', async ({
      page,
      context,
    }) => {
      test.setTimeout(180_000);
      const s = PLACE_STRINGS[lang];
      const note = page.getByRole('status').filter({ hasText: s.common.offline.savedOn.split('{{date}}')[0]!.trim() });
      const km = /[0-9०-९] ?(km|कि॰?मी)/;
      const slot = directory(page);
      const cards = slot.locator('.directory-card');
      await useLanguage(page, lang);
      await page.addInitScript((p) => {
        if (!sessionStorage.getItem('e2e.placeSet')) {
          localStorage.setItem('city.visitor-place', JSON.stringify(p));
          sessionStorage.setItem('e2e.placeSet', '1');
        }
      }, LALBAGH);

      // Online with the place: who serves it first, with distances.
      await page.goto('/');
      await swControls(page);
      const remotes = await remotesJson(page);
      await remoteSetsReady(page, [remotes.mf_directory!]);
      await page.goto(`/?category=${PLUMBER.id}`);
      await expect(cards.first().locator('.directory-card__place')).toContainText(s.results.card.servesYou);
      await expect(cards.first().locator('.directory-card__place')).toContainText(km);
      const firstOnline = (await cards.first().getByRole('heading').textContent())!;
      // Kept: the place-less list (the first HTML's read) and the one with the place.
      await keptForOffline(page, {
        remotes: ['mf_directory'],
        data: [
          { kind: 'search_providers', containing: `"p_place_code":"${LALBAGH.code}"` },
          { kind: 'search_providers', containing: `"p_category":"${storedCategoryValue(PLUMBER)}"`, without: '"p_place_code"' },
        ],
      });

      await setOffline(context, true);
      await page.reload();
      await expect(cards.first().locator('.directory-card__place')).toContainText(s.results.card.servesYou);
      await expect(cards.first().locator('.directory-card__place')).toContainText(km);
      await expect(cards.first().getByRole('heading')).toHaveText(firstOnline);
      await expect(note).toBeVisible();
      await expect(slot.getByRole('alert')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);

      // A place this list was never read with: the kept rows stay, with the offline note.
      await page.evaluate((p) => localStorage.setItem('city.visitor-place', JSON.stringify(p)), LAKSHMANGANJ);
      await page.reload();
      await expect(cards.first()).toBeVisible();
      await expect(note).toBeVisible();
      await expect(slot.getByText(s.results.list.error)).toHaveCount(0);
      await expect(slot.getByRole('alert')).toHaveCount(0);
      // And they stay (the place-aware read has failed by now: nothing replaces them with an error).
      await expect(slot.locator('.directory-results__count')).not.toHaveText(s.results.list.loading);
      await expect(cards.first()).toBeVisible();
      await expect(slot.getByRole('alert')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await setOffline(context, false);
    });

    test('"serves my place" ticked: the saved answer with the place offline; a place never read says the filter is not applied, until online', async ({
      page,
      context,
    }) => {
      test.setTimeout(180_000);
      const s = PLACE_STRINGS[lang];
      const savedNote = page.getByRole('status').filter({ hasText: s.common.offline.savedOn.split('{{date}}')[0]!.trim() });
      const nameOf = (p: typeof LALBAGH) => (lang === 'hi' ? p.nameHi : p.nameEn);
      const servesNote = (p: typeof LALBAGH) =>
        page.getByRole('status').filter({ hasText: fill(s.nearPlace.servesOnlyOffline.note, { place: nameOf(p) }) });
      const servesBox = (p: typeof LALBAGH) =>
        directory(page).getByRole('checkbox', { name: fill(s.results.filters.servesOnly, { place: nameOf(p) }) });
      const slot = directory(page);
      const cards = slot.locator('.directory-card');
      await useLanguage(page, lang);
      await page.addInitScript((p) => {
        if (!sessionStorage.getItem('e2e.placeSet')) {
          localStorage.setItem('city.visitor-place', JSON.stringify(p));
          sessionStorage.setItem('e2e.placeSet', '1');
        }
      }, LALBAGH);

      // Online, the filter ticked (near=1; the panel opens with a filter set): only who serves it.
      await page.goto('/');
      await swControls(page);
      const remotes = await remotesJson(page);
      await remoteSetsReady(page, [remotes.mf_directory!]);
      await page.goto(`/?category=${PLUMBER.id}&near=1`);
      await expect(servesBox(LALBAGH)).toBeChecked();
      await expect(cards.first().locator('.directory-card__place')).toContainText(s.results.card.servesYou);
      await keptForOffline(page, {
        remotes: ['mf_directory'],
        data: [
          { kind: 'search_providers', containing: `"p_serves_only":true` },
          { kind: 'search_providers', containing: `"p_category":"${storedCategoryValue(PLUMBER)}"`, without: '"p_place_code"' },
        ],
      });

      // Offline, the same place: the worker's saved answer with the filter, no note about it.
      await setOffline(context, true);
      await page.reload();
      await expect(cards.first().locator('.directory-card__place')).toContainText(s.results.card.servesYou);
      await expect(savedNote).toBeVisible();
      await expect(servesBox(LALBAGH)).toBeChecked();
      await expect(servesBox(LALBAGH)).not.toHaveAccessibleDescription(s.nearPlace.servesOnlyOffline.hint);
      await expect(servesNote(LALBAGH)).toHaveCount(0);

      // Offline, a place this list was never read with: every kept provider, and the page says so
      // (above the list, and beside the filter, which stays ticked for when it can apply again).
      await page.evaluate((p) => localStorage.setItem('city.visitor-place', JSON.stringify(p)), LAKSHMANGANJ);
      await page.reload();
      await expect(servesNote(LAKSHMANGANJ)).toBeVisible();
      await expect(cards.first()).toBeVisible();
      await expect(savedNote).toBeVisible();
      await expect(servesBox(LAKSHMANGANJ)).toBeChecked();
      await expect(servesBox(LAKSHMANGANJ)).toHaveAccessibleDescription(s.nearPlace.servesOnlyOffline.hint);
      await expect(slot.getByRole('alert')).toHaveCount(0);
      // Nothing wider than the 360 px screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoSeriousA11yViolations(page);

      // Back online, the next read answers with the place (here: the filter unticked and ticked
      // again, no reload): the notes go and the filter applies.
      await setOffline(context, false);
      await servesBox(LAKSHMANGANJ).uncheck();
      await expect(savedNote).toHaveCount(0);
      await servesBox(LAKSHMANGANJ).check();
      await expect(page).toHaveURL(/[?&]near=1/);
      await expect(slot.locator('.directory-results__count')).not.toHaveText(s.results.list.loading);
      await expect(servesNote(LAKSHMANGANJ)).toHaveCount(0);
      await expect(servesBox(LAKSHMANGANJ)).not.toHaveAccessibleDescription(s.nearPlace.servesOnlyOffline.hint);
      await expect(savedNote).toHaveCount(0);
      await expect(slot.getByRole('alert')).toHaveCount(0);
    });
  });
}

test('offline: a rating and a review given offline are kept (also across a reload) and arrive after reconnecting', async ({
  page,
  context,
  db,
}) => {
  test.setTimeout(120_000);
  const p = await createProvider(db, 'Offline Outbox Plumber');
  await useLanguage(page, 'en');
  await page.goto(`/provider/${p.id}`);
  await swControls(page);
  // The profile's deployment is kept whole, its lazy chunks too (the phone step, the sender that
  // first loads offline, once something is kept).
  await remoteSetsReady(page, [(await remotesJson(page)).mf_provider_profile!]);
  await page.reload();
  await expect(profile(page).getByRole('heading', { level: 1, name: p.name })).toBeVisible();
  // Rating needs a phone: signed in once, online (the code step on the first tap).
  await profile(page).getByRole('radio', { name: '3 stars' }).click();
  await signInThroughStep(profile(page), uniqueVisitorMobile(), 'en');
  await expect(toast(page, enProfile.rating.successTitle)).toBeVisible();

  // Read again offline (the reload below): the profile's row, kept once the page had it.
  await keptForOffline(page, { remotes: ['mf_provider_profile'], data: [{ kind: 'service_providers', containing: p.id }] });
  await setOffline(context, true);
  await profile(page).getByRole('radio', { name: '4 stars' }).click();
  await expect(toast(page, enProfile.outbox.pending)).toBeVisible();
  await expect(profile(page).getByRole('radio', { name: '4 stars' })).toBeChecked();
  // The review form (its own chunk, fetched ahead once the profile was shown) opens offline too.
  await profile(page).getByRole('button', { name: enProfile.reviews.label }).click();
  await profile(page).getByRole('textbox', { name: enProfile.reviews.label }).fill('Written with no signal, sent later.');
  await profile(page).getByRole('button', { name: enProfile.reviews.submit }).click();
  await expect(toast(page, enProfile.outbox.pending)).toBeVisible();

  // Still offline: the page is reloaded (from the worker), what was kept stays kept.
  await page.reload();
  await expect(profile(page).getByRole('heading', { level: 1, name: p.name })).toBeVisible();
  expect((await db.from('reviews').select('id').eq('provider_id', p.id)).data).toEqual([]);

  await setOffline(context, false);
  await expect(toast(page, 'Sent: 2 ratings and reviews you saved offline have been submitted.')).toBeVisible({ timeout: 45_000 });
  // As the signed-in phone: its one rating replaced, no device.
  const ratings = await db.from('service_ratings').select('phone_hash, device_hash, rating').eq('provider_id', p.id);
  expect(ratings.data).toEqual([{ phone_hash: expect.stringMatching(/^[0-9a-f]{64}$/), device_hash: null, rating: 4 }]);
  const reviews = await db.from('reviews').select('review_text').eq('provider_id', p.id);
  expect(reviews.data).toEqual([{ review_text: 'Written with no signal, sent later.' }]);
  expect(await page.evaluate(() => localStorage.getItem('city.profile.outbox'))).toBeNull();
});

test('a rating and a report kept offline are sent from the home page on the next visit, without opening a profile', async ({
  page,
  context,
  db,
}) => {
  test.setTimeout(90_000);
  const p = await createProvider(db, 'Outbox From Home Plumber');
  await page.goto(`/provider/${p.id}`);
  await expect(profile(page).getByRole('heading', { level: 1, name: p.name })).toBeVisible();
  // Rating needs a phone: signed in once, online (the session stays on the phone).
  await profile(page).getByRole('radio', { name: '2 स्टार' }).click();
  await signInThroughStep(profile(page), uniqueVisitorMobile(), 'hi');
  await expect(toast(page, hiProfile.rating.successTitle)).toBeVisible();
  // Offline, the page needs the profile's lazy chunks it has not loaded yet (the sender once a
  // write is kept, the report dialog): the worker must control the page and keep them first.
  await keptForOffline(page, { remotes: ['mf_provider_profile'] });
  await setOffline(context, true);
  await profile(page).getByRole('radio', { name: '5 स्टार' }).click();
  await expect(toast(page, hiProfile.outbox.pending)).toBeVisible();
  await profile(page).getByRole('button', { name: hiProfile.report.provider.open }).click();
  const dialog = page.getByRole('dialog', { name: hiReport.provider.title });
  await dialog.getByRole('radio', { name: hiReport.reasons.wrong_number }).click();
  await dialog.getByRole('button', { name: hiReport.send }).click();
  await expect(dialog.getByRole('status').filter({ hasText: hiReport.queued })).toBeVisible();
  await page.close();

  // Back online the next day: the visitor opens the home page only.
  await setOffline(context, false);
  const home = await context.newPage();
  // A page of its own, without the fixture's "ads popup already seen" (the popup is modal).
  await home.addInitScript(() => sessionStorage.setItem('city.ads.seen', '1'));
  const loaded: string[] = [];
  home.on('request', (r) => loaded.push(r.url()));
  await home.goto('/');
  await expect(toast(home, hiProfile.outbox.sent_one.replace('{{count}}', '1'))).toBeVisible({ timeout: 30_000 });
  const token = await home.evaluate(() => localStorage.getItem('city.deviceToken'));
  const ratings = await db.from('service_ratings').select('phone_hash, device_hash, rating').eq('provider_id', p.id);
  expect(ratings.data).toEqual([{ phone_hash: expect.stringMatching(/^[0-9a-f]{64}$/), device_hash: null, rating: 5 }]);
  const reports = await db.from('reports').select('device_hash, reason, status').eq('provider_id', p.id);
  expect(reports.data).toEqual([{ device_hash: deviceHash(token!), reason: 'wrong_number', status: 'open' }]);
  expect(await home.evaluate(() => localStorage.getItem('city.profile.outbox'))).toBeNull();
  // The profile's background task did it (BACKGROUND_TASKS); no profile was shown.
  await expect(profile(home)).toHaveCount(0);
  const profileOrigin = new URL((await remotesJson(home)).mf_provider_profile!).origin;
  expect(loaded.filter((url) => url.startsWith(profileOrigin) && url.includes('__federation_expose_OfflineOutbox'))).toHaveLength(1);
});

test('a remote redeployed alone is used on the next visit with the worker on, and kept whole for offline', async ({
  page,
  context,
  control,
}) => {
  test.setTimeout(240_000);
  // One deployment URL of mf_registration, whose files are replaced by a redeploy (as on a CDN).
  const dir = mkdtempSync(join(tmpdir(), 'city-sw-redeploy-'));
  cpSync(join(__dirname, '..', '..', 'mf-registration', 'dist'), dir, { recursive: true });
  const server = new StaticServer({ root: dir, port: E2E_VARIANT_PORT_BASE + 8 });
  await server.start();
  try {
    const manifestUrl = `${server.url}/mf-manifest.json`;
    await control.setRemoteEntry('mf_registration', manifestUrl);
    await useLanguage(page, 'en');
    const dialog = page.getByRole('dialog', { name: enRegistration.title });
    const address = dialog.getByLabel(new RegExp(`^${enRegistration.form.address}`));
    const tryShortAddress = async () => {
      await address.fill('Ab');
      await dialog.getByRole('button', { name: enRegistration.form.submit, exact: true }).click();
    };

    // Visit 1: the current version; the worker keeps its set. Registration proves the mobile by
    // a code first; the phone's session stays on the phone, so later visits open on the form.
    await page.goto('/?register=1');
    await expect(dialog).toBeVisible();
    await swControls(page);
    await signInByCode(dialog, enRegistration.myListing.signIn, uniqueVisitorMobile());
    await expect(address).toBeVisible();
    // Kept the first time a page uses the remote with the worker on.
    await page.reload();
    await expect(address).toBeVisible();
    await remoteSetsReady(page, [manifestUrl]);

    // The team ships a new version to the same URL (new string, query and rule).
    const next = buildRemoteVariant({
      remote: 'mf_registration',
      name: 'mf-registration-next-sw',
      config: join(__dirname, '..', 'fixtures', 'registration-next', 'rspack.config.ts'),
    });
    cpSync(next, dir, { recursive: true });

    // Visit 2: the new version, at once (the worker asks the network for the manifest first).
    await page.goto('/?register=1');
    await expect(dialog).toBeVisible();
    await tryShortAddress();
    await expect(address).toHaveAccessibleDescription(new RegExp(enNext.validation.addressTooShort));

    // Its set is downloaded whole and becomes the active one; offline, the new version is what loads.
    await expect.poll(async () => (await remoteIndex(page))[manifestUrl]?.sets.length ?? 0, { timeout: 60_000 }).toBe(2);
    // The home page under the dialog loads the directory offline too.
    await keptForOffline(page, { remotes: ['mf_directory', 'mf_registration'] });
    await setOffline(context, true);
    await page.goto('/?register=1');
    await expect(dialog).toBeVisible();
    await tryShortAddress();
    await expect(address).toHaveAccessibleDescription(new RegExp(enNext.validation.addressTooShort));
    await setOffline(context, false);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
