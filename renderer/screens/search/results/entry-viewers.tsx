import { useNavigate } from '@tanstack/react-router'
import { memo, Suspense, useEffect, useMemo, useState } from 'react'
import { jsonPathOf } from '../../../../shared/archive/json-path'
import { onDemand } from '../../../components/on-demand/on-demand'
import type { ArchiveNavigation } from '../../../features/archive-viewer/archive-viewer'
import { FileDownloadActions } from '../../../features/downloads/file-download-actions'
import { whenIdle } from '../../../components/on-demand/when-idle'
import { registerEntryAction, type EntryRef } from '../../../features/entry-actions/entry-actions'

// The viewers are the heaviest code behind the results (tree, previews, highlighter): fetched
// when the results are idle on screen, so opening one does not wait, and never before.
const ArchiveViewer = onDemand(
  () => import('../../../features/archive-viewer/archive-viewer'),
  'ArchiveViewer',
)
const FileBrowser = onDemand(
  () => import('../../../features/uploads/files/file-browser'),
  'FileBrowser',
)

/**
 * Provides the drawer's "Open archive" and "Open upload files" while the results are on screen
 * and shows the viewer asked for. Rendered next to the drawer, not inside it, so keys pressed
 * in a viewer (Escape) do not reach the drawer through React's tree.
 */
export const EntryViewers = memo(function EntryViewers({
  onOpenChange,
}: {
  onOpenChange: (open: boolean) => void
}) {
  const [archive, setArchive] = useState<EntryRef | null>(null)
  const [files, setFiles] = useState<EntryRef | null>(null)
  const open = archive !== null || files !== null
  const navigate = useNavigate()
  // Following a reference leaves the quick look for the archive's own page, where Back works.
  const navigation = useMemo<ArchiveNavigation | undefined>(
    () =>
      archive === null
        ? undefined
        : {
            select: () => undefined,
            open: (entryId, path) =>
              void navigate({
                to: '/archive/$serverId/$entryId/{-$jsonPath}',
                params: { serverId: archive.serverId, entryId, jsonPath: jsonPathOf(path) },
              }),
          },
    [archive, navigate],
  )
  // Mantine closes every open modal and drawer on Escape; the drawer stays while a viewer is up.
  useEffect(() => onOpenChange(open), [open, onOpenChange])
  useEffect(() => whenIdle([ArchiveViewer.preload, FileBrowser.preload]), [])
  useEffect(() => {
    const removeArchive = registerEntryAction({ id: 'open-archive', run: setArchive })
    const removeFiles = registerEntryAction({ id: 'open-upload-files', run: setFiles })
    return () => {
      removeArchive()
      removeFiles()
    }
  }, [])
  return (
    <Suspense fallback={null}>
      {archive && (
        <ArchiveViewer
          key={`${archive.serverId}/${archive.entryId}`}
          entry={archive}
          onClose={() => setArchive(null)}
          navigation={navigation}
        />
      )}
      {files && (
        <FileBrowser
          key={`${files.serverId}/${files.entryId}`}
          entry={files}
          onClose={() => setFiles(null)}
          selectionActions={
            files.uploadId === undefined
              ? undefined
              : (selected, folder) => (
                  <FileDownloadActions
                    serverId={files.serverId}
                    uploadId={files.uploadId ?? ''}
                    uploadName={files.uploadName}
                    selected={selected}
                    folder={folder}
                  />
                )
          }
        />
      )}
    </Suspense>
  )
})
