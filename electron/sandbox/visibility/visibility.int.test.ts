import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../index'
import { get, getBytes, login, post, testSandbox } from '../testing/harness'
import { unzip } from '../testing/zip'

/**
 * Nobody sees staging or embargoed data they may not see, through any endpoint. The ground
 * truth comes from the admin's view of every entry; each caller's answers are checked against
 * what the owner rules allow that caller.
 */
interface Doc {
  entry_id: string
  upload_id: string
  mainfile: string
  published: boolean
  with_embargo: boolean
  viewers: { user_id: string }[]
  viewer_groups: string[]
}
interface Caller {
  name: string
  token: string | null
  userId: string | null
  groups: Set<string>
}

let sandbox: Sandbox
let docs: Doc[]
const callers: Caller[] = []

const isMember = (doc: Doc, caller: Caller) =>
  (caller.userId !== null && doc.viewers.some((v) => v.user_id === caller.userId)) ||
  doc.viewer_groups.some((g) => caller.groups.has(g))
/** May read the data (archive, raw files): public, or shared with the caller. */
const mayRead = (doc: Doc, caller: Caller) =>
  (doc.published && !doc.with_embargo) || isMember(doc, caller)
/** May see the metadata (owner=all): anything published, or shared with the caller. */
const maySeeMetadata = (doc: Doc, caller: Caller) => doc.published || isMember(doc, caller)

beforeAll(async () => {
  sandbox = await testSandbox({ entries: 300, largeFileBytes: 1024 * 1024 })
  const admin = await login(sandbox, 'admin')
  const all = await post<{ data: Doc[] }>(
    sandbox,
    '/entries/query',
    {
      owner: 'admin',
      pagination: { page_size: 1000 },
      required: {
        include: [
          'upload_id',
          'mainfile',
          'published',
          'with_embargo',
          'viewers.user_id',
          'viewer_groups',
        ],
      },
    },
    admin,
  )
  docs = all.body.data.map((d) => ({
    ...d,
    viewers: d.viewers ?? [],
    viewer_groups: d.viewer_groups ?? [],
  }))
  for (const name of [null, 'paul', 'mei', 'sofia']) {
    const account = sandbox.demoUsers.find((u) => u.username === name)
    const groups = new Set(['all'])
    if (account) {
      const mine = await get<{ data: { group_id: string }[] }>(
        sandbox,
        `/groups?user_id=${account.user_id}`,
      )
      for (const group of mine.body.data) groups.add(group.group_id)
    }
    callers.push({
      name: name ?? 'anonymous',
      token: name ? await login(sandbox, name) : null,
      userId: account?.user_id ?? null,
      groups,
    })
  }
})
afterAll(async () => sandbox.close())

function hidden(caller: Caller): Doc[] {
  return docs.filter((d) => !mayRead(d, caller))
}

describe('visibility of staging and embargoed data', () => {
  it('has hidden staging and embargoed entries for every caller (the test is not vacuous)', () => {
    expect(docs).toHaveLength(300)
    for (const caller of callers) {
      const secret = hidden(caller)
      expect(
        secret.some((d) => !d.published),
        caller.name,
      ).toBe(true)
      expect(
        secret.some((d) => d.with_embargo),
        caller.name,
      ).toBe(true)
    }
  })

  it('never returns entries a caller may not see from searches, for any owner value', async () => {
    for (const caller of callers) {
      for (const owner of ['public', 'visible', 'all', 'shared', 'user', 'staging']) {
        const response = await post<{ data: { entry_id: string }[] }>(
          sandbox,
          '/entries/query',
          { owner, pagination: { page_size: 1000 } },
          caller.token,
        )
        if (response.status === 401) continue
        const allowed = owner === 'all' ? maySeeMetadata : mayRead
        for (const { entry_id: id } of response.body.data) {
          const doc = docs.find((d) => d.entry_id === id)!
          expect(allowed(doc, caller), `${caller.name} owner=${owner} ${id}`).toBe(true)
        }
      }
      const agg = await post<{
        aggregations: { uploads: { terms: { data: { value: string; count: number }[] } } }
      }>(
        sandbox,
        '/entries/query',
        {
          owner: 'visible',
          pagination: { page_size: 0 },
          aggregations: { uploads: { terms: { quantity: 'upload_id', size: 1000 } } },
        },
        caller.token,
      )
      for (const bucket of agg.body.aggregations.uploads.terms.data.filter((b) => b.count > 0)) {
        expect(
          docs.filter((d) => d.upload_id === bucket.value).every((d) => mayRead(d, caller)),
          caller.name,
        ).toBe(true)
      }
    }
  })

  it('hides their metadata, archives and files behind 404s', async () => {
    for (const caller of callers) {
      for (const doc of hidden(caller).slice(0, 6)) {
        const name = doc.mainfile.slice(doc.mainfile.lastIndexOf('/') + 1)
        const paths = [
          `/entries/${doc.entry_id}/archive`,
          `/entries/${doc.entry_id}/raw`,
          `/entries/${doc.entry_id}/rawdir`,
          `/entries/${doc.entry_id}/raw/${name}`,
        ]
        if (!doc.published) paths.push(`/entries/${doc.entry_id}`)
        for (const path of paths)
          expect((await get(sandbox, path, caller.token)).status, `${caller.name} ${path}`).toBe(
            404,
          )
        const archive = await post(
          sandbox,
          `/entries/${doc.entry_id}/archive/query`,
          { required: '*' },
          caller.token,
        )
        expect(archive.status).toBe(404)
      }
    }
  })

  it('keeps them out of archive queries, rawdir queries and zip downloads', async () => {
    for (const caller of callers) {
      const secret = new Set(hidden(caller).map((d) => d.entry_id))
      const secretUploads = new Set(hidden(caller).map((d) => d.upload_id))
      const archives = await post<{ data: { entry_id: string }[] }>(
        sandbox,
        '/entries/archive/query',
        {
          owner: 'visible',
          pagination: { page_size: 100 },
          required: { metadata: { entry_id: '*' } },
        },
        caller.token,
      )
      expect(archives.body.data.filter((d) => secret.has(d.entry_id))).toEqual([])
      const rawdir = await post<{ data: { entry_id: string }[] }>(
        sandbox,
        '/entries/rawdir/query',
        { owner: 'visible', pagination: { page_size: 1000 } },
        caller.token,
      )
      expect(rawdir.body.data.filter((d) => secret.has(d.entry_id))).toEqual([])
      const response = await fetch(
        `${sandbox.baseUrl}/entries/raw?owner=visible&re_pattern=slurm-`,
        { headers: caller.token ? { authorization: `Bearer ${caller.token}` } : {} },
      )
      const files = unzip(Buffer.from(await response.arrayBuffer()))
      const manifest = JSON.parse(files['manifest.json']!.toString()) as {
        entry_id: string
        upload_id: string
      }[]
      expect(manifest.length).toBeGreaterThan(0)
      expect(manifest.filter((m) => secret.has(m.entry_id))).toEqual([])
      expect(Object.keys(files).filter((n) => secretUploads.has(n.split('/')[0]!))).toEqual([])
    }
  })

  it('refuses their uploads, listings and files with 401', async () => {
    for (const caller of callers) {
      const uploads = [...new Set(hidden(caller).map((d) => d.upload_id))]
      for (const uploadId of uploads.slice(0, 4)) {
        const doc = hidden(caller).find((d) => d.upload_id === uploadId)!
        for (const path of [
          `/uploads/${uploadId}`,
          `/uploads/${uploadId}/entries`,
          `/uploads/${uploadId}/rawdir/`,
          `/uploads/${uploadId}/raw/${doc.mainfile}`,
          `/uploads/${uploadId}/raw/?compress=true`,
          `/uploads/${uploadId}/raw`,
        ]) {
          const response = await getBytes(sandbox, path, caller.token)
          expect(response.status, `${caller.name} ${path}`).toBe(401)
        }
      }
      if (caller.token) {
        const mine = await get<{ data: { upload_id: string }[] }>(
          sandbox,
          '/uploads?page_size=1000',
          caller.token,
        )
        const readable = (uploadId: string) =>
          docs.filter((d) => d.upload_id === uploadId).every((d) => mayRead(d, caller))
        expect(mine.body.data.filter((u) => !readable(u.upload_id))).toEqual([])
      }
    }
  })

  it('lists only entries of published uploads in datasets, which answer everyone alike', async () => {
    const staging = new Set(docs.filter((d) => !d.published).map((d) => d.entry_id))
    const datasets = await get<{ data: { entries: string[] }[] }>(
      sandbox,
      '/datasets/?page_size=100',
    )
    expect(datasets.body.data.flatMap((d) => d.entries).filter((id) => staging.has(id))).toEqual([])
  })

  it('lets the members read what is shared with them (positive control)', async () => {
    const lena = await login(sandbox, 'lena')
    const lenaId = sandbox.demoUsers.find((u) => u.username === 'lena')!.user_id
    const own = docs.find((d) => !d.published && d.viewers.some((v) => v.user_id === lenaId))!
    expect((await get(sandbox, `/entries/${own.entry_id}/archive`, lena)).status).toBe(200)
    expect((await get(sandbox, `/uploads/${own.upload_id}/rawdir/`, lena)).status).toBe(200)
  })
})
