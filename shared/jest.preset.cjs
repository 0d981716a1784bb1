// One jest setup for every front-end package: swc for TS/TSX (ts-jest cannot run on
// TypeScript 7), jsdom, CSS stubbed, TextEncoder for react-router.
const fs = require('node:fs');
const path = require('node:path');

function remoteLocales(packageDir) {
  const file = path.join(packageDir, 'src', 'locales', 'index.ts');
  return fs.existsSync(file) ? [file] : [];
}

module.exports = function preset(packageDir, overrides = {}) {
  return {
    rootDir: packageDir,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx', '<rootDir>/server/**/*.test.ts'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    moduleNameMapper: { '\\.css$': path.join(__dirname, 'src/testing/style-stub.cjs') },
    // A remote's own strings (src/locales: it adds its namespace when imported) for every test,
    // as in the page, where its exposed module adds them before anything of it renders.
    setupFilesAfterEnv: [path.join(__dirname, 'src/testing/jest-setup.ts'), ...remoteLocales(packageDir)],
    // A test waits for conditions (findBy*, waitFor: 10 s each at most, jest-setup.ts); this bounds
    // the whole test, with room for a busy machine.
    testTimeout: 30_000,
    ...overrides,
  };
};
