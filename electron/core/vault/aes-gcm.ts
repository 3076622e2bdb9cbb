import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/**
 * AES-256-GCM with a fresh 12-byte IV per value. Layout: version (1) | IV (12) | ciphertext |
 * tag (16). GCM's tag makes any change to the bytes fail `open` instead of yielding garbage.
 */
const VERSION = 1
const IV_BYTES = 12
const TAG_BYTES = 16

export class GcmAuthError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'GcmAuthError'
  }
}

export function seal(key: Uint8Array, plain: string): Uint8Array {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return Buffer.concat([Buffer.of(VERSION), iv, body, cipher.getAuthTag()])
}

export function open(key: Uint8Array, data: Uint8Array): string {
  const bytes = Buffer.from(data)
  if (bytes.length < 1 + IV_BYTES + TAG_BYTES)
    throw new GcmAuthError(`ciphertext too short (${bytes.length} bytes)`)
  if (bytes[0] !== VERSION) throw new GcmAuthError(`unknown ciphertext version ${bytes[0]}`)
  const iv = bytes.subarray(1, 1 + IV_BYTES)
  const tag = bytes.subarray(bytes.length - TAG_BYTES)
  const body = bytes.subarray(1 + IV_BYTES, bytes.length - TAG_BYTES)
  const decipher = createDecipheriv('aes-256-gcm', key, iv)
  decipher.setAuthTag(tag)
  try {
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
  } catch {
    throw new GcmAuthError('authentication tag mismatch')
  }
}
