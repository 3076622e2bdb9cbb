import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, openApp, test } from '../fixtures/test'

// The entry drawer's viewers: the archive tree (expand, filter, copy) and the upload's files
// (folder of the main file, breadcrumbs, text preview, binary files), in light and dark.

const OUT = resolve(import.meta.dirname, '../screenshots')

test.use({ sandbox: { entries: 300 }, viewport: { width: 1360, height: 860 } })

async function openDrawer(page: Page) {
  const firstRow = page.getByTestId('results-grid').locator('[data-row-index="0"][data-entry-id]')
  await expect(firstRow).toBeVisible()
  await firstRow.dblclick()
  await expect(page.getByTestId('drawer-formula')).not.toBeEmpty()
}

const node = (page: Page, path: string) =>
  page.getByTestId('archive-tree').locator(`[data-testid="archive-node"][data-path="${path}"]`)

for (const scheme of ['light', 'dark'] as const) {
  test(`archive tree and upload files from the drawer (${scheme})`, async ({
    page,
    context,
    host,
  }) => {
    mkdirSync(OUT, { recursive: true })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.emulateMedia({ colorScheme: scheme })
    await openApp(page, host.current(), 'search')
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme)
    await openDrawer(page)

    // Archive: the top-level sections first, a section loads when opened.
    await page.getByTestId('entry-open-archive').click()
    const viewer = page.getByTestId('archive-viewer')
    await expect(node(page, 'metadata')).toBeVisible()
    await expect(node(page, 'run')).toContainText('1 item')
    await expect(node(page, 'metadata/entry_id')).toHaveCount(0)
    await node(page, 'results').click()
    await node(page, 'results/material').click()
    await node(page, 'results/material/elements').click()
    await expect(page.getByTestId('archive-path')).toHaveText('$.results.material.elements')
    await page.getByTestId('copy-json-path').click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      '$.results.material.elements',
    )
    // A list of sections: items are placeholders until opened.
    await node(page, 'run').click()
    await node(page, 'run/0').click()
    await expect(node(page, 'run/0/program')).toBeVisible()
    await node(page, 'run/0/program').click()
    await page.getByTestId('copy-value').click()
    await expect(page.getByTestId('copy-value')).toHaveText('Copied')
    const program = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
      name?: string
    }
    expect(typeof program.name).toBe('string')
    // The filter finds keys in what is loaded and opens their parents.
    await page.getByTestId('archive-filter').fill('formula')
    await expect(node(page, 'results/material/chemical_formula_hill')).toBeVisible()
    await expect(page.getByTestId('archive-filter-note')).toContainText('matching keys')
    await page.getByTestId('archive-filter').fill('')
    await node(page, 'results/material/chemical_formula_hill').click()
    await page.mouse.move(0, 0)
    await viewer.locator('.mantine-Modal-content').screenshot({
      path: resolve(OUT, `entry-archive-${scheme}.png`),
    })

    // Escape closes the viewer only; the drawer stays.
    await page.keyboard.press('Escape')
    await expect(viewer).toHaveCount(0)
    await expect(page.getByTestId('drawer-formula')).toBeVisible()

    // Upload files: starts at the main file's folder, which is marked.
    await page.getByTestId('entry-open-upload-files').click()
    const browser = page.getByTestId('file-browser')
    const main = browser.locator('[data-testid="files-item"][data-mainfile="true"]')
    await expect(main).toBeVisible()
    expect(await page.getByTestId('files-crumb').count()).toBeGreaterThan(1)
    await main.click()
    await expect(page.getByTestId('preview-text')).not.toBeEmpty()
    await expect(page.getByTestId('preview-note')).toHaveText(
      /^(Showing the first [\d.]+ KiB of [\d.]+ (KiB|MiB)\.|The whole file, .+\.)$/,
    )
    await page.mouse.move(0, 0)
    await browser.locator('.mantine-Modal-content').screenshot({
      path: resolve(OUT, `entry-files-${scheme}.png`),
    })

    // Up to the root by the breadcrumbs; an image is shown as the image.
    await page.getByTestId('files-crumb').first().click()
    await expect(browser.locator('[data-name="README.md"]')).toBeVisible()
    await browser.locator('[data-testid="files-item"][data-kind="folder"]').first().click()
    await browser.locator('[data-name="overview.png"]').click()
    await expect(page.getByTestId('preview-image')).toBeVisible()
  })
}
