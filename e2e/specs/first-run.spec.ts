import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, openApp, test } from '../fixtures/test'

const OUT = resolve(import.meta.dirname, '../screenshots')
const NO_NETWORK = pathToFileURL(resolve(import.meta.dirname, '../fixtures/no-network.mjs')).href

// A fresh data folder (the fixture's default: an empty temporary folder) and a host on a computer
// without network: every name lookup fails at once, so NOMAD (public) is unreachable.
test.use({
  hostEnv: { NODE_OPTIONS: `--import ${NO_NETWORK}` },
  viewport: { width: 1360, height: 860 },
})

test('first start without network: one plain notice, and the Local sandbox searches in one click', async ({
  page,
  host,
}) => {
  await openApp(page, host.current())
  await expect(page.getByTestId('server-switcher-name')).toHaveText('NOMAD (public)')

  const notice = page.getByTestId('server-unreachable-notice')
  await expect(notice).toContainText('NOMAD (public) cannot be reached')
  await expect(notice).toContainText('Could not look up nomad-lab.eu')
  await expect(notice).toContainText('Local sandbox')
  // The search screen does not add jargon of its own about the missing server.
  await expect(page.getByTestId('catalogue-fallback')).toHaveCount(0)
  // The connection error is said once, in the notice; the count and the results point at it.
  await expect(page.getByTestId('results-error')).toContainText('see the notice above')
  await expect(page.getByTestId('live-count-error')).toContainText('see the notice above')
  await expect(page.getByText(/Could not look up nomad-lab\.eu/)).toHaveCount(1)
  // The notice takes room from the Search screen, not from below the window: nothing scrolls.
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement
    return root.scrollHeight - window.innerHeight
  })
  expect(overflow).toBeLessThanOrEqual(0)

  mkdirSync(OUT, { recursive: true })
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.mouse.move(0, 0)
    await page.screenshot({ path: resolve(OUT, `first-run-offline-${scheme}.png`) })
  }
  await page.emulateMedia({ colorScheme: 'light' })

  // One click, no URL typed: the sandbox becomes active and the search runs there.
  await page.getByRole('button', { name: 'Use the Local sandbox' }).click()
  await expect(page.getByTestId('server-switcher-name')).toHaveText('Local sandbox')
  await expect(page.getByTestId('screen-search')).toBeVisible()
  await expect(page.getByTestId('results-grid').getByTestId('result-row').first()).toBeVisible({
    timeout: 30_000,
  })
  await expect(page.getByTestId('results-error')).toHaveCount(0)
  await expect(notice).toHaveCount(0)
  await expect(page.getByTestId('status-state')).toContainText('Online')
  await page.mouse.move(0, 0)
  await page.screenshot({ path: resolve(OUT, 'first-run-sandbox-light.png') })
})

test('the notice is said once: dismissed, it stays away on every screen for this run', async ({
  page,
  host,
}) => {
  await openApp(page, host.current())
  const notice = page.getByTestId('server-unreachable-notice')
  await expect(notice).toBeVisible()
  await page.getByRole('button', { name: 'Dismiss this notice' }).click()
  await expect(notice).toHaveCount(0)
  await page.getByTestId('nav-servers').click()
  await expect(page.getByTestId('screen-servers')).toBeVisible()
  await page.getByTestId('nav-search').click()
  await expect(page.getByTestId('screen-search')).toBeVisible()
  // Try again on the Servers screen re-checks; the notice still does not come back.
  await expect(page.getByTestId('status-state')).toContainText('Offline')
  await expect(notice).toHaveCount(0)
})
