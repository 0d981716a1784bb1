import type { Page } from '@playwright/test';
import { CATEGORIES, INITIAL_CATEGORY_COUNT, storedCategoryValue } from '@city/shared/catalogue';
import {
  test,
  expect,
  deviceTokenOf,
  expectNoSeriousA11yViolations,
  expectTokenOnlyInDeviceCalls,
  recordDataRequests,
  useLanguage,
} from '../fixtures/test';
import hiResults from '../../mf-directory/src/locales/results/hi.json';
import hiCommon from '../../shared/src/i18n/locales/hi/common.json';
import { holdShellScript } from '../fixtures/hold-shell-script';

// The directory on a cheap phone: 360x740, against the real local backend and its seed.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const PLUMBER = storedCategoryValue(CATEGORIES.find((c) => c.id === 'plumber')!);
const ELECTRICIAN = storedCategoryValue(CATEGORIES.find((c) => c.id === 'electrician')!);

test.beforeEach(async ({ page }) => {
  // The advertisement popup (another module) opens once per visit; these journeys are not about it.
  await page.addInitScript(() => sessionStorage.setItem('city.ads.seen', '1'));
});

const directory = (page: Page) => page.locator('[data-remote-slot="mf_directory"]');
const cards = (page: Page) => directory(page).getByRole('article');
/** Provider ids of the cards shown, in order (from their profile links). */
async function shownIds(page: Page): Promise<string[]> {
  const hrefs = await cards(page)
    .locator('h3 a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((h) => h.replace('/provider/', ''));
}

async function expectNoErrorPage(page: Page) {
  await expect(page.locator('[data-remote-fallback]')).toHaveCount(0);
  await expect(directory(page).getByText(/could not be loaded|लोड नहीं हो सकी/)).toHaveCount(0);
}

test.describe('in Hindi (default)', () => {
  test('browse a category: grid of 24 and More Services, the provider list, back to categories', async ({ page, db }) => {
    const { count } = await db
      .from('service_providers')
      .select('id', { count: 'exact', head: true })
      .eq('status', 'approved')
      .eq('category', PLUMBER);
    expect(count).toBeGreaterThan(0);

    await page.goto('/');
    const grid = directory(page).getByRole('region', { name: 'सेवाएं', exact: true });
    await expect(grid.getByRole('list').first().getByRole('link')).toHaveCount(INITIAL_CATEGORY_COUNT);
    await expectNoSeriousA11yViolations(page);

    await directory(page).getByRole('link', { name: 'और सेवाएं' }).click();
    const all = directory(page).getByRole('region', { name: 'सभी सेवाएं' });
    await expect(all.getByRole('list').first().getByRole('link')).toHaveCount(CATEGORIES.length + 1);
    await expect(page).toHaveURL(/services=all/);

    await all.getByRole('link', { name: 'प्लंबर', exact: true }).click();
    await expect(page).toHaveURL(/category=plumber/);
    await expect(directory(page).getByRole('heading', { level: 2, name: /प्लंबर/ })).toBeFocused();
    await expect(directory(page).getByText(`${count} सेवा प्रदाता`)).toBeVisible();
    await expect(cards(page)).toHaveCount(Math.min(count!, 20));
    const first = cards(page).first();
    await expect(first.getByText('प्लंबर', { exact: true })).toBeVisible();
    await expect(first.getByRole('link', { name: /कॉल करें/ })).toHaveAttribute('href', /^tel:\+91[0-9]{10}$/);
    // The chat app, with a message pre-filled in the visitor's language, naming the product.
    const chatHref = (await first.getByRole('link', { name: /व्हाट्सऐप/ }).getAttribute('href'))!;
    expect(chatHref).toMatch(/^https:\/\/wa\.me\/91[0-9]{10}\?text=/);
    expect(new URL(chatHref).searchParams.get('text')).toBe(hiResults.card.chatText.replace('{{app}}', hiCommon.app.name));
    await expectNoSeriousA11yViolations(page);

    if (count! > 20) {
      // The next page comes as the end of the list scrolls into view (a button as well).
      await directory(page).getByRole('button', { name: 'और सेवा प्रदाता दिखाएं' }).scrollIntoViewIfNeeded();
      await expect(cards(page)).toHaveCount(Math.min(count!, 40));
      expect(new Set(await shownIds(page)).size).toBe(Math.min(count!, 40));
    }

    await directory(page).getByRole('button', { name: 'सेवाओं की सूची पर वापस जाएं' }).click();
    await expect(directory(page).getByRole('heading', { level: 2, name: 'सभी सेवाएं' })).toBeVisible();
    await expect(page).not.toHaveURL(/category=/);
  });

  test('search in Hindi and Hinglish: बिजली finds electricians, plambar finds plumbers', async ({ page }) => {
    await page.goto('/');
    const box = directory(page).getByRole('searchbox', { name: 'सेवाएं खोजें' });
    await box.fill('बिजली');
    await expect(directory(page).getByRole('heading', { level: 2, name: '“बिजली” के खोज परिणाम' })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    await expect(cards(page).first().getByText('इलेक्ट्रीशियन', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/q=%E0%A4%AC/);

    await box.fill('plambar');
    await expect(directory(page).getByRole('heading', { level: 2, name: '“plambar” के खोज परिणाम' })).toBeVisible();
    await expect(cards(page).first().getByText('प्लंबर', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a very long search word wraps: the page stays as wide as the phone, first HTML and app', async ({ page }) => {
    const word = 'a'.repeat(300);
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    const release = await holdShellScript(page);
    await page.goto(`/?q=${word}`, { waitUntil: 'commit' });
    // What the first HTML paints (the boot skeleton's heading and text repeat the search).
    await expect(page.locator('.boot-skeleton__content').getByRole('heading', { level: 1 })).toBeVisible();
    expect(await pageWidth()).toBeLessThanOrEqual(360);
    release();
    await expect(directory(page).getByRole('heading', { level: 2, name: /के खोज परिणाम$/ })).toBeVisible();
    await expect(directory(page).getByRole('heading', { level: 2, name: /के खोज परिणाम$/ })).toContainText('a'.repeat(100));
    expect(await pageWidth()).toBeLessThanOrEqual(360);
  });

  test('a shared search or category link gets its first page with the HTML, without supabase-js', async ({ page, site }) => {
    const requests = recordDataRequests(page, site.supabaseUrl);
    const supabaseScripts: string[] = [];
    page.on('response', async (r) => {
      if (r.request().resourceType() !== 'script') return;
      if ((await r.text().catch(() => '')).includes('GoTrueClient')) supabaseScripts.push(r.url());
    });
    const searches = () => requests.filter((r) => r.url.endsWith('/rest/v1/rpc/search_providers'));
    // A search: read by the serving step into the first HTML, taken by the directory (no request).
    await page.goto('/?q=plambar');
    await expect(cards(page).first().getByText('प्लंबर', { exact: true })).toBeVisible();
    // the matching categories come from the catalogue's keywords, after the first results
    const matching = directory(page).getByRole('navigation', { name: 'मिलती-जुलती सेवाएं' });
    await expect(matching.getByRole('link', { name: /प्लंबर/ })).toBeVisible();
    // A category list, with its description once the first cards are in.
    await page.goto('/?category=plumber');
    await expect(cards(page).first()).toBeVisible();
    await expect(directory(page).locator('.directory-results__desc')).not.toBeEmpty();
    expect(searches()).toEqual([]);
    expect(supabaseScripts).toEqual([]);
  });

  test('an empty category says services will be provided soon', async ({ page, db }) => {
    // The seed fills every category; hide the approved providers of the emptiest one for this test.
    const { data } = await db.from('service_providers').select('id, category').eq('status', 'approved');
    const counts = new Map<string, string[]>();
    for (const row of data ?? []) counts.set(row.category, [...(counts.get(row.category) ?? []), row.id]);
    const target = [...CATEGORIES].sort(
      (a, b) => (counts.get(storedCategoryValue(a))?.length ?? 0) - (counts.get(storedCategoryValue(b))?.length ?? 0),
    )[0]!;
    const ids = counts.get(storedCategoryValue(target)) ?? [];
    if (ids.length) expect((await db.from('service_providers').update({ status: 'pending' }).in('id', ids)).error).toBeNull();
    try {
      await page.goto(`/?category=${target.id}`);
      await expect(directory(page).getByText('सेवाएं जल्द ही उपलब्ध कराई जाएंगी')).toBeVisible();
      await expect(cards(page)).toHaveCount(0);
    } finally {
      if (ids.length) expect((await db.from('service_providers').update({ status: 'approved' }).in('id', ids)).error).toBeNull();
    }
  });
});

test.describe('in English', () => {
  test.beforeEach(async ({ page }) => useLanguage(page, 'en'));

  test('filter 4+ and verified, then sort newly added; the URL keeps it all', async ({ page, db }) => {
    const filtered = await db
      .from('service_providers')
      .select('id, avg_rating, verified, registration_date', { count: 'exact' })
      .eq('status', 'approved')
      .eq('category', PLUMBER)
      .eq('verified', true)
      .gte('avg_rating', 4)
      .order('registration_date', { ascending: false })
      .order('id', { ascending: true });
    expect(filtered.error).toBeNull();
    const expected = filtered.data!;

    await page.goto('/?category=plumber');
    await expect(cards(page).first()).toBeVisible();
    const toggle = directory(page).getByRole('button', { name: 'Filters' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await directory(page).getByLabel('Minimum rating').selectOption('4');
    await expect(page).toHaveURL(/rating=4/);
    await directory(page).getByRole('radio', { name: 'Verified', exact: true }).check();
    await expect(page).toHaveURL(/verified=verified/);

    if (expected.length === 0) {
      await expect(directory(page).getByText('No provider matches these filters.')).toBeVisible();
    } else {
      await expect(directory(page).getByText(expected.length === 1 ? '1 provider' : `${expected.length} providers`)).toBeVisible();
      await expect(cards(page)).toHaveCount(Math.min(expected.length, 20));
      for (const card of await cards(page).all()) {
        await expect(card.getByText('✓ Verified')).toBeVisible();
        const label = await card.getByRole('img', { name: /^Rated/ }).getAttribute('aria-label');
        expect(Number(/Rated ([0-9.]+)/.exec(label ?? '')![1])).toBeGreaterThanOrEqual(4);
      }
    }

    await directory(page).getByLabel('Sort by').selectOption('newly_added');
    await expect(page).toHaveURL(/sort=newly_added/);
    if (expected.length > 0) {
      await expect.poll(() => shownIds(page)).toEqual(expected.slice(0, 20).map((r) => r.id));
    }

    // A shared link restores the same view.
    await page.goto(page.url());
    await expect(directory(page).getByLabel('Minimum rating')).toHaveValue('4');
    await expect(directory(page).getByRole('radio', { name: 'Verified', exact: true })).toBeChecked();
    await expect(directory(page).getByLabel('Sort by')).toHaveValue('newly_added');
    await expectNoSeriousA11yViolations(page);
  });

  test('search in English, by a partial mobile number, and the empty state', async ({ page, db }) => {
    const { data } = await db.from('service_providers').select('id, mobile').eq('status', 'approved').eq('category', ELECTRICIAN).limit(1);
    const someone = data![0]!;

    await page.goto('/');
    const box = directory(page).getByRole('searchbox', { name: 'Search services' });
    await box.fill('electrician');
    await expect(directory(page).getByRole('heading', { level: 2, name: 'Search results for “electrician”' })).toBeVisible();
    await expect(cards(page).first().getByText('Electrician', { exact: true })).toBeVisible();

    await box.fill(someone.mobile.slice(2, 9));
    await expect(
      directory(page)
        .getByRole('link', { name: /View profile of/ })
        .first(),
    ).toBeVisible();
    await expect.poll(async () => (await shownIds(page)).includes(someone.id)).toBe(true);

    await box.fill('zqxvbnm');
    await expect(directory(page).getByText('No results found for your search.')).toBeVisible();
    await expect(directory(page).getByText('No service found')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test('back and forward move between grid, category and search', async ({ page }) => {
    await page.goto('/');
    await directory(page).getByRole('link', { name: 'Electrician', exact: true }).click();
    await expect(directory(page).getByRole('heading', { level: 2, name: /Electrician/ })).toBeVisible();
    await page.goBack();
    await expect(directory(page).getByRole('heading', { level: 2, name: 'Services', exact: true })).toBeVisible();
    await page.goForward();
    await expect(directory(page).getByRole('heading', { level: 2, name: /Electrician/ })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();

    await directory(page).getByRole('searchbox').fill('painter');
    await expect(directory(page).getByRole('heading', { level: 2, name: 'Search results for “painter”' })).toBeVisible();
    await page.goBack();
    await expect(directory(page).getByRole('heading', { level: 2, name: /Electrician/ })).toBeVisible();
    await expect(directory(page).getByRole('searchbox')).toHaveValue('');
    await page.goForward();
    await expect(directory(page).getByRole('searchbox')).toHaveValue('painter');
    await expect(directory(page).getByRole('heading', { level: 2, name: 'Search results for “painter”' })).toBeVisible();
  });

  test('bad input never breaks the page', async ({ page }) => {
    await page.goto('/');
    const box = directory(page).getByRole('searchbox');
    for (const text of ['a'.repeat(2000), "'; drop table service_providers; --", "plumber' OR '1'='1", '🔧🔧🔧', '%_%\\']) {
      await box.fill(text);
      await box.press('Enter');
      await expect(directory(page).getByRole('heading', { level: 2, name: /^Search results for/ })).toBeVisible();
      await expect(directory(page).getByText(/No results found for your search\.|^\d+ providers?$/)).toBeVisible();
      await expectNoErrorPage(page);
    }
    await box.fill('      ');
    await box.press('Enter');
    await expect(directory(page).getByRole('heading', { level: 2, name: 'Services', exact: true })).toBeVisible();
    await expectNoErrorPage(page);
  });

  test('the welcome banner scrolls in a 10 s cycle, and stands still for reduced motion', async ({ page }) => {
    await page.goto('/');
    const track = directory(page).locator('.directory-banner__track');
    const animation = () =>
      track.evaluate((el) => ({ name: getComputedStyle(el).animationName, duration: getComputedStyle(el).animationDuration }));
    expect(await animation()).toEqual({ name: 'directory-banner-scroll', duration: '10s' });
    await expect(directory(page).getByRole('region', { name: 'Services you can find here' }).getByRole('listitem')).toHaveCount(34);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect((await animation()).name).toBe('none');
  });

  test('voice search where the browser has none says so', async ({ page }) => {
    await page.addInitScript(() => {
      for (const name of ['webkitSpeechRecognition', 'SpeechRecognition']) {
        Object.defineProperty(window, name, { value: undefined, configurable: true, writable: true });
      }
    });
    await page.goto('/');
    await directory(page).getByRole('button', { name: 'Search by voice' }).click();
    await expect(page.getByText('Your browser does not support voice search.')).toBeVisible();
  });

  test('call and chat clicks are tracked, once per device for a repeat tap', async ({ page, db, site }) => {
    const requests = recordDataRequests(page, site.supabaseUrl);
    const clickAnswers: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/rest/v1/rpc/track_click')) clickAnswers.push(r.status());
    });
    await page.goto('/?category=plumber');
    const card = cards(page).first();
    await expect(card).toBeVisible();
    const [id] = await shownIds(page);
    const clicks = async () => (await db.from('click_tracking').select('id', { count: 'exact', head: true }).eq('provider_id', id!)).count;
    const before = (await clicks()) ?? 0;
    // Keep the page: the links would leave it (tel:) or open a tab (chat app).
    await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault()));
    await card.getByRole('link', { name: /^Call / }).click();
    await card.getByRole('link', { name: /^WhatsApp message to / }).click();
    await expect.poll(clicks).toBe(before + 2);

    // The same taps again from this device within minutes: answered without error, not counted twice.
    await card.getByRole('link', { name: /^Call / }).click();
    await card.getByRole('link', { name: /^WhatsApp message to / }).click();
    await expect.poll(() => clickAnswers.length).toBe(4);
    expect(clickAnswers.filter((status) => status >= 300)).toEqual([]);
    expect(await clicks()).toBe(before + 2);

    const token = await deviceTokenOf(page);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const tracked = requests
      .filter((r) => r.url.endsWith('/rest/v1/rpc/track_click'))
      .map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(tracked.map((b) => b.p_click_type).sort()).toEqual(['call', 'call', 'whatsapp', 'whatsapp']);
    expect(tracked.every((b) => b.p_provider_id === id && b.p_device_token === token)).toBe(true);
    expectTokenOnlyInDeviceCalls(requests, token!);
  });
});
