import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from './e2e/fixtures/chromium'

// e2e runs in Debian's Chromium against the web-mode host (electron/host) and the sandbox; the
// specs start both themselves through e2e/fixtures on free loopback ports, with a temp data dir.
export default defineConfig({
  testDir: './e2e',
  testMatch: ['specs/**/*.spec.ts', 'electron/**/*.spec.ts'],
  outputDir: './test-results',
  // Two workers (one per core on CI): most of a spec's time is waiting on the host, the sandbox
  // or slowed bodies, and every test has its own host, sandbox, ports and data folder.
  workers: 2,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.reports/playwright.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1360, height: 860 },
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
})
