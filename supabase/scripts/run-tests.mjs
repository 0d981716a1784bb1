#!/usr/bin/env node
// Runs the backend suite on PGlite, then (when the Debian PostgreSQL 15
// binaries are present, or PG_BIN points at others) again on a throw-away
// PostgreSQL cluster that this script creates and removes, then the
// production-path attack suite (tests/production/) on a throw-away cluster of its own.
// Extra arguments go to jest; test paths select the passes they belong to.
// Env: PG_BIN, SKIP_PG=1 (PGlite only), DATABASE_URL (use that database instead of a
// throw-away cluster for the PostgreSQL pass). With CI=true a PostgreSQL pass that cannot
// run (binaries missing, cluster does not start) fails instead of being skipped.
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
const CI = process.env.CI === 'true' || process.env.CI === '1';

// These start servers of their own on PGlite folders (limits, SIGKILL + restart, stalls):
// the database under the shared server changes nothing for them, so they run once.
const PGLITE_ONLY = [
  'tests/db-request-limits\\.test\\.ts',
  'tests/durability\\.test\\.ts',
  'tests/limits-attack\\.test\\.ts',
  'tests/migration-0006\\.test\\.ts',
  'tests/migration-0007\\.test\\.ts',
  'tests/migration-0008\\.test\\.ts',
  'tests/migration-0019\\.test\\.ts',
  'tests/near-place-parity\\.test\\.ts',
  'tests/phone-otp\\.test\\.ts',
  'tests/postgrest-parity\\.test\\.ts',
  'tests/schema-files-pglite\\.test\\.ts',
  'tests/search-postings\\.test\\.ts',
  'tests/seed-on-start\\.test\\.ts',
  'tests/stall-attacks\\.test\\.ts',
];
// The production-path suite: its own config and pass, never picked up by the others.
const PRODUCTION = 'tests/production/';
const PRODUCTION_CONFIG = join(pkgDir, 'tests', 'production', 'jest.config.cjs');

// Test paths given on the command line select the passes: a production path runs only the
// production pass, any other path only the local-server passes. No path: every pass.
// (A path: an argument naming tests/ or a .ts file; `-t <name>` values are not paths.)
const paths = extra.filter((a) => !a.startsWith('-') && /(^|[\\/])tests([\\/]|$)|\.ts$/.test(a));
const isProductionPath = (p) => p.replace(/\\/g, '/').includes(PRODUCTION);
const wantLocal = paths.length === 0 || paths.some((p) => !isProductionPath(p));
const wantProduction = paths.length === 0 || paths.some(isProductionPath);

function runJest(label, env, { config = join(pkgDir, 'jest.config.cjs'), ignore = [] } = {}) {
  console.log(`\n=== backend tests on ${label} ===\n`);
  const t0 = Date.now();
  // Command-line ignore patterns replace the config's: the production folder is repeated here.
  // They go last: jest's array options swallow the test paths that follow them.
  const ignoreArgs = ignore.length ? ['/node_modules/', ...ignore].map((p) => `--testPathIgnorePatterns=${p}`) : [];
  const r = spawnSync(process.execPath, [jestBin, '--config', config, ...extra, ...ignoreArgs], {
    cwd: pkgDir,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  console.log(`=== ${label}: ${r.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s ===`);
  return r.status === 0;
}

/** A PostgreSQL pass that cannot run: skipped on a developer's machine, a failure in CI. */
function cannotRun(label, why) {
  if (CI) {
    console.error(`\n=== ${label}: FAILED (CI=true): ${why} ===`);
    return false;
  }
  console.log(`\n=== ${label}: not run: ${why} ===`);
  return true;
}

/** Runs `pass` with a throw-away cluster, or reports why it cannot. */
function withCluster(pgBin, label, pass) {
  if (!existsSync(join(pgBin, 'initdb'))) return cannotRun(label, `no PostgreSQL binaries at ${pgBin}`);
  let cluster;
  try {
    cluster = startCluster(pgBin);
  } catch (e) {
    return cannotRun(label, `PostgreSQL did not start: ${e instanceof Error ? e.message : String(e)}`);
  }
  const onSigint = () => {
    cluster.stop();
    process.exit(130);
  };
  process.once('SIGINT', onSigint);
  try {
    return pass(cluster.url);
  } finally {
    process.off('SIGINT', onSigint);
    cluster.stop();
  }
}

let ok = true;
const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

if (wantLocal) {
  ok = runJest('PGlite', { DATABASE_URL: '' }, { ignore: [PRODUCTION] }) && ok;
  const label = `PostgreSQL (${pgBin}, throw-away cluster)`;
  if (process.env.SKIP_PG === '1') {
    console.log('SKIP_PG=1: PostgreSQL run not requested');
  } else if (process.env.DATABASE_URL) {
    ok = runJest(`PostgreSQL at DATABASE_URL`, { DATABASE_URL: process.env.DATABASE_URL }, { ignore: [...PGLITE_ONLY, PRODUCTION] }) && ok;
  } else {
    ok = withCluster(pgBin, label, (url) => runJest(label, { DATABASE_URL: url }, { ignore: [...PGLITE_ONLY, PRODUCTION] })) && ok;
  }
}

if (wantProduction) {
  const label = `production path (PostgreSQL 15 + platform.sql + migrations, called as PostgREST)`;
  if (process.env.SKIP_PG === '1') {
    console.log('SKIP_PG=1: production-path run not requested');
  } else {
    ok = withCluster(pgBin, label, (url) => runJest(label, { PROD_PG_URL: url, DATABASE_URL: '' }, { config: PRODUCTION_CONFIG })) && ok;
  }
}

process.exit(ok ? 0 : 1);
