import type { Locator, Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { CATEGORIES, storedCategoryValue } from '@city/shared/catalogue';
import enRegistration from '../../mf-registration/src/locales/en.json';
import hiRegistration from '../../mf-registration/src/locales/hi.json';
import enCommon from '../../shared/src/i18n/locales/en/common.json';
import hiCommon from '../../shared/src/i18n/locales/hi/common.json';
import enDirectory from '../../mf-directory/src/locales/en.json';
import hiDirectory from '../../mf-directory/src/locales/hi.json';
import { test, expect, expectNoSeriousA11yViolations, useLanguage, type SiteInfo } from '../fixtures/test';
import { codeSentTo, phoneClient, signInByCode, signInForm } from '../fixtures/registration-phone';

// Free registration against the real local backend: the mobile proved by a one-time code
// (read from the local server's SMS outbox), the form, the database rows, the operator's chat
// message. Strings come from the locale files the site ships.
const STRINGS = {
  en: { r: enRegistration, errorTitle: enCommon.errors.errorTitle, registerButton: enDirectory.registerFree },
  hi: { r: hiRegistration, errorTitle: hiCommon.errors.errorTitle, registerButton: hiDirectory.registerFree },
} as const;
type Lang = keyof typeof STRINGS;

const PLUMBER = CATEGORIES.find((c) => c.id === 'plumber')!;

let counter = 0;
/** A mobile number no other test (or seed row) uses. */
function uniqueMobile(): string {
  counter += 1;
  return `7${String(Date.now() % 1e7).padStart(7, '0')}${String(counter % 100).padStart(2, '0')}`;
}

interface Opened {
  url: string;
  target?: string;
  features?: string;
}

test.beforeEach(async ({ page }) => {
  // The advertisement popup (another module) opens once per visit; these journeys are not about it.
  await page.addInitScript(() => sessionStorage.setItem('city.ads.seen', '1'));
  // Record what the page asks window.open to open instead of leaving for the chat app.
  await page.addInitScript(() => {
    const opened: { url: string; target?: string; features?: string }[] = [];
    Object.defineProperty(window, '__opened', { value: opened });
    window.open = ((url?: string | URL, target?: string, features?: string) => {
      opened.push({ url: String(url), target, features });
      return null;
    }) as typeof window.open;
  });
});

const opened = (page: Page) => page.evaluate(() => (window as unknown as { __opened: Opened[] }).__opened);

async function operatorWhatsapp(site: SiteInfo): Promise<string> {
  const config = (await (await fetch(`${site.url}/config.json`)).json()) as { operatorWhatsapp: string };
  return config.operatorWhatsapp;
}

function registrationDialog(page: Page, lang: Lang): Locator {
  return page.getByRole('dialog', { name: STRINGS[lang].r.title });
}

/** The dialog's first step: the mobile, then the code the local server "texted" to it. */
async function proveMobile(dialog: Locator, lang: Lang, mobile: string, typed = mobile) {
  await signInByCode(dialog, STRINGS[lang].r.myListing.signIn, mobile, typed);
  await expect(form(dialog, lang).name).toBeVisible();
}

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A label's text, with or without the required mark after it. */
const labelRe = (text: string) => new RegExp(`^${escapeRe(text)}\\s*\\*?$`);

/** The form's controls by their visible labels in the given language. */
function form(dialog: Locator, lang: Lang) {
  const f = STRINGS[lang].r.form;
  return {
    name: dialog.getByLabel(labelRe(f.name)),
    businessName: dialog.getByLabel(labelRe(f.businessName)),
    mobile: dialog.getByLabel(labelRe(f.mobile)),
    useAnotherNumber: dialog.getByRole('button', { name: f.useAnotherNumber }),
    category: dialog.getByLabel(labelRe(f.category)),
    otherCategory: dialog.getByLabel(labelRe(f.otherCategory)),
    specialistIn: dialog.getByLabel(labelRe(f.specialistIn)),
    aadhaar: dialog.getByLabel(labelRe(f.aadhaar)),
    experience: dialog.getByLabel(labelRe(f.experience)),
    address: dialog.getByLabel(labelRe(f.address)),
    terms: dialog.getByRole('checkbox', { name: f.agreeToTerms }),
    submit: dialog.getByRole('button', { name: f.submit, exact: true }),
  };
}

async function rowsWithMobile(db: import('@supabase/supabase-js').SupabaseClient, mobile: string) {
  const { data, error } = await db.from('service_providers').select('*').eq('mobile', mobile);
  expect(error).toBeNull();
  return data ?? [];
}

async function providerCount(db: import('@supabase/supabase-js').SupabaseClient): Promise<number> {
  const { count, error } = await db.from('service_providers').select('id', { count: 'exact', head: true });
  expect(error).toBeNull();
  return count!;
}

/** What a visitor (public key) can see of a provider: the table and the search RPC. */
async function expectNotPublic(site: SiteInfo, id: string, mobile: string) {
  const anon = createClient(site.supabaseUrl, site.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: globalThis.WebSocket as never },
  });
  const direct = await anon.from('service_providers').select('id').eq('id', id);
  expect(direct.error).toBeNull();
  expect(direct.data).toEqual([]);
  const search = await anon.rpc('search_providers', { p_query: mobile });
  expect(search.error).toBeNull();
  expect((search.data as { id: string }[]).map((r) => r.id)).not.toContain(id);
}

test.describe('in Hindi, on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('a full registration from the home page button: pending row, Aadhaar private, chat message, focus back', async ({
    page,
    db,
    site,
  }) => {
    const hi = STRINGS.hi;
    const mobile = uniqueMobile();
    const name = `रमेश कुमार ${mobile.slice(-4)}`;
    await useLanguage(page, 'hi');
    await page.goto('/');
    const opener = page.getByRole('link', { name: hi.registerButton });
    await opener.click();
    await expect(page).toHaveURL(/register=1/);
    const dialog = registrationDialog(page, 'hi');
    await expect(dialog).toBeVisible();

    // First the code step: it explains why, fits a 360 px phone without sideways scrolling,
    // and is axe-clean with the modal open; a number that is not a mobile is refused there.
    await expect(dialog.getByText(hi.r.codeStep.why)).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    const signIn = signInForm(dialog, hi.r.myListing.signIn);
    await signIn.mobile.fill('12345');
    await signIn.send.click();
    await expect(dialog.getByRole('alert')).toHaveText(hi.r.myListing.validation.phone);
    await proveMobile(dialog, 'hi', mobile, `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
    await expectNoSeriousA11yViolations(page);

    const f = form(dialog, 'hi');
    // The signed-in number, shown and not typed; the first field has the focus.
    await expect(f.name).toBeFocused();
    await expect(f.mobile).toHaveValue(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
    await expect(f.mobile).toHaveAttribute('readonly', '');
    await f.name.fill(name);
    await f.businessName.fill('कुमार प्लंबिंग');
    await f.category.selectOption({ label: `${PLUMBER.icon} ${PLUMBER.hi}` });
    await f.specialistIn.fill('गीज़र रिपेयर');
    await f.aadhaar.fill('2341 2341 2346');
    await f.experience.fill('7');
    await f.address.fill('स्टेशन रोड, वार्ड 4');
    await f.terms.check();
    const submitBox = (await f.submit.boundingBox())!;
    expect(submitBox.height).toBeGreaterThanOrEqual(44);
    await f.submit.click();

    const toast = page.getByTestId('toast');
    await expect(toast).toContainText(hi.r.toast.registrationSuccessTitle);
    await expect(toast).toContainText(hi.r.toast.registrationSuccessDesc);
    // The dialog now says the listing waits for the operator's check, and where to follow it.
    const success = page.getByRole('dialog', { name: hi.r.success.title });
    await expect(success.getByText(hi.r.success.body)).toBeFocused();
    await expect(success.getByRole('link', { name: hi.r.success.link })).toHaveAttribute('href', '/my-listing');
    await success.getByRole('button', { name: hi.r.success.done }).click();
    await expect(dialog).toHaveCount(0);
    await expect(success).toHaveCount(0);
    await expect(page).not.toHaveURL(/register=1/);
    await expect(opener).toBeFocused();

    // The operator's chat message, line by line, with the Aadhaar masked.
    const whatsapp = await operatorWhatsapp(site);
    const calls = await opened(page);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ target: '_blank', features: 'noopener' });
    const url = new URL(calls[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe(`https://wa.me/${whatsapp}`);
    expect(url.searchParams.get('text')!.split('\n')).toEqual([
      'नया सेवा प्रदाता रजिस्ट्रेशन',
      `नाम: ${name}`,
      'व्यवसाय: कुमार प्लंबिंग',
      `मोबाइल: ${mobile}`,
      `श्रेणी: ${PLUMBER.icon} ${PLUMBER.hi}`,
      'विशेषज्ञता: गीज़र रिपेयर',
      'आधार: XXXX-XXXX-2346',
      'अनुभव: 7 वर्ष',
      'पता: स्टेशन रोड, वार्ड 4',
      hi.r.message.consent,
    ]);
    expect(calls[0]!.url).not.toContain('234123412346');

    // Stored as pending, the Aadhaar private and nowhere public. A valid number alone is not
    // "verified" (issue 28, migration 0016): the operator's check is.
    const rows = await rowsWithMobile(db, mobile);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      name,
      business_name: 'कुमार प्लंबिंग',
      mobile,
      category: storedCategoryValue(PLUMBER),
      specialist_in: 'गीज़र रिपेयर',
      experience: 7,
      address: 'स्टेशन रोड, वार्ड 4',
      status: 'pending',
      verified: false,
    });
    expect(JSON.stringify(row)).not.toContain('234123412346');
    await expectNotPublic(site, row.id as string, mobile);
  });
});

test.describe('in English', () => {
  test('deep link, Other category, no Aadhaar, keyboard only: stored as OTHERS and Not Provided in the message', async ({
    page,
    db,
    site,
  }) => {
    const en = STRINGS.en;
    const mobile = uniqueMobile();
    const name = `Sita Devi ${mobile.slice(-4)}`;
    await useLanguage(page, 'en');
    await page.goto('/?register=1');
    const dialog = registrationDialog(page, 'en');
    await expect(dialog).toBeVisible();
    const f = form(dialog, 'en');

    // The code step by keyboard: the number, Enter; the code, Enter.
    const signIn = signInForm(dialog, en.r.myListing.signIn);
    await signIn.mobile.focus();
    await page.keyboard.type(mobile);
    const sentFrom = Date.now();
    await page.keyboard.press('Enter');
    await expect(signIn.code).toBeFocused();
    await page.keyboard.type(await codeSentTo(mobile, sentFrom));
    await page.keyboard.press('Enter');

    await expect(f.name).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press('Tab'); // business name: left empty
    await page.keyboard.press('Tab');
    await expect(f.mobile).toBeFocused(); // read-only: the signed-in number
    await expect(f.mobile).toHaveValue(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
    await page.keyboard.press('Tab');
    await expect(f.useAnotherNumber).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(f.category).toBeFocused();
    await f.category.selectOption('other');
    await expect(f.otherCategory).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(f.otherCategory).toBeFocused();
    await page.keyboard.type('  Home   Bakery ');
    await f.experience.focus();
    await page.keyboard.type('0');
    await page.keyboard.press('Tab');
    await expect(f.address).toBeFocused();
    await page.keyboard.type('Gandhi Chowk, Near Clock Tower');
    // The place (optional, issue 27): its picker, whom they serve (one stop for the radio
    // group), the radius; left as they are.
    const d = registrationDialog(page, 'en');
    await page.keyboard.press('Tab');
    await expect(d.getByRole('combobox', { name: en.r.place.place })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(d.getByRole('radio', { name: en.r.place.modes.nearby })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(d.getByLabel(en.r.place.radius)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(f.terms).toBeFocused();
    await page.keyboard.press('Space');
    await expect(f.terms).toBeChecked();
    await f.submit.focus();
    await page.keyboard.press('Enter');

    await expect(page.getByTestId('toast')).toContainText(en.r.toast.registrationSuccessTitle);
    await expect(dialog).toHaveCount(0);

    const whatsapp = await operatorWhatsapp(site);
    const calls = await opened(page);
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe(`https://wa.me/${whatsapp}`);
    expect(url.searchParams.get('text')!.split('\n')).toEqual([
      'New Service Provider Registration',
      `Name: ${name}`,
      'Business: Not Provided',
      `Mobile: ${mobile}`,
      'Category: Home Bakery',
      'Specialty: Not Provided',
      'Aadhar: Not Provided',
      'Experience: 0 years',
      'Address: Gandhi Chowk, Near Clock Tower',
      'I agree to the Terms & Conditions and confirm that I am 18 years or older.',
    ]);

    const rows = await rowsWithMobile(db, mobile);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name,
      business_name: null,
      category: 'OTHERS: Home Bakery',
      specialist_in: null,
      experience: 0,
      status: 'pending',
      verified: false,
    });
    await expectNotPublic(site, rows[0]!.id as string, mobile);
  });

  test('Escape closes the dialog and focus returns to the button that opened it', async ({ page }) => {
    await useLanguage(page, 'en');
    await page.goto('/');
    const opener = page.getByRole('link', { name: STRINGS.en.registerButton });
    await opener.click();
    const dialog = registrationDialog(page, 'en');
    await expect(dialog).toBeVisible();
    await signInForm(dialog, STRINGS.en.r.myListing.signIn).mobile.fill('98765');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/register=1/);
    await expect(opener).toBeFocused();
  });

  test('offline: the save fails with a clear message, what was typed stays, and a double click later stores one row', async ({
    page,
    context,
    db,
  }) => {
    const en = STRINGS.en;
    const mobile = uniqueMobile();
    await useLanguage(page, 'en');
    await page.goto('/?register=1');
    const dialog = registrationDialog(page, 'en');
    await proveMobile(dialog, 'en', mobile);
    const f = form(dialog, 'en');
    await f.name.fill('Offline Tester');
    await f.category.selectOption('electrician');
    await f.experience.fill('3');
    await f.address.fill('Main Bazaar');
    await f.terms.check();

    await context.setOffline(true);
    await f.submit.click();
    // The open dialog hosts the toast: visible and reachable above the inert page.
    await expect(dialog.getByTestId('toast')).toContainText(en.errorTitle);
    await expect(dialog.getByTestId('toast')).toContainText(en.r.toast.networkErrorDesc);
    // Said beside the button too, where the visitor is looking.
    await expect(dialog.locator('form').getByText(en.r.toast.networkErrorDesc)).toBeVisible();
    await expect(f.name).toHaveValue('Offline Tester');
    await expect(f.category).toHaveValue('electrician');
    await expect(f.terms).toBeChecked();
    await expect(f.submit).toBeEnabled();
    expect(await opened(page)).toEqual([]);
    expect(await rowsWithMobile(db, mobile)).toHaveLength(0);

    await context.setOffline(false);
    await f.submit.dblclick();
    await expect(page.getByTestId('toast')).toContainText(en.r.toast.registrationSuccessTitle);
    await expect(dialog).toHaveCount(0);
    expect(await rowsWithMobile(db, mobile)).toHaveLength(1);
    expect(await opened(page)).toHaveLength(1);
  });
});

for (const lang of ['en', 'hi'] as const) {
  test(`${lang}: each validation error is shown beside its field and as an Error toast, and nothing is stored`, async ({ page, db }) => {
    const { r, errorTitle } = STRINGS[lang];
    const v = r.validation;
    const mobile = uniqueMobile();
    const before = await providerCount(db);
    await useLanguage(page, lang);
    await page.goto('/?register=1');
    const dialog = registrationDialog(page, lang);
    await proveMobile(dialog, lang, mobile);
    const f = form(dialog, lang);
    const toast = page.getByTestId('toast');

    /** Submits and checks the toast and the message beside the field (its accessible description). */
    async function expectRejected(field: Locator, message: string) {
      await f.submit.click();
      await expect(toast).toContainText(errorTitle);
      await expect(toast).toContainText(message);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(new RegExp(escapeRe(message)));
      await expect(field).toBeFocused();
    }

    // Empty form: every required field says what is missing.
    await expectRejected(f.name, v.nameRequired);
    for (const [field, message] of [
      [f.category, v.categoryRequired],
      [f.experience, v.experienceRequired],
      [f.address, v.addressRequired],
      [f.terms, v.errorAgreeToTerms],
    ] as const) {
      await expect(field).toHaveAccessibleDescription(new RegExp(escapeRe(message)));
    }
    await expectNoSeriousA11yViolations(page);

    await f.name.fill('Validation Tester');
    await f.category.selectOption('plumber');
    await f.experience.fill('2');
    await f.address.fill('Ward 9');
    await f.terms.check();
    await f.aadhaar.fill('1234');
    await expectRejected(f.aadhaar, v.errorAadhar);
    // 12 digits, but the check digit is wrong.
    await f.aadhaar.fill('2341 2341 2345');
    await expectRejected(f.aadhaar, v.aadhaarInvalid);

    await f.aadhaar.fill('');
    await f.category.selectOption('other');
    await f.otherCategory.fill('   ');
    await expectRejected(f.otherCategory, v.errorOtherCategory);

    await f.otherCategory.fill('Tailor');
    await f.terms.uncheck();
    await expectRejected(f.terms, v.errorAgreeToTerms);

    await f.experience.fill('-1');
    await f.terms.check();
    await expectRejected(f.experience, v.experienceNegative);

    // The minimums: a name and an address of at least 2 letters, a name not only digits.
    await f.experience.fill('2');
    await f.name.fill('R');
    await expectRejected(f.name, v.nameTooShort);
    await f.name.fill('98765');
    await expectRejected(f.name, v.nameDigits);
    await f.name.fill('Validation Tester');
    await f.address.fill('9');
    await expectRejected(f.address, v.addressTooShort);

    expect(await opened(page)).toEqual([]);
    expect(await rowsWithMobile(db, mobile)).toHaveLength(0);
    expect(await providerCount(db)).toBe(before);
  });
}

test('the database refuses the same bad input sent around the form, a visitor not signed in, and another number', async ({ site, db }) => {
  const anon = createClient(site.supabaseUrl, site.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: globalThis.WebSocket as never },
  });
  const mobile = uniqueMobile();
  const phone = await phoneClient(site, mobile);
  const before = await providerCount(db);
  const listedBefore = (await rowsWithMobile(db, '9876500001')).length;
  const good = {
    p_name: 'Direct Caller',
    p_business_name: null,
    p_category: storedCategoryValue(PLUMBER),
    p_specialist_in: null,
    p_aadhaar: null,
    p_experience: 1,
    p_address: 'Somewhere',
  };
  for (const [patch, field] of [
    [{ p_aadhaar: '1234' }, 'aadhaar'],
    [{ p_aadhaar: '234123412345' }, 'aadhaar'],
    [{ p_aadhaar: '123412341234' }, 'aadhaar'],
    [{ p_category: 'OTHERS:   ' }, 'category'],
    [{ p_experience: -1 }, 'experience'],
    [{ p_name: '   ' }, 'name'],
    [{ p_name: '\u200B\u00A0\u2060' }, 'name'],
    [{ p_address: '' }, 'address'],
    [{ p_name: 'R' }, 'name'],
    [{ p_name: '98765 43210' }, 'name'],
    [{ p_address: '9' }, 'address'],
  ] as const) {
    const { error } = await phone.rpc('register_provider', { ...good, ...patch });
    expect(error, field).not.toBeNull();
    expect(['23502', '23514']).toContain(error!.code);
    expect(error!.details).toBe(field);
  }
  // Oversize before any cleaning.
  const long = await phone.rpc('register_provider', { ...good, p_address: 'x'.repeat(5000) });
  expect(long.error).toMatchObject({ code: '22001', details: 'address' });
  // Not signed in by phone: refused; the mobile can no longer be chosen by the caller.
  const signedOut = await anon.rpc('register_provider', good);
  expect(signedOut.error?.code).toBe('42501');
  const otherNumber = await phone.rpc('register_provider', { ...good, p_mobile: '9876500001' });
  expect(otherNumber.error).not.toBeNull();
  expect(await providerCount(db)).toBe(before);
  expect(await rowsWithMobile(db, '9876500001')).toHaveLength(listedBefore); // a listed number is not taken

  // The same name and category again from this mobile: refused, naming the name.
  expect((await phone.rpc('register_provider', good)).error).toBeNull();
  const again = await phone.rpc('register_provider', { ...good, p_name: 'direct caller' });
  expect(again.error).toMatchObject({ code: '23505', details: 'name' });
  expect(await rowsWithMobile(db, mobile)).toHaveLength(1);
});

test('a fourth listing on one number is refused with the message at the mobile field, and nothing is stored', async ({
  page,
  site,
  db,
}) => {
  const en = STRINGS.en;
  const mobile = uniqueMobile();
  const phone = await phoneClient(site, mobile);
  for (const name of ['First Shop', 'Second Shop', 'Third Shop']) {
    const { error } = await phone.rpc('register_provider', {
      p_name: `${name} ${mobile.slice(-4)}`,
      p_business_name: null,
      p_category: storedCategoryValue(PLUMBER),
      p_specialist_in: null,
      p_aadhaar: null,
      p_experience: 2,
      p_address: 'Ward 1',
    });
    expect(error).toBeNull();
  }
  await useLanguage(page, 'en');
  await page.goto('/?register=1');
  const dialog = registrationDialog(page, 'en');
  await proveMobile(dialog, 'en', mobile);
  const f = form(dialog, 'en');
  await f.name.fill(`Fourth Shop ${mobile.slice(-4)}`);
  await f.category.selectOption('electrician');
  await f.experience.fill('2');
  await f.address.fill('Ward 1');
  await f.terms.check();
  await f.submit.click();
  await expect(f.mobile).toHaveAttribute('aria-invalid', 'true');
  await expect(f.mobile).toHaveAccessibleDescription(new RegExp(escapeRe(en.r.validation.tooManyListings)));
  await expect(page.getByTestId('toast')).toContainText(en.r.validation.tooManyListings);
  await expect(dialog.getByRole('link', { name: en.r.form.manageListings })).toHaveAttribute('href', '/my-listing');
  await expectNoSeriousA11yViolations(page);
  expect(await rowsWithMobile(db, mobile)).toHaveLength(3);
  expect(await opened(page)).toEqual([]);
});

for (const lang of ['en', 'hi'] as const) {
  test(`${lang}, 360 px: the error toast hangs below the dialog's header and Escape in a field closes it, not the dialog`, async ({
    page,
  }) => {
    const { r, errorTitle } = STRINGS[lang];
    await page.setViewportSize({ width: 360, height: 740 });
    await useLanguage(page, lang);
    await page.goto('/?register=1');
    const dialog = registrationDialog(page, lang);
    await proveMobile(dialog, lang, uniqueMobile());
    const f = form(dialog, lang);
    await f.submit.click();
    const toast = dialog.getByTestId('toast');
    await expect(toast).toContainText(errorTitle);
    await expect(toast).toContainText(r.validation.nameRequired);
    await expect(f.name).toBeFocused();

    // The close button is whole and on top: what is drawn at its centre is the button itself.
    const close = dialog.locator('.ui-dialog__close');
    const closeBox = (await close.boundingBox())!;
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox.y).toBeGreaterThanOrEqual(closeBox.y + closeBox.height - 1);
    const hit = await close.evaluate((button) => {
      const b = button.getBoundingClientRect();
      const at = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
      return at === button || button.contains(at);
    });
    expect(hit).toBe(true);
    await expectNoSeriousA11yViolations(page);

    // Escape with the focus in the name field: the toast goes, the dialog and the field stay.
    await page.keyboard.press('Escape');
    await expect(toast).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await expect(f.name).toBeFocused();
    // With no toast left, Escape closes the dialog as before.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
}
