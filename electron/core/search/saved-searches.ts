/**
 * Saved searches and the history of recent searches, per server, each in its own file under
 * <dataDir>/search/ (they grow; the settings document stays small).
 */
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { z } from 'zod'
import type { JsonObject, Owner } from '../../../shared/api'
import { AppError } from '../../../shared/errors'
import {
  historyItemSchema,
  savedSearchSchema,
  savedSearchStateSchema,
  type HistoryItem,
  type SavedSearch,
  type SearchState,
} from '../../../shared/ipc/channels/search'
import type { Logger } from '../logging'
import { createPerServerStore } from '../storage/per-server-store'

export const HISTORY_LIMIT = 50
export const SAVED_LIMIT = 500

export function createSearchStores(dataDir: string, now: () => number, logger: Logger) {
  const saved = createPerServerStore({
    path: join(dataDir, 'search', 'saved-searches.json'),
    schema: z.array(savedSearchSchema),
    logger,
  })
  const history = createPerServerStore({
    path: join(dataDir, 'search', 'history.json'),
    schema: z.array(historyItemSchema),
    logger,
  })
  const state = createPerServerStore({
    path: join(dataDir, 'search', 'state.json'),
    schema: savedSearchStateSchema,
    logger,
  })

  return {
    listSaved: async (serverId: string) => (await saved.get(serverId)) ?? [],

    saveSearch(
      serverId: string,
      input: { id?: string; name: string; search: SearchState },
    ): Promise<SavedSearch> {
      let result: SavedSearch | undefined
      return saved
        .update(serverId, (list = []) => {
          const at = now()
          if (input.id !== undefined) {
            const existing = list.find((s) => s.id === input.id)
            if (!existing)
              throw new AppError(
                'not_found',
                `The saved search “${input.name}” no longer exists; save it again as new.`,
              )
            result = { ...existing, name: input.name, search: input.search, updatedAt: at }
            return list.map((s) => (s.id === input.id ? (result as SavedSearch) : s))
          }
          if (list.length >= SAVED_LIMIT)
            throw new AppError(
              'limit_exceeded',
              `You have ${SAVED_LIMIT} saved searches on this server; remove some to save more.`,
            )
          result = {
            id: randomUUID(),
            name: input.name,
            createdAt: at,
            updatedAt: at,
            search: input.search,
          }
          return [result, ...list]
        })
        .then(() => result as SavedSearch)
    },

    removeSaved: (serverId: string, id: string) =>
      saved.update(serverId, (list = []) => list.filter((s) => s.id !== id)),

    listHistory: async (serverId: string) => (await history.get(serverId)) ?? [],

    /** Most recent first; the same owner and query again moves to the top instead of repeating. */
    addHistory: (
      serverId: string,
      item: { owner: Owner; query: JsonObject; total: number | null },
    ) =>
      history.update(serverId, (list = []) => {
        const key = JSON.stringify([item.owner, item.query])
        const rest = list.filter((h) => JSON.stringify([h.owner, h.query]) !== key)
        const entry: HistoryItem = { ...item, at: now() }
        return [entry, ...rest].slice(0, HISTORY_LIMIT)
      }),

    clearHistory: (serverId: string) => history.update(serverId, () => []),

    getState: async (serverId: string) => (await state.get(serverId)) ?? null,
    setState: (serverId: string, value: SearchState) => state.update(serverId, () => value),
  }
}

export type SearchStores = ReturnType<typeof createSearchStores>
