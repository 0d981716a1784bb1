module.exports = require('@city/shared/jest-preset')(__dirname, {
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx', '<rootDir>/server/**/*.test.ts', '<rootDir>/sw/**/*.test.ts'],
});
