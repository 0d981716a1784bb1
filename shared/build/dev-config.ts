import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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
  const serverInfo = join(dataDir, 'server.json');
  if (existsSync(serverInfo)) {
    const { url, anonKey } = JSON.parse(readFileSync(serverInfo, 'utf8')) as { url: string; anonKey: string };
    Object.assign(base, { supabaseUrl: url, supabaseAnonKey: anonKey });
  }
  return base;
}
