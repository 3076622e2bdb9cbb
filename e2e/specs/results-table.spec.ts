import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, openApp, test } from '../fixtures/test'

const OUT = resolve(import.meta.dirname, '../screenshots')

test.use({ sandbox: { entries: 2_000 } })

/** The right edges of the grid, every header and every cell of the rows on screen. */
async function overflow(page: Page) {
  return page.getByTestId('results-grid').evaluate((grid) => {
    const limit = grid.getBoundingClientRect().left + grid.clientWidth
    const cut: string[] = []
    const cells = grid.querySelectorAll<HTMLElement>('[role="columnheader"], [role="gridcell"]')
    for (const el of Array.from(cells)) {
      const box = el.getBoundingClientRect()
      if (box.right > limit + 0.5)
        cut.push(`${el.dataset.testid ?? el.dataset.column} ends at ${box.right} > ${limit}`)
    }
    return { cut, scrolls: grid.scrollWidth > grid.clientWidth + 1 }
  })
}

for (const width of [1280, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 820 } })

    for (const scheme of ['light', 'dark'] as const) {
      test(`every column fits, none cut at the right edge (${scheme}, screenshot)`, async ({
        page,
        host,
      }) => {
        mkdirSync(OUT, { recursive: true })
        await page.emulateMedia({ colorScheme: scheme })
        await openApp(page, host.current(), 'search')
        const grid = page.getByTestId('results-grid')
        await expect(
          grid.locator('[data-testid="result-row"][data-entry-id]').first(),
        ).toBeVisible()
        const headers = grid.getByRole('columnheader')
        // The checkbox column and the six default columns.
        await expect(headers).toHaveCount(7)
        await expect.poll(async () => (await overflow(page)).cut).toEqual([])
        expect((await overflow(page)).scrolls).toBe(false)
        await page.mouse.move(0, 0)
        await page.screenshot({ path: resolve(OUT, `search-table-${width}-${scheme}.png`) })
      })
    }
  })
}

/** Per column: the texts of the cells on screen that are cut (wider than their cell). */
async function cutCells(page: Page) {
  return page.getByTestId('results-grid').evaluate((grid) => {
    const out: Record<string, string[]> = {}
    const cells = grid.querySelectorAll<HTMLElement>(
      '[data-entry-id] [role="gridcell"][data-column]',
    )
    for (const el of Array.from(cells)) {
      const id = el.dataset.column ?? ''
      const cut = (out[id] ??= [])
      if (el.scrollWidth > el.clientWidth) cut.push(el.textContent ?? '')
    }
    return out
  })
}

const PROGRAM = 'results.method.simulation.program_name'
const CRYSTAL = 'results.material.symmetry.crystal_system'
const UPLOADED = 'upload_create_time'
const AUTHORS = 'authors.name'

/** The date shows whole with the full time on hover; every author list is whole on hover. */
async function datesAndAuthorsOnHover(page: Page) {
  const grid = page.getByTestId('results-grid')
  const uploaded = grid.locator(`[data-row-index="0"] [data-column="${UPLOADED}"] span`)
  await expect(uploaded).toHaveText(/^\d{4}-\d{2}-\d{2}$/)
  await expect(uploaded).toHaveAttribute('title', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/)
  const authors = grid.locator(`[data-entry-id] [data-column="${AUTHORS}"] span[title]`)
  await expect(authors.first()).toBeVisible()
  for (const span of await authors.all())
    expect(await span.getAttribute('title')).toBe(await span.textContent())
}

// Beside the open builder, at 1440 px the short values are whole and only authors give way. At
// 1280 px the builder (the periodic table needs ~400 px) leaves the table ~640 px: crystal system
// and date stay whole, a long program name ("Quantum ESPRESSO") gives way after the authors, and
// hiding the builder shows every short value whole.
for (const [width, whole] of [
  [1280, [CRYSTAL, UPLOADED]],
  [1440, [PROGRAM, CRYSTAL, UPLOADED]],
] as const) {
  test.describe(`short values stay whole beside the builder at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test(`${whole.length === 3 ? 'program, ' : ''}crystal system and upload time are never cut; authors give way`, async ({
      page,
      host,
    }) => {
      await openApp(page, host.current(), 'search')
      await expect(page.getByTestId('builder-panel')).toBeVisible()
      const grid = page.getByTestId('results-grid')
      await expect(grid.locator('[data-testid="result-row"][data-entry-id]').first()).toBeVisible()
      await expect.poll(async () => (await overflow(page)).cut).toEqual([])
      const columns = await cutCells(page)
      for (const id of whole) expect(columns[id], id).toEqual([])
      await datesAndAuthorsOnHover(page)
      if (whole.length === 3) return
      // The builder hidden: the table takes the width and no short value is cut.
      await page.getByTestId('hide-builder').click()
      await expect(page.getByTestId('builder-panel')).toBeHidden()
      await expect
        .poll(async () => {
          const cut = await cutCells(page)
          return [PROGRAM, CRYSTAL, UPLOADED].flatMap((id) => cut[id] ?? [])
        })
        .toEqual([])
      await datesAndAuthorsOnHover(page)
    })
  })
}

test.describe('a small window with the builder open', () => {
  test.use({ viewport: { width: 1024, height: 640 } })

  for (const scheme of ['light', 'dark'] as const) {
    test(`the results controls stay inside their panel (${scheme}, screenshot)`, async ({
      page,
      host,
    }) => {
      mkdirSync(OUT, { recursive: true })
      await page.emulateMedia({ colorScheme: scheme })
      await openApp(page, host.current(), 'search')
      await expect(page.getByTestId('builder-panel')).toBeVisible()
      const grid = page.getByTestId('results-grid')
      await expect(grid.locator('[data-testid="result-row"][data-entry-id]').first()).toBeVisible()
      const panel = await page.getByTestId('results-panel').boundingBox()
      for (const id of ['page-size', 'column-picker']) {
        const box = await page.getByTestId(id).boundingBox()
        expect((box?.x ?? 0) + (box?.width ?? 0), id).toBeLessThanOrEqual(
          (panel?.x ?? 0) + (panel?.width ?? 0),
        )
      }
      await page.mouse.move(0, 0)
      await page.screenshot({ path: resolve(OUT, `search-table-1024-builder-${scheme}.png`) })
    })
  }
})

test.describe('columns the researcher shapes', () => {
  test.use({ viewport: { width: 1440, height: 820 } })
  const GAP = 'results.properties.electronic.band_gap.value'
  const FORMULA = 'results.material.chemical_formula_hill'

  test('a band gap filter offers a band gap column, and the columns still fit', async ({
    page,
    host,
  }) => {
    await openApp(page, host.current(), 'search')
    await page.getByTestId('range-min-band_gap-value').fill('1')
    await page.getByTestId('search-submit').click()
    const offer = page.getByTestId('add-filter-columns')
    await expect(offer).toHaveAccessibleName(/Band gap/i)
    await offer.click()
    await expect(page.getByTestId(`column-header-${GAP}`)).toBeVisible()
    await expect(offer).toHaveCount(0)
    const grid = page.getByTestId('results-grid')
    const cell = grid.locator(`[data-row-index="0"] [data-column="${GAP}"]`)
    await expect(cell).toHaveText(/\d.* eV/)
    await expect.poll(async () => (await overflow(page)).cut).toEqual([])
  })

  test('a width set by keyboard survives a reload', async ({ page, host }) => {
    await openApp(page, host.current(), 'search')
    const header = page.getByTestId(`column-header-${FORMULA}`)
    await expect(
      page.getByTestId('results-grid').locator('[data-testid="result-row"][data-entry-id]').first(),
    ).toBeVisible()
    const before = (await header.boundingBox())?.width ?? 0
    const handle = page.getByRole('separator', { name: /Width of Formula/ })
    await handle.focus()
    await page.keyboard.press('Shift+ArrowRight')
    await page.keyboard.press('Shift+ArrowRight')
    await expect.poll(async () => (await header.boundingBox())?.width).toBe(before + 100)
    await page.waitForTimeout(800) // the search state is saved shortly after a change
    await page.reload()
    await expect.poll(async () => (await header.boundingBox())?.width).toBe(before + 100)
    // Enter fits it to its content again.
    await page.getByRole('separator', { name: /Width of Formula/ }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await header.boundingBox())?.width).toBe(before)
  })

  for (const scheme of ['light', 'dark'] as const) {
    test(`the drawer names each formula convention (${scheme}, screenshot)`, async ({
      page,
      host,
    }) => {
      await page.emulateMedia({ colorScheme: scheme })
      await openApp(page, host.current(), 'search')
      const first = page.getByTestId('results-grid').locator('[data-row-index="0"][data-entry-id]')
      const hill = await first.locator(`[data-column="${FORMULA}"]`).innerText()
      await first.dblclick()
      await expect(page.getByTestId('drawer-title-convention')).toHaveText(/formula$/)
      const formulas = page.getByTestId('drawer-formula')
      await expect(formulas).toContainText(hill)
      await expect(formulas).toContainText('Hill')
      await page.waitForTimeout(300) // the drawer slides in
      await page.screenshot({ path: resolve(OUT, `search-drawer-formulas-${scheme}.png`) })
    })
  }
})
