/**
 * The searchable-quantity catalogue per server: GET /info's search_quantities read with
 * catalogueFromInfo (known names keep the built-in types, units and descriptions), cached for a
 * while because it changes only with server updates. Without a usable answer the built-in list
 * is used and the researcher is told why.
 */
import type { CatalogueWire, SearchQuantityWire } from '../../../shared/ipc/channels/search'
import { AppError } from '../../../shared/errors'
import type { QuantityCatalogue } from '../../../shared/query'
import { DEFAULT_CATALOGUE } from '../../../shared/query'
import { catalogueFromInfo } from '../../../shared/query/catalogue-from-info'
import type { ApiRegistry } from '../api/client-registry'

const FRESH_MS = 30 * 60_000
/** After a failure, try again soon: the server may have been briefly unreachable. */
const RETRY_MS = 30_000

interface Cached {
  at: number
  ttl: number
  catalogue: QuantityCatalogue
  wire: CatalogueWire
}

export interface CatalogueCache {
  get(
    serverId: string,
    signal?: AbortSignal,
  ): Promise<{ catalogue: QuantityCatalogue; wire: CatalogueWire }>
}

export function createCatalogueCache(api: ApiRegistry, now: () => number): CatalogueCache {
  const cache = new Map<string, Cached>()
  const pending = new Map<string, Promise<Cached>>()

  async function load(serverId: string): Promise<Cached> {
    try {
      const client = await api.clientFor(serverId)
      // Not tied to one caller's signal: several screens may wait for the same answer.
      const info = await client.info({ lane: 'interactive' })
      const catalogue = catalogueFromInfo(info, DEFAULT_CATALOGUE)
      const usable = catalogue !== DEFAULT_CATALOGUE
      return {
        at: now(),
        ttl: FRESH_MS,
        catalogue,
        wire: {
          serverId,
          source: usable ? 'server' : 'fallback',
          ...(usable
            ? {}
            : { note: 'The server lists no searchable quantities; showing the built-in list.' }),
          quantities: catalogue.list().map(toWire),
        },
      }
    } catch (error) {
      const reason = error instanceof AppError ? error.message : String(error)
      return {
        at: now(),
        ttl: RETRY_MS,
        catalogue: DEFAULT_CATALOGUE,
        wire: {
          serverId,
          source: 'fallback',
          note: `Could not read the server's quantity list (${reason}); showing the built-in list.`,
          quantities: DEFAULT_CATALOGUE.list().map(toWire),
        },
      }
    }
  }

  return {
    async get(serverId, signal) {
      const hit = cache.get(serverId)
      if (hit && now() - hit.at < hit.ttl) return hit
      let running = pending.get(serverId)
      if (!running) {
        running = load(serverId).finally(() => pending.delete(serverId))
        pending.set(serverId, running)
        void running.then((value) => cache.set(serverId, value))
      }
      const result = await abortable(running, signal)
      return result
    },
  }
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new AppError('cancelled', 'The request was cancelled.'))
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

function toWire(q: ReturnType<QuantityCatalogue['list']>[number]): SearchQuantityWire {
  return {
    name: q.name,
    type: q.type,
    many: q.many,
    description: q.description,
    ...(q.unit === undefined ? {} : { unit: q.unit }),
    ...(q.enumValues === undefined ? {} : { enumValues: [...q.enumValues] }),
    ...(q.nestedPrefix === undefined ? {} : { nestedPrefix: q.nestedPrefix }),
    aggregatable: q.aggregatable,
    sortable: q.sortable,
  }
}
