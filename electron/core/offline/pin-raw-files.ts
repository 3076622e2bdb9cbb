import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { DownloadSpecInput } from '../../../shared/ipc/channels/downloads'
import type { PinSpec } from '../../../shared/ipc/channels/offline'
import type { Logger } from '../logging'
import { keptFilesRoot } from '../raw-files/kept-files'
import type { OfflineManager } from './offline-manager'

/**
 * "Also keep raw files" of a pin: once the pin is complete, one download job (through the app's
 * download manager, so it is paced, resumable and listed in Downloads) fetches the raw files of
 * exactly the entries the pin keeps into the library's folder for the server, where the file
 * browser finds them offline (raw-files/kept-files.ts).
 */
export async function keepRawFiles(
  deps: {
    manager: OfflineManager
    dataDir: string
    startDownload: (spec: DownloadSpecInput) => Promise<{ jobId: string }>
    logger: Logger
  },
  spec: PinSpec,
  pinId: string,
): Promise<{ jobId: string } | undefined> {
  const { manager } = deps
  await manager.idle()
  const pin = manager.library.getPin(pinId)
  if (pin?.state !== 'complete') {
    deps.logger.info('raw files not fetched: the pin did not complete', { pinId })
    return undefined
  }
  const entryIds: string[] = []
  for (const entry of manager.library.entriesOf(spec.serverId))
    if (entry.pins.includes(pinId)) entryIds.push(entry.doc.entry_id)
  if (entryIds.length === 0) return undefined
  const destination = keptFilesRoot(deps.dataDir, spec.serverId)
  await mkdir(dirname(destination), { recursive: true })
  return deps.startDownload({
    serverId: spec.serverId,
    source: { kind: 'entries', entryIds },
    destination,
    label: `Raw files of the pin “${pin.label}”`,
    existing: 'skip-identical',
    priority: 'low',
  })
}
