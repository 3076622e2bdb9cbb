import type { filesChannels } from '../../../shared/ipc/channels/files'
import type { HandlersFor } from '../ipc/router'
import type { CoreServices } from '../services'
import { createFilesService } from './files-service'

/**
 * The upload file browser's channels (shared/ipc/channels/files.ts). The caller's signal goes
 * all the way to the scheduler, so a folder left before its page arrives frees its slot.
 */
export function createFilesHandlers(services: CoreServices): HandlersFor<typeof filesChannels> {
  const files = createFilesService(services.api)
  return {
    'files.list': (input, { signal }) => files.list(input, signal),
    'files.preview': (input, { signal }) => files.preview(input, signal),
  }
}
