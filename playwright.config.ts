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
    // A failed test keeps a trace of its actions, console and network, and a screenshot of the
    // moment it failed. Without the screencast and DOM snapshots: recording those for every test
    // (a trace is recorded before it is known to be needed) cost a third of the e2e stage's CPU
    // (two specs: 140 s of CPU with them, 88 s without, 90 s with no trace at all), and CI has
    // two cores. PW_FULL_TRACE=1 records them too, for a failure that needs the DOM.
    trace: process.env.PW_FULL_TRACE
      ? 'retain-on-failure'
      : { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
})
