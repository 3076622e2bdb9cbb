/**
 * `npx tsx e2e/bench/files.bench.ts`: the upload file browser in Chromium through web mode,
 * against the sandbox's showcase upload (real NOMAD limits: 30 requests/s, 10 at a time).
 * - a folder of 5 006 children (5 000 frames): time from clicking it to its first rows;
 * - a 480 MiB text file: time from clicking it to its first lines, and how much it shows (one
 *   64 KiB chunk: core asks with length=65536, raw-files-showcase.int.test.ts checks it).
 * Prints medians over ROUNDS against the targets (300 ms each); it reports, it does not assert.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { DEFAULT_LIMITS, startSandbox } from '../../electron/sandbox'
import { seedSettings } from '../fixtures/test'
import { startWebHost } from '../fixtures/web-host'

const ROUNDS = Number(process.env.FILES_BENCH_ROUNDS ?? 5)
const TARGET_MS = 300

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN

// In-page code as text: tsx would otherwise wrap its functions in a helper the page lacks.
const CLICK_TO_VISIBLE = `([clickSel, waitSel]) => new Promise((done, fail) => {
  const target = document.querySelector(clickSel)
  if (!target) return fail(new Error('nothing matches ' + clickSel))
  const start = performance.now()
  target.click()
  const check = () => document.querySelector(waitSel) ? done(performance.now() - start) : requestAnimationFrame(check)
  requestAnimationFrame(check)
})`

/** Click → the first element matching `selector` on screen, timed inside the page. */
async function clickToVisible(page: Page, click: string, selector: string): Promise<number> {
  return page.evaluate<number>(`(${CLICK_TO_VISIBLE})(${JSON.stringify([click, selector])})`)
}

async function main() {
  const sandbox = await startSandbox({
    port: 0,
    quiet: true,
    entries: 2000,
    largeFileBytes: 80 * 1024 * 1024,
    // Unlimited while the bench finds its folder; NOMAD's limits for the app below.
    limits: { rate: null, concurrency: null },
  })
  const first = (await (
    await fetch(
      `${sandbox.baseUrl}/entries?page_size=1&order_by=upload_create_time&required=upload_id`,
    )
  ).json()) as { data: { upload_id: string }[] }
  const uploadId = first.data[0]?.upload_id ?? ''
  const entries = (await (
    await fetch(`${sandbox.baseUrl}/entries?upload_id=${uploadId}&page_size=100&required=mainfile`)
  ).json()) as { data: { mainfile: string }[] }
  let framed = ''
  for (const { mainfile } of entries.data) {
    const folder = mainfile.slice(0, mainfile.lastIndexOf('/'))
    const listing = (await (
      await fetch(`${sandbox.baseUrl}/uploads/${uploadId}/rawdir/${folder}?page_size=1`)
    ).json()) as {
      pagination: { total: number }
    }
    if (listing.pagination.total > 5000) framed = folder
  }
  sandbox.setLimits(DEFAULT_LIMITS)
  const dataDir = mkdtempSync(join(tmpdir(), 'nomad-files-bench-'))
  seedSettings(
    dataDir,
    [{ id: 'bench', name: 'Bench sandbox', baseUrl: sandbox.baseUrl, note: '' }],
    'bench',
  )
  const host = await startWebHost(dataDir)
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
  const page = await browser.newPage({ viewport: { width: 1360, height: 860 } })
  const folderTimes: number[] = []
  const textTimes: number[] = []
  let note = ''
  try {
    await page.goto(host.url)
    const parent = framed.slice(0, framed.lastIndexOf('/'))
    const name = framed.slice(framed.lastIndexOf('/') + 1)
    for (let round = 0; round < ROUNDS; round++) {
      await page.goto(
        `${host.origin}/#/uploads/bench/${uploadId}/${encodeURIComponent(parent)}?r=${round}`,
      )
      // A fresh window each time: nothing answered from the previous round's cache.
      await page.reload()
      await page.locator(`[data-testid="files-item"][data-name="${name}"]`).waitFor()
      folderTimes.push(
        await clickToVisible(
          page,
          `[data-testid="files-item"][data-name="${name}"]`,
          '[data-name="00001.xyz"]',
        ),
      )
      await page.goto(`${host.origin}/#/uploads/bench/${uploadId}/showcase%2Fbig?r=${round}`)
      await page.reload()
      await page.locator('[data-name="trajectory.log"]').waitFor()
      textTimes.push(
        await clickToVisible(page, '[data-name="trajectory.log"]', '[data-testid="preview-text"]'),
      )
      note = (await page.getByTestId('preview-note').textContent()) ?? ''
    }
  } finally {
    await browser.close()
    await host.stop()
    await sandbox.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  const folder = median(folderTimes)
  const text = median(textTimes)
  const line = (what: string, ms: number) =>
    `${ms <= TARGET_MS ? 'PASS' : 'FAIL'}  ${what}: median ${Math.round(ms)} ms over ${ROUNDS} (target ≤ ${TARGET_MS} ms)`
  console.log(line('5 006-child folder, click → first rows', folder))
  console.log(line('480 MiB text file, click → first lines', text))
  console.log(`text preview says: "${note}" (the app asks for one 64 KiB chunk: length=65536)`)
  console.log(
    `folder rounds: ${folderTimes.map(Math.round).join(', ')} ms; text rounds: ${textTimes.map(Math.round).join(', ')} ms`,
  )
}

void main()
