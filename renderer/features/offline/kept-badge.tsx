import { Badge } from '@mantine/core'
import { LazyTooltip } from '../../components/lazy-tooltip'
import type { KeptNote } from '../../../shared/ipc/channels/offline-mode'
import { formatExact } from '../../components/relative-time'

/** "Pinned" or "Cached" on what was answered from this computer while the server is offline. */
export function KeptBadge({ note }: { note: KeptNote }) {
  const at = note.at === null ? undefined : formatExact(new Date(note.at).toISOString())
  const label =
    note.source === 'pinned'
      ? `Pinned on this computer${at ? `, synced ${at}` : ''}`
      : `From the cache of recently viewed entries${at ? `, viewed ${at}` : ''}`
  return (
    <LazyTooltip label={label} withArrow>
      <Badge
        size="xs"
        variant="light"
        color="gray"
        data-testid="kept-badge"
        data-source={note.source}
      >
        {note.source === 'pinned' ? 'Pinned' : 'Cached'}
      </Badge>
    </LazyTooltip>
  )
}
