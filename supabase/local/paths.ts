import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Works whether tsx runs this file as CommonJS (the root scripts) or as ESM.
declare const __dirname: string | undefined;
const here: string = typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url));

/** supabase/ (the package root). */
export const PACKAGE_DIR = resolve(here, '..');
export const MIGRATIONS_DIR = join(PACKAGE_DIR, 'migrations');
export const PLATFORM_SQL = join(PACKAGE_DIR, 'local', 'platform.sql');
export const MEDIA_DIR = join(PACKAGE_DIR, 'seed', 'media');
export const DEFAULT_DATA_DIR = join(PACKAGE_DIR, '.data', 'local');
