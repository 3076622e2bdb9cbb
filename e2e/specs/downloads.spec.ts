import { mkdirSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Page } from '@playwright/test'
import { planInto, SLOW_BODIES } from '../fixtures/downloads'
import { shootLightAndDark } from '../fixtures/screenshots'
import { expect, openApp, test } from '../fixtures/test'

const OUT = resolve(import.meta.dirname, '../screenshots')

// A job of 50 entries (about 35 MiB, one zip) trickles long enough to be seen running and to
// pause; then the trickle is lifted. A failing unit gives up after 2 attempts 50 ms apart (not 6 over ~15 s):
// the failed item is the same, without the wait.
test.use({
  sandbox: { entries: 300, faults: SLOW_BODIES },
  hostEnv: { NOMAD_DOWNLOAD_RETRY: '2,50' },
  viewport: { width: 1024, height: 640 },
})

/** Ticks the first `count` rows of the results with the keyboard (Space toggles, ↓ moves). */
async function selectRows(page: Page, count: number) {
  const grid = page.getByRole('grid')
  await expect(page.getByTestId('results-count')).not.toHaveAttribute('data-total', '')
  await grid.focus()
  await page.keyboard.press('Home')
  for (let row = 0; row < count; row++) {
    await page.keyboard.press('Space')
    if (row < count - 1) await page.keyboard.press('ArrowDown')
  }
  await expect(page.getByTestId('selection-summary')).toHaveText(`${count} entries selected`)
}

/** Opens the planning dialog for the selection and plans it into `folder`. */
async function plan(page: Page, folder: string) {
  await page.getByTestId('bulk-download').click()
  return planInto(page, folder)
}

test('50 selected entries: plan, start, pause, resume, finish, verify; a failed item', async ({
  page,
  host,
  dataDir,
  testSandbox,
}) => {
  test.setTimeout(180_000)
  mkdirSync(OUT, { recursive: true })
  // The destination's parent must exist (the job creates only the last folder).
  mkdirSync(join(dataDir, 'downloads'))
  await page.emulateMedia({ colorScheme: 'light' })
  await openApp(page, host.current(), 'search')
  await selectRows(page, 50)

  const folder = join(dataDir, 'downloads', 'fifty')
  const dialog = await plan(page, folder)
  await expect(dialog.getByTestId('plan-entries')).toHaveText('50')
  await expect(dialog.getByTestId('plan-source')).toHaveText('Raw files of 50 selected entries')
  await shootLightAndDark(page, 'downloads-planning-dialog')
  await dialog.getByTestId('plan-start').click()
  await page.getByTestId('plan-show-downloads').click()

  const row = page.getByTestId('job-row').first()
  await expect(row).toHaveAttribute('data-state', /running|planning|queued|throttled/)
  await expect(page.getByTestId('status-downloads')).toContainText('1 download')
  await expect(row.getByTestId('job-eta')).toBeVisible()
  await shootLightAndDark(page, 'downloads-running-job')
  await row.getByTestId('job-pause').click()
  await expect(row).toHaveAttribute('data-state', 'paused')
  await expect(row.getByTestId('job-state')).toHaveText('Paused')
  // Seen running and paused: the job's zip is fetched again whole on resume, now at full speed
  // (a trickling zip body arrives at a few hundred KiB/s: minutes for these 35 MiB).
  testSandbox?.setFaults({ trickleRate: 0 })
  await row.getByTestId('job-resume').click()
  await expect(row).not.toHaveAttribute('data-state', 'paused')

  await expect(row).toHaveAttribute('data-state', 'done', { timeout: 60_000 })
  await expect(row.getByTestId('job-files')).toHaveText(/^(\d+) of \1 files/)
  await expect(page.getByTestId('status-downloads')).toHaveCount(0)
  expect(readdirSync(folder)).toContain('manifest.json')
  await row.getByTestId('job-more').click()
  await page.getByTestId('job-verify').click()
  await expect(page.getByTestId('verify-verdict')).toContainText('match the manifest', {
    timeout: 30_000,
  })
  await shootLightAndDark(page, 'downloads-verify-report')
  await page.keyboard.press('Escape')

  // Every file request (not the listings: rawdir) now fails with a 502 page: the second job
  // plans fine and ends with failed items.
  testSandbox?.setFaults({ trickleRate: 0, error502Rate: 1, pathPattern: 'raw/' })
  await page.getByTestId('nav-search').click()
  await selectRows(page, 2)
  const second = await plan(page, join(dataDir, 'downloads', 'failing'))
  await second.getByTestId('plan-start').click()
  await page.getByTestId('plan-show-downloads').click()
  const failing = page.getByTestId('job-row').first()
  await expect(failing).toHaveAttribute('data-state', 'failed', { timeout: 30_000 })
  await expect(failing.getByTestId('job-state')).toHaveText(/^Failed \(\d+\)$/)
  await failing.getByTestId('job-failures-toggle').click()
  await expect(failing.getByTestId('failure-row').first()).toContainText('502')
  await shootLightAndDark(page, 'downloads-failed-item')
})
