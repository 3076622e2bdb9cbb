import type { CipherKind, SecretCipher } from './cipher'
import type { VaultCipherHeader } from './vault-file'
import type { VaultPersistence, VaultState } from './vault-types'

/** What the vault learnt from its file at start, and has changed since. */
export interface VaultFileFacts {
  readonly header: VaultCipherHeader | undefined
  readonly unprotected: boolean
  readonly fileExists: boolean
  /** The file was written by the other kind of cipher. */
  readonly foreignKind: CipherKind | undefined
  /** The file could not be read. */
  readonly loadError: string | undefined
}

/**
 * Where a newly stored value goes. A file the vault could not read or that belongs to another
 * cipher is never overwritten, so such a vault keeps everything in memory.
 */
export function persistenceOf(cipher: SecretCipher, facts: VaultFileFacts): VaultPersistence {
  if (facts.loadError !== undefined || facts.foreignKind !== undefined) return 'memory'
  const status = cipher.status()
  switch (status) {
    case 'locked':
      return 'locked'
    case 'unlocked':
    case 'os-protected':
      return 'disk'
    case 'plaintext-basic':
      return facts.unprotected ? 'disk' : 'memory'
    case 'unavailable':
      return 'memory'
  }
}

/** The vault's state as the Tokens screen needs it (see vault-status for the wording). */
export function describeVault(cipher: SecretCipher, facts: VaultFileFacts): VaultState {
  const { header, foreignKind, loadError } = facts
  const recorded = header?.kind === 'os' ? header.backend : undefined
  return {
    kind: cipher.kind,
    cipherStatus: cipher.status(),
    ...(cipher.backend === undefined ? {} : { backend: cipher.backend }),
    persistence: persistenceOf(cipher, facts),
    fileExists: facts.fileExists,
    unprotected: facts.unprotected,
    ...(foreignKind === undefined ? {} : { foreignKind }),
    ...(recorded !== undefined && cipher.backend !== undefined && recorded !== cipher.backend
      ? { backendChanged: { was: recorded, now: cipher.backend } }
      : {}),
    ...(loadError === undefined ? {} : { loadError }),
  }
}
