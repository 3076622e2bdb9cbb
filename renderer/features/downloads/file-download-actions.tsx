import { Button } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import type { DownloadSource } from '../../../shared/ipc/channels/downloads'
import type { FileItem } from '../../../shared/ipc/channels/raw-files'
import { useStartDownload } from './start-download'

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1)

interface Offer {
  text: string
  /**
   * The accessible name, naming what is downloaded (the visible text stays short). It starts with
   * the visible text, so speech users can say what they see (WCAG 2.5.3, label in name).
   */
  label: string
  source: DownloadSource
  jobLabel: string
  /** Files and folders chosen (none for the whole upload). */
  chosen?: { files: number; folders: number }
  testId: string
}

/**
 * What "Download" means in the file browser right now: the selected files and folders, else
 * the folder shown, else (at the upload root) the whole upload.
 */
export function downloadOffer(
  uploadId: string,
  uploadName: string,
  selected: readonly FileItem[],
  folder: string,
): Offer {
  const [only] = selected
  if (only && selected.length === 1) {
    const name = baseName(only.path)
    return {
      text: only.isFile ? 'Download file' : 'Download folder',
      label: `Download ${only.isFile ? 'file' : 'folder'} ${name}`,
      source: { kind: 'upload-paths', uploadId, paths: [only.path] },
      jobLabel: `${name} · ${uploadName}`,
      chosen: only.isFile ? { files: 1, folders: 0 } : { files: 0, folders: 1 },
      testId: 'files-download-selection',
    }
  }
  if (selected.length > 1)
    return {
      text: `Download ${selected.length} selected`,
      label: `Download ${selected.length} selected files and folders`,
      source: { kind: 'upload-paths', uploadId, paths: selected.map((item) => item.path) },
      jobLabel: `${selected.length} items · ${uploadName}`,
      chosen: {
        files: selected.filter((item) => item.isFile).length,
        folders: selected.filter((item) => !item.isFile).length,
      },
      testId: 'files-download-selection',
    }
  if (folder !== '')
    return {
      text: 'Download folder',
      label: `Download folder ${baseName(folder)} (the folder shown here)`,
      source: { kind: 'upload-paths', uploadId, paths: [folder] },
      jobLabel: `${folder} · ${uploadName}`,
      chosen: { files: 0, folders: 1 },
      testId: 'files-download-folder',
    }
  return wholeUpload(uploadId, uploadName)
}

const wholeUpload = (uploadId: string, uploadName: string): Offer => ({
  text: 'Download upload',
  label: `Download upload ${uploadName} (every file)`,
  source: { kind: 'upload', uploadId },
  jobLabel: uploadName,
  testId: 'files-download-upload',
})

/**
 * The file browser's download buttons (its `selectionActions`): one for the selection or the
 * folder shown, and with `offerWholeUpload` (the upload page) one for the whole upload. Each
 * opens the planning dialog, where the user picks the folder and starts the job.
 */
export function FileDownloadActions({
  serverId,
  uploadId,
  uploadName,
  selected,
  folder,
  offerWholeUpload = false,
}: {
  serverId: string
  uploadId: string
  uploadName?: string
  selected: readonly FileItem[]
  folder: string
  offerWholeUpload?: boolean
}) {
  const downloads = useStartDownload()
  const name = uploadName ?? uploadId
  const offer = downloadOffer(uploadId, name, selected, folder)
  const offers =
    offerWholeUpload && offer.source.kind !== 'upload'
      ? [offer, wholeUpload(uploadId, name)]
      : [offer]
  return offers.map((item, i) => (
    <Button
      key={item.testId}
      size="xs"
      variant={i === 0 ? 'light' : 'default'}
      leftSection={<IconDownload size={14} />}
      aria-label={item.label}
      title={item.label}
      data-testid={item.testId}
      onClick={() =>
        downloads.open({
          serverId,
          source: item.source,
          label: item.jobLabel,
          ...(item.chosen ? { chosen: item.chosen } : {}),
          ...(uploadName === undefined ? {} : { uploadName }),
        })
      }
    >
      {item.text}
    </Button>
  ))
}
