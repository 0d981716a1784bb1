import type { Locator, Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { CATEGORIES, storedCategoryValue } from '@city/shared/catalogue';
import enCommon from '../../shared/src/i18n/locales/en/common.json';
import hiCommon from '../../shared/src/i18n/locales/hi/common.json';
import enRegistration from '../../mf-registration/src/locales/en.json';
import enDirectory from '../../mf-directory/src/locales/en.json';
import enProfile from '../../mf-provider-profile/src/locales/en.json';
import enAdmin from '../../mf-admin/src/locales/en.json';
import hiAdminRemote from '../../mf-admin/src/locales/hi.json';
import { test, expect, expectNoSeriousA11yViolations, useLanguage, type SiteInfo } from '../fixtures/test';
import { adminCreate } from '../fixtures/admin-cli';
import { phoneClient, signInByCode } from '../fixtures/registration-phone';

// The admin remote's namespace; the not-authorised page is the shell's own (common.admin).
const hiAdmin = { ...hiAdminRemote, ...hiCommon.admin };

// The admin module against the real local backend: sign-in, the protected panel, the
// approval queue, sign-out, and a signed-in user without the admin role being refused.

const RUN = `${process.pid}-${Date.now() % 1e6}`;
const ADMIN = { email: `admin-${RUN}@example.in`, password: 'admin password 1234' };
const EDITOR = { email: `editor-${RUN}@example.in`, password: 'editor password 1234' };
const PLUMBER = CATEGORIES.find((c) => c.id === 'plumber')!;

let counter = 0;
/** A mobile number no other test (or seed row) uses. */
function uniqueMobile(): string {
  counter += 1;
  return `6${String(Date.now() % 1e7).padStart(7, '0')}${String(counter % 100).padStart(2, '0')}`;
}

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const labelRe = (text: string) => new RegExp(`^${escapeRe(text)}\\s*\\*?$`);

function anonClient(site: SiteInfo): SupabaseClient {
  return createClient(site.supabaseUrl, site.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: globalThis.WebSocket as never },
  });
}

const adminSlot = (page: Page) => page.locator('[data-remote-slot="mf_admin"]');
const toast = (page: Page) => page.getByTestId('toast');
const adminLink = (page: Page, name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true });

async function signIn(page: Page, who: { email: string; password: string }, s: typeof enAdmin) {
  await page.goto('/admin-login');
  const slot = adminSlot(page);
  await slot.getByLabel(s.email, { exact: true }).fill(who.email);
  await slot.getByLabel(s.password, { exact: true }).fill(who.password);
  await slot.getByRole('button', { name: s.login, exact: true }).click();
}

/**
 * Registers a provider through the registration module's form (/?register=1), in English: the
 * mobile proved by the code the local server "texted" to it, then the form, which shows that
 * number and sends the rest (the listing's mobile is the signed-in phone's).
 */
async function registerThroughForm(page: Page, p: { name: string; mobile: string }) {
  await page.goto('/?register=1');
  const dialog = page.getByRole('dialog', { name: enRegistration.title });
  await expect(dialog).toBeVisible();
  await signInByCode(dialog, enRegistration.myListing.signIn, p.mobile);
  const f = enRegistration.form;
  await expect(dialog.getByLabel(labelRe(f.name))).toBeFocused();
  await expect(dialog.getByLabel(labelRe(f.mobile))).toHaveValue(`+91 ${p.mobile.slice(0, 5)} ${p.mobile.slice(5)}`);
  await dialog.getByLabel(labelRe(f.name)).fill(p.name);
  await dialog.getByLabel(labelRe(f.businessName)).fill('Verma Pipe Works');
  await dialog.getByLabel(labelRe(f.category)).selectOption(PLUMBER.id);
  await dialog.getByLabel(labelRe(f.specialistIn)).fill('Leak repair');
  await dialog.getByLabel(labelRe(f.aadhaar)).fill('2345 6789 0124');
  await dialog.getByLabel(labelRe(f.experience)).fill('9');
  await dialog.getByLabel(labelRe(f.address)).fill('Gandhi Chowk, Ward 2');
  await dialog.getByRole('checkbox', { name: f.agreeToTerms }).check();
  await dialog.getByRole('button', { name: f.submit, exact: true }).click();
  await expect(toast(page)).toContainText(enRegistration.toast.registrationSuccessTitle);
  await expect(dialog).toHaveCount(0);
}

function card(page: Page, name: string): Locator {
  return adminSlot(page).getByRole('article', { name });
}

test.beforeAll(() => {
  expect(adminCreate(ADMIN.email, ADMIN.password)).toContain(ADMIN.email);
});

test.beforeEach(async ({ page }) => {
  // The advertisement popup (another module) opens once per visit; these journeys are not about it.
  await page.addInitScript(() => sessionStorage.setItem('city.ads.seen', '1'));
  // The chat-app message after a registration: record it instead of leaving the page.
  await page.addInitScript(() => {
    window.open = (() => null) as typeof window.open;
  });
});

test.describe('in English', () => {
  test.beforeEach(async ({ page }) => useLanguage(page, 'en'));

  test("a wrong password: 'Login Failed' with the server's message, still signed out; empty fields are refused", async ({ page }) => {
    await page.goto('/admin-login');
    const slot = adminSlot(page);
    await expect(slot.getByRole('heading', { level: 1, name: enAdmin.loginTitle })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expect(slot.getByLabel(enAdmin.email, { exact: true })).toHaveAttribute('autocomplete', 'username');

    await slot.getByRole('button', { name: enAdmin.login, exact: true }).click();
    await expect(slot.getByLabel(enAdmin.email, { exact: true })).toHaveAccessibleDescription(enAdmin.validation.emailRequired);
    await expect(slot.getByLabel(enAdmin.password, { exact: true })).toHaveAccessibleDescription(enAdmin.validation.passwordRequired);
    await expect(slot.getByLabel(enAdmin.email, { exact: true })).toBeFocused();

    await signIn(page, { email: ADMIN.email, password: 'not the password' }, enAdmin);
    await expect(toast(page)).toContainText(enAdmin.toast.loginFailed);
    await expect(toast(page)).toContainText('Invalid login credentials');
    await expect(page).toHaveURL(/\/admin-login$/);
    await expect(adminLink(page, enCommon.nav.admin)).toHaveCount(0);
    await expect(slot.getByLabel(enAdmin.password, { exact: true })).toBeFocused();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('-auth-token')))).toEqual([]);
  });

  test('the admin approves a registration made through the form, and the provider is listed publicly at once', async ({
    page,
    db,
    site,
  }) => {
    const mobile = uniqueMobile();
    const name = `Arjun Verma ${mobile.slice(-4)}`;
    await registerThroughForm(page, { name, mobile });
    const { data: rows } = await db.from('service_providers').select('id, status').eq('mobile', mobile);
    expect(rows).toHaveLength(1);
    const id = rows![0]!.id as string;
    expect(rows![0]!.status).toBe('pending');
    const anon = anonClient(site);
    expect((await anon.from('service_providers').select('id').eq('id', id)).data).toEqual([]);

    // Sign in: the spec's toasts, then the panel.
    await signIn(page, ADMIN, enAdmin);
    await expect(toast(page)).toContainText(enAdmin.toast.loginSuccess);
    await expect(toast(page)).toContainText(enAdmin.toast.welcomeBackAdmin);
    await expect(page).toHaveURL(/\/admin$/);
    const slot = adminSlot(page);
    await expect(slot.getByRole('heading', { level: 1, name: enAdmin.panelTitle })).toBeVisible();
    await expect(slot.getByText(`Signed in as ${ADMIN.email}`)).toBeVisible();
    await expect(adminLink(page, enCommon.nav.admin)).toBeVisible();

    // The newest registration is first, with every field and the Aadhaar masked.
    const entry = card(page, name);
    await expect(entry).toBeVisible();
    await expect(slot.getByRole('article').first()).toHaveAccessibleName(name);
    for (const text of [
      'Verma Pipe Works',
      mobile,
      PLUMBER.en,
      'Leak repair',
      'XXXX-XXXX-0124',
      // A valid Aadhaar number alone earns no badge: the operator's check does (0016).
      enAdmin.fields.notVerified,
      '9 years',
      'Gandhi Chowk, Ward 2',
    ]) {
      await expect(entry).toContainText(text);
    }
    await expect(entry).not.toContainText('234567890124');
    const { count: pendingBefore } = await db
      .from('service_providers')
      .select('id', { count: 'exact', head: true })
      .eq('status', 'pending');
    await expect(slot.getByRole('button', { name: `${pendingBefore} ${enAdmin.status.pending}` })).toHaveAttribute('aria-pressed', 'true');
    await expect(slot.getByRole('heading', { level: 2, name: enAdmin.changes.heading })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await entry.getByRole('button', { name: enAdmin.actions.approve, exact: true }).click();
    await expect(toast(page)).toContainText(enAdmin.toast.approvedTitle);
    await expect(entry).toHaveCount(0);
    await expect(slot.getByRole('button', { name: `${pendingBefore! - 1} ${enAdmin.status.pending}` })).toBeVisible();
    const { data: after } = await db.from('service_providers').select('status, reviewed_at').eq('id', id).single();
    expect(after).toMatchObject({ status: 'approved' });
    expect(after!.reviewed_at).not.toBeNull();

    // The approved list has it, with a link to the public profile.
    await slot.getByRole('button', { name: new RegExp(`${enAdmin.status.approved}$`) }).click();
    const approved = card(page, name);
    await expect(approved).toBeVisible();
    await approved.getByRole('link', { name: enAdmin.actions.viewProfile }).click();
    await expect(page).toHaveURL(new RegExp(`/provider/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(enProfile.notFoundTitle)).toHaveCount(0);

    // A visitor finds it on the home page by searching for the mobile number.
    await page.goto('/');
    const directory = page.locator('[data-remote-slot="mf_directory"]');
    await directory.getByRole('searchbox', { name: enDirectory.search.label }).fill(mobile);
    await expect(directory.getByRole('article').filter({ hasText: name })).toBeVisible();
    expect((await anon.from('service_providers').select('id').eq('id', id)).data).toEqual([{ id }]);
  });

  test('the session survives a reload; sign-out returns to the signed-out state', async ({ page }) => {
    await signIn(page, ADMIN, enAdmin);
    await expect(page).toHaveURL(/\/admin$/);
    const slot = adminSlot(page);
    await expect(slot.getByRole('heading', { level: 1, name: enAdmin.panelTitle })).toBeVisible();

    await page.reload();
    await expect(slot.getByRole('heading', { level: 1, name: enAdmin.panelTitle })).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(adminLink(page, enCommon.nav.admin)).toBeVisible();
    // An expired access token is refreshed by itself: the panel still loads its data.
    const stored = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'))!;
      const session = JSON.parse(localStorage.getItem(key)!) as { access_token: string; expires_at: number };
      localStorage.setItem(key, JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60 }));
      return { key, token: session.access_token };
    });
    await page.reload();
    await expect(slot.getByRole('heading', { level: 1, name: enAdmin.panelTitle })).toBeVisible();
    await expect(slot.getByRole('button', { name: new RegExp(`^\\d+ ${enAdmin.status.pending}$`) })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token, stored.key),
      )
      .not.toBe(stored.token);

    // Going to the login page while signed in leads back to the panel.
    await page.goto('/admin-login');
    await expect(page).toHaveURL(/\/admin$/);

    await slot.getByRole('button', { name: enCommon.auth.signOut }).click();
    await expect(toast(page)).toContainText(enCommon.auth.signedOut);
    await expect(page).toHaveURL(/\/admin-login$/);
    await expect(adminLink(page, enCommon.nav.admin)).toHaveCount(0);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('-auth-token')))).toEqual([]);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin-login$/);
    await page.reload();
    await expect(adminSlot(page).getByRole('heading', { level: 1, name: enAdmin.loginTitle })).toBeVisible();
  });
});

test.describe('in Hindi, on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  test.beforeEach(async ({ page }) => useLanguage(page, 'hi'));

  test('the panel fits the phone; a rejection with a reason keeps the provider off the public list', async ({ page, db, site }) => {
    // Registered as the signed-in phone (the listing's mobile comes from its session).
    const mobile = uniqueMobile();
    const provider = await phoneClient(site, mobile);
    const { data: created, error } = await provider.rpc('register_provider', {
      p_name: `सुनील ${RUN.slice(-4)}`,
      p_business_name: null,
      p_category: storedCategoryValue(PLUMBER),
      p_specialist_in: null,
      p_aadhaar: null,
      p_experience: 2,
      p_address: 'पुराना बाज़ार',
    });
    expect(error).toBeNull();
    const id = String(created);
    const name = `सुनील ${RUN.slice(-4)}`;
    expect((await db.from('service_providers').select('mobile, status').eq('id', id).single()).data).toEqual({ mobile, status: 'pending' });

    await signIn(page, ADMIN, hiAdmin as typeof enAdmin);
    await expect(toast(page)).toContainText(hiAdmin.toast.loginSuccess);
    await expect(page).toHaveURL(/\/admin$/);
    const slot = adminSlot(page);
    await expect(slot.getByRole('heading', { level: 1, name: hiAdmin.panelTitle })).toBeVisible();
    const entry = card(page, name);
    await expect(entry).toBeVisible();
    await expect(entry).toContainText(hiAdmin.fields.aadhaarNone);
    await expect(entry).not.toContainText('XXXX');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const approveBox = (await entry.getByRole('button', { name: hiAdmin.actions.approve, exact: true }).boundingBox())!;
    expect(approveBox.height).toBeGreaterThanOrEqual(44);
    await expectNoSeriousA11yViolations(page);

    await entry.getByRole('button', { name: hiAdmin.actions.reject, exact: true }).click();
    const reason = entry.getByLabel(hiAdmin.actions.reasonLabel);
    await expect(reason).toBeFocused();
    await reason.fill('गलत मोबाइल नंबर');
    await entry.getByRole('button', { name: hiAdmin.actions.confirmReject }).click();
    await expect(toast(page)).toContainText(hiAdmin.toast.rejectedTitle);
    await expect(entry).toHaveCount(0);
    const { data: row } = await db.from('service_providers').select('status, rejection_reason').eq('id', id).single();
    expect(row).toEqual({ status: 'rejected', rejection_reason: 'गलत मोबाइल नंबर' });
    expect((await anonClient(site).from('service_providers').select('id').eq('id', id)).data).toEqual([]);

    await slot.getByRole('button', { name: new RegExp(`${hiAdmin.status.rejected}$`) }).click();
    await expect(card(page, name).getByText('गलत मोबाइल नंबर')).toBeVisible();

    await slot.getByRole('button', { name: hiCommon.auth.signOut }).click();
    await expect(page).toHaveURL(/\/admin-login$/);
  });

  test('a signed-in user without the admin role is refused, by the page and by the database', async ({ page, db, site }) => {
    const { error } = await db.auth.admin.createUser({ email: EDITOR.email, password: EDITOR.password, email_confirm: true });
    expect(error).toBeNull();

    await signIn(page, EDITOR, hiAdmin as typeof enAdmin);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: hiAdmin.notAuthorisedTitle })).toBeVisible();
    await expect(page.getByText(hiAdmin.notAuthorisedBody).first()).toBeVisible();
    await expect(adminSlot(page).getByRole('article')).toHaveCount(0);
    await expect(adminSlot(page).getByRole('heading', { level: 1, name: hiAdmin.panelTitle })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Opened anew, the page never loads the admin remote's code for this user: the shell's own
    // admin strings (title, heading, text: common.admin) come with its base chunk, never as keys.
    const adminCode: string[] = [];
    page.on('request', (request) => {
      if (/__federation_expose_Admin/.test(request.url())) adminCode.push(request.url());
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: hiAdmin.notAuthorisedTitle })).toBeVisible();
    await expect(page.getByText(hiAdmin.notAuthorisedBody).first()).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${escapeRe(hiAdmin.panelTitle)} \\| `));
    expect(adminCode).toEqual([]);

    // The database refuses the admin RPCs to this user's token and to the public key.
    const editor = anonClient(site);
    const signedIn = await editor.auth.signInWithPassword(EDITOR);
    expect(signedIn.error).toBeNull();
    for (const client of [editor, anonClient(site)]) {
      const list = await client.rpc('admin_list_registrations', { p_status: 'pending' });
      expect(list.error?.code).toBe('42501');
      const { data: any } = await db.from('service_providers').select('id').eq('status', 'pending').limit(1);
      const change = await client.rpc('admin_set_provider_status', {
        p_provider_id: any![0]?.id ?? '00000000-0000-4000-8000-000000000000',
        p_status: 'approved',
      });
      expect(change.error?.code).toBe('42501');
    }

    await page.getByRole('button', { name: hiCommon.auth.signOut }).click();
    await expect(page).toHaveURL(/\/admin-login$/);
  });
});
