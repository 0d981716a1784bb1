// The build preset's tests too (build/__tests__): it decides what each deployment asks of the page.
const preset = require('./jest.preset.cjs')(__dirname);
module.exports = { ...preset, testMatch: [...preset.testMatch, '<rootDir>/build/**/*.test.ts'] };
