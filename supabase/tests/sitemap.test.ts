/**
 * The sitemaps the shell's serving step builds (shell/server/seo.ts), against this real server:
 * every approved provider once, no pending/rejected one, each REST batch quick.
 */
import { buildSitemaps, fetchApprovedProviderIds, type ProviderIdPage } from '../../shell/server/sitemap';
import { anonClient, createProvider, sharedAdmin, server } from './helpers';

const ORIGIN = 'https://city.example.in';

test('lists every approved provider once (keyset batches over REST), never a pending or rejected one', async () => {
  const { url, anonKey } = server();
  const pending = await createProvider({ approve: false });
  const rejected = await createProvider({ approve: false });
  const admin = await sharedAdmin();
  const r = await admin.rpc('admin_set_provider_status', { p_provider_id: rejected.id, p_status: 'rejected', p_reason: 'test' });
  expect(r.error).toBeNull();

  const before = await approvedIds();
  // Batches of 50 and files of 200 here (1000 and 50,000 in production): many of each.
  expect(before.size).toBeGreaterThan(400);

  const times: number[] = [];
  const next = async (after: string | null): Promise<ProviderIdPage> => {
    const started = performance.now();
    const page = await fetchApprovedProviderIds(url, anonKey, after, { batch: 50 });
    times.push(performance.now() - started);
    return page;
  };
  const { files, providers } = await buildSitemaps(ORIGIN, next, 200);
  // Other test files on the same server approve, suspend and hide providers meanwhile, so the
  // sitemap is held to the rows approved both before and after it was built: each one listed.
  const after = await approvedIds();
  const stable = [...before].filter((id) => after.has(id));
  expect(stable.length).toBeGreaterThan(400);
  expect(times.length).toBe(Math.floor(providers / 50) + 1);
  expect(files.has(`/sitemap-providers-${Math.ceil(providers / 200)}.xml`)).toBe(true);
  const ids = [...files.entries()]
    .filter(([path]) => path.startsWith('/sitemap-providers-'))
    .flatMap(([, xml]) => [...xml.matchAll(/<loc>https:\/\/city\.example\.in\/provider\/([^<]+)<\/loc>/g)].map((m) => m[1]!));
  expect(ids).toHaveLength(providers);
  expect(new Set(ids).size).toBe(providers);
  const listed = new Set(ids);
  expect(stable.filter((id) => !listed.has(id))).toEqual([]);
  expect(ids).not.toContain(pending.id);
  expect(ids).not.toContain(rejected.id);
  // One indexed range scan per batch: each one well under the budget a request may take.
  times.sort((a, b) => a - b);
  expect(times[Math.floor(times.length / 2)]).toBeLessThan(250);
});

/** Every approved provider's id, read in one request (fewer than the server's 1000-row cap). */
async function approvedIds(): Promise<Set<string>> {
  const { data, error } = await anonClient().from('service_providers').select('id').eq('status', 'approved').range(0, 999);
  expect(error).toBeNull();
  expect(data!.length).toBeLessThan(1000);
  return new Set(data!.map((row) => row.id as string));
}
