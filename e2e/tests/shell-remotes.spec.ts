import { test, expect, expectNoSeriousA11yViolations, remoteSlotFailed, type Page } from '../fixtures/test';
import type { RemoteName } from '@city/shared/contracts';

async function approvedProviderId(site: { supabaseUrl: string; anonKey: string }) {
  const res = await fetch(`${site.supabaseUrl}/rest/v1/service_providers?select=id&limit=1`, {
    headers: { apikey: site.anonKey, Authorization: `Bearer ${site.anonKey}` },
  });
  return ((await res.json()) as { id: string }[])[0]!.id;
}

/** Where each remote appears, in English. */
const pages: Record<Exclude<RemoteName, 'mf_ads'>, (p: Page, id: string) => Promise<unknown>> = {
  mf_directory: (p) => p.goto('/'),
  mf_provider_profile: (p, id) => p.goto(`/provider/${id}`),
  mf_registration: (p) => p.goto('/?register=1'),
  mf_admin: (p) => p.goto('/admin-login'),
};

test.describe('a remote whose server is down never takes the page down', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('city.lang', 'en'));
  });

  for (const remote of Object.keys(pages) as (keyof typeof pages)[]) {
    test(`${remote}: fallback in its slot, the rest works, Retry recovers`, async ({ page, control, site }) => {
      const id = await approvedProviderId(site);
      await control.stopRemote(remote);
      await pages[remote](page, id);
      const slot = page.locator(`[data-remote-slot="${remote}"]`);
      await expect(slot.getByRole('heading', { name: 'This section could not be loaded' })).toBeVisible();
      // The shell around it still works: header, footer, language toggle.
      await expect(page.locator('#root').getByText('Your City, Your Services - Everything Made Easy!')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Connect with us' })).toBeVisible();
      await control.startRemote(remote);
      await slot.getByRole('button', { name: 'Try again' }).click();
      await expect(slot.locator('[data-remote-fallback]')).toHaveCount(0);
      await expect(slot).not.toBeEmpty();
    });
  }

  test('mf_registration down: pressing Register shows the fallback where the visitor acted, in a dialog', async ({ page, control }) => {
    await control.stopRemote('mf_registration');
    await page.goto('/');
    const register = page.getByRole('link', { name: 'Register your service for free' }).first();
    await register.click();
    // Not in the slot ~1,400 px down the page: a modal dialog, in view, focus on its action.
    const fallback = page.getByRole('dialog', { name: 'This section could not be loaded' });
    await expect(fallback).toBeVisible();
    await expect(fallback).toBeInViewport();
    await expect(fallback.getByText('Please check your internet connection and try again.')).toBeVisible();
    const retry = fallback.getByRole('button', { name: 'Try again' });
    await expect(retry).toBeFocused();
    await expect(page).toHaveURL(/register=1/);
    await expectNoSeriousA11yViolations(page);

    // Escape closes it, drops ?register=1 and gives focus back to the button; so does Close.
    await page.keyboard.press('Escape');
    await expect(fallback).toHaveCount(0);
    await expect(page).not.toHaveURL(/register=1/);
    await expect(register).toBeFocused();
    await register.click();
    await fallback.getByRole('button', { name: 'Close' }).click();
    await expect(fallback).toHaveCount(0);
    await expect(page).not.toHaveURL(/register=1/);

    // The remote is back: Retry really loads it again, and the form opens in its dialog.
    await register.click();
    await expect(retry).toBeFocused();
    await control.startRemote('mf_registration');
    await retry.click();
    const form = page.getByRole('dialog', { name: 'Free Registration' });
    // Registration starts by proving the mobile with a one-time code.
    await expect(form.getByRole('button', { name: 'Send code', exact: true })).toBeVisible();
    await expect(form).toBeInViewport();
    await expect(page.locator('[data-remote-fallback]')).toHaveCount(0);
  });

  test('mf_ads down: the home page shows no ads and no error', async ({ page, control }) => {
    await control.stopRemote('mf_ads');
    // Asked for after idle; the slot gives up once the retries are over.
    const slotGaveUp = remoteSlotFailed(page, 'mf_ads');
    await page.goto('/');
    await expect(page.locator('[data-remote-slot="mf_directory"]')).not.toBeEmpty();
    await slotGaveUp;
    await expect(page.locator('[data-remote-fallback]')).toHaveCount(0);
    await expect(page.locator('[data-remote-slot="mf_ads"]')).toBeEmpty();
  });
});

test('pointing remotes.json at another build changes the page with no shell rebuild', async ({ page, control }) => {
  await page.goto('/');
  await expect(page.getByTestId('alt-directory')).toHaveCount(0);
  await control.setRemoteEntry('mf_directory', 'alt');
  await page.reload();
  await expect(page.getByTestId('alt-directory')).toHaveText('Directory build 2.0.0 (fixture)');
});

test('each shared singleton is loaded once, from one provider', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('[data-remote-slot="mf_directory"]')).not.toBeEmpty();
  await page.goto('/admin-login');
  const form = page.locator('[data-remote-slot="mf_admin"] form');
  await expect(form).toBeVisible();
  // supabase-js is downloaded when data is first needed: here, a sign-in attempt from the admin remote.
  await form.locator('input[type="email"]').fill('nobody@example.in');
  await form.locator('input[type="password"]').fill('not the password');
  await form.locator('button[type="submit"]').click();
  const loadedShares = () =>
    page.evaluate(() => {
      type ShareInfo = { loaded?: boolean; loading?: unknown; from: string; lib?: unknown };
      const share = (
        globalThis as unknown as {
          __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, ShareInfo>>>> };
        }
      ).__FEDERATION__.__SHARE__;
      const out: Record<string, string[]> = {};
      for (const scopes of Object.values(share)) {
        for (const [pkg, versions] of Object.entries(scopes.default ?? {})) {
          for (const [version, info] of Object.entries(versions)) {
            if ((info.loaded || info.lib) && !(out[pkg] ??= []).includes(`${version}@${info.from}`))
              out[pkg].push(`${version}@${info.from}`);
          }
        }
      }
      return out;
    });
  await expect.poll(async () => (await loadedShares())['@supabase/supabase-js']).toBeDefined();
  const loaded = await loadedShares();
  for (const pkg of [
    'react',
    'react-dom',
    'react-router-dom',
    'zustand',
    'i18next',
    'react-i18next',
    '@supabase/supabase-js',
    '@city/shared',
  ]) {
    expect(loaded[pkg], pkg).toHaveLength(1);
  }
});

test.describe('a missing or broken config.json or remotes.json shows a clear message', () => {
  for (const [target, how, message] of [
    ['config', 'missing', "The site's settings file could not be downloaded"],
    ['config', 'malformed', "The site's settings file is damaged"],
    ['config', 'invalid', "The site's settings are incomplete"],
    ['remotes', 'missing', 'The list of site sections could not be downloaded'],
    ['remotes', 'malformed', 'The list of site sections is damaged'],
  ] as const) {
    test(`${target}.json ${how}`, async ({ page, control }) => {
      await page.addInitScript(() => localStorage.setItem('city.lang', 'en'));
      await control.breakFile(target, how);
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'The site could not start' })).toBeVisible();
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
    });
  }
});
