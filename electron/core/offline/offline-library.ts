import type { Database } from 'lmdb'
import type { EmbeddedDb } from '../storage/embedded-db'
import {
  archiveRecordSchema,
  entryRecordSchema,
  pinRecordSchema,
  storedEntrySchema,
  type EntryHead,
  type EntryRecord,
  type PinRecord,
  type StoredEntry,
} from './library-records'
import { checkArchives, migrateArchives, type EntryKey, type LibraryDbs } from './library-migration'

/**
 * The offline library's records in the app's one embedded database: sub-databases
 * `offline-pins` (pin id → PinRecord), `offline-entries` ([server id, entry id] → the entry
 * record: metadata and pins, small) and `offline-archives` (the same key → the entry's archive
 * summary, large). The start-up scan reads only entry records; a summary is read when an entry is
 * opened, synced or exported. Every change that touches several is one transaction: a crash
 * leaves a pin and its entries consistent, at the last page stored. `offline-meta` holds the
 * layout version (library-migration.ts).
 */

type Json = Record<string, unknown>

/** A record that failed validation: reported, skipped, and its pin offered for re-sync. */
export interface DamagedRecord {
  key: string
  problem: string
  /** The pins a damaged entry names (when its pin list is still readable): offered for re-sync. */
  pinIds?: string[]
}

/**
 * Entry keys are [server id, entry id]: lmdb orders array keys element by element, so one
 * server's entries are one range, in entry id order. (A string key with a NUL separator would be
 * read back as such an array by lmdb's key encoding, and its ranges would not match.)
 */
const entryKey = (serverId: string, entryId: string): EntryKey => [serverId, entryId]
/** Above every entry id (ids are ASCII; U+FFFF encodes above any ASCII byte). */
const LAST = '\uffff'
/** Records the start-up scan reads between two yields to the event loop. */
const SCAN_CHUNK = 5000

/** Bytes a record takes, counted as its JSON (what the storage screen and the estimates show). */
export const recordBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value))

/** Writes inside one transaction of `OfflineLibrary.write` (sync passes, imports). */
export interface LibraryTables {
  /** The entry as stored, or undefined when missing or damaged. */
  entry(serverId: string, entryId: string): StoredEntry | undefined
  /** Whether a record exists under the key at all (a damaged one included). */
  exists(serverId: string, entryId: string): boolean
  putEntry(serverId: string, entry: StoredEntry): void
  removeEntry(serverId: string, entryId: string): void
  putPin(pin: PinRecord): void
}

export class OfflineLibrary {
  private readonly pins: Database<unknown, string>
  private readonly entries: Database<unknown, EntryKey>
  private readonly archives: Database<unknown, EntryKey>
  private readonly meta: Database<unknown, string>
  /** Bumped on every change of a server's entries: the offline search rebuilds its source. */
  private readonly versions = new Map<string, number>()
  private readonly damagedKeys = new Map<string, Omit<DamagedRecord, 'key'>>()

  constructor(private readonly db: EmbeddedDb) {
    this.pins = db.openDB<unknown, string>('offline-pins')
    this.entries = db.openDB<unknown, EntryKey>('offline-entries')
    this.archives = db.openDB<unknown, EntryKey>('offline-archives')
    this.meta = db.openDB<unknown, string>('offline-meta')
  }

  private dbs(): LibraryDbs {
    return { db: this.db, entries: this.entries, archives: this.archives, meta: this.meta }
  }

  /**
   * Moves archive summaries of layout 1 out of the entry records, in chunks of one transaction
   * each (an interrupted migration resumes at the next start); a no-op once done.
   */
  migrate(options?: { chunk?: number; signal?: AbortSignal }): Promise<number> {
    return migrateArchives(this.dbs(), options)
  }

  /**
   * Reads every archive summary once, in chunks that leave the event loop free (a background
   * pass after the scan), so a damaged one is listed even before anyone opens it.
   */
  async checkArchives(signal?: AbortSignal): Promise<DamagedRecord[]> {
    await checkArchives(this.dbs(), (key, value) => this.archiveOf(key, value), signal)
    return this.damaged()
  }

  version(serverId: string): number {
    return this.versions.get(serverId) ?? 0
  }

  /** Records found damaged since start (by key), with what was wrong. */
  damaged(): DamagedRecord[] {
    return [...this.damagedKeys].map(([key, found]) => ({ key, ...found }))
  }

  /**
   * Reads every pin and entry record once (at start; archive summaries are `checkArchives`'s),
   * so damage is found before a search meets it; yields to the event loop every SCAN_CHUNK
   * records. Returns what `damaged()` then returns.
   */
  async scan(visit?: (serverId: string, entry: EntryHead) => void): Promise<DamagedRecord[]> {
    this.listPins()
    let read = 0
    for (const { key, value } of this.entries.getRange()) {
      const record = this.validRecord(key, value)
      if (record !== undefined) visit?.(key[0], head(record))
      if (++read % SCAN_CHUNK === 0) await new Promise((resolve) => setImmediate(resolve))
    }
    return this.damaged()
  }

  listPins(): PinRecord[] {
    const out: PinRecord[] = []
    for (const { key, value } of this.pins.getRange()) {
      const pin = this.validPin(key, value)
      if (pin) out.push(pin)
    }
    return out.sort((a, b) => a.createdAt - b.createdAt || (a.pinId < b.pinId ? -1 : 1))
  }

  getPin(pinId: string): PinRecord | undefined {
    return this.validPin(pinId, this.pins.get(pinId))
  }

  async savePin(pin: PinRecord): Promise<void> {
    await this.db.transaction(() => {
      this.pins.putSync(pin.pinId, pinRecordSchema.parse(pin))
    })
  }

  /** The entry with its archive summary (read and checked now), or undefined when missing. */
  entry(serverId: string, entryId: string): StoredEntry | undefined {
    const key = entryKey(serverId, entryId)
    const record = this.validRecord(key, this.entries.get(key))
    return record === undefined ? undefined : this.withArchive(key, record)
  }

  /** Every valid stored entry of a server, in entry id order, without archive summaries. */
  *entriesOf(serverId: string): Generator<EntryHead> {
    const range = this.entries.getRange({ start: [serverId], end: [serverId, LAST] })
    for (const { key, value } of range) {
      const record = this.validRecord(key, value)
      if (record) yield head(record)
    }
  }

  /**
   * Stores a page of entry metadata for `pin` and the pin's new state in one transaction.
   * Entries other pins already keep are updated in place and gain this pin.
   */
  async storeEntries(
    pin: PinRecord,
    docs: readonly Json[],
    syncedAt: number,
    next: (kept: { added: number; bytes: number }) => Partial<PinRecord>,
  ): Promise<PinRecord> {
    const updated = await this.db.transaction(() => {
      let added = 0
      let bytes = 0
      for (const doc of docs) {
        const entryId = String(doc.entry_id)
        const key = entryKey(pin.serverId, entryId)
        const stored = this.validRecord(key, this.entries.get(key))
        const old = stored && this.withArchive(key, stored)
        const keeps = old?.pins.includes(pin.pinId) ?? false
        const record: StoredEntry = {
          doc: doc as StoredEntry['doc'],
          ...(old?.archive ? { archive: old.archive } : {}),
          pins: keeps ? (old?.pins ?? []) : [...(old?.pins ?? []), pin.pinId],
          syncedAt,
        }
        if (!keeps) added += 1
        bytes += recordBytes(record) - (old && keeps ? recordBytes(old) : 0)
        // The summary stays where it is, unless it is still inline (layout 1) and moves now.
        this.put(key, record, stored?.archive !== undefined, stored?.archived === true)
      }
      const current = this.getPin(pin.pinId) ?? pin
      const result = pinRecordSchema.parse({
        ...current,
        entries: current.entries + added,
        bytes: Math.max(0, current.bytes + bytes),
        ...next({ added, bytes }),
      })
      this.pins.putSync(pin.pinId, result)
      return result
    })
    this.bump(pin.serverId)
    return updated
  }

  /** Stores archive summaries of entries the pin keeps, and the pin's new state, at once. */
  async storeArchives(
    pin: PinRecord,
    archives: ReadonlyMap<string, Json>,
    next: Partial<PinRecord>,
  ): Promise<PinRecord> {
    const updated = await this.db.transaction(() => {
      let bytes = 0
      for (const [entryId, archive] of archives) {
        const key = entryKey(pin.serverId, entryId)
        const stored = this.validRecord(key, this.entries.get(key))
        if (!stored) continue
        const old = this.withArchive(key, stored)
        bytes += recordBytes(archive) - (old.archive ? recordBytes(old.archive) : 0)
        this.put(key, { ...old, archive }, true)
      }
      const current = this.getPin(pin.pinId) ?? pin
      const result = pinRecordSchema.parse({
        ...current,
        bytes: Math.max(0, current.bytes + bytes),
        ...next,
      })
      this.pins.putSync(pin.pinId, result)
      return result
    })
    this.bump(pin.serverId)
    return updated
  }

  /** Removes a pin and every entry no other pin keeps, in one transaction. */
  async removePin(pinId: string): Promise<void> {
    const pin = this.getPin(pinId)
    const serverId = pin?.serverId
    await this.db.transaction(() => {
      if (serverId !== undefined) {
        for (const entry of this.entriesOf(serverId)) {
          if (!entry.pins.includes(pinId)) continue
          const key = entryKey(serverId, entry.doc.entry_id)
          const pins = entry.pins.filter((id) => id !== pinId)
          if (pins.length === 0) this.remove(key)
          else {
            // The record as stored (a summary still inline stays with it), with one pin less.
            const record = this.validRecord(key, this.entries.get(key))
            if (record) this.entries.putSync(key, { ...record, pins })
          }
        }
      }
      this.pins.removeSync(pinId)
    })
    if (serverId !== undefined) this.bump(serverId)
  }

  /**
   * Runs `action` as one transaction over the tables (all of its writes land, or none), then
   * tells the offline search that the server's entries changed.
   */
  async write<T>(serverId: string, action: (tables: LibraryTables) => T): Promise<T> {
    const tables: LibraryTables = {
      entry: (server, id) => this.entry(server, id),
      exists: (server, id) => this.entries.get(entryKey(server, id)) !== undefined,
      putEntry: (server, entry) => {
        const key = entryKey(server, entry.doc.entry_id)
        this.put(key, storedEntrySchema.parse(entry), true)
        // A record rewritten whole (a re-sync) is no longer damaged.
        this.damagedKeys.delete(`entry ${key.join('/')}`)
        this.damagedKeys.delete(`archive ${key.join('/')}`)
      },
      removeEntry: (server, id) => this.remove(entryKey(server, id)),
      putPin: (pin) => this.pins.putSync(pin.pinId, pinRecordSchema.parse(pin)),
    }
    const result = await this.db.transaction(() => action(tables))
    this.bump(serverId)
    return result
  }

  private bump(serverId: string) {
    this.versions.set(serverId, this.version(serverId) + 1)
  }

  private validPin(key: string, value: unknown): PinRecord | undefined {
    if (value === undefined) return undefined
    const parsed = pinRecordSchema.safeParse(value)
    if (parsed.success) return parsed.data
    this.damagedKeys.set(`pin ${key}`, {
      problem: parsed.error.issues[0]?.message ?? 'invalid record',
    })
    return undefined
  }

  /**
   * Writes an entry as its two records (inside a transaction): the entry record and, when
   * `writeArchive`, its archive summary (else the stored summary is left as it is); a summary no
   * longer kept is removed.
   */
  private put(
    key: EntryKey,
    entry: StoredEntry,
    writeArchive: boolean,
    /** False when no summary is stored apart (a fresh entry: nothing to remove). */
    storedApart = true,
  ) {
    const { archive, ...rest } = entry
    this.entries.putSync(key, { ...rest, archived: archive !== undefined })
    if (archive === undefined) {
      if (storedApart) this.archives.removeSync(key)
    } else if (writeArchive) this.archives.putSync(key, archive)
  }

  private remove(key: EntryKey) {
    this.entries.removeSync(key)
    this.archives.removeSync(key)
  }

  /** The entry record with its archive summary: inline (layout 1) or read apart and checked. */
  private withArchive(key: EntryKey, record: EntryRecord): StoredEntry {
    const { archived, archive, ...rest } = record
    if (archive !== undefined) return { ...rest, archive }
    if (archived !== true) return rest
    const read = this.archiveOf(key, this.archives.get(key), record.pins)
    return read === undefined ? rest : { ...rest, archive: read }
  }

  /** A checked archive summary; a damaged one is reported with the pins of its entry. */
  private archiveOf(
    key: EntryKey,
    value: unknown,
    pins?: string[],
  ): Record<string, unknown> | undefined {
    if (value === undefined) return undefined
    const parsed = archiveRecordSchema.safeParse(value)
    if (parsed.success) return parsed.data
    const pinIds = pins ?? this.pinsOf(key)
    this.damagedKeys.set(`archive ${key.join('/')}`, {
      problem: parsed.error.issues[0]?.message ?? 'invalid record',
      ...(pinIds.length > 0 ? { pinIds } : {}),
    })
    return undefined
  }

  private pinsOf(key: EntryKey): string[] {
    const value: unknown = this.entries.get(key)
    const raw: unknown =
      typeof value === 'object' && value !== null && 'pins' in value ? value.pins : undefined
    return Array.isArray(raw) ? raw.filter((id) => typeof id === 'string') : []
  }

  private validRecord(key: EntryKey, value: unknown): EntryRecord | undefined {
    if (value === undefined) return undefined
    const parsed = entryRecordSchema.safeParse(value)
    if (parsed.success) return parsed.data
    const raw: unknown =
      typeof value === 'object' && value !== null && 'pins' in value ? value.pins : undefined
    const pinIds = Array.isArray(raw) ? raw.filter((id) => typeof id === 'string') : []
    this.damagedKeys.set(`entry ${key.join('/')}`, {
      problem: parsed.error.issues[0]?.message ?? 'invalid record',
      ...(pinIds.length > 0 ? { pinIds } : {}),
    })
    return undefined
  }
}

function head(record: EntryRecord): EntryHead {
  return {
    doc: record.doc,
    pins: record.pins,
    syncedAt: record.syncedAt,
    archived: record.archived === true || record.archive !== undefined,
  }
}
