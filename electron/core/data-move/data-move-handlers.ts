import type { DataLocation, dataMoveChannels } from '../../../shared/ipc/channels/data-move'
import type { HandlersFor } from '../ipc/router'
import type { CoreServices } from '../services'
import { createDataMover, type DataMover, type DataMoveOptions } from './data-mover'

/** The data move's channels (shared/ipc/channels/data-move.ts) over one mover. */
export function createDataMoveDomain(
  services: CoreServices,
  options: DataMoveOptions = {},
): { handlers: HandlersFor<typeof dataMoveChannels>; mover: DataMover } {
  const mover = createDataMover({
    appDir: services.dataDir,
    holder: services.database,
    logger: services.logger,
    onProgress: (progress) => services.events.emit('offline.moveProgress', progress),
    ...options,
  })
  // Registered after the managers, so it runs before them at shutdown: a move under way is
  // cancelled (or finishes its switch) before they are disposed.
  services.onDispose(() => mover.dispose())

  async function location(): Promise<DataLocation> {
    const { bytes, files } = await mover.usage()
    return {
      folder: services.libraryDir(),
      appFolder: services.dataDir,
      bytes,
      files,
      moving: mover.progress() ?? null,
    }
  }

  return {
    mover,
    handlers: {
      'offline.dataLocation': location,
      'offline.moveData': async ({ target }) => {
        await mover.move(target)
        return location()
      },
      'offline.moveCancel': () => Promise.resolve({ cancelled: mover.cancel() }),
    },
  }
}
