import { MAX_PREVIEW_BYTES } from '../../../../../shared/ipc/channels/raw-files'
import { useInvoke } from '../../../../ipc/hooks'
import type { FileRef } from './use-file-chunks'

/**
 * A whole (small) file for the previews that need all of it: images, JSON/YAML trees and CSV
 * tables. Only asked once the size gate let it through (`enabled`).
 */
export function useWholeFile(file: FileRef, size: number, asImage: boolean, enabled: boolean) {
  return useInvoke(
    'rawFiles.preview',
    { ...file, offset: 0, length: Math.max(1, Math.min(size, MAX_PREVIEW_BYTES)), asImage },
    { enabled },
  )
}
