import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RemoteName } from '@city/shared/contracts';

const repoRoot = join(__dirname, '..', '..');
const variantsDir = join(__dirname, '..', '.tmp', 'variants');

export interface RemoteVariant {
  /** Which remote this is another build of (its folder, its package.json, its rspack config). */
  remote: RemoteName;
  /** Folder name under e2e/.tmp/variants. */
  name: string;
  /** Another rspack config for the remote (a fixture's), instead of the remote's own. */
  config?: string;
  /** Build-time environment, e.g. CITY_BUILD_REQUIRED_VERSIONS (shared/build/rspack-preset.ts). */
  env?: Record<string, string>;
}

/**
 * Builds another deployment of a remote, as its team would ship it, without touching its dist/:
 * the remote's production build run from its own folder (its package.json decides its shared
 * versions), with `env` and optionally another config, written to e2e/.tmp/variants/<name>.
 * Returns that folder (serve it with shell/server/static-server.ts). About 2-5 s a build.
 */
export function buildRemoteVariant({ remote, name, config, env = {} }: RemoteVariant): string {
  const outDir = join(variantsDir, name);
  mkdirSync(variantsDir, { recursive: true });
  const cli = join(repoRoot, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');
  execFileSync(process.execPath, [cli, 'build', '--mode', 'production', ...(config ? ['--config', config] : []), '--output-path', outDir], {
    cwd: join(repoRoot, remote.replace(/_/g, '-')),
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });
  if (!existsSync(join(outDir, 'mf-manifest.json'))) throw new Error(`${name}: the build wrote no mf-manifest.json`);
  return outDir;
}
