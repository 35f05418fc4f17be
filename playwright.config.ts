// Playwright drives Debian's Chromium (or $CHROME_PATH) against the built SPA served by the reference server on
// one origin. tests/e2e/support/global-setup.ts builds dist/ when stale, starts server/main.ts with APP_DIST=dist,
// PORT=0 and a fresh seeded DATA_DIR, and exports E2E_BASE_URL (workers re-read this file and pick it up).
// Set E2E_BASE_URL yourself to run against a server you started (nothing is built or started then).
import { defineConfig, devices } from '@playwright/test';
import { playwrightLaunchOptions } from './scripts/chromium.mjs';

const onCi = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'tests',
  testMatch: /[\\/]tests[\\/](e2e|paths)[\\/].*\.spec\.ts$/,
  outputDir: '.tmp/test-results',
  globalSetup: './tests/e2e/support/global-setup.ts',
  globalTeardown: './tests/e2e/support/global-teardown.ts',
  fullyParallel: false,
  forbidOnly: onCi,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: onCi ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'ru-RU',
    timezoneId: 'Europe/Chisinau',
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: playwrightLaunchOptions() },
    },
  ],
});
