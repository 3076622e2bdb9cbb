import type { uploadsChannels } from '../../../shared/ipc/channels/uploads'
import type { HandlersFor } from '../ipc/router'
import type { CoreServices } from '../services'
import { createUploadActionsService } from './upload-actions-service'
import { createUploadsService } from './uploads-service'

/** The Uploads section's channels (shared/ipc/channels/uploads.ts). */
export function createUploadsHandlers(services: CoreServices): HandlersFor<typeof uploadsChannels> {
  const uploads = createUploadsService(services.api)
  const actions = createUploadActionsService(services.api)
  return {
    'uploads.list': (input, { signal }) => uploads.list(input, signal),
    'uploads.get': (input, { signal }) => uploads.get(input, signal),
    'uploads.entries': (input, { signal }) => uploads.entries(input, signal),
    'uploads.action': (input, { signal }) => actions.act(input, signal),
    'uploads.edit': (input, { signal }) => actions.edit(input, signal),
  }
}
