import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, openApp, test } from '../fixtures/test'

/**
 * The sandbox's demo data as a user first sees it (issue 18): the default search, newest uploads
 * first, then sorted by formula. The rows on screen must differ from each other, or a user cannot
 * tell whether search works. Screenshots in light and dark for a look.
 */

const OUT = resolve(import.meta.dirname, '../screenshots')
const FORMULA = 'results.material.chemical_formula_hill'
const COLUMNS = [
  FORMULA,
  'results.method.simulation.program_name',
  'results.material.symmetry.crystal_system',
  'upload_create_time',
] as const

// The Local sandbox's default size, at the width the issue reported.
test.use({ sandbox: { entries: 2000 }, viewport: { width: 1440, height: 900 } })

/** The visible rows' cells, as text, for the columns that make rows look alike. */
async function visibleRows(page: Page): Promise<string[]> {
  const grid = page.getByTestId('results-grid')
  await expect(grid.locator('[data-row-index="0"][data-entry-id]')).toBeVisible()
  return grid
    .locator('[data-testid="result-row"][data-entry-id]')
    .evaluateAll(
      (rows, columns) =>
        rows.map((row) =>
          columns
            .map((c) => row.querySelector(`[data-column="${c}"]`)?.textContent?.trim() ?? '')
            .join(' | '),
        ),
      COLUMNS as unknown as string[],
    )
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the default search shows varied demo rows (${scheme}, screenshots)`, async ({
    page,
    host,
  }) => {
    mkdirSync(OUT, { recursive: true })
    await page.emulateMedia({ colorScheme: scheme })
    await openApp(page, host.current(), 'search')
    await page.mouse.move(0, 0)

    // Newest uploads first (the default): formulas, codes and dates vary on one screen.
    const newest = await visibleRows(page)
    expect(newest.length).toBeGreaterThanOrEqual(10)
    const formulas = new Set(newest.map((row) => row.split(' | ')[0]))
    // An upload holds a relaxation and a few calculations per material: a formula repeats two
    // or three times on a screen, no more.
    expect(formulas.size).toBeGreaterThanOrEqual(newest.length / 3)
    const counts = new Map<string, number>()
    for (const row of newest) counts.set(row, (counts.get(row) ?? 0) + 1)
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(3)
    await page.screenshot({ path: resolve(OUT, `demo-data-newest-${scheme}.png`) })

    // Sorted by formula: neighbours share a formula only a few times, then the next one comes.
    const header = page.getByTestId(`column-header-${FORMULA}`)
    await header.click()
    await expect(header).toHaveAttribute('aria-sort', 'ascending')
    // Wait until the table shows the new order (the formulas on screen ascend).
    await expect
      .poll(async () => {
        const shown = (await visibleRows(page)).map((row) => row.split(' | ')[0] ?? '')
        return shown.length > 5 && shown.every((f, i) => i === 0 || (shown[i - 1] ?? '') <= f)
      })
      .toBe(true)
    const byFormula = await visibleRows(page)
    expect(new Set(byFormula.map((row) => row.split(' | ')[0])).size).toBeGreaterThanOrEqual(4)
    await page.mouse.move(0, 0)
    await page.screenshot({ path: resolve(OUT, `demo-data-by-formula-${scheme}.png`) })
  })
}
