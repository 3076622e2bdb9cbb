import { shootLightAndDark } from '../fixtures/screenshots'
import { expect, openApp, test } from '../fixtures/test'

// Pinning from Search into the offline library (issue 17): the estimate before anything is
// stored, the pin running in the background, the library's row when it is complete, and the
// same search answered from the pinned entries once the server is gone.

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
  await shootLightAndDark(page, 'offline-search-results')

  // The library survives a restart of the host; removing asks first.
  await host.restart()
  await openApp(page, host.current(), 'offline')
  await expect(page.getByTestId('pin-row')).toHaveAttribute('data-state', 'complete')
  await page.getByTestId('pin-remove').click()
  await page.getByTestId('pin-remove-confirm').click()
  await expect(page.getByTestId('offline-empty')).toBeVisible()
})
