#!/usr/bin/env node
// Runs the backend suite on PGlite, then (when the Debian PostgreSQL 15
// binaries are present, or PG_BIN points at others) again on a throw-away
// PostgreSQL cluster that this script creates and removes.
// Extra arguments go to jest. Env: PG_BIN, SKIP_PG=1 (PGlite only), DATABASE_URL
// (use that database instead of a throw-away cluster).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { startCluster } from './pg-cluster.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = join(here, '..');
const require = createRequire(import.meta.url);
const jestBin = join(dirname(require.resolve('jest/package.json')), 'bin', 'jest.js');
const extra = process.argv.slice(2);

// These start servers of their own on PGlite folders (limits, SIGKILL + restart, stalls):
// the database under the shared server changes nothing for them, so they run once.
const PGLITE_ONLY = [
  'tests/durability\\.test\\.ts',
  'tests/limits-attack\\.test\\.ts',
  'tests/migration-0006\\.test\\.ts',
  'tests/migration-0007\\.test\\.ts',
  'tests/migration-0008\\.test\\.ts',
  'tests/phone-otp\\.test\\.ts',
  'tests/postgrest-parity\\.test\\.ts',
  'tests/rate-limit\\.test\\.ts',
  'tests/seed-on-start\\.test\\.ts',
  'tests/stall-attacks\\.test\\.ts',
];

function runJest(label, env, ignore = []) {
  console.log(`\n=== backend tests on ${label} ===\n`);
  const t0 = Date.now();
  // After the caller's arguments: jest reads positional arguments that follow an array
  // option (--testPathIgnorePatterns) as more values of it.
  const ignoreArgs = ignore.map((p) => `--testPathIgnorePatterns=${p}`);
  const r = spawnSync(
    process.execPath,
    ['--experimental-websocket', jestBin, '--config', join(pkgDir, 'jest.config.cjs'), ...extra, ...ignoreArgs],
    {
      cwd: pkgDir,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    },
  );
  console.log(`=== ${label}: ${r.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s ===`);
  return r.status === 0;
}

let ok = runJest('PGlite', { DATABASE_URL: '' });

const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
if (process.env.SKIP_PG === '1') {
  console.log('SKIP_PG=1: PostgreSQL run not requested');
} else if (process.env.DATABASE_URL) {
  ok = runJest(`PostgreSQL at DATABASE_URL`, { DATABASE_URL: process.env.DATABASE_URL }, PGLITE_ONLY) && ok;
} else if (existsSync(join(pgBin, 'initdb'))) {
  const cluster = startCluster(pgBin);
  const cleanup = () => cluster.stop();
  process.once('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  try {
    ok = runJest(`PostgreSQL (${pgBin}, throw-away cluster)`, { DATABASE_URL: cluster.url }, PGLITE_ONLY) && ok;
  } finally {
    cleanup();
  }
} else {
  console.log(`No PostgreSQL binaries at ${pgBin}: PostgreSQL run not possible on this machine.`);
}
process.exit(ok ? 0 : 1);
