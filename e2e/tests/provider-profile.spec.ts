import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { CATEGORIES, storedCategoryValue } from '@city/shared/catalogue';
import enProfile from '../../mf-provider-profile/src/locales/en.json';
import hiProfile from '../../mf-provider-profile/src/locales/hi.json';
import enPhone from '../../mf-provider-profile/src/locales/phone/en.json';
import enReviewForm from '../../mf-provider-profile/src/locales/review-form/en.json';
import hiCommon from '../../shared/src/i18n/locales/hi/common.json';
import {
  test,
  afterPageTimers,
  expect,
  deviceTokenOf,
  expectNoSeriousA11yViolations,
  expectTokenOnlyInDeviceCalls,
  LEGACY_DEVICE_ID_KEY,
  recordDataRequests,
  someDeviceHash,
  useLanguage,
} from '../fixtures/test';
import { codeStep, signInThroughStep, STEP_STRINGS, uniqueVisitorMobile } from '../fixtures/phone-code';

// The provider profile (mf_provider_profile) on a cheap phone, against the real local backend.
// Each test makes its own approved provider through the service-role client, so ratings,
// reviews and clicks are counted exactly and no other journey's data moves.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const PLUMBER = storedCategoryValue(CATEGORIES.find((c) => c.id === 'plumber')!);

test.beforeEach(async ({ page }) => {
  // The advertisement popup (another module) opens once per visit; these journeys are not about it.
  await page.addInitScript(() => sessionStorage.setItem('city.ads.seen', '1'));
});

interface Row {
  id: string;
  name: string;
  mobile: string;
}
let created: string[] = [];
let counter = 0;

function uniqueMobile(): string {
  counter += 1;
  return `6${String(Date.now() % 1e7).padStart(7, '0')}${String(counter % 100).padStart(2, '0')}`;
}

async function createProvider(db: SupabaseClient, over: Record<string, unknown> = {}): Promise<Row> {
  const { data, error } = await db
    .from('service_providers')
    .insert({
      name: 'Sunil Verma',
      business_name: 'Verma Pipe Fitting',
      mobile: uniqueMobile(),
      category: PLUMBER,
      specialist_in: 'Water tank fitting',
      experience: 6,
      address: 'Station Road, Ward 4',
      status: 'approved',
      ...over,
    })
    .select('id, name, mobile')
    .single();
  expect(error).toBeNull();
  created.push(data!.id);
  return data as Row;
}

test.afterEach(async ({ db }) => {
  if (created.length) expect((await db.from('service_providers').delete().in('id', created)).error).toBeNull();
  created = [];
});

const profile = (page: Page) => page.locator('[data-remote-slot="mf_provider_profile"]');
const toast = (page: Page) => page.getByTestId('toast');
const summary = (page: Page) => profile(page).getByTestId('rating-summary');
const ratingCard = (page: Page, lang: 'hi' | 'en' = 'en') =>
  profile(page).getByRole('region', { name: (lang === 'en' ? enProfile : hiProfile).rating.heading });
const reviewsCard = (page: Page) => profile(page).getByRole('region', { name: enProfile.reviews.heading });
const count = async (db: SupabaseClient, table: string, filter: Record<string, string>) => {
  let q = db.from(table).select('*', { count: 'exact', head: true });
  for (const [k, v] of Object.entries(filter)) q = q.eq(k, v);
  const { count: n, error } = await q;
  expect(error).toBeNull();
  return n;
};

test.describe('in Hindi (default)', () => {
  test('the profile: details, average and count, call and chat links that record clicks', async ({ page, db, context, site }) => {
    const requests = recordDataRequests(page, site.supabaseUrl);
    const clickAnswers: number[] = [];
    page.on('response', (r) => {
      // Taps only: the profile also counts its view through track_click ('view', when idle).
      if (
        r.url().endsWith('/rest/v1/rpc/track_click') &&
        (r.request().postDataJSON() as { p_click_type?: string }).p_click_type !== 'view'
      ) {
        clickAnswers.push(r.status());
      }
    });
    const p = await createProvider(db);
    const { error } = await db.from('service_ratings').insert([
      { provider_id: p.id, device_hash: someDeviceHash(), rating: 5 },
      { provider_id: p.id, device_hash: someDeviceHash(), rating: 4 },
    ]);
    expect(error).toBeNull();

    await page.goto(`/provider/${p.id}`);
    await expect(profile(page).getByRole('heading', { level: 1, name: 'Sunil Verma' })).toBeVisible();
    await expect(profile(page).getByText('Verma Pipe Fitting')).toBeVisible();
    const facts = profile(page).locator('dl');
    await expect(facts.getByText('प्लंबर', { exact: true })).toBeVisible();
    await expect(facts.getByText('Water tank fitting')).toBeVisible();
    await expect(facts.getByText('6 वर्ष')).toBeVisible();
    await expect(facts.getByText('Station Road, Ward 4')).toBeVisible();
    await expect(profile(page).getByText(hiProfile.notVerified, { exact: true })).toBeVisible();
    await expect(summary(page)).toContainText('4.5');
    await expect(summary(page)).toContainText('(2 रेटिंग)');
    await expect(profile(page).getByText(hiProfile.reviews.empty)).toBeVisible();
    await expect(page).toHaveTitle(/^Sunil Verma \| /);
    await expectNoSeriousA11yViolations(page);

    // Call: tel: link to the mobile; the click is recorded without holding the call up.
    const call = profile(page).getByRole('link', { name: new RegExp(`${p.mobile} पर कॉल करें`) });
    await expect(call).toHaveAttribute('href', `tel:+91${p.mobile}`);
    await call.click();
    await expect.poll(() => count(db, 'click_tracking', { provider_id: p.id, click_type: 'call' })).toBe(1);
    // A repeat tap from the same device within minutes is answered without error and not counted again.
    await call.click();
    await expect.poll(() => clickAnswers.length).toBe(2);
    expect(clickAnswers.filter((status) => status >= 300)).toEqual([]);
    expect(await count(db, 'click_tracking', { provider_id: p.id, click_type: 'call' })).toBe(1);

    // Chat: the chat app with the 91 prefix, in a new tab (served locally: no internet here).
    await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>chat</title>' }));
    const chat = profile(page).getByRole('link', { name: new RegExp(hiProfile.contact.chat) });
    // With a message pre-filled in the visitor's language, naming the product.
    const chatUrl = `https://wa.me/91${p.mobile}?text=${encodeURIComponent(hiProfile.contact.chatText.replace('{{app}}', hiCommon.app.name))}`;
    await expect(chat).toHaveAttribute('href', chatUrl);
    const [popup] = await Promise.all([page.waitForEvent('popup'), chat.click()]);
    await expect(popup).toHaveURL(chatUrl);
    await expect.poll(() => count(db, 'click_tracking', { provider_id: p.id, click_type: 'whatsapp' })).toBe(1);
    // And the visit itself: one profile view from this device today.
    await expect.poll(() => count(db, 'click_tracking', { provider_id: p.id, click_type: 'view' })).toBe(1);
    expect(await count(db, 'click_tracking', { provider_id: p.id })).toBe(3);
    expectTokenOnlyInDeviceCalls(requests, (await deviceTokenOf(page))!);
  });

  test("a verified provider shows the verified badge; experience 0 reads 'less than a year'", async ({ page, db }) => {
    const { data } = await db.from('service_providers').select('id, name').eq('status', 'approved').eq('verified', true).limit(1);
    expect(data).toHaveLength(1);
    await page.goto(`/provider/${data![0]!.id}`);
    await expect(profile(page).getByRole('heading', { level: 1, name: data![0]!.name })).toBeVisible();
    await expect(profile(page).getByText(hiProfile.verified, { exact: true })).toBeVisible();

    const p = await createProvider(db, { experience: 0, business_name: null, specialist_in: null });
    await page.goto(`/provider/${p.id}`);
    await expect(profile(page).getByRole('heading', { level: 1, name: p.name })).toBeVisible();
    await expect(profile(page).locator('dl').getByText(hiProfile.experienceUnderOne)).toBeVisible();
    await expect(profile(page).locator('dl').getByText(hiProfile.experienceNA)).toHaveCount(0);
    await expect(summary(page)).toContainText(hiProfile.summary.none);
  });

  test('a number several people reported shows the plain caution near the call button; others do not', async ({ page, db }) => {
    const flagged = await createProvider(db, { number_caution: true });
    await page.goto(`/provider/${flagged.id}`);
    await expect(profile(page).getByRole('heading', { level: 1, name: flagged.name })).toBeVisible();
    const note = profile(page).getByRole('note');
    await expect(note).toHaveText(hiProfile.contact.caution);
    await expect(note).toHaveText('कुछ लोगों का कहना है कि यह नंबर गलत हो सकता है');
    // Beside the call button, in the contact card; not an alarm.
    await expect(profile(page).getByRole('region', { name: hiProfile.contact.heading }).getByRole('note')).toBeVisible();
    await expect(profile(page).getByRole('alert')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    const plain = await createProvider(db);
    await page.goto(`/provider/${plain.id}`);
    await expect(profile(page).getByRole('heading', { level: 1, name: plain.name })).toBeVisible();
    await expect(profile(page).getByRole('note')).toHaveCount(0);
  });

  test('an unknown, malformed or not-approved id shows not-found with a way home', async ({ page, db }) => {
    const pending = await createProvider(db, { status: 'pending' });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-provider', pending.id]) {
      await page.goto(`/provider/${id}`);
      await expect(profile(page).getByRole('heading', { level: 1, name: hiProfile.notFoundTitle })).toBeVisible();
      await expect(profile(page).getByText(hiProfile.notFoundBody)).toBeVisible();
      await expect(profile(page).getByText(pending.name)).toHaveCount(0);
    }
    await expectNoSeriousA11yViolations(page);
    await profile(page).getByRole('link', { name: hiProfile.backHome }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('in English', () => {
  test.beforeEach(async ({ page }) => useLanguage(page, 'en'));

  test('a visitor reads the profile without supabase-js, its first reads with the page; the first rating downloads it', async ({
    page,
    db,
    site,
  }) => {
    const p = await createProvider(db);
    expect((await db.from('reviews').insert({ provider_id: p.id, review_text: 'Came on time.' })).error).toBeNull();
    const requests = recordDataRequests(page, site.supabaseUrl);
    // supabase-js's code (its auth client), whichever module's copy the share scope serves.
    const supabaseScripts: string[] = [];
    page.on('response', async (r) => {
      if (r.request().resourceType() !== 'script') return;
      const body = await r.text().catch(() => '');
      if (body.includes('GoTrueClient')) supabaseScripts.push(r.url());
    });
    await page.goto(`/provider/${p.id}`);
    await expect(profile(page).getByRole('heading', { name: p.name })).toBeVisible();
    await expect(profile(page).getByText('Came on time.')).toBeVisible();
    await expect(summary(page)).toContainText(enProfile.summary.none);
    // The view is counted too (after 1 s, plain as well).
    await expect.poll(() => requests.filter((r) => r.url.endsWith('/rest/v1/rpc/track_click')).length).toBe(1);
    expect(supabaseScripts).toEqual([]);
    // Read by the serving step into the first HTML and taken by the profile: no request of its own.
    const reads = (path: string) => requests.filter((r) => new URL(r.url).pathname === path).length;
    expect(reads('/rest/v1/service_providers')).toBe(0);
    expect(reads('/rest/v1/reviews')).toBe(0);
    expect(reads('/rest/v1/rpc/get_average_ratings')).toBe(0);

    // Nothing of the code step before the visitor acts (its chunk loads on the tap).
    const stepScripts: string[] = [];
    page.on('response', async (r) => {
      if (r.request().resourceType() !== 'script') return;
      const body = await r.text().catch(() => '');
      if (body.includes('over_sms_send_rate_limit')) stepScripts.push(r.url());
    });
    expect(stepScripts).toEqual([]);

    // Rating needs a phone: the tap opens the code step in the rating card, the stars kept.
    await ratingCard(page).getByRole('radio', { name: '4 stars' }).click();
    await expect(codeStep(ratingCard(page), 'en').getByLabel(STEP_STRINGS.en.mobile)).toBeVisible();
    await expect(ratingCard(page).getByRole('radio', { name: '4 stars' })).toBeChecked();
    await expect(ratingCard(page).getByText('Your choice: 4 out of 5.', { exact: false })).toBeVisible();
    await expect.poll(() => stepScripts.length).toBeGreaterThan(0);
    expect(supabaseScripts).toEqual([]); // the step itself does not need supabase-js until a code is asked for
    await expectNoSeriousA11yViolations(page);

    const mobile = uniqueVisitorMobile();
    await signInThroughStep(ratingCard(page), mobile, 'en');
    // Signed in: the kept rating is sent without asking again.
    await expect(toast(page)).toContainText(enProfile.rating.successTitle);
    await expect(summary(page)).toContainText('4.0');
    await expect(ratingCard(page).getByText('Your rating: 4 out of 5')).toBeVisible();
    expect(supabaseScripts.length).toBeGreaterThan(0);
    // The number typed is shown nowhere once the step is gone.
    expect(await profile(page).innerText()).not.toContain(mobile.slice(0, 5));
  });

  test('rate, change the rating: one row for this phone, average and count refreshed; sign out', async ({ page, db, site }) => {
    const p = await createProvider(db);
    // A device id left by the first version is public: it must never become the secret token.
    await page.addInitScript((key) => {
      if (!sessionStorage.getItem('e2e.legacySet')) {
        localStorage.setItem(key, 'b7d5f2a0-1c2d-4e5f-8a9b-0c1d2e3f4a5b');
        sessionStorage.setItem('e2e.legacySet', '1');
      }
    }, LEGACY_DEVICE_ID_KEY);
    const requests = recordDataRequests(page, site.supabaseUrl);
    await page.goto(`/provider/${p.id}`);
    await expect(summary(page)).toContainText(enProfile.summary.none);
    await expect(profile(page).getByText(/You have not rated this provider yet/)).toBeVisible();
    await expect(profile(page).getByText(enProfile.rating.needsPhone)).toBeVisible();

    await ratingCard(page).getByRole('radio', { name: '4 stars' }).click();
    const mobile = uniqueVisitorMobile();
    await signInThroughStep(ratingCard(page), mobile, 'en');
    await expect(toast(page)).toContainText(enProfile.rating.successTitle);
    await expect(toast(page)).toContainText(enProfile.rating.successBody);
    await expect(summary(page)).toContainText('4.0');
    await expect(summary(page)).toContainText('(1 rating)');
    // The device's secret (still used for clicks and reports): the old public id gone.
    const token = await deviceTokenOf(page);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), LEGACY_DEVICE_ID_KEY)).toBeNull();
    // One row for this phone: its hash only, never the number, no device.
    const rows = async () => (await db.from('service_ratings').select('phone_hash, device_hash, rating').eq('provider_id', p.id)).data;
    const first = await rows();
    expect(first).toEqual([{ phone_hash: expect.stringMatching(/^[0-9a-f]{64}$/), device_hash: null, rating: 4 }]);
    const phone_hash = first![0]!.phone_hash as string;
    expect(phone_hash).not.toContain(mobile);

    // Changing it updates the same row.
    await ratingCard(page).getByRole('radio', { name: '2 stars' }).click();
    await expect(summary(page)).toContainText('2.0');
    await expect.poll(rows).toEqual([{ phone_hash, device_hash: null, rating: 2 }]);
    await expect(summary(page)).toContainText('(1 rating)');

    // The phone's rating is shown on a later visit (the session stays), and the keyboard changes it too.
    await page.reload();
    await expect(profile(page).getByText('Your rating: 2 out of 5')).toBeVisible();
    await expect(profile(page).getByText(enPhone.rating.signedIn)).toBeVisible();
    const two = profile(page).getByRole('radio', { name: '2 stars' });
    await expect(two).toHaveAttribute('aria-checked', 'true');
    await two.focus();
    await page.keyboard.press('ArrowRight');
    await expect(profile(page).getByRole('radio', { name: '3 stars' })).toBeFocused();
    await expect.poll(rows).toEqual([{ phone_hash, device_hash: null, rating: 3 }]);
    expect(await deviceTokenOf(page)).toBe(token);
    expectTokenOnlyInDeviceCalls(requests, token!);
    const rateCalls = requests.filter((r) => r.url.endsWith('/rest/v1/rpc/rate_provider'));
    expect(rateCalls.length).toBeGreaterThan(0);
    // The phone is never a parameter: it comes from the session.
    expect(rateCalls.filter((r) => r.body.includes(mobile) || r.body.includes(token!))).toEqual([]);
    expect(requests.some((r) => r.url.endsWith('/rest/v1/rpc/my_ratings'))).toBe(true);
    // The public cannot read the ratings table at all.
    const anon = await fetch(`${site.supabaseUrl}/rest/v1/service_ratings?select=rating&provider_id=eq.${p.id}`, {
      headers: { apikey: site.anonKey, Authorization: `Bearer ${site.anonKey}` },
    });
    expect(anon.status).toBeGreaterThanOrEqual(400);
    // Nor rate without a phone: the database refuses an anonymous rating.
    const anonRate = await fetch(`${site.supabaseUrl}/rest/v1/rpc/rate_provider`, {
      method: 'POST',
      headers: { apikey: site.anonKey, Authorization: `Bearer ${site.anonKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ p_provider_id: p.id, p_rating: 1 }),
    });
    expect(anonRate.status).toBe(401);
    await expect(summary(page)).toContainText('3.0');
    // axe on this module's page (the shell's toast list is checked by its own journeys).
    await toast(page).focus();
    await page.keyboard.press('Escape');
    await expect(toast(page)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Sign out from the rating card: back to a visitor without a phone, nothing shown of the phone's rating.
    await ratingCard(page).getByRole('button', { name: enPhone.rating.signOut }).click();
    await expect(profile(page).getByText(enProfile.rating.needsPhone)).toBeVisible();
    await expect(profile(page).getByText(/You have not rated this provider yet/)).toBeVisible();
    await expect(ratingCard(page).getByRole('button', { name: enPhone.rating.signOut })).toHaveCount(0);
  });

  test('review: the code step keeps the draft, then it appears first, stored trimmed; whitespace refused with a message; too long refused', async ({
    page,
    db,
    site,
  }) => {
    const p = await createProvider(db);
    const requests = recordDataRequests(page, site.supabaseUrl);
    expect((await db.from('reviews').insert({ provider_id: p.id, review_text: 'An older review' })).error).toBeNull();
    await page.goto(`/provider/${p.id}`);
    const list = profile(page).getByRole('list', { name: enProfile.reviews.heading });
    await expect(list.getByRole('listitem')).toHaveCount(1);

    // The form opens on "Write a review" (its own chunk), with the focus in the box.
    await reviewsCard(page).getByRole('button', { name: enProfile.reviews.label }).click();
    const box = profile(page).getByRole('textbox', { name: enProfile.reviews.label });
    await expect(box).toBeFocused();
    await box.fill('  Fixed our leaking tank in 20 minutes. <b>Recommended</b>  ');
    await expect(profile(page).getByText('56 / 1,000 characters')).toBeVisible();
    await profile(page).getByRole('button', { name: enProfile.reviews.submit }).click();
    // Reviewing needs a phone: the code step opens under the form, the draft stays.
    await expect(codeStep(reviewsCard(page), 'en').getByLabel(STEP_STRINGS.en.mobile)).toBeVisible();
    await expect(reviewsCard(page).getByText(enPhone.reviews.kept)).toBeVisible();
    await expect(box).toHaveValue('  Fixed our leaking tank in 20 minutes. <b>Recommended</b>  ');
    await expectNoSeriousA11yViolations(page);
    await signInThroughStep(reviewsCard(page), uniqueVisitorMobile(), 'en');
    // Signed in: posted without pressing Submit again.
    await expect(toast(page)).toContainText(enProfile.reviews.success);
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').first()).toContainText('Fixed our leaking tank in 20 minutes. <b>Recommended</b>');
    await expect(list.getByRole('listitem').last()).toContainText('An older review');
    await expect(box).toHaveValue('');
    const { data: stored } = await db
      .from('reviews')
      .select('review_text, created_at')
      .eq('provider_id', p.id)
      .order('created_at', { ascending: false });
    expect(stored).toHaveLength(2);
    expect(stored![0]!.review_text).toBe('Fixed our leaking tank in 20 minutes. <b>Recommended</b>');
    const date = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long' }).format(new Date(stored![0]!.created_at as string));
    await expect(list.getByRole('listitem').first().locator('time')).toHaveText(date);

    // Whitespace only: nothing is sent, nothing is stored, and the form says why (issue 28).
    await toast(page).getByRole('button').click();
    // Each press is handled at once: blank text is refused with a message and focus goes back to the box.
    await box.fill('   \n  ');
    await profile(page).getByRole('button', { name: enProfile.reviews.submit }).click();
    await expect(profile(page).getByRole('alert')).toHaveText(enReviewForm.emptyText);
    await expect(box).toBeFocused();
    // Invisible characters only (zero-width, word joiner, BOM, no-break space, soft hyphen, a bidi override) are blank too.
    await box.fill('\u200B\u200C\u200D\u2060\uFEFF\u00A0\u00AD\u202E');
    await profile(page).getByRole('button', { name: enProfile.reviews.submit }).click();
    await expect(profile(page).getByRole('alert')).toHaveText(enReviewForm.emptyText);
    await expect(box).toBeFocused();
    await expect(toast(page)).toHaveCount(0);
    expect(await count(db, 'reviews', { provider_id: p.id })).toBe(2);
    expect(requests.filter((r) => r.url.endsWith('/rest/v1/rpc/add_review'))).toHaveLength(1);
    expectTokenOnlyInDeviceCalls(requests, (await deviceTokenOf(page))!);

    // Over the limit: a clear message, nothing stored.
    await box.fill('x'.repeat(1001));
    await expect(profile(page).getByText('1,001 / 1,000 characters')).toBeVisible();
    await profile(page).getByRole('button', { name: enProfile.reviews.submit }).click();
    await expect(profile(page).getByRole('alert')).toHaveText('A review can be at most 1,000 characters. Please shorten it.');
    await expect(box).toBeFocused();
    expect(await count(db, 'reviews', { provider_id: p.id })).toBe(2);
    await expect(list.getByRole('listitem')).toHaveCount(2);
  });

  test('with the Share API the share text and profile URL go to the share sheet', async ({ page, db, site }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData[] }).shared = [...((window as unknown as { shared?: ShareData[] }).shared ?? []), data];
          return Promise.resolve();
        },
      });
    });
    const p = await createProvider(db);
    await page.goto(`/provider/${p.id}`);
    await profile(page).getByRole('button', { name: enProfile.contact.share }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData[] }).shared))
      .toEqual([{ title: p.name, text: `Check out this service provider: ${p.name}`, url: `${site.url}/provider/${p.id}` }]);
    await expect(toast(page)).toHaveCount(0);
  });
});

for (const [lang, strings] of [
  ['en', enProfile],
  ['hi', hiProfile],
] as const) {
  test(`${lang}, 360 px: share without the Share API shows the link with a copy button that stays until used`, async ({
    page,
    db,
    context,
    site,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    // Where the Web Share API is missing (desktop browsers): the link to copy.
    await page.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    await page.setViewportSize({ width: 360, height: 740 });
    await useLanguage(page, lang);
    const p = await createProvider(db);
    await page.goto(`/provider/${p.id}`);
    await profile(page).getByRole('button', { name: strings.contact.share }).click();
    const url = `${site.url}/provider/${p.id}`;
    const field = profile(page).getByRole('textbox', { name: strings.contact.shareLinkLabel });
    await expect(field).toHaveValue(url);
    // Still there after a toast's lifetime: it waits for the visitor.
    await afterPageTimers(page, 6_000);
    await expect(field).toBeVisible();
    // Its close button is clear of the screen's edge.
    const closeBox = (await profile(page).getByRole('button', { name: strings.contact.closeShare, exact: true }).boundingBox())!;
    expect(closeBox.x + closeBox.width).toBeLessThanOrEqual(360 - 8);
    await expectNoSeriousA11yViolations(page);

    await profile(page).getByRole('button', { name: strings.contact.copyLink }).click();
    await expect(toast(page)).toContainText(strings.contact.linkCopied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expect(field).toHaveCount(0);
  });
}

test.describe('link previews', () => {
  test('the first HTML response of a profile URL carries its Open Graph tags (no JavaScript)', async ({ db, request }) => {
    const p = await createProvider(db, { name: 'Sunil "Pipes" <Verma>' });
    expect((await db.from('service_ratings').insert({ provider_id: p.id, device_hash: someDeviceHash(), rating: 4 })).error).toBeNull();
    const pending = await createProvider(db, { status: 'pending' });

    // What a chat app's crawler (or curl) gets: plain HTML, no script run.
    const res = await request.get(`/provider/${p.id}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<meta property="og:title" content="Sunil &quot;Pipes&quot; &lt;Verma&gt; – Verma Pipe Fitting" />');
    expect(html).toContain('<meta property="og:description" content="प्लंबर · ★ 5 में से 4.0 (1 रेटिंग) · Verma Pipe Fitting" />');
    expect(html).toMatch(new RegExp(`<meta property="og:url" content="http://[^"]+/provider/${p.id}" />`));
    expect(html).toContain('<meta property="og:type" content="website" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<title>Sunil &quot;Pipes&quot; &lt;Verma&gt; | ');
    expect(html).not.toContain('<Verma>');
    expect(html).toContain('<div id="root"');

    // Pending or unknown providers get the plain shell page, as a 404: the anon key cannot see them.
    for (const id of [pending.id, '00000000-0000-4000-8000-000000000000']) {
      const res404 = await request.get(`/provider/${id}`);
      expect(res404.status()).toBe(404);
      const plain = await res404.text();
      expect(plain).toContain('<div id="root"');
      expect(plain).not.toContain('og:title');
      expect(plain).not.toContain('Verma Pipe Fitting');
    }
  });
});
