import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mergeGroupEdits } from '../../../shared/groups'
import { call, login, post } from '../../sandbox/testing/harness'
import { startSandboxCore, type SandboxCore } from '../test-support/sandbox-core'

// groups.* , users.search and collaborators.* end to end: router → handlers → client → sandbox.

let env: SandboxCore
const idOf = (username: string) => env.demoUser(username).user_id
const signIn = (username: string) => env.signInAs(username)

beforeAll(async () => {
  env = await startSandboxCore({ entries: 120 })
  await signIn('lena')
})

afterAll(async () => {
  await env.close()
})

describe('groups', () => {
  it('creates, renames, adds and removes members, and deletes a group', async () => {
    const serverId = env.serverId
    const created = await env.call('groups.save', {
      serverId,
      name: 'Thin Films',
      members: [idOf('omar'), idOf('mei')],
    })
    if (created.outcome !== 'saved') throw new Error('not saved')
    const group = created.group
    expect(group.owner).toMatchObject({ userId: idOf('lena'), name: 'Lena Hoffmann' })
    expect(group.role).toBe('owner')
    expect(group.readOnlyReason).toBeNull()
    expect(group.members.map((m) => m.name)).toEqual(['Omar Haddad', 'Mei Chen'])
    expect(group.members[0]?.affiliation).toBe('Humboldt-Universität zu Berlin')
    expect(JSON.stringify(group)).not.toContain('@')

    const base = { name: group.name, members: group.members.map((m) => m.userId) }
    const edited = await env.call('groups.save', {
      serverId,
      groupId: group.groupId,
      name: 'Thin Films 2',
      members: [idOf('mei'), idOf('sofia')],
      base,
    })
    if (edited.outcome !== 'saved') throw new Error('not saved')
    expect(edited.group.name).toBe('Thin Films 2')
    expect(edited.group.members.map((m) => m.userId)).toEqual([idOf('mei'), idOf('sofia')])
    const reread = await env.call('groups.get', { serverId, groupId: group.groupId })
    expect(reread.members.map((m) => m.name)).toEqual(['Mei Chen', 'Sofia Rossi'])

    await env.call('groups.remove', { serverId, groupId: group.groupId })
    const gone = await env.failure('groups.get', { serverId, groupId: group.groupId })
    expect(gone.code).toBe('not_found')
    expect(gone.message).toMatch(/no longer exists/)
  })

  it('lists my groups (owner or member) and searches all groups by name', async () => {
    const serverId = env.serverId
    const mine = await env.call('groups.list', { serverId, scope: 'mine' })
    expect(mine.me).toBe(idOf('lena'))
    const lab = mine.groups.find((g) => g.name === 'Hoffmann Lab')
    expect(lab).toMatchObject({ role: 'owner', memberCount: 2 })
    // The sandbox's reading club belongs to paul and has no members: not lena's.
    expect(mine.groups.map((g) => g.name)).not.toContain('Paul reading club')

    const found = await env.call('groups.list', { serverId, scope: 'search', search: 'CLUB read' })
    expect(found.groups.map((g) => g.name)).toEqual(['Paul reading club'])
    expect(found.groups[0]).toMatchObject({ role: 'none', owner: { name: 'Paul Novak' } })

    // The member filter: sofia is a member of two demo groups and owns none.
    await signIn('sofia')
    const hers = await env.call('groups.list', { serverId, scope: 'mine' })
    expect(hers.groups.map((g) => [g.name, g.role])).toEqual([
      ['Catalysis Consortium', 'member'],
      ['Hoffmann Lab', 'member'],
    ])
    const view = await env.call('groups.get', { serverId, groupId: lab?.groupId ?? '' })
    expect(view.role).toBe('member')
    expect(view.readOnlyReason).toMatch(/only its owner, Lena Hoffmann, can rename it/)
    await signIn('lena')
  })

  it("refuses a non-owner's edit and delete, and names the owner", async () => {
    const serverId = env.serverId
    const created = await env.call('groups.save', { serverId, name: 'Owned Here', members: [] })
    if (created.outcome !== 'saved') throw new Error('not saved')
    await signIn('omar')
    const edit = await env.failure('groups.save', {
      serverId,
      groupId: created.group.groupId,
      name: 'Taken Over',
      members: [],
    })
    expect(edit.code).toBe('forbidden')
    expect(edit.message).toMatch(/only the owner of this group, Lena Hoffmann/i)
    const remove = await env.failure('groups.remove', { serverId, groupId: created.group.groupId })
    expect(remove.code).toBe('forbidden')
    expect(remove.message).toBe(
      'Only the owner of “Owned Here” (or an administrator) can change or delete it.',
    )
    await signIn('lena')
  })

  it('refuses bad names with the rule and unknown users by id', async () => {
    const serverId = env.serverId
    const bad = await env.failure('groups.save', { serverId, name: 'Lab!', members: [] })
    expect(bad.code).toBe('invalid_input')
    expect(bad.message).toMatch(/Group name: Not allowed: “!”/)
    const short = await env.failure('groups.save', { serverId, name: 'ab', members: [] })
    expect(short.message).toMatch(/Too short: 2 of at least 3 characters/)
    const ghost = await env.failure('groups.save', {
      serverId,
      name: 'Ghost Lab',
      members: ['no-such-user'],
    })
    expect(ghost.code).toBe('invalid_input')
    expect(ghost.message).toMatch(/no user with the id no-such-user/)
  })

  it('detects a concurrent edit, reports it and saves the merge', async () => {
    const serverId = env.serverId
    const created = await env.call('groups.save', {
      serverId,
      name: 'Shared Edits',
      members: [idOf('omar')],
    })
    if (created.outcome !== 'saved') throw new Error('not saved')
    const { groupId } = created.group
    const base = { name: 'Shared Edits', members: [idOf('omar')] }
    // Someone else (lena in another window) adds mei meanwhile.
    const token = await login(env.sandbox, 'lena')
    const meanwhile = await post(
      env.sandbox,
      `/groups/${groupId}/edit`,
      { group_name: 'Shared Edits', members: [idOf('omar'), idOf('mei')] },
      token,
    )
    expect(meanwhile.status).toBe(200)
    const mine = { name: 'Shared Edits', members: [idOf('omar'), idOf('sofia')] }
    const conflict = await env.call('groups.save', { serverId, groupId, ...mine, base })
    if (conflict.outcome !== 'conflict') throw new Error('the concurrent edit went unnoticed')
    const current = {
      name: conflict.current.name,
      members: conflict.current.members.map((m) => m.userId),
    }
    expect(current.members).toEqual([idOf('omar'), idOf('mei')])
    // Nothing was overwritten.
    expect((await env.call('groups.get', { serverId, groupId })).members).toHaveLength(2)
    const merged = mergeGroupEdits(base, mine, current)
    const saved = await env.call('groups.save', { serverId, groupId, ...merged, base: current })
    if (saved.outcome !== 'saved') throw new Error('merge not saved')
    expect(saved.group.members.map((m) => m.userId)).toEqual([
      idOf('omar'),
      idOf('mei'),
      idOf('sofia'),
    ])
  })

  it('finds users by prefix with names and affiliations, never e-mail addresses', async () => {
    const { users } = await env.call('users.search', { serverId: env.serverId, prefix: 'Hoff' })
    expect(users).toContainEqual({
      userId: idOf('lena'),
      name: 'Lena Hoffmann',
      affiliation: 'Fritz Haber Institute of the Max Planck Society',
      known: true,
    })
    expect(JSON.stringify(users)).not.toContain('@')
  })

  it('names the scope a token lacks', async () => {
    const serverId = env.serverId
    const lena = await login(env.sandbox, 'lena')
    const created = await post<{ raw_token: string }>(
      env.sandbox,
      '/auth/pats',
      { metadata: { name: 'read only', scopes: ['groups:read'] } },
      lena,
    )
    // A new passphrase vault: the app only ever stores a token encrypted.
    await env.call('vault.unlock', { passphrase: 'groups integration' })
    const { stored } = await env.call('tokens.storePasted', {
      serverId,
      name: 'read only',
      rawToken: created.body.raw_token,
    })
    try {
      const failure = await env.failure('groups.save', {
        serverId,
        name: 'Scoped Lab',
        members: [],
      })
      expect(failure.code).toBe('forbidden')
      expect(failure.message).toBe(
        "This needs the scope groups:write, which the token 'read only' does not have.",
      )
    } finally {
      await env.call('tokens.removeStored', { serverId, id: stored.id })
    }
  })

  it('says a signed-out user must sign in for their own groups', async () => {
    await env.call('auth.signOut', { serverId: env.serverId })
    const failure = await env.failure('groups.list', { serverId: env.serverId, scope: 'mine' })
    expect(failure.code).toBe('auth_required')
    expect(failure.message).toMatch(/Sign in to see your own groups/)
    const save = await env.failure('groups.save', {
      serverId: env.serverId,
      name: 'Nope',
      members: [],
    })
    expect(save.code).toBe('auth_required')
    await signIn('lena')
  })
})

describe('collaborators', () => {
  it("adding a group as coauthor shows the upload's unpublished entries to a member", async () => {
    const serverId = env.serverId
    const lena = await login(env.sandbox, 'lena')
    const uploads = await call<{ data: { upload_id: string; published: boolean }[] }>(
      env.sandbox,
      'GET',
      '/uploads?is_published=false&roles=main_author&page_size=50',
      { token: lena },
    )
    const staging = uploads.body.data.find((u) => !u.published)
    if (!staging) throw new Error('lena has no unpublished upload')
    const paul = await login(env.sandbox, 'paul')
    const visibleToPaul = async () => {
      const answer = await post<{ pagination: { total: number } }>(
        env.sandbox,
        '/entries/query',
        { owner: 'visible', query: { upload_id: staging.upload_id }, pagination: { page_size: 0 } },
        paul,
      )
      return answer.body.pagination.total
    }
    expect(await visibleToPaul()).toBe(0)

    const created = await env.call('groups.save', {
      serverId,
      name: 'Paul Collaborates',
      members: [idOf('paul')],
    })
    if (created.outcome !== 'saved') throw new Error('not saved')
    const { groupId } = created.group
    const before = await env.call('collaborators.get', { serverId, uploadId: staging.upload_id })
    expect(before.readOnlyReason).toBeNull()
    expect(before.mainAuthor?.name).toBe('Lena Hoffmann')
    const after = await env.call('collaborators.change', {
      serverId,
      uploadId: staging.upload_id,
      role: 'coauthor',
      kind: 'group',
      action: 'add',
      id: groupId,
    })
    expect(after.coauthorGroups).toContainEqual({
      groupId,
      name: 'Paul Collaborates',
      everybody: false,
    })
    expect(await visibleToPaul()).toBeGreaterThan(0)

    const removed = await env.call('collaborators.change', {
      serverId,
      uploadId: staging.upload_id,
      role: 'coauthor',
      kind: 'group',
      action: 'remove',
      id: groupId,
    })
    expect(removed.coauthorGroups.map((g) => g.groupId)).not.toContain(groupId)
    expect(await visibleToPaul()).toBe(0)
  })

  it('refuses changes by someone who is not an author, and a group that no longer exists', async () => {
    const serverId = env.serverId
    const lena = await login(env.sandbox, 'lena')
    const uploads = await call<{ data: { upload_id: string }[] }>(
      env.sandbox,
      'GET',
      '/uploads?is_published=true&roles=main_author&page_size=1',
      { token: lena },
    )
    const uploadId = uploads.body.data[0]?.upload_id ?? ''
    const missing = await env.failure('collaborators.change', {
      serverId,
      uploadId,
      role: 'reviewer',
      kind: 'group',
      action: 'add',
      id: 'deleted-group-id',
    })
    expect(missing.code).toBe('not_found')
    expect(missing.message).toMatch(/no longer exists/)
    await signIn('paul')
    const view = await env.call('collaborators.get', { serverId, uploadId })
    expect(view.readOnlyReason).toBe(
      'Only the main author and the coauthors of this upload can change its collaborators.',
    )
    const refused = await env.failure('collaborators.change', {
      serverId,
      uploadId,
      role: 'reviewer',
      kind: 'user',
      action: 'add',
      id: idOf('paul'),
    })
    expect(refused.code).toBe('forbidden')
    expect(refused.message).toBe(
      'Only the main author and the coauthors of this upload can change its collaborators.',
    )
    await signIn('lena')
  })
})
