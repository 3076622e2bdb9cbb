import { randomBytes } from 'node:crypto'
import { open, seal } from './aes-gcm'
import type { CipherKind, CipherStatus, SecretCipher } from './cipher'

/**
 * A cipher whose random key lives only in this process: values are really encrypted (so a scan
 * of the disk finds nothing) but cannot be read after a restart. For tests, which choose the
 * status to play an OS key store, a Linux `basic_text` fallback, or an unavailable one.
 */
export function createMemoryCipher(
  options: { status?: CipherStatus; kind?: CipherKind; backend?: string } = {},
): SecretCipher & { setStatus(status: CipherStatus): void } {
  const key = randomBytes(32)
  let status: CipherStatus = options.status ?? 'os-protected'
  return {
    kind: options.kind ?? 'os',
    ...(options.backend === undefined ? {} : { backend: options.backend }),
    status: () => status,
    setStatus: (next) => void (status = next),
    encrypt: (plain) => Promise.resolve(seal(key, plain)),
    decrypt: (data) => Promise.resolve(open(key, data)),
  }
}
