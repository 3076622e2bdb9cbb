import { Alert, Text } from '@mantine/core'
import { IconDatabase } from '@tabler/icons-react'
import type { OfflineNote } from '../../../../shared/ipc/channels/search'
import { formatExact, formatPast, useNow } from '../../../components/relative-time'
import { useOfflineMode } from '../../../features/offline/use-offline-mode'

/**
 * Says that the results come from the offline library because the server cannot be reached:
 * how many entries of it are pinned and when they were last synced, so nobody mistakes a
 * pinned subset for the server's answer.
 */
export function OfflineResultsNote({ note }: { note: OfflineNote }) {
  const now = useNow()
  const { manual } = useOfflineMode()
  const synced = note.syncedAt === null ? null : new Date(note.syncedAt).toISOString()
  return (
    <Alert
      variant="light"
      color="orange"
      py={6}
      radius={0}
      icon={<IconDatabase size={16} aria-hidden />}
      data-testid="results-offline"
    >
      <Text size="sm">
        <b>Offline.</b> {manual ? 'You are working offline' : 'The server cannot be reached'}: these
        results come from the {note.entries.toLocaleString('en-US')}{' '}
        {note.entries === 1 ? 'entry' : 'entries'} pinned on this computer
        {synced !== null && (
          <>
            , last synced <span title={formatExact(synced)}>{formatPast(synced, now)}</span>
          </>
        )}
        . Entries that are not pinned do not appear.
      </Text>
    </Alert>
  )
}
