import { Group, Text } from '@mantine/core'
import { ConnectionDot, describeStatus } from '../components/connection-state'
import { NetworkMeter } from '../components/network-meter/network-meter'
import { TruncatedText } from '../components/truncated-text'
import { DownloadsSummary } from '../features/downloads/downloads-summary'
import { useHostConnection, useInvoke } from '../ipc/hooks'
import { useServers } from '../features/servers/use-servers'
import { useUnreachableNotice } from '../features/servers/use-unreachable-notice'
import { ServerAnnouncer } from './server-announcer'

const HOST_LABELS = {
  connecting: 'Connecting to host…',
  open: 'Host connected',
  lost: 'Host connection lost',
}

/**
 * The footer: active server and its state on the left, the active server's network meter in the
 * middle, then running downloads (a link to Downloads), app mode and version on the right.
 */
export function StatusBar({ onOpenDownloads }: { onOpenDownloads?: () => void }) {
  const { active } = useServers()
  const info = useInvoke('app.info', {})
  const host = useHostConnection()
  // The shell's notice says why the server cannot be reached; the footer keeps the short state.
  const message = useUnreachableNotice().shown ? undefined : active?.status?.message
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="lg" data-testid="status-bar">
      {/* Not a live region itself: its "Checking…" at every re-check would be read out each
      time. ServerAnnouncer says the changes that matter. */}
      <ServerAnnouncer />
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        <ConnectionDot status={active?.status} size={8} withTooltip />
        <TruncatedText size="xs" fw={500} maw={260} data-testid="status-server">
          {active?.name ?? '—'}
        </TruncatedText>
        <TruncatedText size="xs" c="dimmed" data-testid="status-state">
          {message
            ? `${describeStatus(active?.status)} — ${message}`
            : describeStatus(active?.status)}
        </TruncatedText>
      </Group>
      <div data-testid="status-bar-meter-slot">
        <NetworkMeter serverId={active?.id} />
      </div>
      <Group gap="md" wrap="nowrap">
        <DownloadsSummary onOpen={onOpenDownloads} />
        {info.data?.mode === 'web' && (
          <Text size="xs" c={host === 'lost' ? 'red' : 'dimmed'} data-testid="status-host">
            {HOST_LABELS[host]}
          </Text>
        )}
        <Text size="xs" c="dimmed" data-testid="status-version">
          {info.data
            ? `${info.data.mode === 'web' ? 'Web mode' : 'Desktop'} · v${info.data.version}`
            : ''}
        </Text>
      </Group>
    </Group>
  )
}
