import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Flags that keep Chromium quiet on a machine with no outside network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** The installed @sparticuz/chromium's version (its package.json is not an export: found from its entry). */
function sparticuzVersion(): string {
  const require = createRequire(__filename);
  let dir = dirname(require.resolve('@sparticuz/chromium'));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@sparticuz/chromium' && pkg.version) return pkg.version;
    }
    if (dirname(dir) === dir) throw new Error('@sparticuz/chromium: package.json not found');
    dir = dirname(dir);
  }
}

/**
 * A Chromium without `playwright install` (which cannot download here): CHROME_PATH if set
 * (e.g. a system Chromium), else the one shipped inside @sparticuz/chromium, unpacked into a
 * project folder named after its version: the package reuses whatever copy sits in its temp
 * dir without a version check, so an upgrade would otherwise keep running the old Chromium.
 * Copies of other versions are deleted.
 */
export async function resolveChromium(tmpRoot: string): Promise<string> {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  const name = `chromium-${sparticuzVersion()}`;
  mkdirSync(tmpRoot, { recursive: true });
  for (const entry of readdirSync(tmpRoot)) {
    if ((entry === 'chromium' || entry.startsWith('chromium-')) && entry !== name)
      rmSync(join(tmpRoot, entry), { recursive: true, force: true });
  }
  const dir = join(tmpRoot, name);
  mkdirSync(dir, { recursive: true });
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  try {
    const { default: chromium } = await import('@sparticuz/chromium');
    const path = await chromium.executablePath();
    if (!existsSync(path)) throw new Error(`Chromium not found at ${path}`);
    return path;
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  }
}
