import type { archiveChannels } from '../../../shared/ipc/channels/archive'
import type { HandlersFor } from '../ipc/router'
import type { CoreServices } from '../services'
import type { OfflineSource } from '../search/offline-fallback'
import { createArchiveReader } from './archive-reader'

/**
 * The archive viewer's channels (shared/ipc/channels/archive.ts). Each expand is one request
 * with the caller's signal, so closing the viewer cancels what it still waits for.
 */
export function createArchiveHandlers(
  services: CoreServices,
  deps: { offline?: OfflineSource } = {},
): HandlersFor<typeof archiveChannels> {
  const archives = createArchiveReader(services.api, deps.offline)
  return {
    'archive.read': ({ serverId, entryId, path }, { signal }) =>
      archives.read(serverId, entryId, path, signal),
    'archive.json': ({ serverId, entryId, path }, { signal }) =>
      archives.json(serverId, entryId, path, signal),
    'archive.preview': ({ serverId, entryId, required }, { signal }) =>
      archives.preview(serverId, entryId, required, signal),
  }
}
