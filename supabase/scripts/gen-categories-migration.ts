/**
 * Ships a catalogue change to the database. Applied migrations are never re-run, so this
 * never rewrites one: when the catalogue differs from the newest categories migration, it
 * writes a NEW migration with the next free number.
 *   npm run gen:categories -w @city/supabase            (writes NNNN_service_categories.sql)
 *   npx tsx scripts/gen-categories-migration.ts --check  (exit 1 if a change is not shipped)
 * tests/categories-sync.test.ts fails while a change is not shipped.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATEGORIES } from '@city/shared/catalogue';
import { latestCategoriesMigration, migrationFiles, nextCategoriesMigration, renderCategoriesMigration } from './categories-sql.ts';
import { MIGRATIONS_DIR } from '../local/paths.ts';

const files = migrationFiles(MIGRATIONS_DIR);
const latest = latestCategoriesMigration(files);
const wanted = renderCategoriesMigration();
const upToDate = readFileSync(join(MIGRATIONS_DIR, latest), 'utf8') === wanted;
if (process.argv.includes('--check')) {
  if (!upToDate) {
    console.error(`the catalogue changed since ${latest}: run npm run gen:categories -w @city/supabase`);
    process.exit(1);
  }
  console.log(`${latest} is up to date (${CATEGORIES.length} categories).`);
} else if (upToDate) {
  console.log(`${latest} already holds the catalogue (${CATEGORIES.length} categories): nothing to write.`);
} else {
  const target = join(MIGRATIONS_DIR, nextCategoriesMigration(files));
  writeFileSync(target, wanted);
  console.log(`wrote ${target} (${CATEGORIES.length} categories); ${latest} is left as applied`);
}
