import type { Logger } from '../logging'
import type { CipherKind, CipherStatus, SecretCipher } from './cipher'
import type { StoredRecord } from './vault-file'

/** A stored token as core sees it: everything but the value. */
export type StoredToken = Omit<StoredRecord, 'ciphertext'> & {
  /** False: kept in memory for this session only (no protected storage available). */
  persisted: boolean
  /** Why the value cannot be used (integrity failure), if it cannot. */
  problem?: string
}

export type NewStoredToken = Pick<
  StoredRecord,
  'name' | 'kind' | 'scopes' | 'expiresAt' | 'serverTokenId'
> & { raw: string; createdAt?: string }

/**
 * Where a newly stored value goes: disk (encrypted), memory (this session only), or nowhere
 * until the passphrase vault is unlocked.
 */
export type VaultPersistence = 'disk' | 'memory' | 'locked'

export interface VaultState {
  kind: CipherKind
  cipherStatus: CipherStatus
  backend?: string
  persistence: VaultPersistence
  fileExists: boolean
  /** The user chose to store values that only Linux basic_text "protects". */
  unprotected: boolean
  /** The vault file was written by the other kind of cipher (desktop app vs web mode). */
  foreignKind?: CipherKind
  /** The OS key store backend differs from the one the vault was created with. */
  backendChanged?: { was: string; now: string }
  /** The file could not be read; nothing is written until it is fixed or moved. */
  loadError?: string
}

export interface TokenVault {
  readonly path: string
  state(): VaultState
  unlock(passphrase: string): Promise<VaultState>
  lock(): VaultState
  setUnprotected(allow: boolean): Promise<VaultState>
  list(serverId: string): { activeId: string | null; tokens: StoredToken[] }
  /** Every stored token of every server (expiry reminders). */
  all(): { serverId: string; token: StoredToken; active: boolean }[]
  get(serverId: string, id: string): StoredToken | undefined
  findByServerTokenId(serverId: string, serverTokenId: string): StoredToken | undefined
  add(serverId: string, input: NewStoredToken, options: { activate: boolean }): Promise<StoredToken>
  /** Rotation: the same entry (id, name, active state) with the new value and server id. */
  replaceValue(
    serverId: string,
    id: string,
    next: Pick<StoredRecord, 'serverTokenId' | 'expiresAt' | 'scopes'> & { raw: string },
  ): Promise<StoredToken>
  update(
    serverId: string,
    id: string,
    patch: { lastTestedAt?: string; rejectedAt?: string | null },
  ): Promise<StoredToken>
  remove(serverId: string, id: string): Promise<void>
  setActive(serverId: string, id: string | null): Promise<void>
  /** The raw value, decrypted in core for one request. Never send it to the renderer. */
  reveal(serverId: string, id: string): Promise<string>
  /** The active entry and its value if the value is at hand (decrypted at unlock/activation). */
  active(serverId: string): { token: StoredToken; raw: string | undefined } | undefined
  onChange(listener: (serverId: string | undefined) => void): () => void
}

export interface VaultOptions {
  dataDir: string
  cipher: SecretCipher
  /** Unlocks a passphrase vault at start (web mode: NOMAD_VAULT_PASSPHRASE). */
  passphrase?: string
  logger?: Logger
  now?: () => number
}
