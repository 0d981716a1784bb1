/** The generated categories migration must match the client catalogue. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATEGORIES } from '@city/shared/catalogue';
import { CATEGORIES_MIGRATION, renderCategoriesMigration } from '../scripts/categories-sql';

test(`${CATEGORIES_MIGRATION} is in sync with @city/shared/catalogue (run npm run gen:categories -w @city/supabase)`, () => {
  const onDisk = readFileSync(join(__dirname, '..', 'migrations', CATEGORIES_MIGRATION), 'utf8');
  expect(onDisk).toBe(renderCategoriesMigration());
  for (const c of CATEGORIES) expect(onDisk).toContain(`'${c.id}'`);
});
