import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, login, post } from '../../sandbox/testing/harness'
import { startSandboxCore, type SandboxCore } from '../test-support/sandbox-core'

// Issue 16 item 6, the cases groups.int.test.ts leaves out: a group deleted while the app still
// shows it (edit and delete), a person the server does not know added to an upload, a
// signed-out change of collaborators, and a token without groups:delete or uploads:write (the
// scope named). Each must be a specific message, not the server's raw refusal.

let env: SandboxCore
const account = (username: string) => env.demoUser(username)
const signIn = (username: string) => env.signInAs(username)
/** One of lena's uploads (unpublished unless asked): she is its main author. */
async function lenasUpload(published = false): Promise<string> {
  const token = await login(env.sandbox, 'lena')
  const uploads = await call<{ data: { upload_id: string }[] }>(
    env.sandbox,
    'GET',
    `/uploads?is_published=${published}&roles=main_author&page_size=1`,
    { token },
  )
  const id = uploads.body.data[0]?.upload_id
  if (id === undefined) throw new Error(`lena has no upload with published=${published}`)
  return id
}

beforeAll(async () => {
  env = await startSandboxCore({ entries: 120 })
  await signIn('lena')
})

afterAll(async () => {
  await env.close()
})

describe('named errors of groups and collaborators', () => {
  it('a group deleted meanwhile: saving or deleting it says it no longer exists', async () => {
    const serverId = env.serverId
    const created = await env.call('groups.save', { serverId, name: 'Soon Gone', members: [] })
    if (created.outcome !== 'saved') throw new Error('not saved')
    const { groupId } = created.group
    // Deleted in another window while the editor is still open here.
    const token = await login(env.sandbox, 'lena')
    const deleted = await call(env.sandbox, 'DELETE', `/groups/${groupId}`, { token })
    expect(deleted.status).toBe(204)

    const save = await env.failure('groups.save', {
      serverId,
      groupId,
      name: 'Soon Gone 2',
      members: [],
      base: { name: 'Soon Gone', members: [] },
    })
    expect(save.code).toBe('not_found')
    expect(save.message).toBe(
      `The group ${groupId} no longer exists on this server: it may have been deleted. Go back to the list of groups.`,
    )
    const remove = await env.failure('groups.remove', { serverId, groupId })
    expect(remove.code).toBe('not_found')
    expect(remove.message).toMatch(/no longer exists on this server/)
  })

  it('a person the server does not know, added to an upload, is named by id', async () => {
    const failure = await env.failure('collaborators.change', {
      serverId: env.serverId,
      uploadId: await lenasUpload(),
      role: 'reviewer',
      kind: 'user',
      action: 'add',
      id: 'no-such-user',
    })
    expect(failure.code).toBe('invalid_input')
    expect(failure.message).toMatch(
      /^The server has no user with the id no-such-user: it may have been deleted\./,
    )
  })

  it('signed out: changing collaborators asks for a sign-in, and the list says why', async () => {
    const serverId = env.serverId
    // Published, so that a signed-out caller may still see who collaborates on it.
    const uploadId = await lenasUpload(true)
    await env.call('auth.signOut', { serverId })
    try {
      const change = await env.failure('collaborators.change', {
        serverId,
        uploadId,
        role: 'reviewer',
        kind: 'user',
        action: 'add',
        id: account('paul').user_id,
      })
      expect(change.code).toBe('auth_required')
      expect(change.message).toBe('Sign in to change the collaborators of an upload.')
      const view = await env.call('collaborators.get', { serverId, uploadId })
      expect(view.readOnlyReason).toBe(
        'Sign in as the main author or a coauthor of this upload to change its collaborators.',
      )
      const groups = await env.call('groups.list', { serverId, scope: 'search', search: 'Lab' })
      const lab = groups.groups.find((g) => g.name === 'Hoffmann Lab')
      if (!lab) throw new Error('no Hoffmann Lab')
      const remove = await env.failure('groups.remove', { serverId, groupId: lab.groupId })
      expect(remove.code).toBe('auth_required')
      expect(remove.message).toMatch(/^This needs you to sign in/)
    } finally {
      await signIn('lena')
    }
  })

  it('names groups:delete and uploads:write when the token in use lacks them', async () => {
    const serverId = env.serverId
    const lena = await login(env.sandbox, 'lena')
    const created = await post<{ raw_token: string }>(
      env.sandbox,
      '/auth/pats',
      { metadata: { name: 'no delete', scopes: ['groups:read', 'groups:write', 'uploads:read'] } },
      lena,
    )
    await env.call('vault.unlock', { passphrase: 'group errors integration' })
    const { stored } = await env.call('tokens.storePasted', {
      serverId,
      name: 'no delete',
      rawToken: created.body.raw_token,
    })
    try {
      const saved = await env.call('groups.save', { serverId, name: 'Kept Lab', members: [] })
      if (saved.outcome !== 'saved') throw new Error('not saved')
      const remove = await env.failure('groups.remove', {
        serverId,
        groupId: saved.group.groupId,
      })
      expect(remove.code).toBe('forbidden')
      expect(remove.message).toBe(
        "This needs the scope groups:delete, which the token 'no delete' does not have.",
      )
      const change = await env.failure('collaborators.change', {
        serverId,
        uploadId: await lenasUpload(),
        role: 'reviewer',
        kind: 'user',
        action: 'add',
        id: account('paul').user_id,
      })
      expect(change.code).toBe('forbidden')
      expect(change.message).toBe(
        "This needs the scope uploads:write, which the token 'no delete' does not have.",
      )
    } finally {
      await env.call('tokens.removeStored', { serverId, id: stored.id })
    }
  })
})
