import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { CATEGORIES, storedCategoryValue } from '@city/shared/catalogue';
import enProfile from '../../mf-provider-profile/src/locales/en.json';
import hiProfile from '../../mf-provider-profile/src/locales/hi.json';
import enForm from '../../mf-provider-profile/src/locales/review-form/en.json';
import hiForm from '../../mf-provider-profile/src/locales/review-form/hi.json';
import enRegistration from '../../mf-registration/src/locales/en.json';
import hiRegistration from '../../mf-registration/src/locales/hi.json';
import { test, expect, expectNoSeriousA11yViolations, useLanguage } from '../fixtures/test';
import { signInThroughStep, uniqueVisitorMobile } from '../fixtures/phone-code';
import { signInByCode } from '../fixtures/registration-phone';

// Issue 28 item 2, reviews people can trust, on a 360 px phone in both languages (axe clean):
// a visitor signed in by phone writes a review with a first name and rates; the profile shows
// the name, the stars and the date. The owner replies once on /my-listing, and the reply shows
// under the review on the profile.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const STRINGS = {
  en: { p: enProfile, f: enForm, r: enRegistration, locale: 'en-IN', name: 'Seema' },
  hi: { p: hiProfile, f: hiForm, r: hiRegistration, locale: 'hi-IN', name: 'सीमा' },
} as const;

const PLUMBER = storedCategoryValue(CATEGORIES.find((c) => c.id === 'plumber')!);
let created: string[] = [];
let counter = 0;
function uniqueMobile(): string {
  counter += 1;
  return `6${String(Date.now() % 1e7).padStart(7, '0')}${String((counter + 50) % 100).padStart(2, '0')}`;
}

async function createProvider(db: SupabaseClient): Promise<{ id: string; mobile: string }> {
  const { data, error } = await db
    .from('service_providers')
    .insert({
      name: 'Sunil Verma',
      mobile: uniqueMobile(),
      category: PLUMBER,
      experience: 6,
      address: 'Station Road, Ward 4',
      status: 'approved',
    })
    .select('id, mobile')
    .single();
  expect(error).toBeNull();
  created.push(data!.id);
  return data as { id: string; mobile: string };
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('city.ads.seen', '1'));
});

test.afterEach(async ({ db }) => {
  if (created.length) expect((await db.from('service_providers').delete().in('id', created)).error).toBeNull();
  created = [];
});

const profile = (page: Page) => page.locator('[data-remote-slot="mf_provider_profile"]');
const myListing = (page: Page) => page.locator('[data-remote-slot="mf_registration"]');

for (const lang of ['hi', 'en'] as const) {
  test(`${lang}: a review shows its first name, stars and date; the owner's reply from /my-listing shows under it`, async ({
    page,
    db,
    browser,
  }) => {
    test.setTimeout(120_000);
    const { p, f, r, locale, name } = STRINGS[lang];
    const provider = await createProvider(db);
    await useLanguage(page, lang);
    await page.goto(`/provider/${provider.id}`);
    const reviews = profile(page).getByRole('region', { name: p.reviews.heading });
    await expect(reviews.getByText(p.reviews.empty)).toBeVisible();

    // An empty review is said, not dropped.
    await reviews.getByRole('button', { name: p.reviews.label }).click();
    const box = reviews.getByRole('textbox', { name: p.reviews.label });
    await expect(box).toBeFocused();
    await reviews.getByRole('button', { name: p.reviews.submit }).click();
    await expect(reviews.getByRole('alert')).toHaveText(f.emptyText);
    await expect(box).toBeFocused();

    // Written with a first name; the code step signs the visitor in and the review is posted.
    await box.fill('Came on time, fixed the leak.');
    await reviews.getByRole('textbox', { name: f.nameLabel }).fill(name);
    await reviews.getByRole('button', { name: p.reviews.submit }).click();
    await signInThroughStep(reviews, uniqueVisitorMobile(), lang);
    const list = reviews.getByRole('list', { name: p.reviews.heading });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem').first()).toContainText(name);

    // The same phone rates 4: its review shows the stars (a new read of the page).
    const rating = profile(page).getByRole('region', { name: p.rating.heading });
    await rating.getByRole('radio').nth(3).click();
    await expect.poll(async () => (await db.from('reviews').select('rating').eq('provider_id', provider.id)).data?.[0]?.rating).toBe(4);
    await page.reload();
    const item = list.getByRole('listitem').first();
    await expect(item.getByRole('img', { name: p.reviews.stars.replace('{{rating}}', '4') })).toBeVisible();
    await expect(item.getByText(name, { exact: true })).toBeVisible();
    const { data: stored } = await db.from('reviews').select('created_at, reviewer_name, rating').eq('provider_id', provider.id);
    expect(stored).toEqual([expect.objectContaining({ reviewer_name: name, rating: 4 })]);
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(stored![0]!.created_at as string));
    await expect(item.locator('time')).toHaveText(date);
    await expectNoSeriousA11yViolations(page);

    // The owner, on another phone, replies once on /my-listing.
    const owner = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    try {
      const ownerPage = await owner.newPage();
      await ownerPage.addInitScript(() => sessionStorage.setItem('city.ads.seen', '1'));
      await useLanguage(ownerPage, lang);
      await ownerPage.goto('/my-listing');
      await signInByCode(myListing(ownerPage), r.myListing.signIn, provider.mobile);
      const section = myListing(ownerPage).getByRole('region', { name: r.myListing.reviews.title });
      const review = section.getByRole('listitem').first();
      await expect(review).toContainText('Came on time, fixed the leak.');
      await expect(review).toContainText(name);
      await review.getByRole('button', { name: r.myListing.reviews.send }).click();
      await expect(review.getByRole('alert')).toHaveText(r.myListing.reviews.empty);
      await review.getByRole('textbox', { name: r.myListing.reviews.replyLabel }).fill('Thank you! See you again.');
      await review.getByRole('button', { name: r.myListing.reviews.send }).click();
      await expect(review.getByText(r.myListing.reviews.yourReply)).toBeVisible();
      await expect(review.getByRole('textbox')).toHaveCount(0);
      await expectNoSeriousA11yViolations(ownerPage);
    } finally {
      await owner.close();
    }

    // The visitor's profile, read again: the reply under the review.
    await page.reload();
    await expect(item.getByText(p.reviews.reply)).toBeVisible();
    await expect(item.getByText('Thank you! See you again.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
