/**
 * The start-up bench's search-click part alone (same sandbox, page size and columns), for A/B
 * runs of one change without the whole start-up bench: `tsx e2e/bench/search-click-profile.ts
 * [rounds] [profiles.json]`. Prints the medians (app, raw, ratio, the three parts) and the
 * load. With a file name it instead records one CDP CPU profile per click (from just before
 * the click to just after the first row) and writes them as a JSON array; build with
 * `minify: false` in electron.vite.config.ts to read the component names.
 */
import { writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { chromium, type Page } from '@playwright/test'
import { chromiumLaunchOptions } from '../fixtures/chromium'
import { rawFirstPage, SEARCH_QUERIES, timedSubmit } from './support/search-click'
import { onSearchScreen, timeSearchClicks } from './support/search-click-run'
import { percentile, round1 } from './support/stats'

const rounds = Number(process.argv[2] ?? 9)
const profilePath = process.argv[3]

/** One CPU profile per click, from just before it to just after the first row. */
async function profileClicks(page: Page, sandboxUrl: string, path: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await page.getByTestId('section-json').locator('.mantine-Accordion-control').click()
  const profiles: unknown[] = []
  for (let round = 0; round < rounds; round++) {
    const query = SEARCH_QUERIES[round % SEARCH_QUERIES.length]
    const { total } = await rawFirstPage(sandboxUrl, query)
    await page.getByTestId('json-editor').fill(JSON.stringify(query))
    await page.getByTestId('json-valid').waitFor()
    // The draft's debounced count and facets settle before the profile starts.
    await page.waitForTimeout(500)
    await cdp.send('Profiler.start')
    // timedSubmit fills again (no change), then clicks inside the page.
    const timing = await timedSubmit(page, query, total)
    await page.waitForTimeout(30)
    profiles.push((await cdp.send('Profiler.stop')).profile)
    console.log(JSON.stringify(timing))
    await page.waitForTimeout(300)
  }
  writeFileSync(path, JSON.stringify(profiles))
}

async function timeClicks(page: Page, sandboxUrl: string): Promise<void> {
  const load = loadavg()[0] ?? 0
  const run = await timeSearchClicks(page, sandboxUrl, rounds)
  const median = (values: number[]) => round1(percentile(values, 50))
  const app = median(run.app.map((t) => t.firstRowMs))
  const raw = median(run.rawMs)
  console.log(
    JSON.stringify({
      load: `${round1(load)}–${round1(loadavg()[0] ?? 0)}`,
      appMs: app,
      rawMs: raw,
      ratio: round1(app / raw),
      sentMs: median(run.app.map((t) => t.sentMs)),
      roundTripMs: median(run.app.map((t) => t.roundTripMs)),
      answerToRowMs: median(run.app.map((t) => t.renderMs)),
    }),
  )
}

const browser = await chromium.launch(chromiumLaunchOptions())
try {
  await onSearchScreen(browser, 100_000, (page, sandboxUrl) =>
    profilePath ? profileClicks(page, sandboxUrl, profilePath) : timeClicks(page, sandboxUrl),
  )
} finally {
  await browser.close()
}
