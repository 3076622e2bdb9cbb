import { describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import { createPassphraseCipher, passphraseHeaderSchema } from './passphrase-cipher'

describe('passphrase cipher', () => {
  it('creates a header with a random salt and scrypt N ≥ 2^15, then round-trips values', async () => {
    const cipher = createPassphraseCipher()
    expect(cipher.status()).toBe('locked')
    const header = await cipher.unlock('correct horse battery', undefined)
    expect(passphraseHeaderSchema.parse(header).N).toBeGreaterThanOrEqual(2 ** 15)
    expect(cipher.status()).toBe('unlocked')
    const sealed = await cipher.encrypt('nomad_pat_secret-value')
    expect(Buffer.from(sealed).toString('utf8')).not.toContain('secret-value')
    expect(await cipher.decrypt(sealed)).toBe('nomad_pat_secret-value')

    const other = createPassphraseCipher()
    const otherHeader = await other.unlock('correct horse battery', undefined)
    expect(otherHeader.salt).not.toBe(header.salt)
  })

  it('uses a fresh IV for every value', async () => {
    const cipher = createPassphraseCipher()
    await cipher.unlock('correct horse battery', undefined)
    const a = Buffer.from(await cipher.encrypt('same')).toString('hex')
    const b = Buffer.from(await cipher.encrypt('same')).toString('hex')
    expect(a).not.toBe(b)
  })

  it('refuses a wrong passphrase with vault_locked and stays locked', async () => {
    const first = createPassphraseCipher()
    const header = await first.unlock('correct horse battery', undefined)
    const second = createPassphraseCipher()
    const refusal = await second.unlock('wrong horse battery', header).catch((e: unknown) => e)
    expect(refusal).toBeInstanceOf(AppError)
    expect((refusal as AppError).code).toBe('vault_locked')
    expect((refusal as AppError).message).toMatch(/Wrong passphrase/)
    expect(second.status()).toBe('locked')
    await expect(second.encrypt('x')).rejects.toMatchObject({ code: 'vault_locked' })
    await second.unlock('correct horse battery', header)
    expect(second.status()).toBe('unlocked')
  })

  it('asks for at least 8 characters for a new vault', async () => {
    await expect(createPassphraseCipher().unlock('short', undefined)).rejects.toMatchObject({
      code: 'invalid_input',
    })
  })

  it('detects a changed byte instead of returning garbage', async () => {
    const cipher = createPassphraseCipher()
    await cipher.unlock('correct horse battery', undefined)
    const sealed = Buffer.from(await cipher.encrypt('value'))
    sealed.writeUInt8(sealed.readUInt8(sealed.length - 20) ^ 0x01, sealed.length - 20)
    await expect(cipher.decrypt(sealed)).rejects.toThrow(/authentication tag mismatch/)
  })

  it('forgets the key on lock', async () => {
    const cipher = createPassphraseCipher()
    await cipher.unlock('correct horse battery', undefined)
    cipher.lock()
    expect(cipher.status()).toBe('locked')
    await expect(cipher.decrypt(new Uint8Array(40))).rejects.toMatchObject({ code: 'vault_locked' })
  })
})
