import type { downloadsChannels } from '../../../shared/ipc/channels/downloads'
import { AppError } from '../../../shared/errors'
import type { HandlersFor } from '../ipc/router'

/**
 * Placeholder until the engine in this folder lands (issue 13): every channel says plainly that
 * downloads are not available yet. Replaced wholesale by the engine's handlers.
 */
export function createDownloadsHandlers(): HandlersFor<typeof downloadsChannels> {
  const notYet = () =>
    Promise.reject(
      new AppError('unavailable', 'The download manager is not part of this build yet.'),
    )
  return {
    'downloads.plan': notYet,
    'downloads.start': notYet,
    'downloads.list': () => Promise.resolve({ jobs: [] }),
    'downloads.failures': notYet,
    'downloads.pause': notYet,
    'downloads.resume': notYet,
    'downloads.cancel': notYet,
    'downloads.retry': notYet,
    'downloads.setPriority': notYet,
    'downloads.remove': notYet,
    'downloads.verify': notYet,
    'downloads.manifest': notYet,
    'downloads.runAgain': notYet,
    'downloads.pickFolder': () => Promise.resolve({ supported: false, path: null }),
    'downloads.reveal': notYet,
  }
}
