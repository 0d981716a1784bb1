import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

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

/**
 * A Chromium without `playwright install` (which cannot download here): CHROME_PATH if set
 * (e.g. a system Chromium), else the one shipped inside @sparticuz/chromium, unpacked into a
 * project folder (it reuses whatever copy sits in the temp dir, without a version check).
 */
export async function resolveChromium(tmpRoot: string): Promise<string> {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  const dir = join(tmpRoot, 'chromium');
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
