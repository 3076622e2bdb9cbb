import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { AppError } from '../../../shared/errors'
import { silentLogger } from '../logging'
import type { SecretCipher } from './cipher'
import { decryptEntry, encryptValue } from './entry-crypto'
import { VaultIntegrityError } from './envelope'
import type { PassphraseCipher } from './passphrase-cipher'
import { createSerialQueue } from './serial-queue'
import { TokenEntries, viewOf, type Entry } from './token-entries'
import { VaultDisk } from './vault-disk'
import { VAULT_FILE_NAME } from './vault-file'
import { describeVault, persistenceOf } from './vault-state'
import type { TokenVault, VaultOptions } from './vault-types'

export type {
  NewStoredToken,
  StoredToken,
  TokenVault,
  VaultOptions,
  VaultPersistence,
  VaultState,
} from './vault-types'

const newId = () => randomBytes(9).toString('base64url')

function isPassphraseCipher(cipher: SecretCipher): cipher is PassphraseCipher {
  return cipher.kind === 'passphrase' && 'unlock' in cipher
}

/**
 * The token vault: per server any number of stored credentials and which one is active. Raw
 * values exist in plain form only in this process' memory; on disk they are the cipher's
 * output. Mutations run one at a time so file writes never interleave.
 */
export async function openVault(options: VaultOptions): Promise<TokenVault> {
  const { cipher } = options
  const log = options.logger ?? silentLogger
  const now = options.now ?? Date.now
  const entries = new TokenEntries()
  const { cache } = entries
  const disk = new VaultDisk(join(options.dataDir, VAULT_FILE_NAME), cipher, entries, log)
  const listeners = new Set<(serverId: string | undefined) => void>()
  const exclusive = createSerialQueue()

  const notify = (serverId?: string) => listeners.forEach((listener) => listener(serverId))
  const state = () => describeVault(cipher, disk)
  const encrypt = (serverId: string, record: Entry['record'], raw: string) =>
    encryptValue(cipher, serverId, record, raw)
  const decrypt = (serverId: string, entry: Entry) => decryptEntry(cipher, serverId, entry)

  /** Writes the file, or undoes the change in memory if that fails: both must agree. */
  async function saveOrUndo(undo: () => void): Promise<void> {
    try {
      await disk.save()
    } catch (error) {
      undo()
      throw error
    }
  }

  /** Decrypts the active value of every server so API calls can use it without waiting. */
  async function warm(): Promise<void> {
    if (cipher.status() === 'locked') return
    for (const [serverId, slot] of entries.slots) {
      const entry = slot.entries.find((e) => e.record.id === slot.activeId)
      if (!entry || entry.ciphertext === undefined || cache.has(entry.record.id)) continue
      try {
        cache.set(entry.record.id, await decrypt(serverId, entry))
        delete entry.problem
      } catch (error) {
        entry.problem = (error as Error).message
        log.warn('a stored token could not be read', { serverId, name: entry.record.name })
      }
    }
  }

  await disk.load()
  if (
    isPassphraseCipher(cipher) &&
    options.passphrase !== undefined &&
    disk.loadError === undefined &&
    disk.foreignKind === undefined
  )
    await disk.unlock(cipher, options.passphrase)
  await warm()

  return {
    path: disk.path,
    state,
    unlock: (passphrase) =>
      exclusive(async () => {
        if (!isPassphraseCipher(cipher))
          throw new AppError(
            'unavailable',
            'This vault is protected by the operating system and has no passphrase.',
          )
        if (disk.loadError !== undefined) throw new AppError('unavailable', disk.loadError)
        if (disk.foreignKind !== undefined)
          throw new AppError(
            'unavailable',
            'The stored tokens in this data folder were saved by the desktop app with the operating system’s key store; web mode cannot open them. Tokens stored now are kept for this session only.',
          )
        await disk.unlock(cipher, passphrase)
        await warm()
        notify()
        return state()
      }),
    lock() {
      if (isPassphraseCipher(cipher)) {
        cipher.lock()
        cache.clear()
        notify()
      }
      return state()
    },
    setUnprotected: (allow) =>
      exclusive(async () => {
        if (cipher.status() !== 'plaintext-basic')
          throw new AppError(
            'unavailable',
            'Storing without protection is only offered when Linux falls back to the basic_text key store.',
          )
        if (allow === disk.unprotected) return state()
        disk.unprotected = allow
        for (const [serverId, slot] of entries.slots) {
          for (const entry of slot.entries) {
            if (allow && entry.sessionValue !== undefined) {
              entry.ciphertext = await encrypt(serverId, entry.record, entry.sessionValue)
              cache.set(entry.record.id, entry.sessionValue)
              delete entry.sessionValue
            } else if (!allow && entry.ciphertext !== undefined) {
              entry.sessionValue = await decrypt(serverId, entry)
              delete entry.ciphertext
            }
          }
        }
        await disk.save()
        notify()
        return state()
      }),
    list: (serverId) => entries.list(serverId),
    all: () => entries.all(),
    get(serverId, id) {
      const entry = entries.find(serverId, id)
      return entry ? viewOf(entry) : undefined
    },
    findByServerTokenId(serverId, serverTokenId) {
      const entry = entries.findByServerTokenId(serverId, serverTokenId)
      return entry ? viewOf(entry) : undefined
    },
    add: (serverId, input, { activate }) =>
      exclusive(async () => {
        const where = persistenceOf(cipher, disk)
        if (where === 'locked')
          throw new AppError(
            'vault_locked',
            'The token vault is locked. Unlock it with its passphrase to store tokens.',
          )
        const { raw, ...fields } = input
        const record: Entry['record'] = {
          id: newId(),
          ...fields,
          createdAt: input.createdAt ?? new Date(now()).toISOString(),
        }
        if (record.serverTokenId === undefined) delete record.serverTokenId
        const entry: Entry =
          where === 'disk'
            ? { record, ciphertext: await encrypt(serverId, record, raw) }
            : { record, sessionValue: raw }
        await saveOrUndo(entries.insert(serverId, entry, { activate, raw }))
        notify(serverId)
        return viewOf(entry)
      }),
    replaceValue: (serverId, id, next) =>
      exclusive(async () => {
        const entry = entries.entryOf(serverId, id)
        const { raw, ...fields } = next
        const record: Entry['record'] = {
          ...entry.record,
          ...fields,
          createdAt: new Date(now()).toISOString(),
        }
        delete record.rejectedAt
        delete record.lastTestedAt
        if (record.serverTokenId === undefined) delete record.serverTokenId
        // Encrypt before touching the entry, and undo everything if the write fails: a failed
        // replacement must leave the entry, its cached value and the file in agreement.
        const ciphertext =
          entry.sessionValue === undefined ? await encrypt(serverId, record, raw) : undefined
        await saveOrUndo(entries.replace(serverId, entry, record, { raw, ciphertext }))
        notify(serverId)
        return viewOf(entry)
      }),
    update: (serverId, id, patch) =>
      exclusive(async () => {
        const entry = entries.entryOf(serverId, id)
        if (patch.lastTestedAt !== undefined) entry.record.lastTestedAt = patch.lastTestedAt
        if (patch.rejectedAt === null) delete entry.record.rejectedAt
        else if (patch.rejectedAt !== undefined) entry.record.rejectedAt = patch.rejectedAt
        await disk.save()
        notify(serverId)
        return viewOf(entry)
      }),
    remove: (serverId, id) =>
      exclusive(async () => {
        const slot = entries.slotFor(serverId)
        entries.entryOf(serverId, id)
        slot.entries = slot.entries.filter((e) => e.record.id !== id)
        if (slot.activeId === id) slot.activeId = null
        cache.delete(id)
        await disk.save()
        notify(serverId)
      }),
    setActive: (serverId, id) =>
      exclusive(async () => {
        const slot = entries.slotFor(serverId)
        if (id !== null) {
          const entry = entries.entryOf(serverId, id)
          if (entry.ciphertext !== undefined) {
            if (cipher.status() === 'locked')
              throw new AppError('vault_locked', 'Unlock the token vault to use a stored token.')
            // Decrypt now: a damaged value must fail here, not on the next API call.
            try {
              cache.set(id, await decrypt(serverId, entry))
              delete entry.problem
            } catch (error) {
              entry.problem = (error as Error).message
              throw error
            }
          }
        }
        slot.activeId = id
        await disk.save()
        notify(serverId)
      }),
    async reveal(serverId, id) {
      const entry = entries.entryOf(serverId, id)
      const cached = cache.get(id)
      if (cached !== undefined) return cached
      try {
        const raw = await decrypt(serverId, entry)
        delete entry.problem
        return raw
      } catch (error) {
        if (error instanceof VaultIntegrityError) entry.problem = error.message
        throw error
      }
    },
    active: (serverId) => entries.active(serverId),
    onChange(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}
