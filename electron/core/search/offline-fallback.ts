import { entriesQueryResponse, type EntriesQueryResponse } from '../../../shared/api'
import { AppError } from '../../../shared/errors'
import type { KeptNote } from '../../../shared/ipc/channels/offline-mode'
import type { OfflineNote } from '../../../shared/ipc/channels/search'
import type { EntriesQueryBody } from '../api/endpoints/entries'

/**
 * What the app answers with while a server cannot be reached (or the user works offline from
 * it): searches, counts, facets and an entry's details from the entries pinned from it
 * (electron/core/offline), archive parts from the pinned summaries, and both also from the cache
 * of recently viewed entries. Every such answer carries a note that says so. Only a network
 * failure falls back: a server that answers with an error is heard, not papered over.
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
  /** A pinned entry's archive summary and when it was synced, if its pin kept one. */
  archive?(
    serverId: string,
    entryId: string,
  ): { archive: Record<string, unknown>; at: number } | undefined
  /** What the cache of recently viewed entries keeps under `part` ('entry', 'archive …'). */
  cached?(
    serverId: string,
    entryId: string,
    part: string,
  ): { value: unknown; at: number } | undefined
  /** Keeps an answer the server gave in the recently viewed cache. */
  remember?(serverId: string, entryId: string, part: string, value: unknown): void
}

export type { KeptNote, OfflineNote }

export type OfflineSource = () => Promise<OfflineEntries | undefined>

/**
 * The one fallback: `online()`, or, when the server cannot be reached, what `local` answers from
 * this computer; when it has nothing (undefined), the network error stands.
 */
export async function whenUnreachable<T>(
  source: OfflineSource | undefined,
  online: () => Promise<T>,
  local: (offline: OfflineEntries) => T | undefined | Promise<T | undefined>,
): Promise<T> {
  try {
    return await online()
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'network' || source === undefined)
      throw error
    const offline = await source().catch(() => undefined)
    const answer = offline === undefined ? undefined : await local(offline)
    if (answer === undefined) throw error
    return answer
  }
}

/** `online()`, or, when the server cannot be reached and entries are pinned, `local()`. */
export function orOffline<T>(
  source: OfflineSource | undefined,
  serverId: string,
  online: () => Promise<T>,
  local: (offline: OfflineEntries) => T,
): Promise<{ value: T; offline?: OfflineNote }> {
  return whenUnreachable<{ value: T; offline?: OfflineNote }>(
    source,
    async () => ({ value: await online() }),
    (offline) =>
      offline.pinned(serverId) === 0
        ? undefined
        : {
            value: local(offline),
            offline: { entries: offline.pinned(serverId), syncedAt: offline.syncedAt(serverId) },
          },
  )
}

/** Keeps an online answer in the recently viewed cache (never delays or fails the answer). */
export function remember(
  source: OfflineSource | undefined,
  serverId: string,
  entryId: string,
  part: string,
  value: unknown,
): void {
  // Fire and forget: the cache is a convenience, and a failure to keep something is logged by it.
  void source?.()
    .then((offline) => offline?.remember?.(serverId, entryId, part, value))
    .catch(() => undefined)
}

/** An offline answer in the wire shape (checked like a server's, so rows map the same way). */
export function offlineQuery(
  offline: OfflineEntries,
  serverId: string,
  body: EntriesQueryBody,
): EntriesQueryResponse {
  return entriesQueryResponse.parse(offline.query(serverId, body))
}
