import enProfile from '../../mf-provider-profile/src/locales/en.json';
import { keptForOffline, remoteSetsReady, setOffline, swControls } from '../fixtures/offline';
import { signInThroughStep, uniqueVisitorMobile } from '../fixtures/phone-code';
import { expect, test, useLanguage, type Page } from '../fixtures/test';
import { startRehearsal, type Rehearsal } from '../harness/production-rehearsal';

// Issue 24 item 3: the site as README's production steps deploy it (harness/production-rehearsal.ts):
// `npm run serve`, the remotes as plain files on other origins, the backend on its own origin
// with the database's limits on. A visitor and a crawler, each as they would meet it.
test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'allow' });

let site: Rehearsal;
let providerId = '';
let providerName = '';
test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startRehearsal();
  const res = await fetch(`${site.supabaseUrl}/rest/v1/service_providers?select=id,name&limit=1`, {
    headers: { apikey: site.anonKey, Authorization: `Bearer ${site.anonKey}` },
  });
  const [row] = (await res.json()) as { id: string; name: string }[];
  providerId = row!.id;
  providerName = row!.name;
});
test.afterAll(async () => {
  await site?.stop();
});

const profile = (page: Page) => page.locator('[data-remote-slot="mf_provider_profile"]');
const directory = (page: Page) => page.locator('[data-remote-slot="mf_directory"]');
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

test('a visitor opens a shared profile link cold, searches, rates after the code step, then goes offline', async ({ page, context }) => {
  test.setTimeout(180_000);
  const link = `${site.url}/provider/${providerId}`;
  // What a chat app's crawler reads: the first HTML, with no JavaScript.
  const first = await fetch(link);
  expect(first.status).toBe(200);
  const html = await first.text();
  expect(html).toContain(`<meta property="og:url" content="${link}"`);
  expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/og\/[^"]+\.png"/);
  expect(jsonLd(html)).toEqual([expect.objectContaining({ '@type': 'LocalBusiness', url: link })]);
  expect(html).toMatch(/<script type="application\/json" id="first-reads">\{"at":\d+,"reads":\[\{"key":/);

  // The visitor, cold: the profile's first reads come with the page, asked for by no request.
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/\/rest\/v1\/(service_providers|reviews|rpc\/get_average_ratings)/.test(r.url())) asked.push(r.url());
  });
  await useLanguage(page, 'en');
  await page.goto(link);
  await expect(profile(page).getByRole('heading', { level: 1, name: providerName })).toBeVisible();
  expect(asked).toEqual([]);
  // Every remote came from its own static host.
  const remotesJson = (await (await page.request.get(`${site.url}/remotes.json`)).json()) as Record<string, string>;
  expect(remotesJson).toEqual(site.remotes);

  // Searches from the home page.
  await page.goto(`${site.url}/`);
  const box = directory(page).getByRole('searchbox');
  await box.fill('plumber');
  await box.press('Enter');
  await expect(page).toHaveURL(/[?&]q=plumber/);
  await expect(directory(page).getByRole('article').first()).toBeVisible();

  // Rates: the code step first (the backend's SMS outbox), then the rating is taken.
  await page.goto(link);
  await swControls(page);
  await profile(page).getByRole('radio', { name: '4 stars' }).click();
  await signInThroughStep(profile(page), uniqueVisitorMobile(), 'en', site.dataDir);
  await expect(page.getByTestId('toast').filter({ hasText: enProfile.rating.successTitle })).toBeVisible();
  await expect(profile(page).getByRole('radio', { name: '4 stars' })).toBeChecked();

  // Offline: what was loaded is still there.
  await remoteSetsReady(page, [site.remotes.mf_provider_profile]);
  await keptForOffline(page, { data: [{ kind: 'service_providers', containing: providerId }] });
  await setOffline(context, true);
  await page.reload();
  await expect(profile(page).getByRole('heading', { level: 1, name: providerName })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^You are offline\./ })).toBeVisible();
  await setOffline(context, false);
});

test('a crawler fetches robots.txt and the sitemap', async () => {
  const robots = await fetch(`${site.url}/robots.txt`);
  expect(robots.status).toBe(200);
  expect(await robots.text()).toContain(`Sitemap: ${site.url}/sitemap.xml`);
  const index = await fetch(`${site.url}/sitemap.xml`);
  expect(index.headers.get('cache-control')).toBe('public, max-age=3600');
  const files = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(files).toEqual([`${site.url}/sitemap-categories.xml`, `${site.url}/sitemap-providers-1.xml`]);
  const providers = await (await fetch(files[1]!)).text();
  expect(providers).toContain(`<loc>${site.url}/provider/${providerId}</loc>`);
  // A made-up id: 404, so a crawler does not index it.
  expect((await fetch(`${site.url}/provider/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
});
