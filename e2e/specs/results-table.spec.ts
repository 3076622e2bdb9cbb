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
