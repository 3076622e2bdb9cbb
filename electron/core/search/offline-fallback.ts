import { entriesQueryResponse, type EntriesQueryResponse } from '../../../shared/api'
import { AppError } from '../../../shared/errors'
import type { OfflineNote } from '../../../shared/ipc/channels/search'
import type { EntriesQueryBody } from '../api/endpoints/entries'

/**
 * What search needs of the offline library (electron/core/offline): when a server cannot be
 * reached, searches, counts, facets and an entry's details are answered from the entries pinned
 * from it, with a note that says so. Only a network failure falls back: a server that answers
 * with an error is heard, not papered over.
 */
export interface OfflineEntries {
  /** Entries pinned from the server (0: nothing to fall back to). */
  pinned(serverId: string): number
  /** When a pin of the server was last synced completely (the newest), or null. */
  syncedAt(serverId: string): number | null
  /** A POST /entries/query body answered from the pinned entries. */
  query(serverId: string, body: EntriesQueryBody): unknown
  /** A pinned entry's metadata, if pinned. */
  entry(serverId: string, entryId: string): Record<string, unknown> | undefined
}

export type { OfflineNote }

export type OfflineSource = () => Promise<OfflineEntries | undefined>

/** `online()`, or, when the server cannot be reached and entries are pinned, `local()`. */
export async function orOffline<T>(
  source: OfflineSource | undefined,
  serverId: string,
  online: () => Promise<T>,
  local: (offline: OfflineEntries) => T,
): Promise<{ value: T; offline?: OfflineNote }> {
  try {
    return { value: await online() }
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'network' || source === undefined)
      throw error
    const offline = await source().catch(() => undefined)
    if (offline === undefined || offline.pinned(serverId) === 0) throw error
    return {
      value: local(offline),
      offline: { entries: offline.pinned(serverId), syncedAt: offline.syncedAt(serverId) },
    }
  }
}

/** An offline answer in the wire shape (checked like a server's, so rows map the same way). */
export function offlineQuery(
  offline: OfflineEntries,
  serverId: string,
  body: EntriesQueryBody,
): EntriesQueryResponse {
  return entriesQueryResponse.parse(offline.query(serverId, body))
}
