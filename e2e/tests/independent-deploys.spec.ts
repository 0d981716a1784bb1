import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { CATEGORIES } from '@city/shared/catalogue';
import type { RemoteName } from '@city/shared/contracts';
import { StaticServer } from '../../shell/server/static-server';
import enCommon from '../../shared/src/i18n/locales/en/common.json';
import hiCommon from '../../shared/src/i18n/locales/hi/common.json';
import enRegistration from '../../mf-registration/src/locales/en.json';
import enNext from '../fixtures/registration-next/locales/en.json';
import { buildRemoteVariant, type RemoteVariant } from '../harness/build-variant';
import { E2E_VARIANT_PORT_BASE } from '../harness/ports';
import { recordDataRequests, test, expect, useLanguage } from '../fixtures/test';
import { signInByCode } from '../fixtures/registration-phone';

// Each remote is deployed on its own: it declares the @city/shared it needs, and it owns its
// queries, strings and rules. Proved on the live composed site, with other builds of a remote
// served beside it and remotes.json repointed at them; the shell is never rebuilt.

const repoRoot = join(__dirname, '..', '..');
const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;
const sharedVersion = readJson<{ version: string }>(join(repoRoot, 'shared', 'package.json')).version;
// An incompatible platform: the next major version, which the page does not have.
const NEXT_MAJOR = `^${Number(sharedVersion.split('.')[0]) + 1}.0.0`;
const INCOMPATIBLE = { CITY_BUILD_REQUIRED_VERSIONS: JSON.stringify({ '@city/shared': NEXT_MAJOR }) };

const VARIANTS = {
  ads: { remote: 'mf_ads', name: 'mf-ads-needs-next-shared', env: INCOMPATIBLE },
  directory: { remote: 'mf_directory', name: 'mf-directory-needs-next-shared', env: INCOMPATIBLE },
  registrationNext: {
    remote: 'mf_registration',
    name: 'mf-registration-next',
    config: join(__dirname, '..', 'fixtures', 'registration-next', 'rspack.config.ts'),
  },
} satisfies Record<string, RemoteVariant>;
type Variant = keyof typeof VARIANTS;

const served = new Map<Variant, { dir: string; server: StaticServer }>();
const manifestUrl = (v: Variant) => `${served.get(v)!.server.url}/mf-manifest.json`;

interface ManifestShared {
  name: string;
  version: string;
  requiredVersion?: string;
  singleton?: boolean;
}
const sharedEntry = (dist: string) =>
  readJson<{ shared: ManifestShared[] }>(join(dist, 'mf-manifest.json')).shared.find((s) => s.name === '@city/shared')!;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(240_000); // three production builds of a remote (a few seconds each)
  for (const [i, [variant, options]] of (Object.entries(VARIANTS) as [Variant, RemoteVariant][]).entries()) {
    const dir = buildRemoteVariant(options);
    const server = new StaticServer({ root: dir, port: E2E_VARIANT_PORT_BASE + i });
    await server.start();
    served.set(variant, { dir, server });
  }
});

test.afterAll(async () => {
  for (const { server } of served.values()) await server.stop();
  served.clear();
});

/** Uncaught errors in the page: there must be none, whatever a remote does. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Resolves when the shell's slot reports that the federation runtime refused `remote` for its @city/shared range. */
function refusedForVersion(page: Page, remote: RemoteName) {
  return page.waitForEvent('console', {
    predicate: (m) =>
      m.type() === 'error' &&
      m.text().includes(`Remote ${remote} could not be loaded`) &&
      m.text().includes('@city/shared') &&
      m.text().includes(NEXT_MAJOR),
    timeout: 20_000,
  });
}

test.describe('a remote built against an incompatible @city/shared fails to load, never the page', () => {
  test('the build says what it needs: the page provides the installed version, the variant asks for the next major', () => {
    const provided = sharedEntry(join(repoRoot, 'shell', 'dist'));
    expect(provided).toMatchObject({ version: sharedVersion, singleton: true });
    for (const remote of ['mf-directory', 'mf-provider-profile', 'mf-registration', 'mf-ads', 'mf-admin']) {
      // Each production remote asks for the range its package.json declares, which the page satisfies.
      const declared = readJson<{ dependencies: Record<string, string> }>(join(repoRoot, remote, 'package.json')).dependencies[
        '@city/shared'
      ];
      expect([remote, sharedEntry(join(repoRoot, remote, 'dist')).requiredVersion]).toEqual([remote, declared]);
    }
    expect(sharedEntry(served.get('ads')!.dir)).toMatchObject({ requiredVersion: NEXT_MAJOR, singleton: true });
    expect(sharedEntry(served.get('directory')!.dir)).toMatchObject({ requiredVersion: NEXT_MAJOR, singleton: true });
  });

  test.describe('ads', () => {
    test.use({ hideAdsPopup: false }); // a compatible ads remote would open its popup (the seed has running ads)

    test('mf_ads: nothing is shown, and the rest of the page works', async ({ page, control }) => {
      const errors = pageErrors(page);
      await control.setRemoteEntry('mf_ads', manifestUrl('ads'));
      await useLanguage(page, 'en');
      const refused = refusedForVersion(page, 'mf_ads');
      await page.goto('/');
      // After load + idle the shell asked for the ads, and the runtime refused them: the slot's
      // error boundary reports it once it holds its final state (nothing).
      await refused;
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.locator('[data-remote-fallback]')).toHaveCount(0);
      await expect(page.locator('[data-remote-slot="mf_ads"]')).toBeEmpty();
      // The directory (another remote) and the shell work as ever.
      await page.getByRole('link', { name: 'More Services' }).click();
      await expect(page.getByRole('heading', { name: 'All Services' })).toBeVisible();
      await page.getByRole('link', { name: enCommon.language.switchToLabel }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
      expect(errors).toEqual([]);
    });
  });

  test('mf_directory on the prerendered home page: the translated fallback with Retry, the rest of the page works', async ({
    page,
    control,
  }) => {
    const errors = pageErrors(page);
    await control.setRemoteEntry('mf_directory', manifestUrl('directory'));
    const refused = refusedForVersion(page, 'mf_directory');
    await page.goto('/'); // Hindi: the directory's prerendered markup is hydrated, then its remote is refused
    await refused;
    const slot = page.locator('[data-remote-slot="mf_directory"]');
    await expect(slot.getByRole('heading', { name: hiCommon.remote.failedTitle })).toBeVisible();
    await expect(page.locator('#root').getByText(hiCommon.app.slogan)).toBeVisible(); // the app's header, not the boot skeleton's copy (hidden, removed at the first commit)
    await expect(page.getByRole('heading', { name: hiCommon.footer.connectWithUs })).toBeVisible();
    // Retry asks again; the same deployment is refused again, still without a crash.
    const refusedAgain = refusedForVersion(page, 'mf_directory');
    await slot.getByRole('button', { name: hiCommon.remote.retry }).click();
    await refusedAgain;
    await expect(slot.getByRole('heading', { name: hiCommon.remote.failedTitle })).toBeVisible();
    // The shell around it still works, translated.
    await page.getByRole('link', { name: hiCommon.language.switchToLabel }).click();
    await expect(slot.getByRole('heading', { name: enCommon.remote.failedTitle })).toBeVisible();
    await expect(slot.getByRole('button', { name: enCommon.remote.retry })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

const RUN = `${process.pid % 1e4}-${Date.now() % 1e6}`;
let counter = 0;
/** A mobile number no other test (or seed row) uses. */
function uniqueMobile(): string {
  counter += 1;
  return `8${String(Date.now() % 1e7).padStart(7, '0')}${String(counter % 100).padStart(2, '0')}`;
}

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const labelRe = (text: string) => new RegExp(`^${escapeRe(text)}\\s*\\*?$`);
const describedBy = (field: Locator, text: string) => expect(field).toHaveAccessibleDescription(new RegExp(escapeRe(text)));

test('a new version of mf_registration ships a new string, query and rule with the shell not rebuilt', async ({
  page,
  control,
  site,
  db,
}) => {
  // The shell (and the production registration remote) have never seen these strings.
  for (const dist of ['shell', 'mf-registration'].map((m) => join(repoRoot, m, 'dist'))) {
    const js = readdirSync(dist)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(dist, f), 'utf8'))
      .join('\n');
    expect(js).not.toContain(enNext.validation.addressTooShort);
    expect(js).not.toContain(enNext.validation.mobileAlreadyListed);
  }
  // The owner of an approved listing comes to register again: the listing's number is the
  // phone signed in by a code, so this is the number the new version checks.
  const listed = await db.from('service_providers').select('mobile').eq('status', 'approved').limit(20);
  expect(listed.error).toBeNull();
  const listedMobile = (listed.data as { mobile: string }[]).map((r) => r.mobile).find((m) => /^[6-9][0-9]{9}$/.test(m))!;
  expect(listedMobile).toBeDefined();

  const errors = pageErrors(page);
  await page.addInitScript(() => sessionStorage.setItem('city.ads.seen', '1'));
  await page.addInitScript(() => {
    window.open = (() => null) as typeof window.open; // the operator's chat message, once registered
  });
  await control.setRemoteEntry('mf_registration', manifestUrl('registrationNext'));
  await useLanguage(page, 'en');
  const requests = recordDataRequests(page, site.supabaseUrl);
  const rpc = (fn: string) => requests.filter((r) => new URL(r.url).pathname === `/rest/v1/rpc/${fn}`);
  await page.goto('/?register=1');

  const dialog = page.getByRole('dialog', { name: enRegistration.title });
  await expect(dialog).toBeVisible();
  await signInByCode(dialog, enRegistration.myListing.signIn, listedMobile);
  const f = enRegistration.form;
  const name = dialog.getByLabel(labelRe(f.name));
  const address = dialog.getByLabel(labelRe(f.address));
  const mobile = dialog.getByLabel(labelRe(f.mobile));
  await expect(name).toBeFocused();
  await expect(mobile).toHaveValue(`+91 ${listedMobile.slice(0, 5)} ${listedMobile.slice(5)}`);
  await name.fill(`Next Version Check ${RUN}`);
  await dialog.getByLabel(labelRe(f.category)).selectOption(CATEGORIES.find((c) => c.id === 'plumber')!.id);
  await dialog.getByLabel(labelRe(f.experience)).fill('3');
  await address.fill('Ab'); // enough for the current version, not for this one
  await dialog.getByRole('checkbox', { name: f.agreeToTerms }).check();
  const submit = dialog.getByRole('button', { name: f.submit, exact: true });

  // (c) the new rule, with (a) its message from the remote's own new strings; nothing is sent.
  await submit.click();
  await describedBy(address, enNext.validation.addressTooShort);
  await expect(address).toBeFocused();
  expect([...rpc('search_providers'), ...rpc('register_provider')]).toEqual([]);

  // (b) the new data call: before registering, this version asks whether the signed-in mobile
  // is listed already, and says so beside the number.
  await address.fill('Gandhi Chowk, Ward 2');
  await submit.click();
  await describedBy(mobile, enNext.validation.mobileAlreadyListed);
  await expect(mobile).toBeFocused();
  expect(rpc('search_providers').map((r) => JSON.parse(r.body) as Record<string, unknown>)).toEqual([
    expect.objectContaining({ p_query: listedMobile }),
  ]);
  expect(rpc('register_provider')).toEqual([]); // a listed number is not registered twice

  // Another number, not listed: the same version checks it, then registers through the current
  // call, as that phone; what was typed is kept across the new code.
  const fresh = uniqueMobile();
  await dialog.getByRole('button', { name: f.useAnotherNumber }).click();
  await signInByCode(dialog, enRegistration.myListing.signIn, fresh);
  await expect(mobile).toHaveValue(`+91 ${fresh.slice(0, 5)} ${fresh.slice(5)}`);
  await expect(address).toHaveValue('Gandhi Chowk, Ward 2');
  await dialog.getByRole('checkbox', { name: f.agreeToTerms }).check();
  await submit.click();
  await expect(page.getByTestId('toast')).toContainText(enRegistration.toast.registrationSuccessTitle);
  expect(rpc('search_providers').map((r) => (JSON.parse(r.body) as { p_query: string }).p_query)).toEqual([listedMobile, fresh]);
  expect(rpc('register_provider')).toHaveLength(1);
  const stored = await db.from('service_providers').select('name, status').eq('mobile', fresh);
  expect(stored.data).toEqual([{ name: `Next Version Check ${RUN}`, status: 'pending' }]);
  expect(errors).toEqual([]);
});
