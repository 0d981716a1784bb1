/**
 * `npm start` always asks for demo data: a database that has none yet (a first start that
 * was stopped before seeding, or one started with --no-seed) is seeded on the next start,
 * and a database with data is never seeded again.
 */
import { call, startChildServer } from './child-server';

async function providerCount(s: { url: string; serviceRoleKey: string }): Promise<number> {
  const r = await call(s, s.serviceRoleKey, '/rest/v1/service_providers?select=id&limit=0', { headers: { Prefer: 'count=exact' } });
  expect([200, 206]).toContain(r.status);
  return Number(r.headers.get('content-range')!.split('/')[1]);
}

test('an empty database is seeded on the next start; a seeded one is left alone', async () => {
  const empty = await startChildServer({ args: ['--no-seed'] });
  const dataDir = empty.dataDir;
  expect(await providerCount(empty)).toBe(0);
  await empty.stop();

  const seeded = await startChildServer({ dataDir, args: ['--providers', '40'] });
  const afterSeed = await providerCount(seeded);
  expect(afterSeed).toBe(40);
  await seeded.stop();

  const again = await startChildServer({ dataDir, args: ['--providers', '40'] });
  try {
    expect(await providerCount(again)).toBe(afterSeed);
  } finally {
    await again.stop();
  }
}, 180_000);
