import { useMemo } from 'react'
import { ArchiveViewer } from '../../features/archive-viewer/archive-viewer'
import { parseJsonPath } from '../../features/archive-viewer/json-path'

/**
 * #/archive/<server>/<entry>/<json-path>: one entry's archive as a page, the node at the JSON
 * path selected. A path that does not read as one opens the archive with nothing selected.
 */
export function ArchivePage({
  serverId,
  entryId,
  jsonPath,
}: {
  serverId: string
  entryId: string
  jsonPath: string | undefined
}) {
  const select = useMemo(
    () => (jsonPath === undefined ? undefined : parseJsonPath(jsonPath)),
    [jsonPath],
  )
  return (
    <ArchiveViewer
      key={`${serverId}/${entryId}/${jsonPath ?? ''}`}
      entry={{ serverId, entryId }}
      select={select}
    />
  )
}
