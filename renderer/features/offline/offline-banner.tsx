import { Alert, Button, Group, Text } from '@mantine/core'
import { LazyTooltip } from '../../components/lazy-tooltip'
import { IconCloudOff } from '@tabler/icons-react'
import { formatExact, formatPast, useNow } from '../../components/relative-time'
import { useMutationInvoke } from '../../ipc/hooks'
import { useOfflineMode, useWorkOffline } from './use-offline-mode'
import { useRefreshOnOfflineChange } from './use-refresh-on-offline'

/**
 * The app-wide offline banner: while the active server is offline and the app answers from this
 * computer, it says so — for which server, since when, and how to go back online. A server that
 * cannot be reached with nothing pinned from it gets the shell's "cannot be reached" notice
 * instead, which does not promise offline data.
 */
export function OfflineBanner({ onOpenLibrary }: { onOpenLibrary?: (() => void) | undefined }) {
  const { active, manual, since, pinned, showsKept } = useOfflineMode()
  // The banner is on every screen: it refreshes what was answered by the other side.
  useRefreshOnOfflineChange()
  const workOffline = useWorkOffline()
  const check = useMutationInvoke('servers.check')
  const now = useNow()
  if (!showsKept || active === undefined) return null
  const when = since === undefined ? undefined : new Date(since).toISOString()
  const kept =
    pinned > 0
      ? `${pinned.toLocaleString('en-US')} pinned ${pinned === 1 ? 'entry' : 'entries'} and recently viewed ones`
      : 'recently viewed entries'
  return (
    <Alert
      color="gray"
      variant="light"
      mb="lg"
      // A screen laid out to the window's height must not squeeze the banner to its title.
      style={{ flexShrink: 0 }}
      icon={<IconCloudOff size={20} />}
      title={manual ? `Working offline from ${active.name}` : `${active.name} is offline`}
      data-testid="offline-banner"
      role="status"
    >
      <Text size="sm">
        The app shows offline data from this computer for <b>{active.name}</b> ({kept})
        {when !== undefined && (
          <>
            , since{' '}
            <LazyTooltip label={formatExact(when)} withArrow>
              <span data-testid="offline-banner-since">{formatPast(when, now)}</span>
            </LazyTooltip>
          </>
        )}
        .{' '}
        {manual
          ? 'Nothing is sent to the server; what needs it is switched off until you go back online.'
          : 'What needs the server is switched off until it answers again.'}
      </Text>
      <Group mt="sm" gap="sm">
        {manual ? (
          <Button
            size="xs"
            loading={workOffline.isPending}
            onClick={() => workOffline.mutate({ serverId: active.id, offline: false })}
            data-testid="offline-banner-go-online"
          >
            Work online again
          </Button>
        ) : (
          <Button
            size="xs"
            variant="default"
            loading={check.isPending || active.status?.state === 'checking'}
            onClick={() => check.mutate({ id: active.id })}
            data-testid="offline-banner-try-again"
          >
            Try again
          </Button>
        )}
        {onOpenLibrary && (
          <Button size="xs" variant="subtle" onClick={onOpenLibrary}>
            Open the offline library
          </Button>
        )}
      </Group>
    </Alert>
  )
}
