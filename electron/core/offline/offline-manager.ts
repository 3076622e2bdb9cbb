import { randomUUID } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import type { JsonValue } from '../../../shared/api'
import type { PinEstimate, PinSpec, PinSummary } from '../../../shared/ipc/channels/offline'
import type { ApiRegistry } from '../api/client-registry'
import type { EntriesQueryBody } from '../api/endpoints/entries'
import type { Logger } from '../logging'
import type { EventSink } from '../ports'
import type { ServerProfiles } from '../servers/server-profiles'
import type { EmbeddedDb } from '../storage/embedded-db'
import { SUMMARY_REQUIRED, type PinRecord } from './library-records'
import { OfflineLibrary, recordBytes } from './offline-library'
import { OfflineSearch } from './offline-search'
import { CLOSING, pinQuery, runPin } from './pin-runner'
import { statfsFreeSpace, type FreeSpaceProbe } from '../downloads/destination'
import { MIN_FREE_BYTES } from './disk-guard'
import { runSync } from './sync-runner'

/**
 * The offline library as the app runs it: pins run one at a time in the background lane (a
 * pin found 'pinning' at start was interrupted and resumes), progress goes out as the
 * `offline.changed` event at most every EVENT_MS, and searches over pinned entries are
 * answered by `search`.
 */

export interface OfflineManagerDeps {
  api: ApiRegistry
  profiles: ServerProfiles
  db: EmbeddedDb
  events: EventSink
  logger: Logger
  now: () => number
  /** The data folder, whose disk a pin checks before each page (disk-guard.ts). */
  dataDir?: string
  freeSpace?: FreeSpaceProbe
  /**
   * Runs after a pin that asked for raw files completes (pin-raw-files.ts starts their job);
   * its failure is logged, never the pin's.
   */
  afterComplete?: (pin: PinRecord) => Promise<void>
}

/** Entries whose metadata (and archive summaries, fewer) an estimate measures. */
const SAMPLE = 20
const ARCHIVE_SAMPLE = 5
const EVENT_MS = 250

export type OfflineManager = ReturnType<typeof createOfflineManager>

export function createOfflineManager(deps: OfflineManagerDeps) {
  const library = new OfflineLibrary(deps.db)
  const search = new OfflineSearch(library)
  const running = new Map<string, AbortController>()
  let queue: Promise<unknown> = Promise.resolve()
  let lastEvent = 0
  let disposed = false
  // The background pass after the start-up scan; stopped and awaited at dispose.
  const stopping = new AbortController()
  let background: Promise<void> = Promise.resolve()

  // A pin's own message first; else why its raw files could not be fetched (pin-raw-files.ts).
  const messageOf = (pin: PinRecord) => pin.message ?? pin.rawFiles?.problem
  const summary = (pin: PinRecord): PinSummary => ({
    pinId: pin.pinId,
    serverId: pin.serverId,
    serverName: pin.serverName || pin.serverId,
    label: pin.label,
    kind: pin.source.kind,
    state: pin.state,
    phase: pin.phase,
    entries: pin.entries,
    matched: pin.matched ?? null,
    limit: pin.limit,
    bytes: pin.bytes,
    withArchives: pin.archiveRequired !== null,
    createdAt: pin.createdAt,
    syncedAt: pin.syncedAt ?? null,
    ...(messageOf(pin) !== undefined ? { message: messageOf(pin) ?? '' } : {}),
    ...(pin.sync ? { syncing: pin.sync.kind } : {}),
    ...(pin.lastSync
      ? {
          lastSync: {
            finishedAt: pin.lastSync.finishedAt,
            added: pin.lastSync.added,
            removed: pin.lastSync.removed,
            changed: pin.lastSync.changed,
            newPinned: pin.lastSync.newPinned,
          },
        }
      : {}),
  })

  function changed(pin: PinRecord, force = true) {
    const now = Date.now()
    if (!force && now - lastEvent < EVENT_MS) return
    lastEvent = now
    deps.events.emit('offline.changed', { pins: [summary(pin)] })
  }

  function existing(pinId: string): PinRecord {
    const pin = library.getPin(pinId)
    if (pin === undefined)
      throw new AppError('not_found', `There is no pin ${pinId}; it may have been removed.`)
    return pin
  }

  async function clientFor(serverId: string) {
    try {
      deps.profiles.get(serverId)
    } catch {
      throw new AppError(
        'not_found',
        `There is no server profile ${serverId}; it may have been removed.`,
        { path: ['serverId'] },
      )
    }
    return deps.api.clientFor(serverId)
  }

  /** Queues a pin; it runs after the pins before it, unless paused or removed meanwhile. */
  function enqueue(pinId: string) {
    queue = queue.then(async () => {
      const pin = library.getPin(pinId)
      if (disposed || pin === undefined || pin.state !== 'pinning') return
      const controller = new AbortController()
      running.set(pinId, controller)
      try {
        const client = await clientFor(pin.serverId)
        // A pin record with a sync under way runs the sync (sync-runner.ts), else the pin.
        const done = await (pin.sync ? runSync : runPin)(
          {
            client,
            library,
            signal: controller.signal,
            now: deps.now,
            onProgress: (p) => changed(p, false),
            ...(deps.dataDir !== undefined
              ? {
                  disk: {
                    folder: deps.dataDir,
                    ...(deps.freeSpace ? { freeSpace: deps.freeSpace } : {}),
                  },
                }
              : {}),
          },
          pin,
        )
        changed(done)
        if (done.state === 'complete' && done.rawFiles && deps.afterComplete)
          await deps
            .afterComplete(done)
            .catch((error: unknown) =>
              deps.logger.warn('the raw files of a pin could not start', { pinId, error }),
            )
      } catch (error) {
        deps.logger.warn('a pin could not run', { pinId, error })
        const failed = { ...pin, state: 'failed' as const, message: (error as Error).message }
        await library.savePin(failed)
        changed(failed)
      } finally {
        running.delete(pinId)
      }
    })
  }

  // Pins that were running when the app stopped continue.
  for (const pin of library.listPins()) if (pin.state === 'pinning') enqueue(pin.pinId)

  return {
    search,
    library,
    /** Queues a stored pin record whose state is 'pinning' (a pin or a sync, offline-sync.ts). */
    run: enqueue,
    announce: (pin: PinRecord) => changed(pin),
    summary,
    /**
     * Reads and checks every stored record (at start, in chunks): damage is found before a
     * search meets it, and what is read feeds the first offline search of each server.
     */
    async scan() {
      const collector = search.collector()
      const damaged = await library.scan((serverId, entry) => collector.add(serverId, entry))
      collector.done()
      // Then, in the background: an older library's summaries move out of its entry records
      // (library-migration.ts), and every summary is read once, so a damaged one is listed
      // before anyone opens it.
      background = library
        .migrate({ signal: stopping.signal })
        .then(() => library.checkArchives(stopping.signal))
        .then(
          (found) => {
            if (found.length <= damaged.length) return
            deps.logger.warn('the offline library has damaged archive summaries', {
              count: found.length - damaged.length,
            })
            // An open Offline section lists them now, not at its next `offline.list`.
            if (!disposed) deps.events.emit('offline.changed', { pins: [], damaged: found })
          },
          (error: unknown) => deps.logger.warn('the offline library check failed', { error }),
        )
      return damaged
    },

    // What search falls back to while a server cannot be reached (search/offline-fallback.ts).
    pinned: (serverId: string) => search.size(serverId),
    syncedAt(serverId: string): number | null {
      const times = library
        .listPins()
        .filter((pin) => pin.serverId === serverId && pin.syncedAt !== undefined)
        .map((pin) => pin.syncedAt ?? 0)
      return times.length === 0 ? null : Math.max(...times)
    },
    query: (serverId: string, body: EntriesQueryBody) => search.query(serverId, body),
    entry: (serverId: string, entryId: string) => library.entry(serverId, entryId)?.doc,

    async estimate(spec: PinSpec): Promise<PinEstimate> {
      const client = await clientFor(spec.serverId)
      const { query, owner } = pinQuery(spec.source)
      const answer = await client.entries.query(
        {
          owner,
          query: query as JsonValue,
          pagination: { page_size: SAMPLE, order_by: 'entry_id' },
        },
        { lane: 'interactive' },
      )
      const matched = answer.pagination.total
      const entries = Math.min(matched, spec.limit)
      const sample = answer.data
      // The disk the pin would fill, so the dialog can say whether it fits (pin-space.ts).
      const folder = deps.dataDir ?? ''
      const disk = {
        folder,
        freeBytes: folder ? await (deps.freeSpace ?? statfsFreeSpace)(folder) : null,
        reserveBytes: MIN_FREE_BYTES,
      }
      if (sample.length === 0) return { matched, entries, bytes: 0, sampled: 0, ...disk }
      let perEntry = sample.reduce((sum, doc) => sum + recordBytes(doc), 0) / sample.length
      if (spec.withArchives) {
        const ids = sample.slice(0, ARCHIVE_SAMPLE).map((doc) => doc.entry_id)
        const archives = await client.archive.query(
          {
            owner: 'visible',
            query: { 'entry_id:any': ids },
            pagination: { page_size: ids.length },
            required: SUMMARY_REQUIRED,
          },
          { lane: 'interactive' },
        )
        const measured = archives.data.map((item) => recordBytes(item.archive))
        if (measured.length > 0) perEntry += measured.reduce((a, b) => a + b, 0) / measured.length
      }
      const bytes = Math.round(entries * perEntry)
      return { matched, entries, bytes, sampled: sample.length, ...disk }
    },

    async pin(spec: PinSpec): Promise<{ pinId: string }> {
      const profile = (() => {
        try {
          return deps.profiles.get(spec.serverId)
        } catch {
          throw new AppError('not_found', `There is no server profile ${spec.serverId}.`, {
            path: ['serverId'],
          })
        }
      })()
      const pin: PinRecord = {
        pinId: randomUUID(),
        serverId: spec.serverId,
        serverName: profile.name,
        label: spec.label?.trim() || defaultLabel(spec),
        source: spec.source,
        limit: spec.limit,
        archiveRequired: spec.withArchives ? { ...SUMMARY_REQUIRED } : null,
        state: 'pinning',
        createdAt: deps.now(),
        entries: 0,
        bytes: 0,
        phase: 'metadata',
        ...(spec.withRawFiles ? { rawFiles: {} } : {}),
      }
      await library.savePin(pin)
      changed(pin)
      enqueue(pin.pinId)
      return { pinId: pin.pinId }
    },

    list() {
      return { pins: library.listPins().map(summary), damaged: library.damaged() }
    },

    async pause(pinId: string): Promise<PinSummary> {
      const pin = existing(pinId)
      const controller = running.get(pinId)
      if (controller) {
        controller.abort()
        await queue
        return summary(existing(pinId))
      }
      if (pin.state !== 'pinning') return summary(pin)
      const paused: PinRecord = { ...pin, state: 'paused', message: 'Paused before it started.' }
      await library.savePin(paused)
      changed(paused)
      return summary(paused)
    },

    async resume(pinId: string): Promise<PinSummary> {
      const pin = existing(pinId)
      if (pin.state === 'pinning' || pin.state === 'complete') return summary(pin)
      const resumed: PinRecord = { ...pin, state: 'pinning' }
      delete resumed.message
      await library.savePin(resumed)
      changed(resumed)
      enqueue(pinId)
      return summary(resumed)
    },

    async remove(pinId: string): Promise<void> {
      existing(pinId)
      running.get(pinId)?.abort()
      if (running.has(pinId)) await queue
      await library.removePin(pinId)
    },

    /** Resolves once every queued pin has run (tests, shutdown). */
    idle: () => queue,

    async dispose() {
      disposed = true
      // Not a pause: what runs now continues at the next start.
      for (const controller of running.values()) controller.abort(CLOSING)
      stopping.abort()
      await Promise.all([queue, background])
    },
  }
}

function defaultLabel(spec: PinSpec): string {
  switch (spec.source.kind) {
    case 'search':
      return 'Search results'
    case 'entries':
      return `${spec.source.entryIds.length} selected ${spec.source.entryIds.length === 1 ? 'entry' : 'entries'}`
    case 'upload':
      return `Upload ${spec.source.uploadId}`
  }
}
