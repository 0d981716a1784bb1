import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readServerInfo } from '@city/supabase/local/server-info';

const repoRoot = join(__dirname, '..', '..');

/**
 * The runtime config for development servers: the shell's default config.json with the
 * local backend's URL and anon key (from its server.json) on top.
 */
export function devRuntimeConfig(): Record<string, unknown> {
  const base = JSON.parse(readFileSync(join(repoRoot, 'shell', 'public', 'config.json'), 'utf8')) as Record<string, unknown>;
  const dataDir = process.env.SUPABASE_DATA_DIR ?? join(repoRoot, 'supabase', '.data', 'local');
  // Written by every start of the local backend (it also holds the service key: only the
  // public URL and anon key are passed on).
  const server = readServerInfo(dataDir);
  if (server) Object.assign(base, { supabaseUrl: server.url, supabaseAnonKey: server.anonKey });
  return base;
}
