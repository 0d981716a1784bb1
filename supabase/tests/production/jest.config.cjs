// The production-path attack suite (see README.md here): PostgreSQL 15 + platform.sql +
// migrations, every call made as PostgREST makes it, no supabase/local/ code in the path.
// Run by scripts/run-tests.mjs as its own pass; the other passes ignore this folder.
const path = require('node:path');

module.exports = {
  rootDir: path.join(__dirname, '..', '..'),
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/production/**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'commonjs', ignoreDynamic: true },
      },
    ],
  },
  globalSetup: '<rootDir>/tests/production/global-setup.ts',
  globalTeardown: '<rootDir>/tests/production/global-teardown.ts',
  testTimeout: 60000,
  // Timings are asserted (an oversize value refused in < 1 s): one file at a time.
  maxWorkers: 1,
};
