import { ActionIcon, Badge, Button, Group, Text } from '@mantine/core'
import { LazyTooltip } from '../../components/lazy-tooltip'
import { IconFileExport, IconRefresh } from '@tabler/icons-react'
import { useState } from 'react'
import type { PinSummary } from '../../../shared/ipc/channels/offline'
import { DEFAULT_OFFLINE_PREFERENCES } from '../../../shared/ipc/channels/offline-sync'
import { ErrorAlert } from '../../components/error-alert'
import { useInvoke, useMutationInvoke } from '../../ipc/hooks'
import { ExportPinModal } from './pin-export'
import { SyncReportModal } from './sync-report'

const DAY_MS = 86_400_000

/** Whether a pin's last sync is older than the user's threshold (never synced: not stale yet). */
export function isStale(pin: PinSummary, now: number, staleAfterDays: number): boolean {
  return pin.syncedAt !== null && now - pin.syncedAt > staleAfterDays * DAY_MS
}

/** Under "Last synced": stale mark and the last sync's counts, which open its report. */
export function PinFreshness({ pin, now }: { pin: PinSummary; now: number }) {
  const preferences = useInvoke('offline.preferences', {})
  const days = preferences.data?.staleAfterDays ?? DEFAULT_OFFLINE_PREFERENCES.staleAfterDays
  const [reportOpen, setReportOpen] = useState(false)
  const last = pin.lastSync
  return (
    <>
      {isStale(pin, now, days) && (
        <LazyTooltip
          label={`Last synced more than ${days} ${days === 1 ? 'day' : 'days'} ago; sync it to see the server's current data.`}
        >
          <Badge color="orange" variant="light" size="sm" data-testid="pin-stale">
            Stale
          </Badge>
        </LazyTooltip>
      )}
      {pin.syncing === 'sync' && (
        <Text size="xs" c="dimmed" data-testid="pin-syncing">
          Syncing…
        </Text>
      )}
      {last && (
        <Button
          variant="subtle"
          size="compact-xs"
          px={4}
          onClick={() => setReportOpen(true)}
          data-testid="pin-last-sync"
        >
          {last.added} new · {last.removed} removed · {last.changed} changed
        </Button>
      )}
      {reportOpen && <SyncReportModal pin={pin} onClose={() => setReportOpen(false)} />}
    </>
  )
}

/** Row actions: sync now, export to a file. */
export function PinSyncActions({ pin }: { pin: PinSummary }) {
  const sync = useMutationInvoke('offline.sync')
  const [exporting, setExporting] = useState(false)
  const busy = pin.state === 'pinning'
  return (
    <>
      <LazyTooltip
        label={busy ? 'Busy; sync once it is done' : 'Sync now: compare with the server'}
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Sync ${pin.label}`}
          disabled={busy}
          loading={sync.isPending}
          onClick={() => sync.mutate({ pinId: pin.pinId })}
          data-testid="pin-sync"
        >
          <IconRefresh size={18} aria-hidden />
        </ActionIcon>
      </LazyTooltip>
      <LazyTooltip label="Export to a file">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Export ${pin.label}`}
          onClick={() => setExporting(true)}
          data-testid="pin-export"
        >
          <IconFileExport size={18} aria-hidden />
        </ActionIcon>
      </LazyTooltip>
      {sync.error && (
        <Group>
          <ErrorAlert error={sync.error} />
        </Group>
      )}
      {exporting && <ExportPinModal pin={pin} onClose={() => setExporting(false)} />}
    </>
  )
}
