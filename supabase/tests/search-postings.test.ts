/**
 * Migration 0025 (issue 27 item 5) on PGlite: on the demo seed at 3,000 providers, the name
 * words of a search read from private.search_postings, and the page (ids, order, total) is the
 * plain path's (city.search_postings = 'off') for every query and filter; the postings follow
 * every write of a provider. The database is an in-memory PGlite in a child process
 * (tests/fixtures/search-postings.ts); the PostgreSQL 15 pass is
 * tests/production/search-postings.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

type Out = {
  seeded: number;
  parity: { cases: number; differ: string[]; found: number };
  read: { with: number; without: number };
  writes: { step: string; found: number; drift: number }[];
};
let out: Out;

beforeAll(() => {
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, 'fixtures', 'search-postings.ts')], {
    cwd: join(__dirname, '..'),
    encoding: 'utf8',
    timeout: 400_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`fixture failed: ${child.stderr}`);
  out = JSON.parse(child.stdout) as Out;
}, 410_000);

test('the seed writes the postings as the trigger would', () => {
  expect(out.seeded).toBe(0);
});

test('every query and filter: the page and total of the plain path', () => {
  expect(out.parity.cases).toBeGreaterThan(500);
  expect(out.parity.found).toBeGreaterThan(300);
  expect(out.parity.differ).toEqual([]);
});

test('a search reads the postings', () => {
  expect(out.read.with).toBeGreaterThan(100);
  expect(out.read.without).toBeLessThan(out.read.with);
});

test('the postings follow register, approve, edit, rate, leave, reject and delete', () => {
  expect(out.writes.map((s) => `${s.step}: ${s.found}, drift ${s.drift}`)).toEqual([
    'pending: 0, drift 0',
    'approved: 1, drift 0',
    'approved: by business name: 1, drift 0',
    'name edited: old name: 0, drift 0',
    'name edited: new name: 1, drift 0',
    'rated: 1, drift 0',
    'rated: min 4.5: 1, drift 0',
    'on leave: available only: 1, drift 0',
    'on leave: available: 0, drift 0',
    'rejected: 0, drift 0',
    'approved again: 1, drift 0',
    'deleted: 0, drift 0',
  ]);
});
