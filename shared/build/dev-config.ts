import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const repoRoot = join(__dirname, '..', '..');

/**
 * The runtime config for development servers: the shell's default config.json with the
 * local backend's URL and anon key (written by `supabase/local/cli.ts serve`) on top.
 */
export function devRuntimeConfig(): Record<string, unknown> {
  const base = JSON.parse(readFileSync(join(repoRoot, 'shell', 'public', 'config.json'), 'utf8')) as Record<string, unknown>;
  const dataDir = process.env.SUPABASE_DATA_DIR ?? join(repoRoot, 'supabase', '.data', 'local');
  const connection = join(dataDir, 'connection.json');
  if (existsSync(connection)) Object.assign(base, JSON.parse(readFileSync(connection, 'utf8')));
  return base;
}
