import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, openApp, test } from '../fixtures/test'

const OUT = resolve(import.meta.dirname, '../screenshots')

test.use({ viewport: { width: 1280, height: 800 } })

for (const scheme of ['light', 'dark'] as const) {
  test(`the Local sandbox starts on selection and its meter shows live traffic (${scheme}, screenshot)`, async ({
    page,
    host,
  }) => {
    mkdirSync(OUT, { recursive: true })
    await page.emulateMedia({ colorScheme: scheme })
    await openApp(page, host.current(), 'servers')

    const card = page.getByTestId('server-card').filter({ hasText: 'Local sandbox' })
    await expect(card.getByTestId('server-url')).toHaveText('http://127.0.0.1:…/api/v1')
    await page.getByTestId('server-switcher').click()
    await page.getByTestId('server-switcher-item').filter({ hasText: 'Local sandbox' }).click()
    await expect(page.getByTestId('status-server')).toHaveText('Local sandbox')
    await expect(page.getByTestId('status-state')).toHaveText(/^Online · NOMAD \d/, {
      timeout: 30_000,
    })
    // Now it runs on a real port, and the meter knows the server.
    await expect(card.getByTestId('server-url')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/)
    const meter = page.getByTestId('network-meter')
    await expect(meter).toHaveAttribute('data-state', 'normal')

    // A few checks spread over some seconds give the sparkline something to draw.
    for (let i = 0; i < 6; i++) {
      await card.getByTestId('check-server').click()
      await expect(card.getByTestId('server-status')).toContainText('Online')
      await page.waitForTimeout(350)
    }
    await expect(page.getByTestId('network-meter-label')).toHaveText(/req\/s · 0 in flight$/)

    await meter.click()
    const popover = page.getByTestId('meter-popover')
    await expect(popover).toBeVisible()
    await expect(popover.getByTestId('meter-state')).toHaveText('Normal')
    await expect(popover.getByTestId('meter-connections')).toHaveText(/^0 of \d+$/)
    await expect(popover.getByTestId('meter-sparkline')).toBeVisible()
    await expect(popover.getByTestId('meter-explanation')).toContainText('Running normally')
    // The screenshot shows the popover as it stays, not halfway through its fade-in.
    await expect(page.locator('.mantine-Popover-dropdown', { has: popover })).toHaveCSS(
      'opacity',
      '1',
    )
    await page.screenshot({ path: resolve(OUT, `network-meter-${scheme}.png`) })
  })
}

test.describe('with a sandbox owned by the spec', () => {
  test.use({ sandbox: { entries: 300 } })

  test('a colleague on the same address uses up the limit: the meter backs off and recovers', async ({
    page,
    host,
    testSandbox,
  }) => {
    if (testSandbox === undefined) throw new Error('the sandbox fixture did not start')
    await openApp(page, host.current(), 'servers')
    await expect(page.getByTestId('status-server')).toHaveText('Test sandbox')
    await expect(page.getByTestId('status-state')).toHaveText(/^Online · NOMAD \d/)

    // One request every 5 s, announced with Retry-After; the spec's own request (same IP, like
    // a colleague behind the same NAT) takes this interval's turn.
    testSandbox.setLimits({ rate: 0.2, retryAfter: true })
    await fetch(`${testSandbox.baseUrl}/info`).then((r) => r.arrayBuffer())
    const card = page.getByTestId('server-card').filter({ hasText: 'Test sandbox' })
    await card.getByTestId('check-server').click()

    const meter = page.getByTestId('network-meter')
    await expect(meter).toHaveAttribute('data-state', 'backing-off')
    await expect(page.getByTestId('network-meter-label')).toHaveText(/^Backing off \d s/)
    await meter.click()
    await expect(page.getByTestId('meter-explanation')).toContainText(
      'NOMAD is limiting requests from your network. Waiting',
    )
    await expect(page.getByTestId('meter-refusals')).toHaveText('1')
    await page.screenshot({ path: resolve(OUT, 'network-meter-backoff-light.png') })

    // The retry waits for the announced time and then goes through: no error for the user.
    await expect(card.getByTestId('server-status')).toContainText('Online', { timeout: 15_000 })
    await expect(meter).toHaveAttribute('data-state', 'normal', { timeout: 15_000 })
  })
})
