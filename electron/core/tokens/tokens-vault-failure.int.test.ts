import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VAULT_FILE_NAME } from '../vault/vault-file'
import { startTokenCore, type TokenCore } from './test-support/token-core'

/**
 * The server issues a token once and keeps only its hash; if the vault cannot store it, the
 * reveal is the only copy left. Here the vault's disk write really fails (a folder sits where
 * the file must be renamed to, which stops even root) while the sandbox issues real tokens.
 */
let t: TokenCore
const vaultFile = () => join(t.dataDir, VAULT_FILE_NAME)
const breakVaultDisk = () => {
  rmSync(vaultFile(), { force: true })
  mkdirSync(vaultFile())
}
const fixVaultDisk = () => rmSync(vaultFile(), { recursive: true, force: true })

beforeAll(async () => {
  t = await startTokenCore()
  await t.signIn()
})
afterAll(() => t.close())

describe('a vault that cannot write never costs the user a new token', () => {
  let storedId = ''
  let oldPatId = ''

  it('rotation reveals the new token and reports the failed replacement next to it', async () => {
    const created = await t.call('tokens.create', {
      name: 'notebook',
      scopes: ['uploads:read'],
      expiresInDays: 30,
    })
    oldPatId = created.pat.id
    storedId = (await t.call('tokens.useRevealed', { revealId: created.reveal.revealId })).id

    breakVaultDisk()
    const rotated = await t.call('tokens.rotate', { id: oldPatId })
    expect(rotated.reveal.rawToken).toMatch(/^nomad_pat_/)
    expect(rotated.reveal.rawToken).not.toBe(created.reveal.rawToken)
    expect(rotated.replacedStored).toBeNull()
    expect(rotated.storeFailure?.code).toBe('internal')
    expect(rotated.storeFailure?.message).toContain('could not store the new token')
    expect(rotated.storeFailure?.message).toContain('“notebook” still holds the old token')
    // The rotation happened: the old token is dead, the revealed one works.
    expect((await t.call('tokens.get', { id: oldPatId })).state).toBe('revoked')
    const report = await t.call('tokens.test', { target: { revealId: rotated.reveal.revealId } })
    expect(report.verdict).toBe('valid')
    // The vault still holds the old entry as it was, not half of the new one.
    const [entry] = (await t.call('tokens.stored', {})).items
    expect(entry).toMatchObject({ id: storedId, serverTokenId: oldPatId })

    // Once the disk works again, "use this token in the app" replaces that same entry.
    fixVaultDisk()
    const used = await t.call('tokens.useRevealed', { revealId: rotated.reveal.revealId })
    expect(used).toMatchObject({ id: storedId, serverTokenId: rotated.pat.id, active: true })
    expect((await t.call('tokens.stored', {})).items).toHaveLength(1)
    const stored = await t.call('tokens.test', { target: { storedId } })
    expect(stored.verdict).toBe('valid')
  })

  it('a stored token rotates as before when the disk works', async () => {
    const current = (await t.call('tokens.stored', {})).items[0]!
    const rotated = await t.call('tokens.rotate', { id: current.serverTokenId! })
    expect(rotated).toMatchObject({ replacedStored: 'notebook', storeFailure: null })
    expect((await t.call('tokens.stored', {})).items[0]).toMatchObject({
      id: storedId,
      serverTokenId: rotated.pat.id,
    })
  })

  it('an app token is revealed even when storing it fails, and can be stored later', async () => {
    breakVaultDisk()
    const made = await t.call('tokens.appToken', { name: 'legacy', expiresInSeconds: 3600 })
    expect(made.stored).toBeNull()
    expect(made.reveal.rawToken.split('.')).toHaveLength(3)
    expect(made.storeFailure?.message).toContain('It is not stored in this app')
    expect((await t.call('tokens.stored', {})).items.map((item) => item.name)).toEqual(['notebook'])
    fixVaultDisk()
    const used = await t.call('tokens.useRevealed', {
      revealId: made.reveal.revealId,
      activate: false,
    })
    expect(used).toMatchObject({ name: 'legacy', kind: 'app-token', persisted: true })
  })

  it('a created token stays revealed when "use it in the app" fails, so it can be retried', async () => {
    const created = await t.call('tokens.create', {
      name: 'ci',
      scopes: ['entries:read'],
      expiresInDays: 7,
    })
    breakVaultDisk()
    const failed = await t.raw('tokens.useRevealed', { revealId: created.reveal.revealId })
    expect(failed).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/EISDIR/) as unknown },
    })
    fixVaultDisk()
    const used = await t.call('tokens.useRevealed', { revealId: created.reveal.revealId })
    expect(used).toMatchObject({ name: 'ci', serverTokenId: created.pat.id })
  })
})
