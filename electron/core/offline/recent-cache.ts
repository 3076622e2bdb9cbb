import type { Database } from 'lmdb'
import { z } from 'zod'
import type { EmbeddedDb } from '../storage/embedded-db'
import { recordBytes } from './offline-library'

/**
 * The cache of recently viewed entries and archive parts (docs/offline.md): what the server
 * answered while the user looked at it, kept in the app's one embedded database apart from the
 * pins (sub-databases `offline-cache`, the values, and `offline-cache-lru`, their sizes and last
 * use), bounded by a size limit with the least recently used items evicted first. Offline, an
 * entry's details and the archive parts seen before answer from it, marked "cached".
 */

/** [server id, entry id, part]: part is 'entry' or 'archive <path>'. */
type CacheKey = [string, string, string]

const lruSchema = z.object({
  bytes: z.number().int().nonnegative(),
  usedAt: z.number(),
  /** When the server sent it. */
  at: z.number(),
})
type Lru = z.infer<typeof lruSchema>

export interface CacheStats {
  items: number
  bytes: number
  maxBytes: number
}

export class RecentCache {
  private readonly values: Database<unknown, CacheKey>
  private readonly lru: Database<unknown, CacheKey>
  /** The LRU index in memory (a few numbers per item): JSON of the key → its record. */
  private readonly index = new Map<string, { key: CacheKey; lru: Lru }>()
  private total = 0

  constructor(
    private readonly db: EmbeddedDb,
    private readonly maxBytes: () => number,
    private readonly now: () => number,
  ) {
    this.values = db.openDB<unknown, CacheKey>('offline-cache')
    this.lru = db.openDB<unknown, CacheKey>('offline-cache-lru')
    for (const { key, value } of this.lru.getRange()) {
      const parsed = lruSchema.safeParse(value)
      // A damaged index record: its value is dropped at the next eviction or clear.
      if (!parsed.success) continue
      this.index.set(JSON.stringify(key), { key, lru: parsed.data })
      this.total += parsed.data.bytes
    }
  }

  stats(): CacheStats {
    return { items: this.index.size, bytes: this.total, maxBytes: this.maxBytes() }
  }

  /** The kept value and when the server sent it; marks it as used now. */
  get(serverId: string, entryId: string, part: string): { value: unknown; at: number } | undefined {
    const key: CacheKey = [serverId, entryId, part]
    const item = this.index.get(JSON.stringify(key))
    if (item === undefined) return undefined
    const value = this.values.get(key)
    if (value === undefined) return undefined
    item.lru = { ...item.lru, usedAt: this.now() }
    // The use time is a hint for eviction: losing it in a crash costs nothing.
    void this.lru.put(key, item.lru)
    return { value, at: item.lru.at }
  }

  /** Keeps a value (replacing an older one), then evicts down to the limit. */
  async put(serverId: string, entryId: string, part: string, value: unknown): Promise<void> {
    const key: CacheKey = [serverId, entryId, part]
    const bytes = recordBytes(value)
    const id = JSON.stringify(key)
    if (bytes > this.maxBytes()) return
    const now = this.now()
    const lru: Lru = { bytes, usedAt: now, at: now }
    await this.db.transaction(() => {
      this.values.putSync(key, value)
      this.lru.putSync(key, lru)
    })
    this.total += bytes - (this.index.get(id)?.lru.bytes ?? 0)
    this.index.set(id, { key, lru })
    await this.evict()
  }

  /** Evicts the least recently used items until the cache fits its limit. */
  async evict(): Promise<void> {
    const limit = this.maxBytes()
    if (this.total <= limit) return
    const oldest = [...this.index.entries()].sort((a, b) => a[1].lru.usedAt - b[1].lru.usedAt)
    const gone: CacheKey[] = []
    for (const [id, item] of oldest) {
      if (this.total <= limit) break
      this.index.delete(id)
      this.total -= item.lru.bytes
      gone.push(item.key)
    }
    await this.db.transaction(() => {
      for (const key of gone) {
        this.values.removeSync(key)
        this.lru.removeSync(key)
      }
    })
  }

  /** Nothing to release: the embedded database is closed by its owner. */
  dispose(): void {}

  async clear(): Promise<void> {
    await this.db.transaction(() => {
      for (const { key } of this.lru.getRange()) this.lru.removeSync(key)
      for (const { key } of this.values.getRange()) this.values.removeSync(key)
    })
    this.index.clear()
    this.total = 0
  }
}
