import { Title, VisuallyHidden } from '@mantine/core'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { useMemo } from 'react'
import type { RefSegment } from '../../../shared/archive/references'
import { jsonPathOf } from '../../../shared/ipc/channels/archive'
import { ArchiveViewer, type ArchiveNavigation } from '../../features/archive-viewer/archive-viewer'
import { parseJsonPath } from '../../features/archive-viewer/json-path'

/**
 * #/archive/<server>/<entry>/<json-path>: one entry's archive as a page, the node at the JSON
 * path selected. A path that does not read as one opens the archive with nothing selected.
 * Selecting a node replaces the address (it survives a reload, and the settings keep it across a
 * restart: app/routing/route-memory.ts); "Copy link" and "Open archive…" copy and open it;
 * following a reference adds a history step, so Back, Alt+← and the mouse's back button return.
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
  const navigate = useNavigate()
  const { history } = useRouter()
  const select = useMemo(
    () => (jsonPath === undefined ? undefined : parseJsonPath(jsonPath)),
    [jsonPath],
  )
  const navigation = useMemo<ArchiveNavigation>(() => {
    const go = (to: string, path: RefSegment[], replace: boolean) =>
      void navigate({
        to: '/archive/$serverId/$entryId/{-$jsonPath}',
        params: { serverId, entryId: to, jsonPath: jsonPathOf(path) },
        replace,
      })
    return {
      select: (path) => go(entryId, path, true),
      open: (to, path) => go(to, path, false),
      back: () => history.back(),
      forward: () => history.forward(),
      openTarget: (target) =>
        void navigate({
          to: '/archive/$serverId/$entryId/{-$jsonPath}',
          // jsonPath named even when absent: a missing optional param keeps the current one.
          params: { serverId: target.serverId, entryId: target.entryId, jsonPath: target.jsonPath },
        }),
    }
  }, [navigate, history, serverId, entryId])
  return (
    <>
      {/* The page's one h1 for screen readers and the outline; the viewer's own header shows
          the entry on screen. */}
      <VisuallyHidden>
        <Title order={1}>Archive of entry {entryId}</Title>
      </VisuallyHidden>
      <ArchiveViewer
        key={`${serverId}/${entryId}`}
        entry={{ serverId, entryId }}
        select={select}
        navigation={navigation}
      />
    </>
  )
}
