/**
 * 0016 on a database that already has data: a badge earned by a valid Aadhaar number alone is
 * withdrawn (no operator had checked anyone), the category's verified count follows, and the
 * number itself is kept. The database is an in-memory PGlite in a child process.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const QUERIES = {
  providers: `select name, verified, verified_on, verified_how from public.service_providers order by name`,
  stats: `select approved, approved_verified from public.category_stats`,
  aadhaar: `select provider_id::text, aadhaar from private.provider_identity`,
  anon_public: `select name, verified, verified_on, verified_how from public.service_providers order by name`,
};

let r: Record<keyof typeof QUERIES | 'before', unknown[]>;

beforeAll(() => {
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, 'fixtures', 'migrate-0016.ts'), JSON.stringify(QUERIES)], {
    cwd: join(__dirname, '..'),
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (child.status !== 0) throw new Error(`fixture failed: ${child.stderr}`);
  r = JSON.parse(child.stdout) as typeof r;
}, 130_000);

test('before 0016 a valid Aadhaar number alone made a listing verified', () => {
  expect(r.before).toEqual([
    { name: 'Aadhaar Only', verified: true },
    { name: 'No Aadhaar', verified: false },
  ]);
});

test('after 0016 no listing keeps a badge nobody checked; the category count follows; the Aadhaar stays', () => {
  const none = { verified: false, verified_on: null, verified_how: null };
  expect(r.providers).toEqual([
    { name: 'Aadhaar Only', ...none },
    { name: 'No Aadhaar', ...none },
  ]);
  expect(r.anon_public).toEqual(r.providers);
  expect(r.stats).toEqual([{ approved: 2, approved_verified: 0 }]);
  expect(r.aadhaar).toEqual([{ provider_id: '11111111-1111-4111-8111-111111111111', aadhaar: '999941057058' }]);
});
