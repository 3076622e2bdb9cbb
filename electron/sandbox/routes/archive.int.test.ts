import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../index'
import { get, login, post, testSandbox } from '../testing/harness'

interface ArchivePage {
  pagination: { total: number; page_size: number; next_page_after_value?: string }
  required: unknown
  data: {
    entry_id: string
    upload_id: string
    parser_name: string
    archive: Record<string, unknown>
  }[]
}

let sandbox: Sandbox
let lena: string
beforeAll(async () => {
  sandbox = await testSandbox({ entries: 300 })
  lena = await login(sandbox, 'lena')
})
afterAll(async () => sandbox.close())

async function firstEntry(body: unknown, token?: string): Promise<string> {
  const page = await post<{ data: { entry_id: string }[] }>(
    sandbox,
    '/entries/query',
    { ...(body as object), pagination: { page_size: 1 } },
    token,
  )
  const id = page.body.data[0]?.entry_id
  if (!id) throw new Error('no entry')
  return id
}

describe('POST /entries/archive/query', () => {
  it('returns archives of a page with run, workflow2, metadata, results and m_ref_archives', async () => {
    const response = await post<ArchivePage>(sandbox, '/entries/archive/query', {
      pagination: { page_size: 3 },
    })
    expect(response.status).toBe(200)
    expect(response.body.required).toBe('*')
    expect(response.body.data).toHaveLength(3)
    for (const item of response.body.data) {
      expect(Object.keys(item)).toEqual(['entry_id', 'upload_id', 'parser_name', 'archive'])
      expect(Object.keys(item.archive)).toEqual(
        expect.arrayContaining([
          'run',
          'workflow2',
          'metadata',
          'results',
          'processing_logs',
          'm_ref_archives',
        ]),
      )
      const run = (item.archive.run as { calculation: { system_ref: string }[] }[])[0]!
      expect(run.calculation[0]!.system_ref).toBe('#/run/0/system/0')
    }
  })

  it('applies required to every archive and pages like entry queries', async () => {
    const body = {
      required: { metadata: { entry_id: '*', mainfile: '*' } },
      pagination: { page_size: 4 },
    }
    const first = await post<ArchivePage>(sandbox, '/entries/archive/query', body)
    expect(first.body.data[0]!.archive).toEqual({
      metadata: { entry_id: first.body.data[0]!.entry_id, mainfile: expect.any(String) as string },
      m_ref_archives: {},
    })
    const second = await post<ArchivePage>(sandbox, '/entries/archive/query', {
      ...body,
      pagination: { page_size: 4, page_after_value: first.body.pagination.next_page_after_value },
    })
    expect(second.body.data[0]!.entry_id > first.body.data[3]!.entry_id).toBe(true)
  })

  it('refuses owner=all, oversize pages and bad required values, but validates required lazily', async () => {
    const all = await post(sandbox, '/entries/archive/query', { owner: 'all' })
    expect(all.status).toBe(401)
    expect(all.body).toEqual({
      detail:
        'The owner=all is not allowed for this operation as it will search for entries\nthat you might now be allowed to access.',
    })
    const big = await post<{ detail: { msg: string; loc: unknown[] }[] }>(
      sandbox,
      '/entries/archive/query',
      { pagination: { page_size: 101 } },
    )
    expect(big.status).toBe(422)
    expect(big.body.detail[0]!.msg).toContain('100')
    expect(big.body.detail[0]!.loc).toEqual(['body', 'pagination', 'page_size'])
    expect(
      (await post(sandbox, '/entries/archive/query', { required: { run: 'exclude' } })).status,
    ).toBe(400)
    const none = await post(sandbox, '/entries/archive/query', {
      query: { entry_id: 'nope' },
      required: { NOPE: '*' },
    })
    expect(none.status).toBe(200)
  })
})

describe('GET /entries/archive', () => {
  it('answers a parameter search with full archives and the page URLs', async () => {
    const response = await get<ArchivePage & { pagination: { page_url: string } }>(
      sandbox,
      '/entries/archive?page_size=2&results.material.n_elements__gte=1',
    )
    expect(response.status).toBe(200)
    expect(response.body.required).toBe('*')
    expect(response.body.data).toHaveLength(2)
    expect(Object.keys(response.body.data[0]!.archive)).toContain('run')
    expect(response.body.pagination.page_url).toContain('/entries/archive?page_size=2')
    expect((await get(sandbox, '/entries/archive?owner=all')).status).toBe(401)
    expect((await get(sandbox, '/entries/archive?page_size=101')).status).toBe(422)
  })
})

describe('single-entry archive endpoints', () => {
  it('serves GET /entries/{id}/archive and POST /entries/{id}/archive/query', async () => {
    const id = await firstEntry({})
    const full = await get<{ required: string; entry_id: string; data: { archive: object } }>(
      sandbox,
      `/entries/${id}/archive`,
    )
    expect(full.status).toBe(200)
    expect(full.body.entry_id).toBe(id)
    expect(full.body.required).toBe('*')
    const part = await post<{ required: object; data: { archive: { results: object } } }>(
      sandbox,
      `/entries/${id}/archive/query`,
      { required: { results: { material: '*' } } },
    )
    expect(part.body.required).toEqual({ results: { material: '*' } })
    expect(Object.keys(part.body.data.archive.results)).toEqual(['material'])
    const download = await get(sandbox, `/entries/${id}/archive/download`)
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${id}.json"`)
  })

  it('resolves a cross-entry reference into m_ref_archives', async () => {
    const page = await post<{
      data: { entry_id: string; entry_references?: { target_entry_id: string }[] }[]
    }>(sandbox, '/entries/query', {
      query: { 'entry_references.target_name': 'system' },
      pagination: { page_size: 1 },
      required: { include: ['entry_references'] },
    })
    const entry = page.body.data[0]!
    const target = entry.entry_references![0]!.target_entry_id
    const response = await post<{
      data: {
        archive: {
          workflow2: { inputs: { section: string }[] }
          m_ref_archives: Record<string, { m_def: string; run: unknown[] }>
        }
      }
    }>(sandbox, `/entries/${entry.entry_id}/archive/query`, {
      required: { workflow2: { inputs: { section: { atoms: { labels: '*' } } } } },
    })
    const archive = response.body.data.archive
    const key = Object.keys(archive.m_ref_archives)[0]!
    expect(key).toMatch(new RegExp(`^\\.\\./uploads/[A-Za-z0-9_-]{22}/archive/${target}$`))
    expect(archive.m_ref_archives[key]!.m_def).toBe('nomad.datamodel.EntryArchive')
    expect(archive.workflow2.inputs[0]!.section).toMatch(
      new RegExp(`^${key.replace(/[.]/g, '\\.')}#/run/0/system/\\d+$`),
    )
  })

  it('hides staging archives from others with 404', async () => {
    const staging = await firstEntry({ owner: 'staging' }, lena)
    const anonymous = await get(sandbox, `/entries/${staging}/archive`)
    expect(anonymous.status).toBe(404)
    expect(anonymous.body).toEqual({ detail: 'The entry does not exist or is not visible to you.' })
    expect(
      (await post(sandbox, `/entries/${staging}/archive/query`, { required: '*' })).status,
    ).toBe(404)
    expect((await get(sandbox, `/entries/${staging}/archive`, lena)).status).toBe(200)
  })

  it('streams a trajectory archive of 20 MB or more', async () => {
    const md = await post<{
      data: { entry_id: string; results: { properties: { n_calculations: number } } }[]
    }>(sandbox, '/entries/query', {
      query: { 'results.method.workflow_name': 'molecular_dynamics' },
      pagination: { page_size: 1, order_by: 'results.properties.n_calculations', order: 'desc' },
      required: { include: ['results.properties.n_calculations'] },
    })
    const id = md.body.data[0]!.entry_id
    const response = await fetch(`${sandbox.baseUrl}/entries/${id}/archive`)
    const text = await response.text()
    expect(text.length).toBeGreaterThanOrEqual(20_000_000)
    const parsed = JSON.parse(text) as {
      data: { archive: { run: { system: unknown[]; calculation: unknown[] }[] } }
    }
    expect(parsed.data.archive.run[0]!.calculation).toHaveLength(
      md.body.data[0]!.results.properties.n_calculations,
    )
  })
})
