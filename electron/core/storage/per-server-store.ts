/**
 * A JSON document of one value per server profile, `{version: 1, servers: {<id>: value}}`, on the
 * JSON store. One damaged server slot is dropped (and logged) without costing the others theirs.
 */
import { basename } from 'node:path'
import { z } from 'zod'
import type { Logger } from '../logging'
import { createJsonStore } from './json-store'

export interface PerServerStore<T> {
  get(serverId: string): Promise<T | undefined>
  /** Applies `change` to the server's current value and persists the result. */
  update(serverId: string, change: (current: T | undefined) => T): Promise<T>
}

export function createPerServerStore<T>(options: {
  path: string
  schema: z.ZodType<T>
  logger: Logger
}): PerServerStore<T> {
  const file = basename(options.path)
  const readableSlots = (servers: Record<string, unknown>): Record<string, T> => {
    const kept: Record<string, T> = {}
    for (const [serverId, value] of Object.entries(servers)) {
      const parsed = options.schema.safeParse(value)
      if (parsed.success) kept[serverId] = parsed.data
      else options.logger.warn('dropped an unreadable entry', { file, serverId })
    }
    return kept
  }
  const store = createJsonStore({
    path: options.path,
    schema: z.strictObject({
      version: z.literal(1),
      servers: z.record(z.string(), z.unknown()).transform(readableSlots),
    }),
    logger: options.logger,
  })

  return {
    async get(serverId) {
      return slotOf((await store.read())?.servers, serverId)
    },
    async update(serverId, change) {
      const doc = await store.update((current) => {
        const next = change(slotOf(current?.servers, serverId))
        return { version: 1, servers: { ...current?.servers, [serverId]: next } }
      })
      return doc.servers[serverId] as T
    },
  }
}

/** Own slots only: a server id such as "constructor" must not find Object.prototype's. */
function slotOf<T>(servers: Record<string, T> | undefined, serverId: string): T | undefined {
  return servers !== undefined && Object.hasOwn(servers, serverId) ? servers[serverId] : undefined
}
