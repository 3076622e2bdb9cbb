import { archiveNode, openArchiveNodes } from '../fixtures/archive-tree'
import { shootLightAndDark } from '../fixtures/screenshots'
import { expect, openApp, test } from '../fixtures/test'

// Pinning from Search into the offline library (issue 17): the estimate before anything is
// stored, the pin running in the background, the library's row when it is complete; working
// offline by hand (the banner, nothing sent to the server, the archive's pinned part with a
// reference followed inside it and one that points outside it); and the same search answered
// from the pinned entries once the server is gone, found offline by itself, and filtered with
// the builder's periodic table.

const node = archiveNode
const open = openArchiveNodes

test.use({ sandbox: { entries: 60 }, viewport: { width: 1280, height: 800 } })

test('pin every result of a search, then search it with the server gone', async ({
  page,
  host,
  testSandbox,
}) => {
  await openApp(page, host.current(), 'search')
  await expect(page.getByTestId('results-count')).not.toHaveAttribute('data-total', '', {
    timeout: 30_000,
  })
  const total = Number(await page.getByTestId('results-count').getAttribute('data-total'))
  expect(total).toBeGreaterThan(0)
  await page.getByRole('grid').focus()
  await page.keyboard.press('Control+a')
  await page.getByTestId('bulk-pin-offline').click()

  const dialog = page.getByTestId('pin-dialog')
  await expect(dialog.getByTestId('pin-estimate')).toHaveAttribute('data-state', 'ready')
  await expect(dialog.getByTestId('pin-estimate-entries')).toHaveText(String(total))
  await dialog.getByTestId('pin-label').fill('Everything in the sandbox')
  await expect(dialog.getByTestId('pin-start')).toBeEnabled()
  await shootLightAndDark(page, 'offline-pin-dialog')
  await dialog.getByTestId('pin-start').click()
  await dialog.getByTestId('pin-show-offline').click()

  const row = page.getByTestId('pin-row')
  await expect(row).toHaveAttribute('data-state', 'complete', { timeout: 30_000 })
  await expect(row.getByTestId('pin-name')).toHaveText('Everything in the sandbox')
  await expect(row.getByTestId('pin-entries')).toHaveText(String(total))
  await expect(row.getByTestId('pin-synced')).toHaveText('just now')
  await expect(page.getByTestId('offline-totals')).toContainText(`1 pin · ${total} entries`)
  await shootLightAndDark(page, 'offline-library')

  // Work offline by hand, from the server menu: the banner says so and nothing reaches the server.
  await page.getByTestId('server-switcher').click()
  await page.getByTestId('server-switcher-menu').getByTestId('work-offline-switch').click()
  await page.keyboard.press('Escape')
  const banner = page.getByTestId('offline-banner')
  await expect(banner).toContainText('Working offline from Test sandbox')
  await expect(banner).toContainText(
    `The app shows offline data from this computer for Test sandbox (${total} pinned entries`,
  )
  await expect(page.getByTestId('status-state')).toContainText('Offline · working offline')
  await expect(page.getByTestId('account-sign-in')).toBeDisabled()
  testSandbox!.resetStats()

  await page.getByTestId('nav-search').click()
  await expect(page.getByTestId('results-offline')).toContainText('pinned on this computer', {
    timeout: 30_000,
  })
  await page.mouse.move(0, 0)
  await shootLightAndDark(page, 'offline-banner')
  await page.getByTestId('results-grid').locator('[data-row-index="0"][data-entry-id]').dblclick()
  await expect(page.getByTestId('kept-badge')).toHaveText('Pinned')
  await page.getByTestId('entry-open-archive').click()
  await expect(page.getByTestId('archive-offline-note')).toContainText('pinned part')
  await open(page, 'run', 'run/0', 'run/0/calculation')
  const calculations = page
    .getByTestId('archive-tree')
    .locator('[data-testid="archive-node"][data-path^="run/0/calculation/"][aria-expanded]')
  const last = (await calculations.last().getAttribute('data-path')) ?? ''
  await open(page, last)
  // The last calculation's system reference leads to the pinned last system.
  await node(page, `${last}/system_ref`).getByTestId('archive-ref').click()
  await expect(page.getByTestId('archive-path')).toHaveText(/^\$\.run\[0\]\.system\[\d+\]$/)
  await expect(page.getByTestId('archive-offline-note')).toBeVisible()
  await shootLightAndDark(page, 'offline-archive')
  // Its method is not in the pinned part: the viewer says so instead of failing.
  await open(page, 'run/0/calculation', last)
  await node(page, `${last}/method_ref`).getByTestId('archive-ref').click()
  await expect(page.getByTestId('archive-follow-error')).toContainText(
    'points outside the part of the archive kept on this computer',
  )
  expect(testSandbox!.stats().requests).toBe(0)

  // Back online from the banner.
  await banner.getByTestId('offline-banner-go-online').click()
  await expect(banner).toHaveCount(0)

  // The server goes away: Search answers from the pinned entries and says so.
  await testSandbox!.close()
  await page.getByTestId('nav-search').click()
  await page
    .getByRole('button', { name: /^Search/ })
    .first()
    .click()
  await expect(page.getByTestId('results-offline')).toContainText(
    `these results come from the ${total} entries pinned on this computer, last synced`,
    { timeout: 30_000 },
  )
  await expect(page.getByTestId('results-count')).toHaveAttribute('data-total', String(total))
  // The failed request found the server offline at once: the banner and the status bar say so.
  await expect(banner).toContainText('Test sandbox is offline')
  await expect(page.getByTestId('status-state')).toContainText('Offline')
  await shootLightAndDark(page, 'offline-search-results')

  // Filter with the builder, still with the server gone: an element of the pinned entries, its
  // count in the periodic table from the library, and the results narrowed to that count.
  const element = page
    .getByTestId('builder-panel')
    .locator('[data-testid^="element-"]:not([disabled])')
    .filter({ hasText: /\d/ })
    .first()
  const shown = Number((await element.textContent())?.replace(/^\D+/, ''))
  expect(shown).toBeGreaterThan(0)
  expect(shown).toBeLessThanOrEqual(total)
  await element.click()
  await expect(element).toHaveAttribute('data-state', 'include')
  await expect(page.getByTestId('live-count')).toHaveAttribute('data-total', String(shown))
  await page.getByTestId('search-submit').click()
  await expect(page.getByTestId('results-count')).toHaveAttribute('data-total', String(shown))
  await expect(page.getByTestId('results-offline')).toContainText(
    `these results come from the ${total} entries pinned on this computer`,
  )

  // The library survives a restart of the host; removing asks first.
  await host.restart()
  await openApp(page, host.current(), 'offline')
  await expect(page.getByTestId('pin-row')).toHaveAttribute('data-state', 'complete')
  await page.getByTestId('pin-remove').click()
  await page.getByTestId('pin-remove-confirm').click()
  await expect(page.getByTestId('offline-empty')).toBeVisible()
})
