/**
 * Generates migrations/0004_service_categories.sql from the client catalogue
 * (@city/shared/catalogue), so search can match category names and keywords in
 * the database. Run after changing the catalogue:
 *   npm run gen:categories -w @city/supabase            (writes the file)
 *   npx tsx scripts/gen-categories-migration.ts --check  (exit 1 if out of date)
 * tests/categories-sync.test.ts fails when the file is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATEGORIES } from '@city/shared/catalogue';
import { CATEGORIES_MIGRATION, renderCategoriesMigration } from './categories-sql.ts';
import { MIGRATIONS_DIR } from '../local/paths.ts';

const target = join(MIGRATIONS_DIR, CATEGORIES_MIGRATION);
const wanted = renderCategoriesMigration();
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    /* missing */
  }
  if (current !== wanted) {
    console.error(`${CATEGORIES_MIGRATION} is out of date: run npm run gen:categories -w @city/supabase`);
    process.exit(1);
  }
  console.log(`${CATEGORIES_MIGRATION} is up to date (${CATEGORIES.length} categories).`);
} else {
  writeFileSync(target, wanted);
  console.log(`wrote ${target} (${CATEGORIES.length} categories)`);
}
