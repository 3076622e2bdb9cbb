/**
 * The start-up bench's search-click part alone (same sandbox, page size and columns), for A/B
 * runs of one change without the whole start-up bench: `tsx e2e/bench/search-click-profile.ts
 * [rounds] [profiles.json]`. Prints the medians (app, raw, ratio, the three parts) and the
 * load. With a file name it instead records one CDP CPU profile per click (from just before
 * the click to just after the first row) and writes them as a JSON array; build with
 * `minify: false` in electron.vite.config.ts to read the component names.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { seedSettings } from '../fixtures/test'
import { startWebHost } from '../fixtures/web-host'
import { startSandboxProcess } from './browse-setup'
import { timeSearchClicks } from './support/search-click-run'
import { rawFirstPage, SEARCH_QUERIES, timedSubmit, watchFirstPages } from './support/search-click'

const rounds = Number(process.argv[2] ?? 9)
const profilePath = process.argv[3]

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}

async function main() {
  const sandbox = await startSandboxProcess(['--entries', '100000'])
  const dataDir = mkdtempSync(join(tmpdir(), 'search-click-'))
  seedSettings(
    dataDir,
    [{ id: 'bench', name: 'Bench', baseUrl: sandbox.baseUrl, note: '' }],
    'bench',
  )
  const host = await startWebHost(dataDir)
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
  try {
    const context = await browser.newContext({ viewport: { width: 1360, height: 860 } })
    await watchFirstPages(context)
    const page = await context.newPage()
    await page.goto(host.url)
    await page.goto(`${host.origin}/#/search`)
    await page.getByTestId('results-count').waitFor()
    const load = loadavg()[0] ?? 0
    if (profilePath) {
      const cdp = await context.newCDPSession(page)
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
      await page.getByTestId('section-json').locator('.mantine-Accordion-control').click()
      const profiles: unknown[] = []
      for (let round = 0; round < rounds; round++) {
        const query = SEARCH_QUERIES[round % SEARCH_QUERIES.length]
        const { total } = await rawFirstPage(sandbox.baseUrl, query)
        await page.getByTestId('json-editor').fill(JSON.stringify(query))
        await page.getByTestId('json-valid').waitFor()
        await page.waitForTimeout(500)
        await cdp.send('Profiler.start')
        // timedSubmit fills again (no change), then clicks inside the page.
        const t = await timedSubmit(page, query, total)
        await page.waitForTimeout(30)
        profiles.push((await cdp.send('Profiler.stop')).profile)
        console.log(JSON.stringify(t))
        await page.waitForTimeout(300)
      }
      writeFileSync(profilePath, JSON.stringify(profiles))
      return
    }
    const run = await timeSearchClicks(page, sandbox.baseUrl, rounds)
    const app = run.app
    const row = {
      load: `${load.toFixed(1)}–${(loadavg()[0] ?? 0).toFixed(1)}`,
      appMs: median(app.map((t) => t.firstRowMs)),
      rawMs: median(run.rawMs),
      sentMs: median(app.map((t) => t.sentMs)),
      roundTripMs: median(app.map((t) => t.roundTripMs)),
      answerToRowMs: median(app.map((t) => t.renderMs)),
    }
    console.log(JSON.stringify({ ...row, ratio: row.appMs / row.rawMs }))
    console.log(
      JSON.stringify(
        app.map((t) =>
          [t.firstRowMs, t.sentMs, t.roundTripMs, t.renderMs].map((x) => +x.toFixed(1)),
        ),
      ),
    )
  } finally {
    await browser.close()
    await host.stop()
    await sandbox.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
