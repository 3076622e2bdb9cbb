import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { AppError } from '../../../shared/errors'
import { silentLogger, type Logger } from '../logging'
import type { CipherKind, CipherStatus, SecretCipher } from './cipher'
import { unwrapValue, VaultIntegrityError, wrapValue } from './envelope'
import type { PassphraseCipher } from './passphrase-cipher'
import {
  readVaultFile,
  VAULT_FILE_NAME,
  VAULT_FORMAT,
  writeVaultFile,
  type StoredRecord,
  type VaultCipherHeader,
  type VaultFile,
} from './vault-file'

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

interface Entry {
  record: Omit<StoredRecord, 'ciphertext'>
  /** Encrypted value as stored on disk (base64). */
  ciphertext?: string
  /** Memory-only value (no protected storage). */
  sessionValue?: string
  problem?: string
}

interface Slot {
  activeId: string | null
  entries: Entry[]
}

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
  const path = join(options.dataDir, VAULT_FILE_NAME)
  const slots = new Map<string, Slot>()
  /** Decrypted values of persisted entries, by record id (active ones, warmed at unlock). */
  const cache = new Map<string, string>()
  const listeners = new Set<(serverId: string | undefined) => void>()
  let header: VaultCipherHeader | undefined
  let unprotected = false
  let fileExists = false
  let foreignKind: CipherKind | undefined
  let loadError: string | undefined
  let queue: Promise<unknown> = Promise.resolve()

  const notify = (serverId?: string) => listeners.forEach((listener) => listener(serverId))

  /** Runs mutations strictly one after another. */
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work)
    queue = run.catch(() => undefined)
    return run
  }

  function persistence(): VaultPersistence {
    if (loadError !== undefined || foreignKind !== undefined) return 'memory'
    const status = cipher.status()
    switch (status) {
      case 'locked':
        return 'locked'
      case 'unlocked':
      case 'os-protected':
        return 'disk'
      case 'plaintext-basic':
        return unprotected ? 'disk' : 'memory'
      case 'unavailable':
        return 'memory'
    }
  }

  function slotFor(serverId: string): Slot {
    let slot = slots.get(serverId)
    if (!slot) {
      slot = { activeId: null, entries: [] }
      slots.set(serverId, slot)
    }
    return slot
  }

  function entryOf(serverId: string, id: string): Entry {
    const entry = slots.get(serverId)?.entries.find((e) => e.record.id === id)
    if (!entry)
      throw new AppError(
        'not_found',
        `No token with id ${id} is stored in this app for this server.`,
      )
    return entry
  }

  const view = (entry: Entry): StoredToken => ({
    ...entry.record,
    persisted: entry.ciphertext !== undefined,
    ...(entry.problem === undefined ? {} : { problem: entry.problem }),
  })

  async function encrypt(serverId: string, record: Entry['record'], raw: string) {
    const bytes = await cipher.encrypt(wrapValue(serverId, record, raw))
    return Buffer.from(bytes).toString('base64')
  }

  async function decrypt(serverId: string, entry: Entry): Promise<string> {
    if (entry.sessionValue !== undefined) return entry.sessionValue
    if (entry.ciphertext === undefined)
      throw new AppError('internal', `The token “${entry.record.name}” has no stored value.`)
    let plain: string
    try {
      plain = await cipher.decrypt(Buffer.from(entry.ciphertext, 'base64'))
    } catch (error) {
      if (error instanceof AppError) throw error
      throw new VaultIntegrityError(
        `The stored value of “${entry.record.name}” could not be decrypted (${(error as Error).message}): the vault file was changed outside the app, or the key that protects it is gone. Remove this token from the app and store it again.`,
      )
    }
    return unwrapValue(serverId, entry.record, plain)
  }

  /** Decrypts the active value of every server so API calls can use it without waiting. */
  async function warm(): Promise<void> {
    if (cipher.status() === 'locked') return
    for (const [serverId, slot] of slots) {
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

  function headerForNewFile(): VaultCipherHeader {
    if (header) return header
    if (cipher.kind === 'os')
      return { kind: 'os', ...(cipher.backend === undefined ? {} : { backend: cipher.backend }) }
    throw new AppError('vault_locked', 'Unlock the token vault before storing tokens.')
  }

  async function save(): Promise<void> {
    if (persistence() !== 'disk') {
      // Memory mode never touches a file it could not read or that belongs to another cipher,
      // but it still writes when the user revoked the basic_text opt-in (values moved to memory).
      if (loadError !== undefined || foreignKind !== undefined || !fileExists) return
    }
    const servers: VaultFile['servers'] = {}
    for (const [serverId, slot] of slots) {
      const records = slot.entries.flatMap((entry) =>
        entry.ciphertext === undefined ? [] : [{ ...entry.record, ciphertext: entry.ciphertext }],
      )
      if (records.length === 0) continue
      const activeStored = records.some((r) => r.id === slot.activeId)
      servers[serverId] = { activeId: activeStored ? slot.activeId : null, records }
    }
    header = headerForNewFile()
    const file: VaultFile = {
      format: VAULT_FORMAT,
      version: 1,
      cipher: header,
      ...(unprotected ? { unprotected: true } : {}),
      servers,
    }
    await writeVaultFile(path, file)
    fileExists = true
  }

  // --- load ---------------------------------------------------------------------------------
  try {
    const file = await readVaultFile(path)
    if (file) {
      fileExists = true
      if (file.cipher.kind !== cipher.kind) {
        foreignKind = file.cipher.kind
        log.warn('the vault file belongs to another kind of cipher; using memory only', {
          file: file.cipher.kind,
          running: cipher.kind,
        })
      } else {
        header = file.cipher
        unprotected = file.unprotected ?? false
        for (const [serverId, slot] of Object.entries(file.servers)) {
          slots.set(serverId, {
            activeId: slot.activeId,
            entries: slot.records.map(({ ciphertext, ...record }) => ({ record, ciphertext })),
          })
        }
      }
    }
  } catch (error) {
    loadError = error instanceof Error ? error.message : String(error)
    log.error('could not load the token vault', { error })
  }
  if (isPassphraseCipher(cipher) && options.passphrase !== undefined && loadError === undefined) {
    if (foreignKind === undefined) {
      const created = header === undefined
      const next = await cipher.unlock(
        options.passphrase,
        header?.kind === 'passphrase' ? header : undefined,
      )
      header = { kind: 'passphrase', ...next }
      if (created) await save()
    }
  }
  await warm()

  const state = (): VaultState => {
    const recorded = header?.kind === 'os' ? header.backend : undefined
    return {
      kind: cipher.kind,
      cipherStatus: cipher.status(),
      ...(cipher.backend === undefined ? {} : { backend: cipher.backend }),
      persistence: persistence(),
      fileExists,
      unprotected,
      ...(foreignKind === undefined ? {} : { foreignKind }),
      ...(recorded !== undefined && cipher.backend !== undefined && recorded !== cipher.backend
        ? { backendChanged: { was: recorded, now: cipher.backend } }
        : {}),
      ...(loadError === undefined ? {} : { loadError }),
    }
  }

  return {
    path,
    state,
    unlock: (passphrase) =>
      exclusive(async () => {
        if (!isPassphraseCipher(cipher))
          throw new AppError(
            'unavailable',
            'This vault is protected by the operating system and has no passphrase.',
          )
        if (loadError !== undefined) throw new AppError('unavailable', loadError)
        if (foreignKind !== undefined)
          throw new AppError(
            'unavailable',
            'The stored tokens in this data folder were saved by the desktop app with the operating system’s key store; web mode cannot open them. Tokens stored now are kept for this session only.',
          )
        const created = header === undefined
        const next = await cipher.unlock(
          passphrase,
          header?.kind === 'passphrase' ? header : undefined,
        )
        header = { kind: 'passphrase', ...next }
        if (created) await save()
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
        if (allow === unprotected) return state()
        unprotected = allow
        for (const [serverId, slot] of slots) {
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
        await save()
        notify()
        return state()
      }),
    list(serverId) {
      const slot = slots.get(serverId)
      return { activeId: slot?.activeId ?? null, tokens: slot?.entries.map(view) ?? [] }
    },
    all() {
      return [...slots].flatMap(([serverId, slot]) =>
        slot.entries.map((entry) => ({
          serverId,
          token: view(entry),
          active: entry.record.id === slot.activeId,
        })),
      )
    },
    get(serverId, id) {
      const entry = slots.get(serverId)?.entries.find((e) => e.record.id === id)
      return entry ? view(entry) : undefined
    },
    findByServerTokenId(serverId, serverTokenId) {
      const entry = slots
        .get(serverId)
        ?.entries.find((e) => e.record.serverTokenId === serverTokenId)
      return entry ? view(entry) : undefined
    },
    add: (serverId, input, { activate }) =>
      exclusive(async () => {
        const where = persistence()
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
        const slot = slotFor(serverId)
        slot.entries.push(entry)
        if (activate) {
          slot.activeId = record.id
          if (entry.ciphertext !== undefined) cache.set(record.id, raw)
        }
        try {
          await save()
        } catch (error) {
          slot.entries = slot.entries.filter((e) => e !== entry)
          cache.delete(record.id)
          throw error
        }
        notify(serverId)
        return view(entry)
      }),
    replaceValue: (serverId, id, next) =>
      exclusive(async () => {
        const entry = entryOf(serverId, id)
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
        const previous = { ...entry }
        const previousValue = cache.get(id)
        entry.record = record
        delete entry.problem
        if (ciphertext === undefined) entry.sessionValue = raw
        else entry.ciphertext = ciphertext
        if (cache.has(id) || slotFor(serverId).activeId === id) cache.set(id, raw)
        try {
          await save()
        } catch (error) {
          Object.assign(entry, previous)
          if (previousValue === undefined) cache.delete(id)
          else cache.set(id, previousValue)
          throw error
        }
        notify(serverId)
        return view(entry)
      }),
    update: (serverId, id, patch) =>
      exclusive(async () => {
        const entry = entryOf(serverId, id)
        if (patch.lastTestedAt !== undefined) entry.record.lastTestedAt = patch.lastTestedAt
        if (patch.rejectedAt === null) delete entry.record.rejectedAt
        else if (patch.rejectedAt !== undefined) entry.record.rejectedAt = patch.rejectedAt
        await save()
        notify(serverId)
        return view(entry)
      }),
    remove: (serverId, id) =>
      exclusive(async () => {
        const slot = slotFor(serverId)
        entryOf(serverId, id)
        slot.entries = slot.entries.filter((e) => e.record.id !== id)
        if (slot.activeId === id) slot.activeId = null
        cache.delete(id)
        await save()
        notify(serverId)
      }),
    setActive: (serverId, id) =>
      exclusive(async () => {
        const slot = slotFor(serverId)
        if (id !== null) {
          const entry = entryOf(serverId, id)
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
        await save()
        notify(serverId)
      }),
    async reveal(serverId, id) {
      const entry = entryOf(serverId, id)
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
    active(serverId) {
      const slot = slots.get(serverId)
      const entry = slot?.entries.find((e) => e.record.id === slot.activeId)
      if (!entry) return undefined
      return { token: view(entry), raw: entry.sessionValue ?? cache.get(entry.record.id) }
    },
    onChange(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}
