import { FileBrowser } from '../../features/uploads/files/file-browser'

/** #/uploads/<server>/<upload>/<folder>: an upload's file browser as a page, open at `folder`. */
export function UploadFilesPage({
  serverId,
  uploadId,
  folder,
}: {
  serverId: string
  uploadId: string
  folder: string | undefined
}) {
  return (
    <FileBrowser
      key={`${serverId}/${uploadId}/${folder ?? ''}`}
      entry={{ serverId, uploadId, mainfile: undefined }}
      startFolder={folder ?? ''}
    />
  )
}
