import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './harness/chromium';
import { E2E_SHELL_PORT } from './harness/ports';

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './harness/global-setup.ts',
  // One shared backend and site; tests that stop servers must not overlap others.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  // Every expect waits for a condition (auto-retrying) and returns as soon as it holds: this
  // bound is reached only by a failing check, or on a busy 2-core machine (CI beside another
  // CPU-heavy job) where the first render of a remote, or a worker's download, takes longer.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? `http://localhost:${E2E_SHELL_PORT}`,
    trace: 'retain-on-failure',
    // The production builds register a service worker (docs/offline.md). Specs test the live
    // network (a stopped remote, a repointed one, a killed backend), so it is off except in
    // offline.spec.ts, which turns it on.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Set by global setup (workers inherit its environment).
      executablePath: process.env.CHROME_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
