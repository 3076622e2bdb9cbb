import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../index'
import { call, get, login, post, testSandbox } from '../testing/harness'

// The upload actions (publish, process, lift-embargo, delete) and the name/embargo edit, with
// the real server's refusals; the sandbox's clock is moved by hand to finish a process.

interface Upload {
  upload_id: string
  upload_name: string
  main_author: string
  coauthors: string[]
  reviewers: string[]
  published: boolean
  with_embargo: boolean
  embargo_length: number
  entries: number
  process_running: boolean
  process_status: string
  current_process: string
  last_status_message: string
  publish_time?: string
}
interface Answer {
  upload_id: string
  data: Upload
}
type Detail = { detail: string | { loc: string[]; msg: string }[] }

let sandbox: Sandbox
let clock = Date.parse('2026-06-01T12:00:00Z')
const PROCESSING_MS = 1_000
const tokens: Record<string, string> = {}
const userId = (name: string) => sandbox.demoUsers.find((u) => u.username === name)?.user_id ?? ''

beforeAll(async () => {
  sandbox = await testSandbox({ entries: 400, now: () => clock })
  sandbox.setLimits({ processingMs: PROCESSING_MS })
  for (const name of ['lena', 'omar', 'mei', 'paul']) tokens[name] = await login(sandbox, name)
})
afterAll(async () => sandbox.close())

const uploadsOf = async (name: string, query: string) =>
  (await get<{ data: Upload[] }>(sandbox, `/uploads?page_size=1000${query}`, tokens[name])).body
    .data
/**
 * lena's newest unpublished upload with entries; omar may write to every one of them (as
 * coauthor or as a member of a coauthor group), and mei is made a reviewer.
 */
async function staging(): Promise<Upload> {
  const found = (await uploadsOf('lena', '&roles=main_author&is_published=false')).find(
    (u) => u.entries > 0,
  )
  if (!found) throw new Error('no staging upload of lena')
  await edit(found.upload_id, { reviewers: { add: userId('mei') } })
  return found
}
const action = (id: string, what: string, user?: string, query = '') =>
  post<Answer & Detail>(
    sandbox,
    `/uploads/${id}/action/${what}${query}`,
    undefined,
    tokens[user ?? ''],
  )
const edit = (id: string, metadata: Record<string, unknown>, user = 'lena') =>
  post<Answer & Detail>(sandbox, `/uploads/${id}/edit`, { metadata }, tokens[user])
const remove = (id: string, user: string) =>
  call<Answer & Detail>(sandbox, 'DELETE', `/uploads/${id}`, { token: tokens[user] ?? null })
const finish = () => {
  clock += PROCESSING_MS
}

describe('POST /uploads/{id}/action/publish', () => {
  it('refuses anonymous callers, reviewers and outsiders, and a bad embargo', async () => {
    const upload = await staging()
    expect((await action(upload.upload_id, 'publish')).status).toBe(401)
    for (const user of ['mei', 'paul']) {
      const refused = await action(upload.upload_id, 'publish', user)
      expect(refused.status).toBe(401)
      expect(refused.body.detail).toBe('You do not have write access to the specified upload.')
    }
    const tooLong = await action(upload.upload_id, 'publish', 'lena', '?embargo_length=37')
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.detail).toBe('Invalid embargo_length. Must be between 0 and 36 months.')
    const notInt = await action(upload.upload_id, 'publish', 'lena', '?embargo_length=twelve')
    expect(notInt.status).toBe(422)
  })

  it('publishes with an embargo, reports the process pending, running, then done', async () => {
    const upload = await staging()
    const published = await action(upload.upload_id, 'publish', 'lena', '?embargo_length=12')
    expect(published.status).toBe(200)
    expect(published.body.data).toMatchObject({
      published: true,
      with_embargo: true,
      embargo_length: 12,
      process_running: true,
      process_status: 'PENDING',
      current_process: 'publish_upload',
      last_status_message: 'Pending: publish_upload',
    })
    const busy = await action(upload.upload_id, 'lift-embargo', 'lena')
    expect(busy.status).toBe(400)
    expect(busy.body.detail).toBe('The upload is currently being processed, operation not allowed.')
    clock += PROCESSING_MS / 2
    const running = await get<Answer>(sandbox, `/uploads/${upload.upload_id}`, tokens.lena)
    expect(running.body.data.process_status).toBe('RUNNING')
    finish()
    const done = await get<Answer>(sandbox, `/uploads/${upload.upload_id}`, tokens.lena)
    expect(done.body.data).toMatchObject({
      process_running: false,
      process_status: 'SUCCESS',
      last_status_message: 'Process publish_upload completed successfully',
    })
    expect(done.body.data.publish_time).toMatch(/^2026-06-01T12:00:00/)
    // Embargoed: outsiders still cannot read it.
    expect((await get(sandbox, `/uploads/${upload.upload_id}`, tokens.paul)).status).toBe(401)

    const again = await action(upload.upload_id, 'publish', 'lena')
    expect(again.body.detail).toBe('Upload already published.')
    const reprocess = await action(upload.upload_id, 'process', 'omar')
    expect([reprocess.status, reprocess.body.detail]).toEqual([
      401,
      'Upload is already published, only admins can perform this operation.',
    ])
    const rename = await edit(upload.upload_id, { embargo_length: 6 })
    expect(rename.status).toBe(422)
    expect(rename.body.detail).toEqual([
      {
        loc: ['metadata', 'embargo_length'],
        msg: `Upload ${upload.upload_id} is published, embargo can only be lifted`,
      },
    ])
    const gone = await remove(upload.upload_id, 'lena')
    expect(gone.body.detail).toBe(
      'Upload is already published, only admins can perform this operation.',
    )

    // Lifting the embargo (a coauthor may, as the real server's write access allows).
    const lifted = await action(upload.upload_id, 'lift-embargo', 'omar')
    expect(lifted.status).toBe(200)
    expect(lifted.body.data).toMatchObject({
      with_embargo: false,
      embargo_length: 0,
      current_process: 'edit_upload_metadata',
      process_running: true,
    })
    finish()
    expect((await get(sandbox, `/uploads/${upload.upload_id}`, tokens.paul)).status).toBe(200)
    const twice = await action(upload.upload_id, 'lift-embargo', 'lena')
    expect([twice.status, twice.body.detail]).toEqual([400, 'Upload has no embargo.'])
  })
})

describe('lift-embargo, process, edit and delete on an unpublished upload', () => {
  // The publish tests used the newest; this is the next one.
  let upload: Upload
  beforeAll(async () => {
    upload = await staging()
  })

  it('says there is no embargo to lift before publishing', async () => {
    const refused = await action(upload.upload_id, 'lift-embargo', 'lena')
    expect([refused.status, refused.body.detail]).toEqual([
      400,
      'Upload is not published, no embargo to lift.',
    ])
  })

  it('reprocesses for a coauthor, not for a reviewer', async () => {
    expect((await action(upload.upload_id, 'process', 'mei')).status).toBe(401)
    const started = await action(upload.upload_id, 'process', 'omar')
    expect(started.body.data).toMatchObject({
      process_running: true,
      current_process: 'process_upload',
      last_status_message: 'Pending: process_upload',
    })
    const processing = await uploadsOf('omar', '&is_processing=true')
    expect(processing.map((u) => u.upload_id)).toContain(upload.upload_id)
    const blocked = await edit(upload.upload_id, { upload_name: 'x' })
    expect(blocked.body.detail).toBe(`Upload ${upload.upload_id} is blocked by another process`)
    finish()
    expect((await uploadsOf('omar', '&is_processing=true')).length).toBe(0)
  })

  it('renames and sets the embargo, refusing a length out of range', async () => {
    const renamed = await edit(upload.upload_id, { upload_name: 'Renamed', embargo_length: 3 })
    expect(renamed.status).toBe(200)
    expect(renamed.body.data).toMatchObject({
      upload_name: 'Renamed',
      embargo_length: 3,
      with_embargo: true,
    })
    const tooLong = await edit(upload.upload_id, { embargo_length: 40 }, 'omar')
    expect(tooLong.status).toBe(422)
    expect(tooLong.body.detail).toEqual([
      { loc: ['metadata', 'embargo_length'], msg: 'Value should be between 0 and 36' },
    ])
    const reviewer = await edit(upload.upload_id, { upload_name: 'Mine' }, 'mei')
    expect(reviewer.status).toBe(401)
    await edit(upload.upload_id, { embargo_length: 0 })
  })

  it('deletes for the main author only; the upload and its entries are gone', async () => {
    const coauthor = await remove(upload.upload_id, 'omar')
    expect([coauthor.status, coauthor.body.detail]).toEqual([
      403,
      'Only main author has permissions for this operation.',
    ])
    const deleted = await remove(upload.upload_id, 'lena')
    expect(deleted.status).toBe(200)
    expect(deleted.body.data.current_process).toBe('delete_upload')
    const after = await get<Detail>(sandbox, `/uploads/${upload.upload_id}`, tokens.lena)
    expect([after.status, after.body.detail]).toEqual([
      404,
      'The specified upload_id was not found.',
    ])
    const listed = await uploadsOf('lena', '')
    expect(listed.map((u) => u.upload_id)).not.toContain(upload.upload_id)
    const entries = await post<{ pagination: { total: number } }>(
      sandbox,
      '/entries/query',
      { owner: 'admin', query: { upload_id: upload.upload_id }, pagination: { page_size: 0 } },
      await login(sandbox, 'admin'),
    )
    expect(entries.body.pagination.total).toBe(0)
    const twice = await remove(upload.upload_id, 'lena')
    expect(twice.status).toBe(404)
  })
})
