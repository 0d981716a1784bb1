// Backend tests: supabase-js against the local server over HTTP. The server runs
// in its own process (tests/global-setup.ts), on PGlite or on DATABASE_URL.
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/**/*.test.ts'],
  // The production-path suite has its own config and pass (tests/production/jest.config.cjs).
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/tests/production/'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'commonjs' },
      },
    ],
  },
  globalSetup: '<rootDir>/tests/global-setup.ts',
  globalTeardown: '<rootDir>/tests/global-teardown.ts',
  testTimeout: 30000,
  maxWorkers: 2,
};
