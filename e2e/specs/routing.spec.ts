import type { Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Sandbox } from '../../electron/sandbox'
import { expect, openApp, test, TEST_SANDBOX_PROFILE } from '../fixtures/test'

// Routes with parameters (docs/routing.md): a copied link opens the same view again, and back
// and forward (Alt+←/→, the window's history) step through the views one at a time.

test.use({ sandbox: { entries: 50 }, viewport: { width: 1360, height: 860 } })

interface Entry {
  entry_id: string
  upload_id: string
  mainfile: string
}

/** The first (or the n-th) entry, asked of the sandbox directly (its limiter's 503 is waited out). */
async function firstEntry(sandbox: Sandbox, index = 0): Promise<Entry> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${sandbox.baseUrl}/entries/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        owner: 'visible',
        pagination: { page_size: index + 1 },
        required: { include: ['entry_id', 'upload_id', 'mainfile'] },
      }),
    })
    if (response.status !== 503 || attempt >= 20) {
      const json = (await response.json()) as { data: Entry[] }
      const entry = json.data[index]
      if (!entry) throw new Error('the sandbox has no entries')
      return entry
    }
    await response.body?.cancel()
    await new Promise((done) => setTimeout(done, 250))
  }
}

const server = encodeURIComponent(TEST_SANDBOX_PROFILE.id)
const node = (page: Page, path: string) =>
  page.getByTestId('archive-tree').locator(`[data-testid="archive-node"][data-path="${path}"]`)

async function expectArchivePage(page: Page, entryId: string) {
  const viewer = page.getByTestId('archive-viewer')
  await expect(viewer).toHaveAttribute('data-viewer', 'page')
  await expect(page.getByTestId('archive-title')).toHaveText(`Archive · ${entryId}`)
  // The link's path is selected and the tree is open down to it.
  await expect(page.getByTestId('archive-path')).toHaveText('$.results.material.elements')
  await expect(node(page, 'results/material/elements')).toBeVisible()
  await expect(page.getByTestId('nav-search')).toHaveAttribute('aria-current', 'page')
}

test('a deep link to an archive node survives sections, Alt+←/→, the history and a reload', async ({
  page,
  host,
  testSandbox,
}) => {
  const entry = await firstEntry(testSandbox!)
  await openApp(page, host.current(), 'search')
  const link = `#/archive/${server}/${encodeURIComponent(entry.entry_id)}/${encodeURIComponent('$.results.material.elements')}`
  await page.goto(`${host.current().origin}/${link}`)
  await expectArchivePage(page, entry.entry_id)

  // Two more sections; one Alt+← is one step back (the browser's own step is cancelled).
  await page.getByTestId('nav-tokens').click()
  await expect(page).toHaveURL(/#\/tokens$/)
  await page.getByTestId('nav-servers').click()
  await expect(page.getByTestId('screen-title')).toHaveText('Servers')
  await page.keyboard.press('Alt+ArrowLeft')
  await expect(page).toHaveURL(/#\/tokens$/)
  await expect(page.getByTestId('screen-title')).toHaveText('Tokens')
  await page.keyboard.press('Alt+ArrowLeft')
  await expect(page).toHaveURL(new RegExp(`${link.replace(/[$[\].]/g, '\\$&')}$`))
  await expectArchivePage(page, entry.entry_id)

  await page.keyboard.press('Alt+ArrowRight')
  await expect(page.getByTestId('screen-title')).toHaveText('Tokens')
  await page.goBack()
  await expectArchivePage(page, entry.entry_id)
  await page.goForward()
  await expect(page.getByTestId('screen-title')).toHaveText('Tokens')
  await page.goBack()
  await expectArchivePage(page, entry.entry_id)

  await page.reload()
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
  await expectArchivePage(page, entry.entry_id)
})

test('a deep link to an upload folder opens the upload page on its files there; #/groups/<group> names it', async ({
  page,
  host,
  testSandbox,
}) => {
  const entry = await firstEntry(testSandbox!)
  const folder = entry.mainfile.includes('/')
    ? entry.mainfile.slice(0, entry.mainfile.lastIndexOf('/'))
    : ''
  await openApp(page, host.current(), 'search')
  await page.goto(
    `${host.current().origin}/#/uploads/${server}/${encodeURIComponent(entry.upload_id)}/${encodeURIComponent(folder)}`,
  )
  const browser = page.getByTestId('file-browser')
  await expect(page.getByTestId('upload-page')).toBeVisible()
  await expect(page.getByTestId('upload-files-tab')).toHaveAttribute('aria-selected', 'true')
  const mainName = entry.mainfile.slice(entry.mainfile.lastIndexOf('/') + 1)
  await expect(browser.locator(`[data-testid="files-item"][data-name="${mainName}"]`)).toBeVisible()
  await expect(page.getByTestId('nav-uploads')).toHaveAttribute('aria-current', 'page')

  await page.goto(`${host.current().origin}/#/groups/${encodeURIComponent('lab one')}`)
  await expect(page.getByTestId('screen-title')).toHaveText('Groups · lab one')
  await expect(page.getByTestId('nav-groups')).toHaveAttribute('aria-current', 'page')

  // Malformed links fall back to the default section and never break the window.
  await page.goto(`${host.current().origin}/#/archive/${server}/%E0%A4%A`)
  await expect(page.getByTestId('screen-search')).toBeVisible()
})

/** The route the settings file keeps for the next start (written shortly after the last change). */
function keptRoute(dataDir: string): string | undefined {
  try {
    const doc = JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as {
      settings?: { navigation?: { lastRoute?: string } }
    }
    return doc.settings?.navigation?.lastRoute
  } catch {
    return undefined
  }
}

test('Open archive… opens a pasted entry id and a copied link; a restart opens the same place', async ({
  page,
  context,
  host,
  testSandbox,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const entry = await firstEntry(testSandbox!)
  const other = await firstEntry(testSandbox!, 1)
  await openApp(page, host.current(), 'search')
  const path = encodeURIComponent('$.results.material.elements')
  await page.goto(
    `${host.current().origin}/#/archive/${server}/${encodeURIComponent(entry.entry_id)}/${path}`,
  )
  await expectArchivePage(page, entry.entry_id)

  // Copy link: an app link naming server, entry and JSON path.
  await page.getByTestId('archive-copy-link').click()
  const link = await page.evaluate(() => navigator.clipboard.readText())
  expect(link).toBe(
    `nomad-desktop://archive/${server}/${encodeURIComponent(entry.entry_id)}/${path}`,
  )

  // A pasted entry id opens that entry's archive; nonsense says why in place.
  const field = page.getByRole('textbox', { name: /Open archive/ })
  await field.fill('what is this?')
  await field.press('Enter')
  await expect(page.getByText(/Not an entry id or a link/)).toBeVisible()
  await field.fill(other.entry_id)
  await field.press('Enter')
  await expect(page.getByTestId('archive-title')).toHaveText(`Archive · ${other.entry_id}`)
  await expect(page.getByTestId('archive-path')).toHaveCount(0)

  // The copied link opens the same place again.
  await page.getByRole('textbox', { name: /Open archive/ }).fill(link)
  await page.getByRole('textbox', { name: /Open archive/ }).press('Enter')
  await expectArchivePage(page, entry.entry_id)

  // A restart of the host (a new URL, no address in it) opens the archive where it was.
  const kept = `/archive/${server}/${encodeURIComponent(entry.entry_id)}/${path}`
  await expect.poll(() => keptRoute(host.current().dataDir)).toBe(kept)
  const restarted = await host.restart()
  await page.goto(restarted.url)
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
  await expectArchivePage(page, entry.entry_id)
})
