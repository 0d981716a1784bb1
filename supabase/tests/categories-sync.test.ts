/** The newest categories migration must match the client catalogue; a change ships as a new one. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATEGORIES } from '@city/shared/catalogue';
import { latestCategoriesMigration, migrationFiles, nextCategoriesMigration, renderCategoriesMigration } from '../scripts/categories-sql';

const dir = join(__dirname, '..', 'migrations');

test('the newest NNNN_service_categories.sql is in sync with @city/shared/catalogue (run npm run gen:categories -w @city/supabase)', () => {
  const latest = latestCategoriesMigration(migrationFiles(dir));
  const onDisk = readFileSync(join(dir, latest), 'utf8');
  expect(onDisk).toBe(renderCategoriesMigration());
  for (const c of CATEGORIES) expect(onDisk).toContain(`'${c.id}'`);
});

test('a catalogue change goes to a new migration after the newest one, never into an applied one', () => {
  const files = ['0001_schema.sql', '0004_service_categories.sql', '0006_trust.sql', 'README.md'];
  expect(latestCategoriesMigration(files)).toBe('0004_service_categories.sql');
  expect(nextCategoriesMigration(files)).toBe('0007_service_categories.sql');
  const later = [...files, '0007_service_categories.sql'];
  expect(latestCategoriesMigration(later)).toBe('0007_service_categories.sql');
  expect(nextCategoriesMigration(later)).toBe('0008_service_categories.sql');
});
