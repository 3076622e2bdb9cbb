import { describe, expect, it } from 'vitest'
import { createSafeStorageCipher, type SafeStorageLike } from './safe-storage-cipher'

// A stand-in for Electron's safeStorage (the binary is not installed): reversible, and it
// records which API was used.
function fakeSafeStorage(options: {
  available?: boolean
  backend?: string
  async?: boolean
}): SafeStorageLike & { used: string[] } {
  const used: string[] = []
  const flip = (b: Buffer) => Buffer.from(b.map((x) => x ^ 0x5a))
  const base: SafeStorageLike & { used: string[] } = {
    used,
    isEncryptionAvailable: () => options.available ?? true,
    encryptString: (text) => (used.push('sync'), flip(Buffer.from(text))),
    decryptString: (bytes) => (used.push('sync'), flip(bytes).toString()),
    getSelectedStorageBackend: () => options.backend ?? 'gnome_libsecret',
  }
  if (options.async === false) return base
  return {
    ...base,
    isAsyncEncryptionAvailable: () => Promise.resolve(options.available ?? true),
    encryptStringAsync: (text) => (used.push('async'), Promise.resolve(flip(Buffer.from(text)))),
    decryptStringAsync: (bytes) => (
      used.push('async'),
      Promise.resolve({ result: flip(bytes).toString(), shouldReEncrypt: false })
    ),
  }
}

describe('safeStorage cipher', () => {
  it('is os-protected with a real Linux key store and prefers the async API', async () => {
    const fake = fakeSafeStorage({})
    const cipher = await createSafeStorageCipher(fake, 'linux')
    expect(cipher.status()).toBe('os-protected')
    expect(cipher.backend).toBe('gnome_libsecret')
    expect(await cipher.decrypt(await cipher.encrypt('nomad_pat_x'))).toBe('nomad_pat_x')
    expect(fake.used).toEqual(['async', 'async'])
  })

  it('reports plaintext-basic for the Linux basic_text fallback', async () => {
    const cipher = await createSafeStorageCipher(
      fakeSafeStorage({ backend: 'basic_text' }),
      'linux',
    )
    expect(cipher.status()).toBe('plaintext-basic')
    expect(cipher.backend).toBe('basic_text')
  })

  it('is unavailable when the OS offers no encryption, and refuses to encrypt', async () => {
    const cipher = await createSafeStorageCipher(fakeSafeStorage({ available: false }), 'linux')
    expect(cipher.status()).toBe('unavailable')
    await expect(cipher.encrypt('x')).rejects.toThrow(/no encryption/)
  })

  it('falls back to the sync API on older Electron and names no backend off Linux', async () => {
    const fake = fakeSafeStorage({ async: false })
    const cipher = await createSafeStorageCipher(fake, 'darwin')
    expect(cipher.backend).toBeUndefined()
    expect(await cipher.decrypt(await cipher.encrypt('v'))).toBe('v')
    expect(fake.used).toEqual(['sync', 'sync'])
  })
})
