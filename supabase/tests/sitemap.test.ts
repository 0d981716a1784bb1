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

  const counted = await anonClient().from('service_providers').select('id', { count: 'exact', head: true }).eq('status', 'approved');
  expect(counted.error).toBeNull();
  const approved = counted.count!;
  // Batches of 50 and files of 200 here (1000 and 50,000 in production): many of each.
  expect(approved).toBeGreaterThan(400);

  const times: number[] = [];
  const next = async (after: string | null): Promise<ProviderIdPage> => {
    const started = performance.now();
    const page = await fetchApprovedProviderIds(url, anonKey, after, { batch: 50 });
    times.push(performance.now() - started);
    return page;
  };
  const { files, providers } = await buildSitemaps(ORIGIN, next, 200);
  // Other test files on the same server may approve providers meanwhile: between the two counts.
  const countedAfter = await anonClient().from('service_providers').select('id', { count: 'exact', head: true }).eq('status', 'approved');
  expect(providers).toBeGreaterThanOrEqual(approved);
  expect(providers).toBeLessThanOrEqual(countedAfter.count!);
  expect(times.length).toBe(Math.floor(providers / 50) + 1);
  expect(files.has(`/sitemap-providers-${Math.ceil(providers / 200)}.xml`)).toBe(true);
  const ids = [...files.entries()]
    .filter(([path]) => path.startsWith('/sitemap-providers-'))
    .flatMap(([, xml]) => [...xml.matchAll(/<loc>https:\/\/city\.example\.in\/provider\/([^<]+)<\/loc>/g)].map((m) => m[1]!));
  expect(ids).toHaveLength(providers);
  expect(new Set(ids).size).toBe(providers);
  expect(ids).not.toContain(pending.id);
  expect(ids).not.toContain(rejected.id);
  // One indexed range scan per batch: each one well under the budget a request may take.
  times.sort((a, b) => a - b);
  expect(times[Math.floor(times.length / 2)]).toBeLessThan(250);
});
