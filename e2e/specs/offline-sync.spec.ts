import { startSandbox, type Sandbox } from '../../electron/sandbox'
import { AxeAudit } from '../fixtures/axe'
import { shootLightAndDark } from '../fixtures/screenshots'
import { visibleDocs } from '../fixtures/sandbox'
import { expect, openApp, test } from '../fixtures/test'

// Issue 17, sync: pin a search, restart the sandbox with changed data (its revised second
// revision: one upload published, one withdrawn, every fifth comment revised), sync the pin, and
// the Offline section reports exactly what changed; the new entries can be pinned. Screenshots
// of the sync report and the storage view; then the data folder moves from the storage view.

// No request limits: the spec also asks the sandbox directly for the expected differences.
const limits = { rate: null, concurrency: null }
test.use({ sandbox: { entries: 60, limits }, viewport: { width: 1280, height: 800 } })

let revised: Sandbox | undefined
test.afterEach(async () => {
  await revised?.close()
})

test('sync a pin after the server changed: the report, pinning the new entries', async ({
  page,
  host,
  testSandbox,
}) => {
  const sandbox = testSandbox!
  const before = await visibleDocs(sandbox.baseUrl)
  await openApp(page, host.current(), 'search')
  await expect(page.getByTestId('results-count')).toHaveAttribute(
    'data-total',
    String(before.size),
    { timeout: 30_000 },
  )
  await page.getByRole('grid').focus()
  await page.keyboard.press('Control+a')
  await page.getByTestId('bulk-pin-offline').click()
  const dialog = page.getByTestId('pin-dialog')
  await expect(dialog.getByTestId('pin-estimate')).toHaveAttribute('data-state', 'ready')
  await dialog.getByTestId('pin-label').fill('Sandbox, first revision')
  await dialog.getByTestId('pin-start').click()
  await dialog.getByTestId('pin-show-offline').click()
  const row = page.getByTestId('pin-row')
  await expect(row).toHaveAttribute('data-state', 'complete', { timeout: 30_000 })

  // The same server, "some time later".
  const port = Number(new URL(sandbox.baseUrl).port)
  await sandbox.close()
  revised = await startSandbox({
    host: '127.0.0.1',
    port,
    entries: 60,
    revised: true,
    quiet: true,
    limits,
  })
  const after = await visibleDocs(revised.baseUrl)
  const added = [...after.keys()].filter((id) => !before.has(id)).length
  const removed = [...before.keys()].filter((id) => !after.has(id)).length
  const changed = [...after.keys()].filter(
    (id) => before.has(id) && before.get(id) !== after.get(id),
  ).length
  expect(added * removed * changed).toBeGreaterThan(0)

  await row.getByTestId('pin-sync').click()
  const counts = row.getByTestId('pin-last-sync')
  await expect(counts).toHaveText(`${added} new · ${removed} removed · ${changed} changed`, {
    timeout: 30_000,
  })
  // The pin keeps what is left; the server now matches more (the new entries are not kept yet).
  await expect(row.getByTestId('pin-entries')).toHaveText(
    `${before.size - removed} of ${after.size} (limit 10,000)`,
  )
  await counts.click()
  const report = page.getByTestId('sync-report')
  await expect(report.getByTestId('sync-report-counts')).toContainText(`${changed} changed`)
  await expect(report.locator('tr[data-change]')).toHaveCount(added + removed + changed)
  await shootLightAndDark(page, 'offline-sync-report')
  // The report and, below, the storage view join the accessibility check (light and dark).
  const audit = new AxeAudit(page)
  await audit.check('sync report', { include: '[role="dialog"]' })

  // Pin the new entries; the storage view follows.
  await report.getByTestId('sync-pin-new').click()
  await expect(row.getByTestId('pin-entries')).toHaveText(String(after.size), { timeout: 30_000 })
  const storage = page.getByTestId('offline-storage')
  await expect(storage.getByTestId('storage-pin')).toContainText(String(after.size))
  await storage.scrollIntoViewIfNeeded()
  // One measure of disk use: with no raw files kept, the data folder is the database file alone,
  // and both say the same size after the pin changed (the folder's size follows the pins too).
  const onDisk = async (testId: string) =>
    /\(([\d.]+ \S+) on disk/.exec((await storage.getByTestId(testId).textContent()) ?? '')?.[1]
  await expect(storage.getByTestId('storage-location')).toContainText('on disk in 1 file:')
  await expect.poll(() => onDisk('storage-location')).toBe(await onDisk('storage-database'))
  await shootLightAndDark(page, 'offline-storage', storage)
  await audit.check('offline section with the storage view')

  // Move the data folder to a new one: progress, the result, and the library read from there.
  const target = test.info().outputPath('moved-data')
  await storage.getByTestId('move-data').click()
  const move = page.getByTestId('move-data-dialog')
  await move.getByTestId('move-data-target').fill(target)
  await move.getByTestId('move-data-start').click()
  await expect(move.getByTestId('move-data-done')).toContainText(`now in ${target}`, {
    timeout: 30_000,
  })
  await audit.check('move data dialog', { include: '[role="dialog"]' })
  await page.keyboard.press('Escape')
  await expect(storage.getByTestId('storage-location')).toContainText(target)
  await expect(storage.getByTestId('storage-database')).toContainText(target)
  await expect(row.getByTestId('pin-entries')).toHaveText(String(after.size))
  audit.expectClean()
})
