/**
 * 0006 on a database that already has data (an existing project, not a fresh one): every
 * rating, review and Aadhaar number is kept; what 0006 makes stricter only stops new bad
 * data and the undeserved badge. The database is an in-memory PGlite in a child process.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const QUERIES = {
  ratings: `select provider_id, rating from public.service_ratings order by provider_id, rating`,
  valid: `select avg_rating::text, rating_count, rating_sum from public.service_providers where name = 'Old Valid'`,
  claimedByOldId: `select * from public.get_device_ratings('old-device-aaaa-0000000000', null)`,
  oldHashStored: `select count(*)::int as n from public.service_ratings
                   where device_hash in (encode(sha256(convert_to('old-device-aaaa', 'UTF8')), 'hex'),
                                         encode(sha256(convert_to('old-device-bbbb', 'UTF8')), 'hex'))`,
  identities: `select count(*)::int as n from private.provider_identity`,
  badges: `select name, verified from public.service_providers where status = 'approved' order by name`,
  reviews: `select review_text from public.reviews`,
  clicks: `select count(*)::int as n from public.click_tracking`,
  stats: `select approved, approved_verified, rating_sum::int, rating_count::int from public.category_stats`,
  rejectedWord: `select word from public.search_words where word = 'rejected'`,
  sharedWord: `select word, providers from public.search_words where word = 'old'`,
};

let r: Record<keyof typeof QUERIES, unknown[]>;

beforeAll(() => {
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, 'fixtures', 'migrate-0006.ts'), JSON.stringify(QUERIES)], {
    cwd: join(__dirname, '..'),
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (child.status !== 0) throw new Error(`fixture failed: ${child.stderr}`);
  r = JSON.parse(child.stdout) as typeof r;
}, 130_000);

test('ratings keep their values and averages; no old (public) device id can claim one', () => {
  expect(r.ratings).toEqual([
    { provider_id: '11111111-1111-4111-8111-111111111111', rating: 2 },
    { provider_id: '11111111-1111-4111-8111-111111111111', rating: 5 },
    { provider_id: '22222222-2222-4222-8222-222222222222', rating: 4 },
  ]);
  expect(r.valid).toEqual([{ avg_rating: '3.5', rating_count: 2, rating_sum: 7 }]);
  expect(r.claimedByOldId).toEqual([]);
  expect(r.oldHashStored).toEqual([{ n: 0 }]);
});

test('Aadhaar numbers are all kept; only a valid one keeps the badge', () => {
  expect(r.identities).toEqual([{ n: 2 }]);
  expect(r.badges).toEqual([
    { name: 'Old Invalid', verified: false },
    { name: 'Old Valid', verified: true },
  ]);
});

test('reviews and clicks are kept; category counts include the ratings; search_words only approved', () => {
  expect(r.reviews).toEqual([{ review_text: 'पुराना रिव्यू' }]);
  expect(r.clicks).toEqual([{ n: 1 }]);
  expect(r.stats).toEqual([{ approved: 2, approved_verified: 1, rating_sum: 11, rating_count: 3 }]);
  expect(r.rejectedWord).toEqual([]);
  expect(r.sharedWord).toEqual([{ word: 'old', providers: 2 }]);
});
