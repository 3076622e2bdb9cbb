/**
 * "Search click to first row" against the raw sandbox call for the same page, as the start-up
 * bench reports it: a 100 000-entry sandbox with NOMAD's limits in its own process, the web host
 * on it, Chromium; one warm-up per query shape, then `rounds` searches, each next to the raw
 * call for the same page (interleaved).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { seedSettings } from '../../fixtures/test'
import { startWebHost } from '../../fixtures/web-host'
import { startSandboxProcess } from '../browse-setup'
import {
  rawFirstPage,
  SEARCH_QUERIES,
  timedSubmit,
  watchFirstPages,
  type SearchClickTiming,
} from './search-click'

export interface SearchClickRun {
  app: SearchClickTiming[]
  rawMs: number[]
}

export async function searchClickRun(
  browser: Browser,
  entries: number,
  rounds: number,
): Promise<SearchClickRun> {
  return onSearchScreen(browser, entries, (page, baseUrl) =>
    timeSearchClicks(page, baseUrl, rounds),
  )
}

/**
 * Runs `run` on the Search screen of the web host over an `entries`-entry sandbox in its own
 * process (request marks installed), then stops both.
 */
export async function onSearchScreen<T>(
  browser: Browser,
  entries: number,
  run: (page: Page, sandboxUrl: string) => Promise<T>,
): Promise<T> {
  const sandbox = await startSandboxProcess(['--entries', String(entries)])
  const dataDir = mkdtempSync(join(tmpdir(), 'search-click-'))
  seedSettings(
    dataDir,
    [{ id: 'bench', name: 'Bench', baseUrl: sandbox.baseUrl, note: '' }],
    'bench',
  )
  const host = await startWebHost(dataDir)
  const context = await browser.newContext({ viewport: { width: 1360, height: 860 } })
  try {
    await watchFirstPages(context)
    const page = await context.newPage()
    await page.goto(host.url)
    await page.goto(`${host.origin}/#/search`)
    await page.getByTestId('results-count').waitFor()
    return await run(page, sandbox.baseUrl)
  } finally {
    await context.close()
    await host.stop()
    await sandbox.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * On the Search screen (`page`): opens the JSON view, warms up one search of each shape, then
 * times `rounds` searches, each after the raw call for the same page.
 */
export async function timeSearchClicks(
  page: Page,
  baseUrl: string,
  rounds: number,
): Promise<SearchClickRun> {
  await page.getByTestId('section-json').locator('.mantine-Accordion-control').click()
  const totals: number[] = []
  for (const query of SEARCH_QUERIES) {
    const raw = await rawFirstPage(baseUrl, query)
    totals.push(raw.total)
    await timedSubmit(page, query, raw.total)
  }
  const run: SearchClickRun = { app: [], rawMs: [] }
  for (let round = 0; round < rounds; round++) {
    const index = round % SEARCH_QUERIES.length
    const query = SEARCH_QUERIES[index]
    run.rawMs.push((await rawFirstPage(baseUrl, query)).ms)
    // Both share the sandbox's strict limit (30/s per address): a click within 33 ms of the
    // raw call would be refused and retried, timing the limiter instead of the app.
    await page.waitForTimeout(100)
    run.app.push(await timedSubmit(page, query, totals[index] ?? 0))
    // The page after is prefetched in the background; let it finish before the next round.
    await page.waitForTimeout(300)
  }
  return run
}
