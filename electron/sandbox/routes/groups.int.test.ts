import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '../auth/testing/harness'

let h: Harness
let owner: string
let other: string

beforeAll(async () => {
  h = await startHarness()
})
beforeEach(async () => {
  owner = await h.login(h.accounts.main)
  other = await h.login(h.accounts.other)
})
afterAll(async () => {
  await h.close()
})

interface Group {
  group_id: string
  group_name: string
  owner: string
  members: string[]
}

async function createGroup(body: unknown, token = owner): Promise<Group> {
  const reply = await h.call('POST', '/groups', { token, json: body })
  if (reply.status !== 201) throw new Error(`create: ${reply.status} ${JSON.stringify(reply.body)}`)
  return reply.body as Group
}

describe('POST /groups', () => {
  it('answers 201 with the caller as owner and members as a set', async () => {
    const { user_id: me } = h.accounts.main
    const { user_id: them } = h.accounts.other
    const group = await createGroup({ group_name: 'Thin Films Lab', members: [them, them] })
    expect(group).toEqual({
      group_id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) as string,
      group_name: 'Thin Films Lab',
      owner: me,
      members: [them],
    })
    expect((await h.call('GET', `/groups/${group.group_id}`)).body).toEqual(group)
  })

  it('names a group after its id when no name is given', async () => {
    const group = await createGroup({})
    expect(group.group_name).toBe(group.group_id)
    expect(group.members).toEqual([])
  })

  it('answers 404 for an unknown member', async () => {
    const reply = await h.call('POST', '/groups', {
      token: owner,
      json: { group_name: 'Ghosts', members: ['no-such-user'] },
    })
    expect(reply.status).toBe(404)
    expect(reply.body).toEqual({ detail: "User 'no-such-user' was not found." })
  })

  it('answers 422 for names outside 3-32 characters or the allowed pattern', async () => {
    const item = async (group_name: string) => {
      const reply = await h.call('POST', '/groups', { token: owner, json: { group_name } })
      expect(reply.status).toBe(422)
      return (reply.body as { detail: unknown[] }).detail[0]
    }
    expect(await item('ab')).toEqual({
      loc: ['body', 'group_name'],
      msg: 'ensure this value has at least 3 characters',
      type: 'value_error.any_str.min_length',
      ctx: { limit_value: 3 },
    })
    expect(await item('x'.repeat(33))).toMatchObject({ type: 'value_error.any_str.max_length' })
    for (const name of ['-abc', 'abc.', 'a/b/c', 'Thin Films!']) {
      expect(await item(name)).toEqual({
        loc: ['body', 'group_name'],
        msg: 'string does not match regex "^[a-zA-Z0-9][a-zA-Z0-9 ._-]+[a-zA-Z0-9]$"',
        type: 'value_error.str.regex',
        ctx: { pattern: '^[a-zA-Z0-9][a-zA-Z0-9 ._-]+[a-zA-Z0-9]$' },
      })
    }
    expect((await createGroup({ group_name: 'a.b_c-d e9' })).group_name).toBe('a.b_c-d e9')
  })

  it('needs login before validation', async () => {
    const reply = await h.call('POST', '/groups', { json: { group_name: 'x' } })
    expect(reply.status).toBe(401)
    expect(reply.body).toEqual({ detail: 'Authentication required.' })
  })
})

describe('GET /groups', () => {
  it('filters by group ids, by owner-or-member, or by all search terms', async () => {
    const { user_id: them } = h.accounts.other
    const a = await createGroup({ group_name: 'Alpha Crystal Team' })
    const b = await createGroup({ group_name: 'Beta crystal', members: [them] })
    const byIds = await h.call(
      'GET',
      `/groups?group_id=${a.group_id}&group_id=${b.group_id}&group_id=nope`,
    )
    expect(byIds.status).toBe(200)
    expect((byIds.body as { data: Group[] }).data).toEqual([a, b])
    const byUser = (await h.call('GET', `/groups?user_id=${them}`)).body as { data: Group[] }
    expect(byUser.data).toContainEqual(b)
    expect(byUser.data).not.toContainEqual(a)
    const bySearch = (await h.call('GET', '/groups?search_terms=CRYSTAL%20alpha')).body as {
      data: Group[]
    }
    expect(bySearch.data).toEqual([a])
    const all = (await h.call('GET', '/groups')).body as { data: Group[] }
    expect(all.data).toEqual(expect.arrayContaining([a, b]))
  })

  it('answers 400 when more than one filter is used', async () => {
    const reply = await h.call('GET', '/groups?group_id=a&search_terms=b')
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({
      detail: 'Only one of (group_id, user_id, search_terms) may be used at a time.',
    })
  })

  it('answers 404 for an unknown group id', async () => {
    const reply = await h.call('GET', '/groups/unknown-group')
    expect(reply.status).toBe(404)
    expect(reply.body).toEqual({ detail: "User group 'unknown-group' was not found." })
  })
})

describe('POST /groups/{group_id}/edit', () => {
  it('replaces the given fields, members wholesale, for the owner', async () => {
    const { user_id: them } = h.accounts.other
    const { user_id: admin } = h.accounts.admin
    const group = await createGroup({ group_name: 'Editable', members: [them] })
    const renamed = await h.call('POST', `/groups/${group.group_id}/edit`, {
      token: owner,
      json: { group_name: 'Edited' },
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toEqual({ ...group, group_name: 'Edited' })
    const replaced = await h.call('POST', `/groups/${group.group_id}/edit`, {
      token: owner,
      json: { members: [admin] },
    })
    expect(replaced.body).toEqual({ ...group, group_name: 'Edited', members: [admin] })
  })

  it('answers 401 for anyone but the owner or an admin', async () => {
    const group = await createGroup({ group_name: 'Owned' })
    const reply = await h.call('POST', `/groups/${group.group_id}/edit`, {
      token: other,
      json: { group_name: 'Taken' },
    })
    expect(reply.status).toBe(401)
    expect(reply.body).toEqual({
      detail: `Not authorized to edit user group '${group.group_id}'. Only group owners and admins are allowed to edit a group.`,
    })
    const admin = await h.login(h.accounts.admin)
    const byAdmin = await h.call('POST', `/groups/${group.group_id}/edit`, {
      token: admin,
      json: { group_name: 'Moderated' },
    })
    expect(byAdmin.status).toBe(200)
  })

  it('answers 404 for unknown groups and members, 422 for the documented add/remove form', async () => {
    const missing = await h.call('POST', '/groups/nope/edit', { token: owner, json: {} })
    expect(missing.status).toBe(404)
    const group = await createGroup({ group_name: 'Strict' })
    const ghost = await h.call('POST', `/groups/${group.group_id}/edit`, {
      token: owner,
      json: { members: ['ghost'] },
    })
    expect(ghost.body).toEqual({ detail: "User 'ghost' was not found." })
    const addForm = await h.call('POST', `/groups/${group.group_id}/edit`, {
      token: owner,
      json: { members: { add: [h.accounts.other.user_id] } },
    })
    expect(addForm.status).toBe(422)
    expect(addForm.body).toEqual({
      detail: [
        { loc: ['body', 'members'], msg: 'value is not a valid list', type: 'type_error.list' },
      ],
    })
  })
})

describe('DELETE /groups/{group_id}', () => {
  it('answers 401 for non-owners, 204 for the owner, then 404', async () => {
    const group = await createGroup({ group_name: 'Short Lived' })
    const path = `/groups/${group.group_id}`
    expect((await h.call('DELETE', path)).status).toBe(401)
    expect((await h.call('DELETE', path, { token: other })).status).toBe(401)
    const deleted = await h.call('DELETE', path, { token: owner })
    expect(deleted.status).toBe(204)
    expect(deleted.body).toBeUndefined()
    expect((await h.call('GET', path)).status).toBe(404)
    expect((await h.call('DELETE', path, { token: owner })).status).toBe(404)
  })

  it('needs groups:delete (403 for a PAT without it)', async () => {
    const group = await createGroup({ group_name: 'Guarded' })
    const created = await h.call('POST', '/auth/pats', {
      token: owner,
      json: { metadata: { name: 'groups', scopes: ['groups:read', 'groups:write'] } },
    })
    const pat = (created.body as { raw_token: string }).raw_token
    const reply = await h.call('DELETE', `/groups/${group.group_id}`, { token: pat })
    expect(reply.status).toBe(403)
    expect(reply.body).toEqual({ detail: "Missing scopes: ['groups:delete']" })
    const edit = await h.call('POST', `/groups/${group.group_id}/edit`, { token: pat, json: {} })
    expect(edit.status).toBe(200)
  })
})
