/**
 * 0007 on a database that already has data: every provider, rating, review and click is
 * kept; the new columns start empty (available, no hours); a mobile number 0006 accepted
 * but 0007 would refuse at registration stays and its row can still be edited.
 * The database is an in-memory PGlite in a child process.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const QUERIES = {
  providers: `select name, mobile, status, avg_rating::text, rating_count, on_leave_until, opening_hours
                from public.service_providers order by name`,
  reviews: `select review_text from public.reviews`,
  clicks: `select click_type from public.click_tracking order by click_type`,
  stats: `select approved, rating_count::int from public.category_stats`,
  search: `select name, on_leave_until, opening_hours, total_count::int from public.search_providers(p_available => true)
            order by name`,
  editOld: `update public.service_providers set address = 'New address' where name = 'Old Landline' returning mobile, address`,
  normalize: `select private.normalize_mobile('+91 98765-43210') as a, private.normalize_mobile('0123456789') as b`,
};

let r: Record<keyof typeof QUERIES, unknown[]>;

beforeAll(() => {
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, 'fixtures', 'migrate-0007.ts'), JSON.stringify(QUERIES)], {
    cwd: join(__dirname, '..'),
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (child.status !== 0) throw new Error(`fixture failed: ${child.stderr}`);
  r = JSON.parse(child.stdout) as typeof r;
}, 130_000);

test('providers, ratings, reviews and clicks are kept; new columns start empty', () => {
  expect(r.providers).toEqual([
    {
      name: 'Old Approved',
      mobile: '9876500001',
      status: 'approved',
      avg_rating: '4.0',
      rating_count: 1,
      on_leave_until: null,
      opening_hours: null,
    },
    {
      name: 'Old Landline',
      mobile: '0123456789',
      status: 'approved',
      avg_rating: '0.0',
      rating_count: 0,
      on_leave_until: null,
      opening_hours: null,
    },
    {
      name: 'Old Pending',
      mobile: '9876500003',
      status: 'pending',
      avg_rating: '0.0',
      rating_count: 0,
      on_leave_until: null,
      opening_hours: null,
    },
  ]);
  expect(r.reviews).toEqual([{ review_text: 'पुराना रिव्यू' }]);
  expect(r.clicks).toEqual([{ click_type: 'call' }, { click_type: 'whatsapp' }]);
  expect(r.stats).toEqual([{ approved: 2, rating_count: 1 }]);
});

test('the new search lists them as available; an old mobile stays editable; input is normalised', () => {
  expect(r.search).toEqual([
    { name: 'Old Approved', on_leave_until: null, opening_hours: null, total_count: 2 },
    { name: 'Old Landline', on_leave_until: null, opening_hours: null, total_count: 2 },
  ]);
  expect(r.editOld).toEqual([{ mobile: '0123456789', address: 'New address' }]);
  expect(r.normalize).toEqual([{ a: '9876543210', b: null }]);
});
