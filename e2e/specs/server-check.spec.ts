import { mkdirSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { expect, openApp, test } from '../fixtures/test'

const OUT = resolve(import.meta.dirname, '../screenshots')

/** A loopback port that was free a moment ago and has no listener now: connections are refused. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((done) => server.close(() => done()))
  return port
}

test('an address that refuses the connection is explained in the form, and saved only when asked', async ({
  page,
  host,
}) => {
  const address = `http://127.0.0.1:${await closedPort()}/api/v1`
  await openApp(page, host.current(), 'servers')
  await page.getByTestId('add-server').click()
  await page.getByTestId('server-name-input').fill('Institute Oasis')
  await page.getByTestId('server-url-input').fill(address)
  await page.getByTestId('server-form-submit').click()

  const notice = page.getByTestId('server-unreachable')
  await expect(notice).toContainText('refused')
  await expect(page.getByTestId('server-card')).toHaveCount(2)

  mkdirSync(OUT, { recursive: true })
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.mouse.move(0, 0)
    await page.screenshot({ path: resolve(OUT, `servers-add-unreachable-${scheme}.png`) })
  }

  await page.getByRole('button', { name: 'Save anyway' }).click()
  await expect(page.getByTestId('server-form')).toBeHidden()
  await expect(page.getByTestId('server-card')).toHaveCount(3)
})

test.describe('with a server that answers', () => {
  test.use({ sandbox: {} })

  test('an address that answers is saved at once, without a question', async ({
    page,
    host,
    testSandbox,
  }) => {
    await openApp(page, host.current(), 'servers')
    await page.getByTestId('add-server').click()
    await page.getByTestId('server-name-input').fill('Second name for the sandbox')
    await page.getByTestId('server-url-input').fill(testSandbox!.baseUrl)
    await page.getByTestId('server-form-submit').click()
    await expect(page.getByTestId('server-form')).toBeHidden()
    await expect(
      page.getByTestId('server-list').getByText('Second name for the sandbox'),
    ).toBeVisible()
    await expect(page.getByTestId('server-unreachable')).toHaveCount(0)
  })
})
