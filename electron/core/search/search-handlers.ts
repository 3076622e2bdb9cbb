import type { searchChannels } from '../../../shared/ipc/channels/search'
import type { HandlersFor } from '../ipc/router'
import type { CoreServices } from '../services'
import { createCatalogueCache } from './catalogue'
import { PageSizeLimits } from './page-size'
import { createSearchStores } from './saved-searches'
import type { OfflineSource } from './offline-fallback'
import { createSearchService } from './search-service'

/**
 * The search screen's channels (shared/ipc/channels/search.ts). Server calls go through the
 * server's client and scheduler with the caller's signal, so a count superseded by newer input
 * is cancelled all the way down and frees its slot.
 */
export function createSearchHandlers(
  services: CoreServices,
  deps: { offline?: OfflineSource } = {},
): HandlersFor<typeof searchChannels> {
  const catalogues = createCatalogueCache(services.api, services.now)
  const search = createSearchService(services.api, new PageSizeLimits(), deps.offline)
  const stores = createSearchStores(services.dataDir, services.now, services.logger.child('search'))

  return {
    'search.info': async ({ serverId }, { signal }) =>
      (await catalogues.get(serverId, signal)).wire,
    'search.count': ({ serverId, owner, query }, { signal }) =>
      search.count(serverId, owner, query, signal),
    'search.page': (input, { signal }) => search.page(input, signal),
    'search.aggregations': ({ serverId, owner, query, facets }, { signal }) =>
      search.facets(
        serverId,
        owner,
        query,
        facets.map((f) => ({
          quantity: f.quantity,
          excludeFromSearch: f.excludeFromSearch,
          ...(f.size === undefined ? {} : { size: f.size }),
          ...(f.include === undefined ? {} : { include: f.include }),
        })),
        signal,
      ),
    'search.entry': ({ serverId, entryId }, { signal }) => search.entry(serverId, entryId, signal),
    'search.suggestAuthors': ({ serverId, owner, text }, { signal }) =>
      search.suggestAuthors(serverId, owner, text, signal),
    'search.saved.list': ({ serverId }) => stores.listSaved(serverId),
    'search.saved.save': ({ serverId, id, name, search: state }) =>
      stores.saveSearch(serverId, { ...(id === undefined ? {} : { id }), name, search: state }),
    'search.saved.remove': ({ serverId, id }) => stores.removeSaved(serverId, id),
    'search.history.list': ({ serverId }) => stores.listHistory(serverId),
    'search.history.add': ({ serverId, owner, query, total }) =>
      stores.addHistory(serverId, { owner, query, total }),
    'search.history.clear': ({ serverId }) => stores.clearHistory(serverId),
    'search.state.get': ({ serverId }) => stores.getState(serverId),
    'search.state.set': async ({ serverId, state }) => {
      await stores.setState(serverId, state)
      return { saved: true as const }
    },
  }
}
