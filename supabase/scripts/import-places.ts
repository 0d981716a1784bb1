/**
 * npm run import:places -- FILE [--reason "..."] [--data-dir DIR]
 *
 * Loads a CSV of places in the LGD shape (see supabase/README.md, "Places") through the API with
 * the service role: SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY from the environment (a real
 * project), else the local server running on SUPABASE_DATA_DIR / --data-dir (its server.json).
 * Every row is checked first; one line per bad row and nothing loaded if any is bad (exit 1).
 * Idempotent: a second run changes nothing; changed names are updated.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import { DEFAULT_DATA_DIR } from '../local/paths.ts';
import { readServerInfo } from '../local/server-info.ts';
import { formatPlaceErrors, importPlacesCsv } from '@city/shared/places/import';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { reason: { type: 'string' }, 'data-dir': { type: 'string' } },
});
const file = positionals[0];
if (!file) {
  console.error('usage: npm run import:places -- FILE.csv [--reason "why"]');
  process.exit(2);
}

let url = process.env.SUPABASE_URL;
let key = process.env.SUPABASE_SERVICE_ROLE_KEY;
if (!url || !key) {
  const info = readServerInfo(values['data-dir'] ?? process.env.SUPABASE_DATA_DIR ?? DEFAULT_DATA_DIR);
  if (!info) {
    console.error('no server: set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY, or start the local server (npm start)');
    process.exit(2);
  }
  url = info.url;
  key = info.serviceRoleKey;
}
const apiUrl: string = url;
const apiKey: string = key;

let text = '';
try {
  text = readFileSync(file, 'utf8');
} catch (e) {
  console.error(`cannot read ${file}: ${(e as Error).message}`);
  process.exit(2);
}

async function main(): Promise<void> {
  const supabase = createClient(apiUrl, apiKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const result = await importPlacesCsv(
    text,
    async (fn, args) => {
      const { data, error } = await supabase.rpc(fn, args);
      if (error) throw new Error(`${fn}: ${error.message}${error.details ? ` (${error.details})` : ''}`);
      return data;
    },
    values.reason,
  );

  if (!result.ok) {
    for (const line of formatPlaceErrors(result.errors)) console.error(line);
    if (result.error_count > result.errors.length) {
      console.error(`... and ${result.error_count - result.errors.length} more`);
    }
    console.error(`${result.error_count} bad row(s) of ${result.rows}: nothing was loaded`);
    process.exit(1);
  }
  console.log(`${result.rows} rows: ${result.inserted} places added, ${result.updated} updated, ${result.unchanged} unchanged`);
}

void main().catch((e: unknown) => {
  console.error(`import failed, nothing was loaded: ${(e as Error).message}`);
  process.exit(1);
});
