import type { Browser, Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { CATEGORIES, storedCategoryValue } from '@city/shared/catalogue';
import enRegistration from '../../mf-registration/src/locales/en.json';
import hiRegistration from '../../mf-registration/src/locales/hi.json';
import enAdmin from '../../mf-admin/src/locales/en.json';
import hiAdmin from '../../mf-admin/src/locales/hi.json';
import enPhotos from '../../mf-provider-profile/src/locales/photos/en.json';
import hiPhotos from '../../mf-provider-profile/src/locales/photos/hi.json';
import { test, expect, expectNoSeriousA11yViolations, useLanguage, type SiteInfo } from '../fixtures/test';
import { adminCreate } from '../fixtures/admin-cli';
import { phoneClient, signInByCode } from '../fixtures/registration-phone';

// Issue 28, photos, end to end at 360 px in both languages: the owner adds a photo on
// /my-listing (shrunk in the browser, uploaded to the bucket the database allows), the
// operator approves it in the console's queue, a visitor sees it in the profile's gallery and
// on the card. Before approval nothing is public.

const STRINGS = {
  en: { r: enRegistration, a: enAdmin, g: enPhotos },
  hi: { r: hiRegistration, a: hiAdmin, g: hiPhotos },
} as const;

const RUN = `${process.pid}-${Date.now() % 1e6}`;
const OPERATOR = { email: `photos-${RUN}@example.in`, password: 'operator password 1234' };
const PLUMBER = CATEGORIES.find((c) => c.id === 'plumber')!;

let counter = 0;
function uniqueMobile(): string {
  counter += 1;
  return `7${String(Date.now() % 1e7).padStart(7, '0')}${String(counter % 100).padStart(2, '0')}`;
}

const myListing = (page: Page) => page.locator('[data-remote-slot="mf_registration"]');
const adminSlot = (page: Page) => page.locator('[data-remote-slot="mf_admin"]');
const profile = (page: Page) => page.locator('[data-remote-slot="mf_provider_profile"]');

test.beforeAll(() => {
  expect(adminCreate(OPERATOR.email, OPERATOR.password)).toContain(OPERATOR.email);
});

async function operatorClient(site: SiteInfo): Promise<SupabaseClient> {
  const client = createClient(site.supabaseUrl, site.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  expect((await client.auth.signInWithPassword(OPERATOR)).error).toBeNull();
  return client;
}

/** A 1600x1200 PNG drawn by the browser itself (a camera-sized photo to shrink). */
async function cameraPhoto(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 1600;
    c.height = 1200;
    const g = c.getContext('2d')!;
    for (let i = 0; i < 40; i++) {
      g.fillStyle = `hsl(${i * 9}, 70%, ${30 + (i % 5) * 10}%)`;
      g.fillRect((i * 97) % 1600, (i * 53) % 1200, 400, 300);
    }
    return c.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(b64, 'base64');
}

async function adminSignIn(page: Page, lang: 'hi' | 'en') {
  const a = STRINGS[lang].a;
  await page.goto('/admin-login');
  const slot = adminSlot(page);
  await slot.getByLabel(a.email, { exact: true }).fill(OPERATOR.email);
  await slot.getByLabel(a.password, { exact: true }).fill(OPERATOR.password);
  await slot.getByRole('button', { name: a.login, exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

async function visitor(browser: Browser, site: SiteInfo, lang: 'hi' | 'en'): Promise<Page> {
  const context = await browser.newContext({ baseURL: site.url, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await useLanguage(page, lang);
  return page;
}

async function publicPhotos(site: SiteInfo, providerId: string): Promise<unknown[]> {
  const anon = createClient(site.supabaseUrl, site.anonKey, { auth: { persistSession: false } });
  const { data, error } = await anon.from('provider_photos').select('id, path').eq('provider_id', providerId);
  expect(error).toBeNull();
  return data ?? [];
}

for (const lang of ['hi', 'en'] as const) {
  test.describe(`${lang}, on a phone`, () => {
    test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

    test('upload on /my-listing -> approve in the console -> seen on the profile and the card', async ({ page, site, browser }) => {
      test.setTimeout(180_000);
      const { r, a, g } = STRINGS[lang];
      const m = r.myListing;
      const mobile = uniqueMobile();
      const name = `${lang === 'hi' ? 'फ़ोटो वाला' : 'Photo Case'} ${mobile.slice(-4)}`;

      const owner = await phoneClient(site, mobile);
      const { data: id, error } = await owner.rpc('register_provider', {
        p_name: name,
        p_business_name: null,
        p_category: storedCategoryValue(PLUMBER),
        p_specialist_in: null,
        p_aadhaar: null,
        p_experience: 4,
        p_address: 'Station Road',
      });
      expect(error).toBeNull();
      const operator = await operatorClient(site);
      expect((await operator.rpc('admin_set_provider_status', { p_provider_id: id, p_status: 'approved' })).error).toBeNull();

      // 1. The owner on /my-listing: a text file is refused in words; a camera photo is shrunk and sent.
      await useLanguage(page, lang);
      await page.goto('/my-listing');
      await signInByCode(myListing(page), m.signIn, mobile);
      const section = myListing(page).getByRole('region', { name: m.photos.title });
      await expect(section.getByText(m.photos.none)).toBeVisible();
      const file = section.getByLabel(m.photos.file);
      await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
      await section.getByRole('button', { name: m.photos.add, exact: true }).click();
      await expect(section.getByRole('alert')).toHaveText(m.photos.errors['not-image']);
      await section.getByRole('radio', { name: m.photos.kinds.work }).check();
      await file.setInputFiles({ name: 'shop.png', mimeType: 'image/png', buffer: await cameraPhoto(page) });
      await section.getByRole('button', { name: m.photos.add, exact: true }).click();
      await expect(section.getByRole('status').filter({ hasText: m.photos.added })).toBeVisible({ timeout: 30_000 });
      const item = m.photos.itemLabel.replace('{{n}}', '1').replace('{{kind}}', m.photos.kinds.work);
      await expect(section.getByRole('img', { name: item })).toBeVisible();
      await expect(section.getByText(m.photos.pending)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // Nothing public yet.
      expect(await publicPhotos(site, id as string)).toEqual([]);

      // 2. The operator approves it in the queue.
      await adminSignIn(page, lang);
      const kind = a.photos.kinds.work;
      const card = adminSlot(page).getByRole('article', { name: a.photos.title.replace('{{name}}', name).replace('{{kind}}', kind) });
      const thumb = card.getByRole('img', { name: a.photos.alt.replace('{{name}}', name).replace('{{kind}}', kind) });
      await expect(thumb).toBeVisible();
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expectNoSeriousA11yViolations(page);
      await card.getByRole('button', { name: a.photos.approve }).click();
      await expect(card).toHaveCount(0);
      expect(await publicPhotos(site, id as string)).toHaveLength(1);

      // 3. A visitor: the profile's gallery, and the card's thumbnail.
      const v = await visitor(browser, site, lang);
      await v.goto(`/provider/${id}`);
      const gallery = profile(v).getByRole('region', { name: g.title });
      const photo = gallery.getByRole('img', {
        name: g.item.replace('{{n}}', '1').replace('{{count}}', '1').replace('{{kind}}', g.kinds.work),
      });
      await expect(photo).toHaveAttribute('loading', 'lazy');
      await photo.scrollIntoViewIfNeeded();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expectNoSeriousA11yViolations(v);
      await v.goto(`/?q=${encodeURIComponent(name)}`);
      const listed = v.locator('[data-remote-slot="mf_directory"]').getByRole('article', { name });
      await expect(listed.locator('img.directory-card__thumb')).toBeVisible();
      await v.context().close();
    });
  });
}

test('nothing is uploaded where the database did not allow it (403), even by a signed-in owner', async ({ site }) => {
  const mobile = uniqueMobile();
  const owner = await phoneClient(site, mobile);
  const { error } = await owner.storage
    .from('provider-photos')
    .upload(`${crypto.randomUUID()}/${crypto.randomUUID()}`, Buffer.from('RIFF\0\0\0\0WEBPVP8 xxxxxxxx', 'latin1'), {
      contentType: 'image/webp',
    });
  expect(error).toMatchObject({ statusCode: '403' });
});
