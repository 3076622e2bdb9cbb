import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UploadSummary } from '../../../shared/ipc/channels/uploads'
import { startSandboxCore, type SandboxCore } from '../test-support/sandbox-core'

// uploads.action and uploads.edit end to end (router → service → NomadClient → sandbox), each
// action and each refusal the page can meet, with the actions uploads.get offers per role. The
// sandbox's clock runs ahead by hand to finish a process.

let env: SandboxCore
let ahead = 0
const PROCESSING_MS = 60_000

async function signInAs(username: string) {
  await env.call('auth.signOut', { serverId: env.serverId })
  const account = env.sandbox.demoUsers.find((user) => user.username === username)
  await env.call('auth.signIn', {
    serverId: env.serverId,
    username,
    password: account?.password ?? '',
  })
}
const finishProcessing = () => {
  ahead += PROCESSING_MS
}

beforeAll(async () => {
  env = await startSandboxCore({ entries: 300, now: () => Date.now() + ahead })
  env.sandbox.setLimits({ processingMs: PROCESSING_MS })
  await signInAs('lena')
})
afterAll(async () => env.close())

/** lena's unpublished uploads with entries, newest first (omar writes to all, by role or group). */
async function lenasStaging(): Promise<UploadSummary[]> {
  const list = await env.call('uploads.list', {
    serverId: env.serverId,
    roles: ['main_author'],
    published: false,
    pageSize: 200,
  })
  return list.items.filter((u) => u.entries > 0)
}
const get = (uploadId: string) => env.call('uploads.get', { serverId: env.serverId, uploadId })
const act = (uploadId: string, action: 'reprocess' | 'liftEmbargo' | 'delete') =>
  env.call('uploads.action', { serverId: env.serverId, uploadId, action })
const refusal = (uploadId: string, action: 'reprocess' | 'liftEmbargo' | 'delete') =>
  env.failure('uploads.action', { serverId: env.serverId, uploadId, action })

describe('the actions offered by role', () => {
  it('offers everything to the main author, all but delete to a coauthor, nothing to others', async () => {
    const [upload] = await lenasStaging()
    const id = upload?.uploadId ?? ''
    expect((await get(id)).actions).toEqual({
      publish: true,
      reprocess: true,
      liftEmbargo: false,
      delete: true,
      edit: true,
    })
    await signInAs('omar')
    expect((await get(id)).actions).toEqual({
      publish: true,
      reprocess: true,
      liftEmbargo: false,
      delete: false,
      edit: true,
    })
    await env.call('auth.signOut', { serverId: env.serverId })
    const anonymous = await env.failure('uploads.get', { serverId: env.serverId, uploadId: id })
    expect(anonymous.code).toBe('auth_required')
    await signInAs('lena')
  })
})

describe('publish, then lift the embargo', () => {
  it('publishes with an embargo; refusals while processing and once published say why', async () => {
    const [upload] = await lenasStaging()
    const id = upload?.uploadId ?? ''
    const published = await env.call('uploads.action', {
      serverId: env.serverId,
      uploadId: id,
      action: 'publish',
      embargoLength: 12,
    })
    expect(published).toMatchObject({
      published: true,
      withEmbargo: true,
      embargoLength: 12,
      processRunning: true,
      processStatus: 'PENDING',
    })
    const busy = await get(id)
    expect(busy.summary.lastStatusMessage).toBe('Pending: publish_upload')
    expect(Object.values(busy.actions).some(Boolean)).toBe(false)
    const whileBusy = await refusal(id, 'liftEmbargo')
    expect(whileBusy.code).toBe('conflict')
    expect(whileBusy.message).toMatch(/still processing this upload.*try again/)

    finishProcessing()
    const done = await get(id)
    expect(done.summary.processRunning).toBe(false)
    expect(done.actions).toEqual({
      publish: false,
      reprocess: false,
      liftEmbargo: true,
      delete: false,
      edit: false,
    })
    const again = await env.failure('uploads.action', {
      serverId: env.serverId,
      uploadId: id,
      action: 'publish',
      embargoLength: 0,
    })
    expect([again.code, again.message]).toEqual(['conflict', 'This upload is already published.'])
    const reprocess = await refusal(id, 'reprocess')
    expect([reprocess.code, reprocess.message]).toEqual([
      'forbidden',
      'This upload is published: only an administrator of the server can reprocess it now.',
    ])
    const deleting = await refusal(id, 'delete')
    expect(deleting.message).toBe(
      'This upload is published: only an administrator of the server can delete it now.',
    )
    const shorter = await env.failure('uploads.edit', {
      serverId: env.serverId,
      uploadId: id,
      embargoLength: 3,
    })
    expect(shorter.code).toBe('invalid_input')
    expect(shorter.message).toBe(
      `The server refused the embargo: Upload ${id} is published, embargo can only be lifted`,
    )

    const lifted = await act(id, 'liftEmbargo')
    expect(lifted).toMatchObject({ withEmbargo: false, embargoLength: 0, processRunning: true })
    finishProcessing()
    const twice = await refusal(id, 'liftEmbargo')
    expect([twice.code, twice.message]).toEqual([
      'invalid_input',
      'There is no embargo to lift: Upload has no embargo.',
    ])
    // The list shows the new state too.
    const list = await env.call('uploads.list', { serverId: env.serverId, pageSize: 200 })
    expect(list.items.find((u) => u.uploadId === id)).toMatchObject({
      published: true,
      withEmbargo: false,
    })
  })
})

describe('reprocess, edit and delete an unpublished upload', () => {
  let id = ''
  beforeAll(async () => {
    const [upload] = await lenasStaging()
    id = upload?.uploadId ?? ''
  })

  it('renames and sets the embargo; the list shows the new name', async () => {
    const edited = await env.call('uploads.edit', {
      serverId: env.serverId,
      uploadId: id,
      name: '  Perovskite screening, final  ',
      embargoLength: 6,
    })
    expect(edited).toMatchObject({
      name: 'Perovskite screening, final',
      embargoLength: 6,
      withEmbargo: true,
    })
    const named = await env.call('uploads.list', {
      serverId: env.serverId,
      name: 'screening, final',
    })
    expect(named.items.map((u) => u.uploadId)).toEqual([id])
    const nothing = await env.failure('uploads.edit', { serverId: env.serverId, uploadId: id })
    expect(nothing.code).toBe('invalid_input')
    expect(nothing.message).toMatch(/Give a new name or an embargo to change/)
    const tooLong = await env.failure('uploads.edit', {
      serverId: env.serverId,
      uploadId: id,
      embargoLength: 37,
    })
    expect(tooLong.message).toMatch(/at most 36 months/)
  })

  it('reprocesses; a reviewer is refused with who may', async () => {
    const started = await act(id, 'reprocess')
    expect(started).toMatchObject({
      processRunning: true,
      lastStatusMessage: 'Pending: process_upload',
    })
    finishProcessing()
    const ok = await get(id)
    expect(ok.summary.lastStatusMessage).toBe('Process process_upload completed successfully')

    await signInAs('lena')
    await env.call('collaborators.change', {
      serverId: env.serverId,
      uploadId: id,
      role: 'reviewer',
      kind: 'user',
      action: 'add',
      id: env.sandbox.demoUsers.find((u) => u.username === 'mei')?.user_id ?? '',
    })
    await signInAs('mei')
    expect(Object.values((await get(id)).actions).some(Boolean)).toBe(false)
    const refused = await refusal(id, 'reprocess')
    expect([refused.code, refused.message]).toEqual([
      'forbidden',
      'Only the main author and the coauthors of this upload can reprocess it.',
    ])
    await signInAs('lena')
  })

  it('deletes for the main author only; afterwards the upload is not found', async () => {
    await signInAs('omar')
    const coauthor = await refusal(id, 'delete')
    expect([coauthor.code, coauthor.message]).toEqual([
      'forbidden',
      'Only the main author of this upload can delete it.',
    ])
    await signInAs('lena')
    const deleted = await act(id, 'delete')
    expect(deleted.processRunning).toBe(true)
    const gone = await env.failure('uploads.get', { serverId: env.serverId, uploadId: id })
    expect(gone.code).toBe('not_found')
    const again = await refusal(id, 'delete')
    expect([again.code, again.message]).toEqual([
      'not_found',
      `The upload ${id} no longer exists on this server (it may have been deleted).`,
    ])
    const list = await env.call('uploads.list', { serverId: env.serverId, pageSize: 200 })
    expect(list.items.map((u) => u.uploadId)).not.toContain(id)
  })
})
