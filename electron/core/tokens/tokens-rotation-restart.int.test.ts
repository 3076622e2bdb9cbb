import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTokenCore, type TokenCore } from './test-support/token-core'

let t: TokenCore

beforeAll(async () => {
  t = await startTokenCore()
  await t.signIn()
})
afterAll(() => t.close())

describe('the "replaced by" mark of a rotated token', () => {
  it('survives a restart of core on the same data folder', async () => {
    const created = await t.call('tokens.create', {
      name: 'rotated before restart',
      scopes: ['uploads:read'],
      expiresInDays: 30,
    })
    t.advance(1000)
    const rotated = await t.call('tokens.rotate', { id: created.pat.id })
    await t.restart()
    await t.signIn()
    const listed = await t.call('tokens.list', { search: 'rotated before restart' })
    const old = listed.items.find((item) => item.id === created.pat.id)
    expect(old?.state).toBe('revoked')
    expect(old?.replacedBy).toEqual({ id: rotated.pat.id, createdAt: rotated.pat.createdAt })
    expect(listed.items.find((item) => item.id === rotated.pat.id)?.replacedBy).toBeNull()
    expect((await t.call('tokens.get', { id: created.pat.id })).replacedBy?.id).toBe(rotated.pat.id)
  })
})
