import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import enProfile from '../../mf-provider-profile/src/locales/en.json';
import { keptForOffline, remoteSetsReady, setOffline, swControls } from '../fixtures/offline';
import { signInThroughStep, uniqueVisitorMobile } from '../fixtures/phone-code';
import { expect, test, useLanguage, type Page } from '../fixtures/test';
import { startRehearsal, type Rehearsal } from '../harness/production-rehearsal';
import { E2E_REHEARSAL_PORT_BASE } from '../harness/ports';

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

  // Searches from the home page (where the service worker starts, as for a first visit).
  await page.goto(`${site.url}/`);
  await swControls(page);
  const box = directory(page).getByRole('searchbox');
  await box.fill('plumber');
  await box.press('Enter');
  await expect(page).toHaveURL(/[?&]q=plumber/);
  await expect(directory(page).getByRole('article').first()).toBeVisible();

  // Rates: the code step first (the backend's SMS outbox), then the rating is taken.
  await page.goto(link);
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

// Issue 24 item 4: `npm run check:deploy` against the rehearsal, as an operator runs it, and
// against deliberately broken ones: each breakage fails its own line.
const repoRoot = join(__dirname, '..', '..');
async function checkDeploy(siteUrl: string, ...args: string[]): Promise<{ code: number; lines: string[] }> {
  // Asynchronous: the remotes' static hosts answer from this process meanwhile.
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'scripts', 'check-deploy.ts'), '--site', siteUrl, ...args],
      { cwd: repoRoot, timeout: 170_000 },
      (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, lines: stdout.trim().split('\n') }),
    );
  });
}
const failing = (lines: string[]) => lines.filter((l) => l.startsWith('FAIL'));

test('check:deploy passes against the rehearsal, one line per check', async () => {
  test.setTimeout(180_000);
  const { code, lines } = await checkDeploy(site.url);
  expect(failing(lines)).toEqual([]);
  expect(code).toBe(0);
  expect(lines.filter((l) => l.startsWith('PASS'))).toHaveLength(19);
  expect(lines).toContain('PASS  as anon, no table accepts a direct write (POST, PATCH, DELETE) (12 tables)');
  expect(lines.some((l) => /^PASS {2}the pre-request limits answer 429 .*\(429 after \d+ taps\)$/.test(l))).toBe(true);
  expect(lines.at(-1)).toBe('all 19 checks passed');
});

test('check:deploy fails the migrations line when the repo has one the database lacks', async () => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  try {
    const repo = join(repoRoot, 'supabase', 'migrations');
    for (const f of readdirSync(repo)) copyFileSync(join(repo, f), join(dir, f));
    writeFileSync(join(dir, '0099_not_applied.sql'), 'select 1;\n');
    const { code, lines } = await checkDeploy(site.url, '--migrations', dir, '--no-limits');
    expect(code).toBe(1);
    expect(failing(lines)).toEqual([
      expect.stringMatching(/^FAIL {2}the migrations applied are the repo’s \(not applied: 0099_not_applied\)$/),
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("check:deploy fails the data lines with a wrong anon key, and the remote's line without CORS", async () => {
  test.setTimeout(180_000);
  // A well-formed anon JWT that the project did not sign: npm run serve starts with it.
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const wrongKey = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ role: 'anon', iss: 'supabase', exp: 4102444800 })}.${'x'.repeat(43)}`;
  const broken = await startRehearsal({
    backendOf: site,
    portBase: E2E_REHEARSAL_PORT_BASE + 10,
    anonKey: wrongKey,
    remoteWithoutCors: 'mf_ads',
  });
  try {
    const { code, lines } = await checkDeploy(broken.url, '--no-limits');
    expect(code).toBe(1);
    const failed = failing(lines);
    expect(failed).toContainEqual(expect.stringMatching(/^FAIL {2}mf_ads: .*\(.*no Access-Control-Allow-Origin for /));
    expect(failed).toContainEqual(expect.stringMatching(/^FAIL {2}the anon key of config\.json is accepted by the data service \(401 /));
    // What needs the key is not taken as checked; nothing else fails.
    for (const what of ['no table accepts a direct write', 'no private column', 'the migrations applied'])
      expect(failed).toContainEqual(expect.stringMatching(new RegExp(`${what}.*\\(not checked: the anon key is refused\\)$`)));
    // The shell's own reads use the key too: without data, no sitemap (503), no profile to
    // check, and a made-up id cannot be told from a listed one (200 without data).
    expect(failed).toContainEqual(expect.stringMatching(/^FAIL {2}robots\.txt and the sitemaps parse \(.*: 503/));
    expect(failed).toContainEqual(expect.stringMatching(/^FAIL {2}a made-up profile id answers 404 \(200\)$/));
    expect(failed).toContainEqual(expect.stringMatching(/^FAIL {2}a listed profile.s first HTML/));
    expect(failed).toHaveLength(8);
    expect(lines.filter((l) => /^(PASS|FAIL) {2}mf_/.test(l) && !l.includes('mf_ads'))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^PASS/)]),
    );
  } finally {
    await broken.stop();
  }
});
