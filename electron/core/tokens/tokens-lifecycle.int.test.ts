import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PatView } from '../../../shared/ipc/channels/tokens'
import { startTokenCore, type TokenCore } from './test-support/token-core'

const DAY = 24 * 60 * 60 * 1000
let t: TokenCore

beforeAll(async () => {
  t = await startTokenCore()
  await t.signIn()
})
afterAll(() => t.close())

/** Creates a token one second after the previous one, so "newest first" is well defined. */
function create(name: string, scopes: string[], expiresInDays = 30, description?: string) {
  t.advance(1000)
  return t.call('tokens.create', {
    name,
    scopes,
    expiresInDays,
    ...(description ? { description } : {}),
  })
}
const names = (items: PatView[]) => items.map((item) => item.name)

describe('PAT lifecycle against the sandbox', () => {
  let notebook: Awaited<ReturnType<typeof create>>

  it('creates a token and reveals its raw value once, in the reply', async () => {
    notebook = await create('laptop notebook', ['uploads:read', 'entries:read'], 30, 'Jupyter')
    expect(notebook.reveal.rawToken).toMatch(/^nomad_pat_[A-Za-z0-9_-]{43}$/)
    expect(notebook.reveal).toMatchObject({ kind: 'pat', name: 'laptop notebook' })
    expect(notebook.pat).toMatchObject({
      name: 'laptop notebook',
      description: 'Jupyter',
      scopes: ['uploads:read', 'entries:read'],
      state: 'active',
      lastUsedAt: null,
      stored: null,
      replacedBy: null,
    })
    const lifetime = Date.parse(notebook.pat.expiresAt ?? '') - Date.parse(notebook.pat.createdAt)
    expect(lifetime).toBe(30 * DAY)
    expect(t.emitted.some((e) => e.event === 'tokens.changed')).toBe(true)
  })

  it('inspects one token, never with its value', async () => {
    const detail = await t.call('tokens.get', { id: notebook.pat.id })
    expect(detail).toEqual(notebook.pat)
    expect(JSON.stringify(detail)).not.toContain(notebook.reveal.rawToken)
  })

  it('refuses what the server refuses, in the server’s words', async () => {
    const tooLong = await t.raw('tokens.create', {
      name: 'forever',
      scopes: ['uploads:read'],
      expiresInDays: 400,
    })
    expect(tooLong).toMatchObject({
      ok: false,
      error: {
        code: 'limit_exceeded',
        message: expect.stringContaining(
          'Requested lifetime (400 days) exceeds the maximum allowed (365 days).',
        ) as unknown,
      },
    })
    const unknownScope = await t.raw('tokens.create', {
      name: 'typo',
      scopes: ['uploads:raed'],
      expiresInDays: 7,
    })
    expect(unknownScope).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringContaining("Invalid scopes: {'uploads:raed'}") as unknown,
      },
    })
    const tokensScope = await t.raw('tokens.create', {
      name: 'admin',
      scopes: ['tokens:read'],
      expiresInDays: 7,
    })
    expect(tokensScope).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
  })

  it('lists with every filter, order and paging', async () => {
    await create('ci runner', ['uploads:read', 'uploads:write'], 90)
    const doomed = await create('old script', ['entries:read'], 7)
    await create('short lived', ['entries:read'], 1)
    await t.call('tokens.revoke', { id: doomed.pat.id })
    // Two days later "short lived" has expired; the session is renewed after the clock moves.
    t.advance(2 * DAY)
    await t.signIn()

    const all = await t.call('tokens.list', {})
    expect(all.total).toBe(4)
    // Newest first by default.
    expect(names(all.items)).toEqual(['short lived', 'old script', 'ci runner', 'laptop notebook'])
    expect(all.via).toEqual({ kind: 'session', name: null })

    const list = (input: object) => t.call('tokens.list', input).then((r) => names(r.items).sort())
    expect(await list({ state: 'active' })).toEqual(['ci runner', 'laptop notebook'])
    expect(await list({ state: 'inactive' })).toEqual(['old script', 'short lived'])
    expect(await list({ state: 'expired' })).toEqual(['short lived'])
    expect(await list({ state: 'revoked' })).toEqual(['old script'])
    expect(await list({ search: 'LAPTOP' })).toEqual(['laptop notebook'])
    expect(await list({ search: 'i', state: 'active' })).toEqual(['ci runner'])

    const byName = await t.call('tokens.list', { orderBy: 'name_asc' })
    expect(names(byName.items)).toEqual([
      'ci runner',
      'laptop notebook',
      'old script',
      'short lived',
    ])
    const byExpiry = await t.call('tokens.list', { orderBy: 'expires_asc' })
    expect(names(byExpiry.items)).toEqual([
      'short lived',
      'old script',
      'laptop notebook',
      'ci runner',
    ])
    const oldest = await t.call('tokens.list', { orderBy: 'created_asc' })
    expect(names(oldest.items)[0]).toBe('laptop notebook')

    const page2 = await t.call('tokens.list', { orderBy: 'name_asc', page: 2, pageSize: 3 })
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 })
    expect(names(page2.items)).toEqual(['short lived'])
    const states = Object.fromEntries(all.items.map((item) => [item.name, item.state]))
    expect(states).toEqual({
      'short lived': 'expired',
      'old script': 'revoked',
      'ci runner': 'active',
      'laptop notebook': 'active',
    })
  })

  it('says which page limit was hit when a page is beyond the end', async () => {
    const beyond = await t.raw('tokens.list', { page: 9, pageSize: 10 })
    expect(beyond).toMatchObject({
      ok: false,
      error: {
        code: 'limit_exceeded',
        message: expect.stringContaining('Page out of range') as unknown,
      },
    })
  })

  it('rotates: the old token stops working, the new one is revealed once', async () => {
    const rotated = await t.call('tokens.rotate', { id: notebook.pat.id })
    expect(rotated.reveal.rawToken).toMatch(/^nomad_pat_/)
    expect(rotated.reveal.rawToken).not.toBe(notebook.reveal.rawToken)
    expect(rotated.pat).toMatchObject({ name: 'laptop notebook', state: 'active' })
    expect(rotated.pat.id).not.toBe(notebook.pat.id)
    expect(rotated.replacedStored).toBeNull()
    expect((await t.call('tokens.get', { id: notebook.pat.id })).state).toBe('revoked')
    // The old row says which token replaced it; the new one replaces nothing.
    const listed = await t.call('tokens.list', { search: 'laptop notebook' })
    const old = listed.items.find((item) => item.id === notebook.pat.id)
    expect(old?.replacedBy).toEqual({ id: rotated.pat.id, createdAt: rotated.pat.createdAt })
    expect(listed.items.find((item) => item.id === rotated.pat.id)?.replacedBy).toBeNull()
    expect((await t.call('tokens.get', { id: notebook.pat.id })).replacedBy?.id).toBe(
      rotated.pat.id,
    )
    const again = await t.raw('tokens.rotate', { id: notebook.pat.id })
    expect(again).toMatchObject({
      ok: false,
      error: {
        message: expect.stringContaining('Cannot rotate an expired/revoked token.') as unknown,
      },
    })
  })

  it('revokes, and revoking twice is harmless; an unknown id is not found', async () => {
    const ci = (await t.call('tokens.list', { search: 'ci runner' })).items[0]!
    const first = await t.call('tokens.revoke', { id: ci.id })
    expect(first).toMatchObject({ pat: { state: 'revoked' }, removedStored: null })
    await expect(t.call('tokens.revoke', { id: ci.id })).resolves.toMatchObject({
      pat: { state: 'revoked' },
    })
    const missing = await t.raw('tokens.get', { id: 'ffffffffffffffffffffffff' })
    expect(missing).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: expect.stringContaining('Token not found') as unknown },
    })
  })
})
