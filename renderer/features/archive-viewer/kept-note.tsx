import { Alert, Text } from '@mantine/core'
import { LazyTooltip } from '../../components/lazy-tooltip'
import { IconCloudOff } from '@tabler/icons-react'
import type { KeptNote } from '../../../shared/ipc/channels/offline-mode'
import { formatExact, formatPast, useNow } from '../../components/relative-time'

/**
 * Says that what the viewer shows came from this computer while the server is offline: the
 * pinned part of the archive (results, metadata, the last calculation and system) or parts
 * viewed before and kept in the recently viewed cache.
 */
export function KeptArchiveNote({ note }: { note: KeptNote }) {
  const now = useNow()
  const when = note.at === null ? undefined : new Date(note.at).toISOString()
  const age =
    when === undefined ? null : (
      <LazyTooltip label={formatExact(when)} withArrow>
        <span>{formatPast(when, now)}</span>
      </LazyTooltip>
    )
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconCloudOff size={16} />}
      p="xs"
      data-testid="archive-offline-note"
      data-source={note.source}
    >
      <Text size="xs">
        {note.source === 'pinned' ? (
          <>
            Offline: this is the <b>pinned part</b> of the archive — results, metadata, and the last
            calculation and system{age && <>, synced {age}</>}. Other parts open once the server can
            be reached.
          </>
        ) : (
          <>
            Offline: <b>cached</b> — the parts of this archive you viewed{age && <> {age}</>}. Other
            parts open once the server can be reached.
          </>
        )}
      </Text>
    </Alert>
  )
}
