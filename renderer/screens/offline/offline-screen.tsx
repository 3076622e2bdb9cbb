import { List, Loader, Paper, Stack, Text, ThemeIcon, Title, Group } from '@mantine/core'
import { IconDatabase } from '@tabler/icons-react'
import { ErrorAlert } from '../../components/error-alert'
import { ScreenHeader } from '../../components/screen-header'
import { usePins } from '../../features/offline/live-pins'
import { RecentCacheCard } from '../../features/offline/recent-cache-card'
import { WorkOfflineSwitch } from '../../features/offline/work-offline-switch'
import { formatBytes } from '../../features/uploads/files/format-bytes'
import { PinTable } from './pin-table'
import { DamagedRecords } from './damaged-records'
import { OfflinePreferencesPanel } from './offline-preferences'
import { StorageView } from './storage-view'

/** Offline: the pins kept on this computer, their freshness, size and controls. */
export function OfflineScreen() {
  const list = usePins()
  const pins = list.data?.pins ?? []
  const damaged = list.data?.damaged ?? []
  const entries = pins.reduce((sum, pin) => sum + pin.entries, 0)
  const bytes = pins.reduce((sum, pin) => sum + pin.bytes, 0)
  return (
    <Stack gap="lg" data-testid="screen-offline">
      <ScreenHeader
        title="Offline"
        description="Searches, entries and uploads pinned to this computer: their metadata and archive summaries stay available without a network."
      />
      <WorkOfflineSwitch />
      {list.isPending && (
        <Loader size="sm" role="status" aria-label="Loading the offline library" />
      )}
      {list.error && <ErrorAlert error={list.error} />}
      {damaged.length > 0 && <DamagedRecords damaged={damaged} pins={pins} />}
      {list.data && pins.length === 0 && <EmptyState />}
      {pins.length > 0 && (
        <>
          <Text size="sm" data-testid="offline-totals">
            {pins.length} {pins.length === 1 ? 'pin' : 'pins'} · {entries.toLocaleString('en-US')}{' '}
            entries · {formatBytes(bytes)} on this computer
          </Text>
          <PinTable pins={pins} />
        </>
      )}
      {list.data && (
        <StorageView
          version={pins.map((pin) => `${pin.pinId}:${pin.entries}:${pin.bytes}`).join()}
        />
      )}
      {list.data && <OfflinePreferencesPanel />}
      <RecentCacheCard />
    </Stack>
  )
}

function EmptyState() {
  return (
    <Paper withBorder p="lg" data-testid="offline-empty">
      <Stack gap="sm" maw={680}>
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={36} radius="md" variant="light" aria-hidden>
            <IconDatabase size={22} />
          </ThemeIcon>
          <Title order={2} size="h4">
            Nothing pinned yet
          </Title>
        </Group>
        <Text size="sm">
          In <b>Search</b>, select entries (or all results) and choose <i>Pin offline…</i> in the
          selection bar. Before anything is stored, the app says how many entries the pin keeps and
          how much space it takes.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            Each pin keeps the entries’ metadata and, if you want, archive summaries.
          </List.Item>
          <List.Item>Pins run in the background and continue after a restart.</List.Item>
          <List.Item>Each pin shows when it was last synced and from which server.</List.Item>
        </List>
      </Stack>
    </Paper>
  )
}
