import type { CipherStatus, SecretCipher } from '../core/vault/cipher'

/** The part of Electron's safeStorage the adapter uses (a parameter, so tests need no binary). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean
  isAsyncEncryptionAvailable?(): Promise<boolean>
  encryptString(plainText: string): Buffer
  decryptString(encrypted: Buffer): string
  encryptStringAsync?(plainText: string): Promise<Buffer>
  decryptStringAsync?(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>
  getSelectedStorageBackend?(): string
}

/**
 * The desktop app's vault cipher: Electron's safeStorage (the OS keychain holds the key). Uses
 * the async API where Electron has it (the docs recommend it; it survives key rotation). On
 * Linux a `basic_text` backend means a hard-coded key, so the status says `plaintext-basic` and
 * the vault keeps values in memory unless the user opts in. Call after app 'ready'.
 */
export async function createSafeStorageCipher(
  safeStorage: SafeStorageLike,
  platform: NodeJS.Platform,
): Promise<SecretCipher> {
  const s = safeStorage
  const asyncApi =
    s.encryptStringAsync && s.decryptStringAsync && s.isAsyncEncryptionAvailable
      ? {
          encrypt: (text: string) => s.encryptStringAsync?.(text) ?? Promise.reject(new Error()),
          decrypt: (bytes: Buffer) => s.decryptStringAsync?.(bytes) ?? Promise.reject(new Error()),
          available: () => s.isAsyncEncryptionAvailable?.() ?? Promise.resolve(false),
        }
      : undefined
  let available: boolean
  try {
    available = asyncApi ? await asyncApi.available() : safeStorage.isEncryptionAvailable()
  } catch {
    available = false
  }
  const backend =
    platform === 'linux' ? (safeStorage.getSelectedStorageBackend?.() ?? 'unknown') : undefined
  const status: CipherStatus = !available
    ? 'unavailable'
    : backend === 'basic_text'
      ? 'plaintext-basic'
      : 'os-protected'

  return {
    kind: 'os',
    ...(backend === undefined ? {} : { backend }),
    status: () => status,
    async encrypt(plain) {
      if (status === 'unavailable')
        throw new Error('the operating system offers no encryption (safeStorage unavailable)')
      return asyncApi ? asyncApi.encrypt(plain) : safeStorage.encryptString(plain)
    },
    async decrypt(data) {
      if (status === 'unavailable')
        throw new Error('the operating system offers no encryption (safeStorage unavailable)')
      const bytes = Buffer.from(data)
      return asyncApi ? (await asyncApi.decrypt(bytes)).result : safeStorage.decryptString(bytes)
    },
  }
}
