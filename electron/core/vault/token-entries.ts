import { AppError } from '../../../shared/errors'
import type { StoredRecord } from './vault-file'
import type { StoredToken } from './vault-types'

/** One stored token in memory: its metadata and its value in exactly one of two forms. */
export interface Entry {
  record: Omit<StoredRecord, 'ciphertext'>
  /** Encrypted value as stored on disk (base64). */
  ciphertext?: string
  /** Memory-only value (no protected storage). */
  sessionValue?: string
  problem?: string
}

export interface Slot {
  activeId: string | null
  entries: Entry[]
}

/** What core shows of an entry: the metadata, where the value lives, and what is wrong with it. */
export const viewOf = (entry: Entry): StoredToken => ({
  ...entry.record,
  persisted: entry.ciphertext !== undefined,
  ...(entry.problem === undefined ? {} : { problem: entry.problem }),
})

/**
 * The vault's in-memory model: per server its entries and which one is active, plus the
 * decrypted values of persisted entries so that API calls need not wait for the cipher.
 * Changes that precede a file write return their undo, so a failed write can leave memory as
 * it was and in agreement with the file.
 */
export class TokenEntries {
  readonly slots = new Map<string, Slot>()
  /** Decrypted values of persisted entries, by record id (active ones, warmed at unlock). */
  readonly cache = new Map<string, string>()

  slotFor(serverId: string): Slot {
    let slot = this.slots.get(serverId)
    if (!slot) {
      slot = { activeId: null, entries: [] }
      this.slots.set(serverId, slot)
    }
    return slot
  }

  find(serverId: string, id: string): Entry | undefined {
    return this.slots.get(serverId)?.entries.find((e) => e.record.id === id)
  }

  /** Like find, but a missing entry is the caller's mistake and is reported as not_found. */
  entryOf(serverId: string, id: string): Entry {
    const entry = this.find(serverId, id)
    if (!entry)
      throw new AppError(
        'not_found',
        `No token with id ${id} is stored in this app for this server.`,
      )
    return entry
  }

  /** Adds an entry, optionally as the active one; returns what takes it out again. */
  insert(serverId: string, entry: Entry, options: { activate: boolean; raw: string }): () => void {
    const slot = this.slotFor(serverId)
    const { id } = entry.record
    const previousActive = slot.activeId
    slot.entries.push(entry)
    if (options.activate) {
      slot.activeId = id
      if (entry.ciphertext !== undefined) this.cache.set(id, options.raw)
    }
    return () => {
      slot.entries = slot.entries.filter((e) => e !== entry)
      this.cache.delete(id)
      // The token that was in use before stays in use: a failed add must not leave none active.
      slot.activeId = previousActive
    }
  }

  /**
   * Gives an entry a new record and value (rotation): encrypted when `ciphertext` is given,
   * else memory-only. Returns what restores the entry and its cached value.
   */
  replace(
    serverId: string,
    entry: Entry,
    record: Entry['record'],
    value: { raw: string; ciphertext: string | undefined },
  ): () => void {
    const { id } = entry.record
    const previous = { ...entry }
    const previousValue = this.cache.get(id)
    entry.record = record
    delete entry.problem
    if (value.ciphertext === undefined) entry.sessionValue = value.raw
    else entry.ciphertext = value.ciphertext
    if (this.cache.has(id) || this.slotFor(serverId).activeId === id) this.cache.set(id, value.raw)
    return () => {
      Object.assign(entry, previous)
      if (previousValue === undefined) this.cache.delete(id)
      else this.cache.set(id, previousValue)
    }
  }

  activeEntry(serverId: string): Entry | undefined {
    const slot = this.slots.get(serverId)
    return slot?.entries.find((e) => e.record.id === slot.activeId)
  }

  list(serverId: string): { activeId: string | null; tokens: StoredToken[] } {
    const slot = this.slots.get(serverId)
    return { activeId: slot?.activeId ?? null, tokens: slot?.entries.map(viewOf) ?? [] }
  }

  all(): { serverId: string; token: StoredToken; active: boolean }[] {
    return [...this.slots].flatMap(([serverId, slot]) =>
      slot.entries.map((entry) => ({
        serverId,
        token: viewOf(entry),
        active: entry.record.id === slot.activeId,
      })),
    )
  }

  findByServerTokenId(serverId: string, serverTokenId: string): Entry | undefined {
    return this.slots.get(serverId)?.entries.find((e) => e.record.serverTokenId === serverTokenId)
  }

  /** The active entry with its value if at hand: memory-only, or decrypted into the cache. */
  active(serverId: string): { token: StoredToken; raw: string | undefined } | undefined {
    const entry = this.activeEntry(serverId)
    if (!entry) return undefined
    return { token: viewOf(entry), raw: entry.sessionValue ?? this.cache.get(entry.record.id) }
  }
}
