import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import type { Sandbox } from '../../electron/sandbox'
import { closeToasts } from '../fixtures/screenshots'
import { expect, openApp, test, TEST_SANDBOX_PROFILE } from '../fixtures/test'

// Uploads through web mode: the list (signed out, then signed in), an upload's page, and its
// files: a nested folder, text in chunks with "load more", an image, JSON/YAML trees, a CSV
// table, a compressed log and a binary file; a mainfile far down its folder opens its entry.
// Screenshots of each, light and dark, at 1024×640.

const OUT = resolve(import.meta.dirname, '../screenshots')
const server = encodeURIComponent(TEST_SANDBOX_PROFILE.id)

test.use({
  sandbox: { entries: 120, limits: { rate: null, concurrency: null } },
  viewport: { width: 1024, height: 640 },
})

async function api<T>(sandbox: Sandbox, path: string): Promise<T> {
  return (await (await fetch(sandbox.baseUrl + path)).json()) as T
}

/** The first (showcase) upload, its main author, and the entry whose folder holds the frames. */
async function showcase(sandbox: Sandbox) {
  const first = await api<{ data: { upload_id: string }[] }>(
    sandbox,
    '/entries?page_size=1&order_by=upload_create_time&required=upload_id',
  )
  const uploadId = first.data[0]!.upload_id
  const upload = await api<{ data: { upload_name: string; main_author: string } }>(
    sandbox,
    `/uploads/${uploadId}`,
  )
  const author = sandbox.demoUsers.find((u) => u.user_id === upload.data.main_author)!
  const entries = await api<{ data: { mainfile: string; entry_id: string }[] }>(
    sandbox,
    `/entries?upload_id=${uploadId}&page_size=100&required=mainfile`,
  )
  let framed = entries.data[0]!
  for (const entry of entries.data) {
    const folder = entry.mainfile.slice(0, entry.mainfile.lastIndexOf('/'))
    const listing = await api<{ pagination: { total: number } }>(
      sandbox,
      `/uploads/${uploadId}/rawdir/${folder}?page_size=1`,
    )
    if (listing.pagination.total > 5000) framed = entry
  }
  return { uploadId, name: upload.data.upload_name, author, framed }
}

async function shot(target: Page | Locator, name: string) {
  await closeToasts('page' in target ? target.page() : target)
  await target.screenshot({ path: resolve(OUT, `${name}.png`) })
}

async function openItem(page: Page, name: string) {
  await page
    .getByTestId('files-list')
    .locator(`[data-testid="files-item"][data-name="${name}"]`)
    .click()
}

for (const scheme of ['light', 'dark'] as const) {
  test(`uploads: list, upload page, files and previews (${scheme})`, async ({
    page,
    host,
    testSandbox,
  }) => {
    test.setTimeout(120_000)
    mkdirSync(OUT, { recursive: true })
    const { uploadId, name, author, framed } = await showcase(testSandbox!)
    await page.emulateMedia({ colorScheme: scheme })
    await openApp(page, host.current(), 'uploads')

    // Signed out: what signing in gives.
    await expect(page.getByTestId('uploads-signed-out')).toContainText(
      'Sign in to see your uploads',
    )
    await shot(page, `uploads-signed-out-${scheme}`)
    await page.getByTestId('uploads-signed-out').getByRole('button', { name: 'Sign in' }).click()
    const signIn = page.getByTestId('sign-in-modal')
    await signIn.getByTestId('sign-in-username').fill(author.username)
    await signIn.getByTestId('sign-in-password').fill(author.password)
    await signIn.getByTestId('sign-in-submit').click()
    await expect(page.getByTestId('uploads-table')).toBeVisible()
    await shot(page, `uploads-list-${scheme}`)

    // Open the showcase upload from the list (found by part of its name).
    await page.getByTestId('uploads-name-filter').fill(name.slice(0, 12))
    const row = page.locator(`[data-testid="uploads-row"][data-upload="${uploadId}"]`)
    await row.getByTestId('uploads-open').click()
    await expect(page.getByTestId('upload-overview')).toBeVisible()
    await expect(page.getByTestId('upload-role')).toContainText('You are the main author')
    // The main author sees the collaborators editor (not the read-only list): their name is in it.
    await expect(page.getByTestId('upload-overview')).toContainText(author.name)
    await shot(page, `upload-page-${scheme}`)

    // Files: walk into a nested folder.
    await page.getByTestId('upload-files-tab').click()
    for (const folder of ['showcase', 'nested', 'level-1', 'level-2', 'level-3', 'level-4']) {
      await openItem(page, folder)
    }
    await expect(page.getByTestId('files-crumb')).toHaveCount(6)
    await openItem(page, 'deep-notes.md')
    await expect(page.getByTestId('preview-text')).toContainText('Five folders down')

    // A text file of hundreds of megabytes: the first chunk, then one more.
    await page.getByTestId('files-crumb').nth(1).click()
    await openItem(page, 'big')
    await openItem(page, 'trajectory.log')
    const numbers = page.getByTestId('preview-line-numbers')
    await expect(numbers).toContainText('819')
    await expect(page.getByTestId('preview-note')).toContainText('Showing the first 64 KiB of')
    await page.getByTestId('preview-load-more').click()
    await expect(numbers).toContainText('1638')
    await shot(page, `preview-text-${scheme}`)

    // Every other preview kind.
    await page.getByTestId('files-crumb').nth(1).click()
    await openItem(page, 'previews')
    await openItem(page, 'plot.png')
    await expect(page.getByTestId('preview-image')).toBeVisible()
    await shot(page, `preview-image-${scheme}`)
    await openItem(page, 'structure.json')
    await expect(page.getByTestId('preview-tree')).toContainText('chemical_formula')
    await page.getByRole('button', { name: 'Collapse structure' }).click()
    await expect(page.getByTestId('preview-tree')).not.toContainText('chemical_formula')
    await shot(page, `preview-json-${scheme}`)
    await openItem(page, 'workflow.yaml')
    await expect(page.getByTestId('preview-tree')).toContainText('Water geometry optimisation')
    await shot(page, `preview-yaml-${scheme}`)
    await openItem(page, 'thermo.csv')
    await expect(page.getByTestId('preview-table')).toContainText('temperature_K')
    await shot(page, `preview-csv-${scheme}`)
    await openItem(page, 'analysis.py')
    await expect(page.getByTestId('preview-text')).toHaveAttribute('data-highlighted', 'python')
    await shot(page, `preview-code-${scheme}`)
    await openItem(page, 'run.log.gz')
    await expect(page.getByTestId('preview-note')).toContainText('unpacked from')
    await openItem(page, 'wavefunction.bin')
    await expect(page.getByTestId('preview-binary')).toContainText('Binary file')
    await shot(page, `preview-binary-${scheme}`)

    // A mainfile after 5 000 frames: shown from the Entries tab, then its entry opens.
    await page.getByTestId('upload-page').getByRole('tab', { name: 'Entries' }).click()
    await page
      .getByRole('button', { name: `Show ${framed.mainfile} among the upload's files` })
      .click()
    const main = page.locator('[data-testid="files-item"][data-mainfile="true"]')
    await expect(main.first()).toBeVisible()
    await expect(page.getByTestId('files-count')).toContainText('5,0')
    await shot(page, `upload-files-mainfile-${scheme}`)
    await main.first().getByTestId('files-entry-link').click()
    await expect(page).toHaveURL(new RegExp(`#/archive/${server}/${framed.entry_id}`))
  })
}
