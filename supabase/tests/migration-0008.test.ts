/**
 * 0008 on a database that already has data: providers keep their status, reviews are
 * visible (not hidden), ads get sort_order 0 and keep their order, nothing is reported and
 * the audit log starts empty. The database is an in-memory PGlite in a child process.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const QUERIES = {
  providers: `select name, status from public.service_providers order by name`,
  anon_providers: `select name from public.service_providers order by name`,
  anon_reviews: `select review_text, hidden from public.reviews`,
  anon_ads: `select title, sort_order from public.advertisements order by sort_order, created_at desc`,
  stats: `select approved from public.category_stats`,
  reports: `select count(*)::int as n from public.reports`,
  audit: `select count(*)::int as n from public.audit_log`,
  anon_audit: `select has_table_privilege('anon', 'public.audit_log', 'select') as read,
                      has_table_privilege('anon', 'public.reports', 'select') as reports`,
};

let r: Record<keyof typeof QUERIES, unknown[]>;

beforeAll(() => {
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, 'fixtures', 'migrate-0008.ts'), JSON.stringify(QUERIES)], {
    cwd: join(__dirname, '..'),
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (child.status !== 0) throw new Error(`fixture failed: ${child.stderr}`);
  r = JSON.parse(child.stdout) as typeof r;
}, 130_000);

test('statuses, counts and reviews are kept; reviews stay public', () => {
  expect(r.providers).toEqual([
    { name: 'Old Approved', status: 'approved' },
    { name: 'Old Rejected', status: 'rejected' },
  ]);
  expect(r.stats).toEqual([{ approved: 1 }]);
  expect(r.anon_providers).toEqual([{ name: 'Old Approved' }]); // (the anon_ queries run under RLS)
  expect(r.anon_reviews).toEqual([{ review_text: 'पुराना रिव्यू', hidden: false }]);
});

test('old ads get sort_order 0 (newest first as before); no reports, an empty log closed to anon', () => {
  expect(r.anon_ads).toEqual([
    { title: 'Newer ad', sort_order: 0 },
    { title: 'Old ad', sort_order: 0 },
  ]);
  expect(r.reports).toEqual([{ n: 0 }]);
  expect(r.audit).toEqual([{ n: 0 }]);
  expect(r.anon_audit).toEqual([{ read: false, reports: false }]);
});
