import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PREVIEW_BYTES } from '../../../shared/ipc/channels/raw-files'
import { call, login, post } from '../../sandbox/testing/harness'
import { startSandboxCore, type SandboxCore } from '../test-support/sandbox-core'

// rawFiles.list / rawFiles.preview against the sandbox's generated uploads.

let env: SandboxCore
let entry: { entry_id: string; upload_id: string; mainfile: string }

const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/'))

/** The raw bytes straight from the sandbox, to compare previews with. */
async function rawBytes(uploadId: string, path: string, query = ''): Promise<Buffer> {
  const response = await fetch(`${env.sandbox.baseUrl}/uploads/${uploadId}/raw/${path}${query}`)
  return Buffer.from(await response.arrayBuffer())
}

beforeAll(async () => {
  env = await startSandboxCore({ entries: 200 })
  const answer = await post<{ data: (typeof entry)[] }>(env.sandbox, '/entries/query', {
    owner: 'public',
    pagination: { page_size: 1 },
    required: { include: ['entry_id', 'upload_id', 'mainfile'] },
  })
  const first = answer.body.data[0]
  if (!first) throw new Error('no public entry')
  entry = first
})

afterAll(async () => {
  await env.close()
})

describe('rawFiles.list', () => {
  it("lists the entry's folder with sizes and marks its main file", async () => {
    const page = await env.call('rawFiles.list', {
      serverId: env.serverId,
      uploadId: entry.upload_id,
      path: folderOf(entry.mainfile),
    })
    expect(page.path).toBe(folderOf(entry.mainfile))
    expect(page.access).toBe('public')
    expect(page.items.length).toBe(page.total)
    expect(page.hasMore).toBe(false)
    const main = page.items.find((item) => item.path === entry.mainfile)
    expect(main).toMatchObject({ isFile: true, entryId: entry.entry_id })
    expect(main?.size).toBeGreaterThan(0)
  })

  it('pages through a folder: every child exactly once, hasMore until the last page', async () => {
    const input = {
      serverId: env.serverId,
      uploadId: entry.upload_id,
      path: folderOf(entry.mainfile),
    }
    const all = await env.call('rawFiles.list', input)
    expect(all.total).toBeGreaterThan(2)
    const names: string[] = []
    for (let page = 1; ; page++) {
      const part = await env.call('rawFiles.list', { ...input, page, pageSize: 2 })
      expect(part.total).toBe(all.total)
      names.push(...part.items.map((item) => item.name))
      if (!part.hasMore) break
    }
    expect(names).toEqual(all.items.map((item) => item.name))
  })

  it('starts at the root with "" and says what is missing', async () => {
    const root = await env.call('rawFiles.list', {
      serverId: env.serverId,
      uploadId: entry.upload_id,
      path: '',
    })
    expect(root.items.map((item) => item.name)).toContain('README.md')
    const missing = await env.failure('rawFiles.list', {
      serverId: env.serverId,
      uploadId: entry.upload_id,
      path: 'no/such/folder',
    })
    expect(missing.code).toBe('not_found')
    expect(missing.message).toMatch(/Not found\. Invalid path\?/)
    const upload = await env.failure('rawFiles.list', {
      serverId: env.serverId,
      uploadId: 'no-such-upload',
      path: '',
    })
    expect(upload.code).toBe('not_found')
  })

  it('asks for sign-in on an unpublished upload, and lists it once signed in', async () => {
    const token = await login(env.sandbox, 'lena')
    const staging = await call<{ data: { upload_id: string }[] }>(
      env.sandbox,
      'POST',
      '/entries/query',
      { body: { owner: 'staging', pagination: { page_size: 1000 } }, token },
    )
    // One of hers that nobody may read without signing in (some staging uploads are shared
    // with everyone): chosen by that property, not by its place in the generated data.
    let uploadId: string | undefined
    for (const candidate of new Set(staging.body.data.map((d) => d.upload_id))) {
      const anonymous = await call<{ pagination: { total: number } }>(
        env.sandbox,
        'POST',
        '/entries/query',
        { body: { owner: 'visible', query: { upload_id: candidate } } },
      )
      if (anonymous.body.pagination.total === 0) {
        uploadId = candidate
        break
      }
    }
    if (uploadId === undefined) throw new Error('lena has no unpublished upload')
    const refused = await env.failure('rawFiles.list', {
      serverId: env.serverId,
      uploadId,
      path: '',
    })
    expect(refused.code).toBe('auth_required')
    const lena = env.sandbox.demoUsers.find((user) => user.username === 'lena')
    await env.call('auth.signIn', {
      serverId: env.serverId,
      username: 'lena',
      password: lena?.password ?? '',
    })
    const listed = await env.call('rawFiles.list', { serverId: env.serverId, uploadId, path: '' })
    expect(listed.access).toBe('unpublished')
    await env.call('auth.signOut', { serverId: env.serverId })
  })
})

describe('rawFiles.preview', () => {
  it('shows the first 64 KiB of a text file up to its last line end, with the whole size', async () => {
    const preview = await env.call('rawFiles.preview', {
      serverId: env.serverId,
      uploadId: entry.upload_id,
      path: entry.mainfile,
    })
    const whole = await rawBytes(entry.upload_id, entry.mainfile)
    expect(whole.length).toBeGreaterThan(PREVIEW_BYTES)
    const lineEnd = whole.subarray(0, PREVIEW_BYTES).lastIndexOf(10) + 1
    expect(preview).toMatchObject({
      kind: 'text',
      encoding: 'utf-8',
      size: whole.length,
      shown: lineEnd,
      offset: 0,
      nextOffset: lineEnd,
      name: entry.mainfile.slice(entry.mainfile.lastIndexOf('/') + 1),
    })
    expect(preview.text).toBe(whole.subarray(0, lineEnd).toString('utf8'))
  })

  it('with the size from the listing, asks the server for the bytes only', async () => {
    const input = { serverId: env.serverId, uploadId: entry.upload_id, path: entry.mainfile }
    env.sandbox.resetStats()
    const asked = await env.call('rawFiles.preview', input)
    expect(env.sandbox.stats().requests).toBe(2) // the file's own listing (its size) and bytes
    env.sandbox.resetStats()
    const told = await env.call('rawFiles.preview', { ...input, size: asked.size })
    expect(env.sandbox.stats().requests).toBe(1)
    expect(told).toEqual(asked)
  })

  it('a shorter range and a small file', async () => {
    const part = await env.call('rawFiles.preview', {
      serverId: env.serverId,
      uploadId: entry.upload_id,
      path: entry.mainfile,
      length: 100,
    })
    const hundred = await rawBytes(entry.upload_id, entry.mainfile, '?offset=0&length=100')
    expect(part.shown).toBe(hundred.lastIndexOf(10) + 1)
    expect(part.text).toBe(hundred.subarray(0, part.shown).toString('utf8'))
    const next = await env.call('rawFiles.preview', {
      serverId: env.serverId,
      uploadId: entry.upload_id,
      path: entry.mainfile,
      offset: part.nextOffset,
      length: 100,
    })
    expect(next.offset).toBe(part.shown)
    expect(next.text).toBe(
      (await rawBytes(entry.upload_id, entry.mainfile, `?offset=${part.shown}&length=100`))
        .subarray(0, next.shown)
        .toString('utf8'),
    )
    const readme = await env.call('rawFiles.preview', {
      serverId: env.serverId,
      uploadId: entry.upload_id,
      path: 'README.md',
    })
    expect(readme.shown).toBe(readme.size)
    expect(readme.text).toBe((await rawBytes(entry.upload_id, 'README.md')).toString('utf8'))
  })

  it('calls an image binary instead of showing its bytes', async () => {
    const root = await env.call('rawFiles.list', {
      serverId: env.serverId,
      uploadId: entry.upload_id,
      path: '',
    })
    const campaign = root.items.find((item) => !item.isFile)
    if (!campaign) throw new Error('no campaign folder')
    const png = await env.call('rawFiles.preview', {
      serverId: env.serverId,
      uploadId: entry.upload_id,
      path: `${campaign.path}/overview.png`,
    })
    expect(png.kind).toBe('binary')
    expect(png.text).toBeUndefined()
    expect(png.size).toBe((await rawBytes(entry.upload_id, `${campaign.path}/overview.png`)).length)
  })

  it('names a missing file and refuses a folder or a path leaving the upload', async () => {
    const missing = await env.failure('rawFiles.preview', {
      serverId: env.serverId,
      uploadId: entry.upload_id,
      path: `${folderOf(entry.mainfile)}/nothing.txt`,
    })
    expect(missing.code).toBe('not_found')
    const folder = await env.failure('rawFiles.preview', {
      serverId: env.serverId,
      uploadId: entry.upload_id,
      path: folderOf(entry.mainfile),
    })
    expect(folder.code).toBe('invalid_input')
    expect(folder.message).toMatch(/is a folder/)
    const escape = await env.failure('rawFiles.preview', {
      serverId: env.serverId,
      uploadId: entry.upload_id,
      path: '../other/file',
    })
    expect(escape.code).toBe('invalid_input')
  })
})
