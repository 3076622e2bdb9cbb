import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../index'
import { login, post, testSandbox } from '../testing/harness'

/**
 * The demo data must look like a real database (issue 18): many distinct materials, and no page
 * of the app's default search (newest uploads first, 100 rows) dominated by identical rows.
 */

interface Row {
  upload_create_time: string
  results?: {
    material?: { chemical_formula_hill?: string }
    method?: { simulation?: { program_name?: string } }
  }
}

interface Page {
  data: Row[]
  pagination: { total: number; next_page_after_value?: string }
}

const PAGE_SIZE = 100

/** Every page of the app's default search (upload_create_time desc, 100 a page) for a caller. */
async function defaultSearchPages(
  sandbox: Sandbox,
  token: string | null,
  owner = 'visible',
): Promise<Row[][]> {
  const pages: Row[][] = []
  let after: string | undefined
  do {
    const response = await post<Page>(
      sandbox,
      '/entries/query',
      {
        owner,
        query: {},
        pagination: {
          page_size: PAGE_SIZE,
          order_by: 'upload_create_time',
          order: 'desc',
          ...(after ? { page_after_value: after } : {}),
        },
        required: {
          include: [
            'upload_create_time',
            'results.material.chemical_formula_hill',
            'results.method.simulation.program_name',
          ],
        },
      },
      token,
    )
    expect(response.status).toBe(200)
    pages.push(response.body.data)
    after = response.body.pagination.next_page_after_value
  } while (after)
  return pages
}

/** What a user sees as "the same row": formula, program and upload day. */
function rowKey(row: Row): string {
  return [
    row.results?.material?.chemical_formula_hill,
    row.results?.method?.simulation?.program_name,
    row.upload_create_time.slice(0, 10),
  ].join(' | ')
}

describe('demo data variety (1 000 entries)', () => {
  let sandbox: Sandbox

  beforeAll(async () => {
    sandbox = await testSandbox({ entries: 1000 })
  })
  afterAll(async () => sandbox.close())

  it('has at least 200 distinct formulas', async () => {
    const token = await login(sandbox, 'admin')
    // The admin's owner=admin sees every entry, published or not.
    const rows = (await defaultSearchPages(sandbox, token, 'admin')).flat()
    expect(rows).toHaveLength(1000)
    const formulas = new Set(rows.map((r) => r.results?.material?.chemical_formula_hill))
    expect(formulas.size).toBeGreaterThanOrEqual(200)
  })

  it.each([
    ['anonymous', null],
    ['lena', 'lena'],
    ['admin', 'admin'],
  ])(
    'no page of the default search for %s has more than 5 percent identical rows',
    async (_who, user) => {
      const token = user ? await login(sandbox, user) : null
      const pages = await defaultSearchPages(sandbox, token)
      expect(pages.length).toBeGreaterThan(1)
      for (const page of pages) {
        const counts = new Map<string, number>()
        for (const row of page) counts.set(rowKey(row), (counts.get(rowKey(row)) ?? 0) + 1)
        const [key, most] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0]
        // Within 5 % of a full page; a short last page is held to the same absolute bound.
        expect({ key, most }).toEqual({ key, most: Math.min(most, PAGE_SIZE * 0.05) })
      }
    },
  )
})
