import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandboxCore, type SandboxCore } from '../test-support/sandbox-core'

// uploads.list / uploads.get / uploads.entries against the sandbox, signed in as lena.

let env: SandboxCore

beforeAll(async () => {
  env = await startSandboxCore({ entries: 300 })
  const lena = env.sandbox.demoUsers.find((user) => user.username === 'lena')
  await env.call('auth.signIn', {
    serverId: env.serverId,
    username: 'lena',
    password: lena?.password ?? '',
  })
})
afterAll(async () => env.close())

describe('uploads.list', () => {
  it('pages beyond the first page, every upload once, newest first', async () => {
    const all = await env.call('uploads.list', { serverId: env.serverId, pageSize: 200 })
    expect(all.total).toBeGreaterThan(4)
    const first = await env.call('uploads.list', { serverId: env.serverId, pageSize: 2 })
    const second = await env.call('uploads.list', { serverId: env.serverId, pageSize: 2, page: 2 })
    expect([...first.items, ...second.items].map((u) => u.uploadId)).toEqual(
      all.items.slice(0, 4).map((u) => u.uploadId),
    )
    const times = all.items.map((u) => u.createTime ?? '')
    expect(times).toEqual([...times].sort().reverse())
  })

  it('filters by role, publication and part of the name', async () => {
    const own = await env.call('uploads.list', {
      serverId: env.serverId,
      roles: ['main_author'],
      published: false,
      pageSize: 200,
    })
    expect(own.items.every((u) => !u.published)).toBe(true)
    const some = own.items[0]?.name ?? ''
    const part = some.slice(2, 8).toUpperCase()
    const named = await env.call('uploads.list', { serverId: env.serverId, name: part })
    expect(named.filteredLocally).toBe(true)
    expect(named.items.length).toBeGreaterThan(0)
    expect(named.items.every((u) => u.name?.toUpperCase().includes(part))).toBe(true)
  })

  it('asks for sign-in when signed out', async () => {
    await env.call('auth.signOut', { serverId: env.serverId })
    const refused = await env.failure('uploads.list', { serverId: env.serverId })
    expect(refused.code).toBe('auth_required')
    const lena = env.sandbox.demoUsers.find((user) => user.username === 'lena')
    await env.call('auth.signIn', {
      serverId: env.serverId,
      username: 'lena',
      password: lena?.password ?? '',
    })
  })
})

describe('uploads.get and uploads.entries', () => {
  it('names the members and says the caller is the main author', async () => {
    const own = await env.call('uploads.list', {
      serverId: env.serverId,
      roles: ['main_author'],
      pageSize: 200,
    })
    const shared = own.items.find((u) => u.memberCount > 1) ?? own.items[0]
    const detail = await env.call('uploads.get', {
      serverId: env.serverId,
      uploadId: shared!.uploadId,
    })
    expect(detail.myRole).toBe('main_author')
    expect(detail.signedIn).toBe(true)
    const author = detail.members.find((m) => m.role === 'main_author')
    expect(author?.name).toBe('Lena Hoffmann')
    expect(detail.members.every((m) => m.name !== null)).toBe(true)
  })

  it('pages through the entries of an upload', async () => {
    const own = await env.call('uploads.list', { serverId: env.serverId, pageSize: 200 })
    const big = own.items.reduce((a, b) => (b.entries > a.entries ? b : a))
    const first = await env.call('uploads.entries', {
      serverId: env.serverId,
      uploadId: big.uploadId,
      pageSize: 2,
    })
    const second = await env.call('uploads.entries', {
      serverId: env.serverId,
      uploadId: big.uploadId,
      pageSize: 2,
      page: 2,
    })
    expect(first.total).toBe(big.entries)
    expect(second.items[0]?.mainfile).not.toBe(first.items[0]?.mainfile)
    expect(first.items[0]?.parserName).toMatch(/^parsers\//)
  })

  it('says not found for an upload that does not exist, and refuses an id with a slash', async () => {
    const missing = await env.failure('uploads.get', { serverId: env.serverId, uploadId: 'nope' })
    expect(missing.code).toBe('not_found')
    const bad = await env.failure('uploads.get', { serverId: env.serverId, uploadId: 'a/../b' })
    expect(bad.code).toBe('invalid_input')
  })
})
