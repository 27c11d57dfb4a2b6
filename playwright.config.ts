import { defineConfig } from '@playwright/test';
import { chromiumArgs, findChromium } from './e2e/support/browser.js';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  // Fails the run if the specs leave cc-e2e-* folders in the temp dir (build/tempLeaks.ts).
  globalSetup: './e2e/support/globalSetup.ts',
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    {
      name: 'web',
      use: { browserName: 'chromium', launchOptions: { executablePath: findChromium(), args: chromiumArgs } },
    },
    // The same specs through the desktop app; each test skips, with the reason, where the Electron binary is missing.
    { name: 'electron', use: { browserName: 'chromium', launchOptions: { executablePath: findChromium(), args: chromiumArgs } } },
  ],
});
