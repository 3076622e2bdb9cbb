import { AppError } from '../../../shared/errors'
import type { Logger } from '../logging'
import type { CipherKind, SecretCipher } from './cipher'
import type { PassphraseCipher } from './passphrase-cipher'
import type { TokenEntries } from './token-entries'
import {
  readVaultFile,
  VAULT_FORMAT,
  writeVaultFile,
  type VaultCipherHeader,
  type VaultFile,
} from './vault-file'
import { persistenceOf, type VaultFileFacts } from './vault-state'

/**
 * The vault's link to vault.json: loads the file into the entries, writes the persisted entries
 * back, and remembers what the file said (cipher header, basic_text opt-in) or why it must not
 * be touched (unreadable, or written by the other kind of cipher).
 */
export class VaultDisk implements VaultFileFacts {
  header: VaultCipherHeader | undefined
  unprotected = false
  fileExists = false
  foreignKind: CipherKind | undefined
  loadError: string | undefined

  constructor(
    readonly path: string,
    private readonly cipher: SecretCipher,
    private readonly entries: TokenEntries,
    private readonly log: Logger,
  ) {}

  /** Never throws: a file that cannot be read is kept in loadError and the vault runs in memory. */
  async load(): Promise<void> {
    try {
      const file = await readVaultFile(this.path)
      if (!file) return
      this.fileExists = true
      if (file.cipher.kind !== this.cipher.kind) {
        this.foreignKind = file.cipher.kind
        this.log.warn('the vault file belongs to another kind of cipher; using memory only', {
          file: file.cipher.kind,
          running: this.cipher.kind,
        })
        return
      }
      this.header = file.cipher
      this.unprotected = file.unprotected ?? false
      for (const [serverId, slot] of Object.entries(file.servers)) {
        this.entries.slots.set(serverId, {
          activeId: slot.activeId,
          entries: slot.records.map(({ ciphertext, ...record }) => ({ record, ciphertext })),
        })
      }
    } catch (error) {
      this.loadError = error instanceof Error ? error.message : String(error)
      this.log.error('could not load the token vault', { error })
    }
  }

  /** Writes every entry that has a ciphertext; memory-only values never reach the file. */
  async save(): Promise<void> {
    if (persistenceOf(this.cipher, this) !== 'disk') {
      // Memory mode never touches a file it could not read or that belongs to another cipher,
      // but it still writes when the user revoked the basic_text opt-in (values moved to memory).
      if (this.loadError !== undefined || this.foreignKind !== undefined || !this.fileExists) return
    }
    const servers: VaultFile['servers'] = {}
    for (const [serverId, slot] of this.entries.slots) {
      const records = slot.entries.flatMap((entry) =>
        entry.ciphertext === undefined ? [] : [{ ...entry.record, ciphertext: entry.ciphertext }],
      )
      if (records.length === 0) continue
      const activeStored = records.some((r) => r.id === slot.activeId)
      servers[serverId] = { activeId: activeStored ? slot.activeId : null, records }
    }
    this.header = this.headerForNewFile()
    const file: VaultFile = {
      format: VAULT_FORMAT,
      version: 1,
      cipher: this.header,
      ...(this.unprotected ? { unprotected: true } : {}),
      servers,
    }
    await writeVaultFile(this.path, file)
    this.fileExists = true
  }

  /**
   * Derives the passphrase key against the file's header. A new vault's header (salt, verifier)
   * is written at once, so the next start asks for the same passphrase.
   */
  async unlock(cipher: PassphraseCipher, passphrase: string): Promise<void> {
    const created = this.header === undefined
    const next = await cipher.unlock(
      passphrase,
      this.header?.kind === 'passphrase' ? this.header : undefined,
    )
    this.header = { kind: 'passphrase', ...next }
    if (created) await this.save()
  }

  private headerForNewFile(): VaultCipherHeader {
    if (this.header) return this.header
    if (this.cipher.kind === 'os')
      return {
        kind: 'os',
        ...(this.cipher.backend === undefined ? {} : { backend: this.cipher.backend }),
      }
    throw new AppError('vault_locked', 'Unlock the token vault before storing tokens.')
  }
}
