import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../index'
import { get, login, post, testSandbox } from '../testing/harness'

interface Page {
  owner: string
  query: unknown
  pagination: {
    page_size: number
    order_by: string
    order: string
    total: number
    next_page_after_value?: string
    page_url?: string
    next_page_url?: string
    prev_page_url?: string
    first_page_url?: string
  }
  required?: { include?: string[]; exclude?: string[] }
  data: Record<string, unknown>[]
}

let sandbox: Sandbox
let lena: string
let admin: string
beforeAll(async () => {
  sandbox = await testSandbox({ entries: 400 })
  lena = await login(sandbox, 'lena')
  admin = await login(sandbox, 'admin')
})
afterAll(async () => sandbox.close())

const query = (body: unknown, token?: string) => post<Page>(sandbox, '/entries/query', body, token)

async function walk(body: Record<string, unknown>, pageSize: number): Promise<Page['data']> {
  const all: Page['data'] = []
  let after: string | undefined
  for (let i = 0; i < 1000; i++) {
    const page = await query({
      ...body,
      pagination: {
        ...(body.pagination as object),
        page_size: pageSize,
        ...(after ? { page_after_value: after } : {}),
      },
    })
    expect(page.status).toBe(200)
    all.push(...page.body.data)
    after = page.body.pagination.next_page_after_value
    if (!after) break
    expect(page.body.data).toHaveLength(pageSize)
  }
  return all
}

describe('POST /entries/query', () => {
  it('echoes the normalised request with defaults and total', async () => {
    const response = await query({
      query: { 'results.material.elements': ['O'], 'upload_create_time:gt': '2019-06-01' },
    })
    expect(response.status).toBe(200)
    expect(response.body.owner).toBe('public')
    expect(response.body.query).toEqual({
      and: [
        { name: 'results.material.elements', value: { all: ['O'] } },
        { name: 'upload_create_time', value: { gt: '2019-06-01' } },
      ],
    })
    expect(response.body.pagination).toMatchObject({
      page_size: 10,
      order_by: 'entry_id',
      order: 'asc',
    })
    expect(response.body.pagination.total).toBeGreaterThan(0)
    for (const doc of response.body.data) {
      expect((doc.results as { material: { elements: string[] } }).material.elements).toContain('O')
      expect(doc.license).toBe('CC BY 4.0')
      expect(Array.isArray(doc.files)).toBe(true)
    }
    expect(response.text).toContain('\n  "owner": "public"')
  })

  it('pages with page_after_value through every hit exactly once, in entry_id order', async () => {
    const total = (await query({ pagination: { page_size: 0 } })).body.pagination.total
    const ids = (await walk({}, 37)).map((d) => d.entry_id as string)
    expect(ids).toHaveLength(total)
    expect(new Set(ids).size).toBe(total)
    expect([...ids].sort()).toEqual(ids)
  })

  it('orders by any scalar quantity, descending too, with entry_id breaking ties', async () => {
    const body = {
      pagination: { order_by: 'results.material.n_elements', order: 'desc' },
      required: { include: ['entry_id', 'results.material.n_elements'] },
    }
    const docs = await walk(body, 50)
    const keys = docs.map(
      (d) =>
        [
          (d.results as { material: { n_elements: number } }).material.n_elements,
          d.entry_id as string,
        ] as const,
    )
    for (let i = 1; i < keys.length; i++) {
      const [a, idA] = keys[i - 1]!
      const [b, idB] = keys[i]!
      expect(a > b || (a === b && idA > idB)).toBe(true)
    }
    const first = await query({ ...body, pagination: { ...body.pagination, page_size: 3 } })
    expect(first.body.pagination.next_page_after_value).toMatch(/^\d+:[A-Za-z0-9_-]{28}$/)
  })

  it('has no next_page_after_value on the last page', async () => {
    const total = (await query({ pagination: { page_size: 0 } })).body.pagination.total
    const last = await query({ pagination: { page_size: 10, page_offset: total - 5 } })
    expect(last.body.data).toHaveLength(5)
    expect(last.body.pagination.next_page_after_value).toBeUndefined()
    const exact = await query({ pagination: { page_size: total } })
    expect(exact.body.data).toHaveLength(total)
    expect(exact.body.pagination.next_page_after_value).toBeUndefined()
  })

  it('supports page and page_offset and keeps them consistent', async () => {
    const byOffset = await query({ pagination: { page_size: 5, page_offset: 10 } })
    const byPage = await query({ pagination: { page_size: 5, page: 3 } })
    expect(byPage.body.data.map((d) => d.entry_id)).toEqual(
      byOffset.body.data.map((d) => d.entry_id),
    )
    expect(byPage.body.pagination).toMatchObject({ page: 3 })
  })

  it('answers the pagination errors with 422 or 400 as the real server', async () => {
    const cases: [unknown, number, string][] = [
      [{ page: 2, page_offset: 3 }, 422, 'Can only specify one'],
      [{ page_size: 100, page: 100 }, 422, 'Pagination by `page` is limited to 10.000 entries.'],
      [
        { page_size: 100, page_offset: 9950 },
        422,
        'Page offset plus page size has to be smaller thant 10.0000.',
      ],
      [{ page_size: -1 }, 422, 'greater than or equal to 0'],
      [{ page_size: 1001 }, 422, 'maximum page size'],
      [{ order: 'up' }, 422, 'enumeration'],
      [{ order_by: 'no.such.thing' }, 422, 'no.such.thing is not a doc quantity'],
      [{ order_by: 'authors.name' }, 422, 'the order_by quantity must be a scalar'],
      [{ page_size: 0, page: 1 }, 422, 'page_size'],
      [
        { order_by: 'upload_create_time', page_after_value: 'yesterday:x' },
        400,
        'Elasticsearch could not process your query',
      ],
    ]
    for (const [pagination, status, text] of cases) {
      const response = await query({ pagination })
      expect(response.status, JSON.stringify(pagination)).toBe(status)
      expect(response.text).toContain(text)
    }
  })

  it('names the configured page-size limit and follows a change at run time', async () => {
    sandbox.setLimits({ maxPageSize: 20 })
    try {
      const response = await query({ pagination: { page_size: 21 } })
      expect(response.status).toBe(422)
      expect(response.body).toEqual({
        detail: [
          {
            loc: ['body', 'pagination', 'page_size'],
            msg: 'ensure this value is less than or equal to 20 (the maximum page size of this server)',
            type: 'value_error.number.not_le',
            ctx: { limit_value: 20 },
          },
        ],
      })
    } finally {
      sandbox.setLimits({ maxPageSize: 1000 })
    }
  })

  it('rejects bad queries with the search-level 422s', async () => {
    const unknown = await query({ query: { mispelled: 1 } })
    expect(unknown.body).toEqual({
      detail: [
        {
          loc: [['mispelled']],
          msg: 'mispelled is not a doc quantity',
          type: 'value_error.exception',
        },
      ],
    })
    expect((await query({ query: { optimade_filter: '#broken' } })).status).toBe(422)
    expect((await query({ query: { 'results.material.n_elements': { any: 2 } } })).status).toBe(422)
    expect((await query({ query: 'string' })).status).toBe(422)
  })

  it('evaluates OPTIMADE filters', async () => {
    const two = await query({
      query: { optimade_filter: 'nelements = 2' },
      required: { include: ['results.material.n_elements'] },
    })
    expect(two.body.pagination.total).toBeGreaterThan(0)
    for (const doc of two.body.data)
      expect((doc.results as { material: { n_elements: number } }).material.n_elements).toBe(2)
  })

  it('projects with required include/exclude, always keeping entry_id', async () => {
    const include = await query({
      required: { include: ['results.material.elements', 'authors.name'] },
      pagination: { page_size: 2 },
    })
    expect(include.body.required).toEqual({
      include: ['entry_id', 'results.material.elements', 'authors.name'],
    })
    const doc = include.body.data[0]!
    expect(Object.keys(doc).sort()).toEqual(['authors', 'entry_id', 'results'])
    expect((doc.authors as object[])[0]).toEqual({ name: expect.any(String) as string })
    const exclude = await query({
      required: { exclude: ['quantities', 'results.method', 'entry_id'] },
      pagination: { page_size: 1 },
    })
    const excluded = exclude.body.data[0]!
    expect(excluded.entry_id).toBeDefined()
    expect(excluded.quantities).toBeUndefined()
    expect((excluded.results as Record<string, unknown>).method).toBeUndefined()
    expect((excluded.results as Record<string, unknown>).material).toBeDefined()
    const wildcard = await query({
      required: { include: ['results.material.*'] },
      pagination: { page_size: 1 },
    })
    expect(
      Object.keys((wildcard.body.data[0]!.results as { material: object }).material),
    ).toContain('elements')
    const bad = await query({ required: { include: ['no_such_field'] } })
    expect(bad.status).toBe(422)
    expect(bad.body).toEqual({
      detail: [
        {
          loc: [['required']],
          msg: 'no_such_field is not a doc quantity',
          type: 'value_error.exception',
        },
      ],
    })
  })

  it('applies the owner semantics and their 401s', async () => {
    const total = async (owner: string, token?: string) =>
      (await query({ owner, pagination: { page_size: 0 } }, token)).body.pagination.total
    for (const owner of ['shared', 'user', 'staging']) {
      const anonymous = await query({ owner })
      expect(anonymous.status, owner).toBe(401)
      expect(anonymous.body).toEqual({
        detail: expect.stringContaining('Authentication required for owner value') as string,
      })
    }
    expect((await query({ owner: 'admin' }, lena)).body).toEqual({
      detail: 'This can only be used by the admin user.',
    })
    const publicTotal = await total('public')
    expect(await total('visible', lena)).toBeGreaterThan(publicTotal)
    expect(await total('all')).toBeGreaterThan(publicTotal)
    expect(await total('admin', admin)).toBe(400)
    const staging = await query(
      { owner: 'staging', pagination: { page_size: 100 }, required: { include: ['published'] } },
      lena,
    )
    expect(staging.body.data.every((d) => d.published === false)).toBe(true)
    const mine = await query(
      {
        owner: 'user',
        pagination: { page_size: 100 },
        required: { include: ['main_author.user_id'] },
      },
      lena,
    )
    const lenaId = sandbox.demoUsers.find((u) => u.username === 'lena')!.user_id
    expect(
      mine.body.data.every((d) => (d.main_author as { user_id: string }).user_id === lenaId),
    ).toBe(true)
  })
})

describe('POST /entries/query aggregations', () => {
  it('computes terms, histogram and min_max aggregations over the visible entries', async () => {
    const response = await query({
      query: { 'results.material.structural_type': 'bulk' },
      pagination: { page_size: 0 },
      aggregations: {
        elements: { terms: { quantity: 'results.material.elements', size: 3, update: true } },
        types: {
          terms: { quantity: 'results.material.structural_type', exclude_from_search: true },
        },
        n_elements: { histogram: { quantity: 'results.material.n_elements', interval: 1 } },
        gap: { min_max: { quantity: 'results.properties.electronic.band_gap.value' } },
      },
    })
    expect(response.status).toBe(200)
    const aggregations = (
      response.body as unknown as {
        aggregations: Record<string, Record<string, { data: unknown }>>
      }
    ).aggregations
    const total = response.body.pagination.total
    const elements = aggregations.elements!.terms!.data as { value: string; count: number }[]
    expect(elements.length).toBeLessThanOrEqual(3)
    for (const bucket of elements) expect(bucket.count).toBeLessThanOrEqual(total)
    expect(total).toBeGreaterThan(0)
    const types = aggregations.types!.terms!.data as { value: string; count: number }[]
    // exclude_from_search: other structural types are counted although the query asks for bulk.
    expect(types.filter((b) => b.count > 0).length).toBeGreaterThan(1)
    expect(types.find((b) => b.value === 'bulk')?.count).toBe(total)
    const histogram = aggregations.n_elements!.histogram!.data as { count: number }[]
    expect(histogram.reduce((sum, b) => sum + b.count, 0)).toBe(total)
    const [min, max] = aggregations.gap!.min_max!.data as [number, number]
    expect(min).toBeLessThanOrEqual(max)
    expect(Object.keys(response.body)).toEqual([
      'owner',
      'query',
      'pagination',
      'aggregations',
      'data',
    ])
  })

  it('rejects bad aggregations with 422', async () => {
    const response = await query({
      aggregations: { x: { terms: { quantity: 'no.such.quantity' } } },
    })
    expect(response.status).toBe(422)
  })
})

describe('GET /entries', () => {
  it('turns repeated and __op parameters into criteria and adds the page URLs', async () => {
    const response = await get<Page>(
      sandbox,
      '/entries?results.material.elements=O&results.material.elements=Ti&results.material.n_elements__gte=2&page_size=2&include=results.material.elements',
    )
    expect(response.status).toBe(200)
    expect(response.body.query).toEqual({
      and: [
        { name: 'results.material.elements', value: { all: ['O', 'Ti'] } },
        { name: 'results.material.n_elements', value: { gte: 2 } },
      ],
    })
    for (const doc of response.body.data) {
      expect((doc.results as { material: { elements: string[] } }).material.elements).toEqual(
        expect.arrayContaining(['O', 'Ti']),
      )
    }
    const p = response.body.pagination
    expect(p.page_url).toContain('/api/v1/entries?results.material.elements=O')
    expect(p.next_page_url).toContain(
      `page_after_value=${encodeURIComponent(p.next_page_after_value!)}`,
    )
    expect(p.first_page_url).not.toContain('page_after_value')
  })

  it('accepts json_query and q, ignores unknown names and reports bad ones', async () => {
    const json = await get<Page>(
      sandbox,
      `/entries?json_query=${encodeURIComponent(JSON.stringify({ 'results.method.simulation.program_name': 'VASP' }))}&not_a_quantity=1`,
    )
    expect(json.status).toBe(200)
    expect(json.body.query).toEqual({
      name: 'results.method.simulation.program_name',
      value: 'VASP',
    })
    const q = await get<Page>(sandbox, '/entries?q=results.material.n_elements__gt__1')
    expect(q.body.query).toEqual({ name: 'results.material.n_elements', value: { gt: 1 } })
    expect((await get(sandbox, '/entries?q=nonsense')).status).toBe(422)
    expect((await get(sandbox, '/entries?json_query={')).body).toEqual({
      detail: [{ loc: ['json_query'], msg: 'cannot parse json_query' }],
    })
    expect((await get(sandbox, '/entries?page_size=ten')).status).toBe(422)
    expect((await get(sandbox, '/entries?owner=staging')).status).toBe(401)
  })
})

describe('GET /entries/{entry_id}', () => {
  it('returns one entry with required, embargoed ones to anyone, staging ones only to members', async () => {
    const staging = await query({ owner: 'staging', pagination: { page_size: 1 } }, lena)
    const stagingId = staging.body.data[0]!.entry_id as string
    const embargoed = await query({
      owner: 'all',
      query: { with_embargo: true },
      pagination: { page_size: 1 },
    })
    const embargoedId = embargoed.body.data[0]!.entry_id as string
    const one = await get<{ entry_id: string; required: object; data: { entry_id: string } }>(
      sandbox,
      `/entries/${embargoedId}`,
    )
    expect(one.status).toBe(200)
    expect(one.body.required).toEqual({})
    expect(one.body.data.entry_id).toBe(embargoedId)
    const hidden = await get(sandbox, `/entries/${stagingId}`)
    expect(hidden.status).toBe(404)
    expect(hidden.body).toEqual({
      detail: 'The entry with the given id does not exist or is not visible to you.',
    })
    expect((await get(sandbox, `/entries/${stagingId}`, lena)).status).toBe(200)
    const projected = await get<{ data: object }>(
      sandbox,
      `/entries/${embargoedId}?include=entry_id&include=upload_id`,
    )
    expect(Object.keys(projected.body.data).sort()).toEqual(['entry_id', 'upload_id'])
    expect((await get(sandbox, '/entries/doesnotexist')).status).toBe(404)
  })
})
