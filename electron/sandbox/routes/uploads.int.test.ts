import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GROUP_IDS } from '../data/groups'
import type { Sandbox } from '../index'
import { get, login, post, testSandbox } from '../testing/harness'

interface Upload {
  upload_id: string
  upload_name: string
  main_author: string
  coauthors: string[]
  reviewers: string[]
  coauthor_groups: string[]
  reviewer_groups: string[]
  viewers: string[]
  published: boolean
  with_embargo: boolean
  entries: number
  upload_create_time: string
}
interface UploadList {
  query: Record<string, unknown>
  pagination: {
    page_size: number
    page: number
    total: number
    order_by: string
    next_page_after_value?: string
  }
  data: Upload[]
}

let sandbox: Sandbox
const tokens: Record<string, string> = {}
const id = (username: string) => sandbox.demoUsers.find((u) => u.username === username)!.user_id
beforeAll(async () => {
  sandbox = await testSandbox({ entries: 400 })
  for (const user of ['lena', 'omar', 'mei', 'paul', 'sofia'])
    tokens[user] = await login(sandbox, user)
})
afterAll(async () => sandbox.close())

const mine = async (user: string, query = '') =>
  get<UploadList>(sandbox, `/uploads?page_size=1000${query}`, tokens[user])

describe('GET /uploads', () => {
  it('needs a login', async () => {
    expect((await get(sandbox, '/uploads')).status).toBe(401)
  })

  it('lists the caller uploads by role, with filters, order and simple pagination', async () => {
    const all = await mine('lena')
    expect(all.status).toBe(200)
    expect(all.body.query).toEqual({})
    const lenaId = id('lena')
    const own = await mine('lena', '&roles=main_author')
    expect(own.body.data.length).toBeGreaterThan(0)
    expect(own.body.data.every((u) => u.main_author === lenaId)).toBe(true)
    const coauthor = await mine('omar', '&roles=coauthor')
    expect(
      coauthor.body.data.every(
        (u) =>
          u.coauthors.includes(id('omar')) || u.coauthor_groups.includes(GROUP_IDS.hoffmannLab),
      ),
    ).toBe(true)
    const staging = await mine('lena', '&is_published=false')
    expect(staging.body.query).toEqual({ is_published: false })
    expect(staging.body.data.every((u) => !u.published)).toBe(true)
    const ordered = await mine('lena', '&order_by=upload_name&order=desc')
    const names = ordered.body.data.map((u) => u.upload_name)
    expect(names).toEqual([...names].sort().reverse())
    const page = await get<UploadList>(sandbox, '/uploads?page_size=2&page=2', tokens.lena)
    expect(page.body.pagination).toMatchObject({
      page_size: 2,
      page: 2,
      order_by: 'upload_create_time',
      total: all.body.pagination.total,
    })
    expect(page.body.data.map((u) => u.upload_id)).toEqual(
      all.body.data.slice(2, 4).map((u) => u.upload_id),
    )
    expect((await get(sandbox, '/uploads?order_by=entries', tokens.lena)).status).toBe(422)
    expect((await get(sandbox, '/uploads?roles=owner', tokens.lena)).status).toBe(422)
  })

  it('gives the outsider only his own upload and sofia the Hoffmann lab ones through her group', async () => {
    const paul = await mine('paul')
    expect(paul.body.data.every((u) => u.main_author === id('paul'))).toBe(true)
    const sofia = await mine('sofia')
    expect(sofia.body.data.length).toBeGreaterThan(0)
    expect(
      sofia.body.data.every((u) =>
        [...u.coauthor_groups, ...u.reviewer_groups].some(
          (g) => g === GROUP_IDS.hoffmannLab || g === GROUP_IDS.catalysis,
        ),
      ),
    ).toBe(true)
  })
})

describe('GET /uploads/{id} and its entries', () => {
  it('answers with the upload or the real 401/404 texts', async () => {
    const staging = (await mine('lena', '&is_published=false&roles=main_author')).body.data[0]!
    const ok = await get<{ upload_id: string; data: Upload }>(
      sandbox,
      `/uploads/${staging.upload_id}`,
      tokens.lena,
    )
    expect(ok.body.data).toMatchObject({
      upload_id: staging.upload_id,
      published: false,
      process_status: 'SUCCESS',
    })
    expect((await get(sandbox, `/uploads/${staging.upload_id}`)).body).toEqual({
      detail: 'You need to log in to access the specified upload.',
    })
    expect((await get(sandbox, `/uploads/${staging.upload_id}`, tokens.paul)).body).toEqual({
      detail: 'You do not have access to the specified upload.',
    })
    const embargoed = (await mine('lena', '&roles=main_author')).body.data.find(
      (u) => u.with_embargo && u.reviewer_groups.length === 0,
    )!
    expect((await get(sandbox, `/uploads/${embargoed.upload_id}`, tokens.paul)).body).toEqual({
      detail: 'You do not have access to the specified upload - published with embargo.',
    })
    expect((await get(sandbox, '/uploads/doesnotexist')).body).toEqual({
      detail: 'The specified upload_id was not found.',
    })
  })

  it('lists the entries of an upload with processing data and metadata', async () => {
    const upload = (await mine('lena', '&roles=main_author')).body.data[0]!
    const response = await get<{
      pagination: { total: number }
      processing_successful: number
      upload: Upload
      data: { entry_id: string; mainfile: string; entry_metadata: { entry_id: string } }[]
    }>(sandbox, `/uploads/${upload.upload_id}/entries?page_size=3`, tokens.lena)
    expect(response.status).toBe(200)
    expect(response.body.pagination.total).toBe(upload.entries)
    expect(response.body.processing_successful).toBe(upload.entries)
    expect(response.body.upload.upload_id).toBe(upload.upload_id)
    const mainfiles = response.body.data.map((e) => e.mainfile)
    expect(mainfiles).toEqual([...mainfiles].sort())
    for (const entry of response.body.data)
      expect(entry.entry_metadata.entry_id).toBe(entry.entry_id)
    const one = await get<{ entry_id: string }>(
      sandbox,
      `/uploads/${upload.upload_id}/entries/${response.body.data[0]!.entry_id}`,
      tokens.lena,
    )
    expect(one.body.entry_id).toBe(response.body.data[0]!.entry_id)
    expect(
      (await get(sandbox, `/uploads/${upload.upload_id}/entries?page=99`, tokens.lena)).body,
    ).toEqual({ detail: 'Page out of range requested.' })
  })
})

describe('POST /uploads/{id}/edit', () => {
  it('lets the main author or a coauthor change members, and shares data with them at once', async () => {
    const upload = (await mine('lena', '&is_published=false&roles=main_author')).body.data.find(
      (u) => !u.reviewers.includes(id('paul')),
    )!
    expect((await get(sandbox, `/uploads/${upload.upload_id}`, tokens.paul)).status).toBe(401)
    const edit = await post<{ upload_id: string; data: Upload }>(
      sandbox,
      `/uploads/${upload.upload_id}/edit`,
      { metadata: { reviewers: { add: [id('paul')] } } },
      tokens.lena,
    )
    expect(edit.status).toBe(200)
    expect(edit.body.data.reviewers).toContain(id('paul'))
    expect(edit.body.data.viewers).toContain(id('paul'))
    expect((await get(sandbox, `/uploads/${upload.upload_id}`, tokens.paul)).status).toBe(200)
    const entries = await post<{ pagination: { total: number } }>(
      sandbox,
      '/entries/query',
      { owner: 'shared', query: { upload_id: upload.upload_id }, pagination: { page_size: 0 } },
      tokens.paul,
    )
    expect(entries.body.pagination.total).toBe(upload.entries)
    const back = await post<{ data: Upload }>(
      sandbox,
      `/uploads/${upload.upload_id}/edit`,
      { metadata: { reviewers: { remove: [id('paul')] } } },
      tokens.lena,
    )
    expect(back.body.data.reviewers).not.toContain(id('paul'))
  })

  it('refuses reviewers, outsiders, anonymous callers and unknown members', async () => {
    const upload = (await mine('lena', '&roles=main_author')).body.data.find((u) =>
      u.reviewers.includes(id('mei')),
    )!
    const mei = await post(
      sandbox,
      `/uploads/${upload.upload_id}/edit`,
      { metadata: { coauthors: [] } },
      tokens.mei,
    )
    expect(mei.status).toBe(401)
    expect(mei.body).toEqual({ detail: 'You do not have write access to the specified upload.' })
    expect(
      (await post(sandbox, `/uploads/${upload.upload_id}/edit`, { metadata: { coauthors: [] } }))
        .status,
    ).toBe(401)
    const unknown = await post(
      sandbox,
      `/uploads/${upload.upload_id}/edit`,
      { metadata: { coauthors: ['no-such-user'] } },
      tokens.lena,
    )
    expect(unknown.status).toBe(400)
    const badGroup = await post(
      sandbox,
      `/uploads/${upload.upload_id}/edit`,
      { metadata: { reviewer_groups: ['nogroup'] } },
      tokens.lena,
    )
    expect(badGroup.body).toEqual({ detail: 'The user group nogroup does not exist.' })
    expect(
      (
        await post(
          sandbox,
          `/uploads/${upload.upload_id}/edit`,
          { metadata: { coauthors: 'x' } },
          tokens.lena,
        )
      ).status,
    ).toBe(422)
  })
})

describe('datasets and info', () => {
  it('lists datasets with filters and simple pagination, and one by id', async () => {
    const list = await get<{
      pagination: { total: number; page: number }
      data: {
        dataset_id: string
        dataset_name: string
        user_id: string
        doi?: string
        entries: string[]
      }[]
    }>(sandbox, '/datasets/?page_size=100')
    expect(list.status).toBe(200)
    expect(list.body.pagination.total).toBe(list.body.data.length)
    expect(list.body.data.some((d) => d.doi?.startsWith('10.17172/NOMAD/'))).toBe(true)
    const first = list.body.data[0]!
    const byUser = await get<{ data: { user_id: string }[] }>(
      sandbox,
      `/datasets/?user_id=${first.user_id}`,
    )
    expect(byUser.body.data.every((d) => d.user_id === first.user_id)).toBe(true)
    const byPrefix = await get<{ data: { dataset_name: string }[] }>(
      sandbox,
      `/datasets/?prefix=${encodeURIComponent(first.dataset_name.slice(0, 5).toLowerCase())}`,
    )
    expect(byPrefix.body.data.map((d) => d.dataset_name)).toContain(first.dataset_name)
    const one = await get<{ dataset_id: string; data: { entries: string[] } }>(
      sandbox,
      `/datasets/${first.dataset_id}`,
    )
    expect(one.body.data.entries.length).toBeGreaterThan(0)
    expect((await get(sandbox, '/datasets/nope')).body).toEqual({
      detail: 'The dataset with the given id does not exist.',
    })
    expect((await get(sandbox, '/datasets')).status).toBe(307)
  })

  it('describes the server and the searchable quantities with types and range support', async () => {
    const info = await get<{
      version: string
      codes: { code_name: string }[]
      statistics: { n_entries: number }
      search_quantities: Record<
        string,
        { name: string; many: boolean; type: string; range: boolean }
      >
    }>(sandbox, '/info')
    expect(info.status).toBe(200)
    expect(info.body.version).toMatch(/^\d+\.\d+\.\d+$/)
    expect(info.body.codes.map((c) => c.code_name)).toEqual(
      expect.arrayContaining(['VASP', 'FHI-aims', 'exciting', 'Quantum ESPRESSO', 'CP2K']),
    )
    expect(info.body.statistics.n_entries).toBeGreaterThan(0)
    const quantities = info.body.search_quantities
    expect(quantities['results.material.n_elements']).toMatchObject({
      type: 'int',
      range: true,
      many: false,
    })
    expect(quantities['results.material.elements']).toMatchObject({ many: true, range: false })
    expect(quantities['upload_create_time']?.range).toBe(true)
  })
})
