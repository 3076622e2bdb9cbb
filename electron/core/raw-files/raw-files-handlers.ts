import type { rawFilesChannels } from '../../../shared/ipc/channels/raw-files'
import type { HandlersFor } from '../ipc/router'
import type { OfflineSource } from '../search/offline-fallback'
import type { CoreServices } from '../services'
import { createRawFilesService } from './raw-files-service'

/**
 * The upload file browser's channels (shared/ipc/channels/raw-files.ts). The caller's signal goes
 * all the way to the scheduler, so a folder left before its page arrives frees its slot.
 */
export function createRawFilesHandlers(
  services: CoreServices,
  deps: { offline?: OfflineSource } = {},
): HandlersFor<typeof rawFilesChannels> {
  const files = createRawFilesService(services.api, {
    dataDir: () => services.libraryDir(),
    offline: deps.offline,
  })
  return {
    'rawFiles.list': (input, { signal }) => files.list(input, signal),
    'rawFiles.locate': (input, { signal }) => files.locate(input, signal),
    'rawFiles.preview': (input, { signal }) => files.preview(input, signal),
  }
}
