import { expect, openApp, test } from '../fixtures/test'

const SECTIONS = [
  { id: 'search', title: 'Search' },
  { id: 'uploads', title: 'Uploads' },
  { id: 'groups', title: 'Groups' },
  { id: 'tokens', title: 'Tokens' },
  { id: 'downloads', title: 'Downloads' },
  { id: 'offline', title: 'Offline' },
  { id: 'servers', title: 'Servers' },
]

test('the shell loads with header, navigation and status bar', async ({ page, host }) => {
  await openApp(page, host.current())
  await expect(page.getByText('NOMAD Desktop', { exact: true })).toBeVisible()
  await expect(page.getByTestId('server-switcher-name')).toHaveText('NOMAD (public)')
  await expect(page.getByTestId('status-version')).toHaveText('Web mode · v0.1.0')
  await expect(page.getByTestId('status-host')).toHaveText('Host connected')
  await expect(page.getByTestId('status-server')).toHaveText('NOMAD (public)')
  // Search is the landing section.
  await expect(page.getByTestId('screen-title')).toHaveText('Search')
  // The session token is traded for a cookie and never stays in the address bar.
  expect(page.url()).not.toContain('token=')
})

test('every navigation item opens its section, and each section works (none is a placeholder)', async ({
  page,
  host,
}) => {
  await openApp(page, host.current())
  for (const { id, title } of SECTIONS) {
    await page.getByTestId(`nav-${id}`).click()
    await expect(page).toHaveURL(new RegExp(`#/${id}$`))
    await expect(page.getByTestId('screen-title')).toHaveText(title)
    await expect(page.getByTestId(`nav-${id}`)).toHaveAttribute('aria-current', 'page')
    // The built-ins: NOMAD (public) and Local sandbox.
    if (id === 'servers') await expect(page.getByTestId('server-card')).toHaveCount(2)
    // Tokens works (issue #5): signed out, it asks to sign in.
    else if (id === 'tokens') await expect(page.getByTestId('tokens-sign-in')).toBeVisible()
    // Search works (issue #6): its builder and results are there.
    else if (id === 'search') await expect(page.getByTestId('screen-search')).toBeVisible()
    // Groups works (issue #16): its list and search are there.
    else if (id === 'groups') await expect(page.getByTestId('groups-scope')).toBeVisible()
    // Uploads works (issue #15): signed out, it says what signing in gives.
    else if (id === 'uploads') await expect(page.getByTestId('uploads-signed-out')).toBeVisible()
    // Downloads works (issue #13): with no job yet, it says how to start one.
    else if (id === 'downloads') await expect(page.getByTestId('downloads-empty')).toBeVisible()
    // Offline works (issue #17): with nothing pinned, it says how to pin.
    else await expect(page.getByTestId('offline-empty')).toBeVisible()
  }
})

test('deep links and reloads keep the section; keyboard shortcuts switch sections', async ({
  page,
  host,
}) => {
  await openApp(page, host.current(), 'tokens')
  await expect(page.getByTestId('screen-title')).toHaveText('Tokens')
  await page.reload()
  await expect(page.getByTestId('screen-title')).toHaveText('Tokens')
  await page.keyboard.press('Control+5')
  await expect(page.getByTestId('screen-title')).toHaveText('Downloads')
  await page.keyboard.press('Control+7')
  await expect(page.getByTestId('screen-title')).toHaveText('Servers')
})

test('the theme menu switches to dark and back, and the choice is kept', async ({ page, host }) => {
  await openApp(page, host.current())
  const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme')
  await page.getByTestId('theme-menu').click()
  await page.getByTestId('theme-dark').click()
  await expect.poll(scheme).toBe('dark')
  await page.reload()
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
  await expect.poll(scheme).toBe('dark')
  await page.getByTestId('theme-menu').click()
  await page.getByTestId('theme-light').click()
  await expect.poll(scheme).toBe('light')
})

test('losing the host shows a clear banner instead of silent failures', async ({ page, host }) => {
  await openApp(page, host.current())
  await host.stop()
  await expect(page.getByTestId('host-connection-lost')).toContainText(
    'Connection to the NOMAD Desktop host lost',
  )
  await expect(page.getByTestId('status-host')).toHaveText('Host connection lost')
})

test('a request without the session token is refused', async ({ page, host }) => {
  const response = await page.goto(`${host.current().origin}/`)
  expect(response?.status()).toBe(401)
  await expect(page.locator('body')).toContainText('open the full URL printed in the terminal')
})
