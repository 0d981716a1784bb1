/**
 * 0019 on a database that already has providers: every row gets its search key, the key
 * words are counted for approved rows only, and names and places are found in either script
 * at once. The database is an in-memory PGlite in a child process.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const QUERIES = {
  keys: `select name, search_key from public.service_providers order by name`,
  words: `select word, providers from private.search_key_words where word in ('hrjt', 'lbg', 'stpr') order by word`,
  anon_harjeet: `select name, total_count from public.search_providers(p_query => 'हरजीत') order by name`,
  anon_exact: `select name from public.search_providers(p_query => 'सीतापुर प्लंबर सेंटर') limit 1`,
};

let r: Record<keyof typeof QUERIES, unknown[]>;

beforeAll(() => {
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, 'fixtures', 'migrate-0019.ts'), JSON.stringify(QUERIES)], {
    cwd: join(__dirname, '..'),
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (child.status !== 0) throw new Error(`fixture failed: ${child.stderr}`);
  r = JSON.parse(child.stdout) as typeof r;
}, 130_000);

test('existing rows get their search key; approved rows are counted', () => {
  expect(r.keys).toEqual([
    { name: 'Harjeet Kaur', search_key: ' hrjt kr | stpr plmbr sntr #  h n 9 lbg stpr ' },
    { name: 'Harjit Pending', search_key: ' hrjt pndn |  #  lbg ' },
    { name: 'हरजीत सिंह', search_key: ' hrjt snh |  #  mkn 4 lbg stpr ' },
  ]);
  expect(r.words).toEqual([
    { word: 'hrjt', providers: 2 },
    { word: 'lbg', providers: 2 },
    { word: 'stpr', providers: 2 },
  ]);
});

test('names in either script and the exact business name, at once', () => {
  expect(r.anon_harjeet).toEqual([
    { name: 'Harjeet Kaur', total_count: 2 },
    { name: 'हरजीत सिंह', total_count: 2 },
  ]);
  expect(r.anon_exact).toEqual([{ name: 'Harjeet Kaur' }]);
});
