import type { Page } from '@playwright/test'
import { AxeAudit } from '../fixtures/axe'
import { closeToasts } from '../fixtures/screenshots'
import { signIn } from '../fixtures/sign-in'
import { expect, openApp, test, TEST_SANDBOX_PROFILE } from '../fixtures/test'

// WCAG 2.1 A/AA with axe on every section and every open drawer, modal and viewer, light and
// dark (docs/accessibility.md). Two walks, signed out and signed in, run on the two workers.
// An axe run of the search screen takes seconds on a busy machine: hence the long timeouts.
test.describe.configure({ mode: 'parallel' })

test.use({
  sandbox: { entries: 120, limits: { rate: null, concurrency: null } },
  hostEnv: { NOMAD_VAULT_PASSPHRASE: 'e2e vault passphrase' },
  viewport: { width: 1280, height: 800 },
})

/** Open drawers and modals are checked on their own: the screen beneath was checked already. */
const DIALOG = '[role="dialog"]'
const SERVER = encodeURIComponent(TEST_SANDBOX_PROFILE.id)

async function settled(page: Page) {
  await expect(page.getByTestId('status-state')).not.toHaveText(/Checking|Not checked/)
}

test('search, entry drawer, archive viewer, downloads, offline, servers', async ({
  page,
  host,
}) => {
  test.setTimeout(240_000)
  const started = Date.now()
  const audit = new AxeAudit(page)
  await openApp(page, host.current(), 'search')
  await settled(page)
  await expect(page.getByTestId('results-count')).not.toHaveAttribute('data-total', '')
  await audit.check('search')

  const firstRow = page.getByTestId('results-grid').locator('[data-row-index="0"][data-entry-id]')
  await firstRow.dblclick()
  await expect(page.getByTestId('drawer-formula')).not.toBeEmpty()
  await audit.check('entry drawer', { include: DIALOG })
  await page.getByTestId('entry-open-archive').click()
  await expect(page.getByTestId('archive-tree')).toBeVisible()
  await audit.check('archive viewer', { include: DIALOG })
  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')
  await expect(page.locator(DIALOG)).toHaveCount(0)

  // The archive as a page (its own route), then back to plan a download of two entries.
  const entryId = (await firstRow.getAttribute('data-entry-id')) ?? ''
  await page.goto(`${host.current().origin}/#/archive/${SERVER}/${encodeURIComponent(entryId)}`)
  await expect(page.getByTestId('archive-viewer')).toBeVisible()
  await audit.check('archive page')
  // Open archive… with text it cannot open: the message is tied to the field.
  const openField = page.getByRole('textbox', { name: /Open archive/ })
  await openField.fill('not a link')
  await openField.press('Enter')
  await expect(openField).toHaveAttribute('aria-invalid', 'true')
  await audit.check('archive page, a link it cannot open')
  await openField.fill('')
  // The required builder: ticks in the tree and the builder's panel.
  await page.getByTestId('archive-builder-toggle').click()
  await expect(page.getByTestId('required-json')).toBeVisible()
  await audit.check('archive required builder')
  await page.getByTestId('nav-search').click()
  await page.getByRole('grid').focus()
  await page.keyboard.press('Home')
  await page.keyboard.press('Space')
  await expect(page.getByTestId('selection-summary')).toHaveText('1 entry selected')
  await page.getByTestId('bulk-download').click()
  await expect(page.getByTestId('plan-destination')).toBeVisible()
  await audit.check('download planning dialog', { include: DIALOG })
  await page.keyboard.press('Escape')
  // Mounted open and unmounted to close, like most dialogs: the focus still comes back.
  await expect(page.getByTestId('bulk-download')).toBeFocused()

  for (const section of ['downloads', 'offline', 'servers']) {
    await page.getByTestId(`nav-${section}`).click()
    await expect(page.getByTestId(`screen-${section}`)).toBeVisible()
    await audit.check(section)
  }
  await page.getByTestId('add-server').click()
  await page.getByTestId('server-name-input').fill('Institute Oasis')
  await page.getByTestId('server-url-input').fill('http://oasis.example.org/api/v1')
  await page.getByTestId('server-form-submit').click()
  await expect(page.locator('.mantine-TextInput-error')).toBeVisible()
  await audit.check('add-server dialog', { include: DIALOG })
  console.log(`accessibility walk 1: ${audit.states.length} states in ${Date.now() - started} ms`)
  audit.expectClean()
})

test('uploads, groups, tokens (signed in)', async ({ page, host, testSandbox }) => {
  test.setTimeout(240_000)
  const started = Date.now()
  const audit = new AxeAudit(page)
  const lena = testSandbox!.demoUsers.find((user) => user.username === 'lena')!
  await openApp(page, host.current(), 'uploads')
  await settled(page)
  await signIn(page, lena)
  await closeToasts(page)
  await expect(page.getByTestId('uploads-table')).toBeVisible()
  await audit.check('uploads')
  await page.getByTestId('uploads-open').first().click()
  await expect(page.getByTestId('upload-overview')).toBeVisible()
  await audit.check('upload page')
  await page.getByTestId('upload-files-tab').click()
  await expect(page.getByTestId('files-item').first()).toBeVisible()
  await audit.check('upload files')

  await page.getByTestId('nav-groups').click()
  await expect(page.getByTestId('group-row').first()).toBeVisible()
  await audit.check('groups')
  await page.getByTestId('group-link').first().click()
  await expect(page.getByTestId('group-page')).toBeVisible()
  await audit.check('group page')

  await page.getByTestId('nav-tokens').click()
  await page.getByTestId('create-token').click()
  const create = page.getByTestId('create-token-modal')
  // The token dialogs load on demand: check the dialog once it is there, not the click's instant.
  await expect(create.getByTestId('create-name')).toBeVisible()
  await audit.check('create-token dialog', { include: DIALOG })
  await create.getByTestId('create-name').fill('axe token')
  await create.getByTestId('create-submit').click()
  const reveal = page.getByTestId('reveal-modal')
  await expect(reveal.getByTestId('reveal-token')).toBeVisible()
  await audit.check('reveal dialog', { include: DIALOG })
  await reveal.getByTestId('reveal-saved').check()
  await reveal.getByTestId('reveal-done').click()
  await expect(reveal).toBeHidden()
  await audit.check('tokens')
  await page.getByTestId('pat-actions').first().click()
  await page.getByTestId('pat-revoke').click()
  await expect(page.getByTestId('revoke-confirm')).toBeVisible()
  await audit.check('revoke dialog', { include: DIALOG })
  console.log(`accessibility walk 2: ${audit.states.length} states in ${Date.now() - started} ms`)
  audit.expectClean()
})
