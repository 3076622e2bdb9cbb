import { Alert, Button, Group, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconCloudOff } from '@tabler/icons-react'
import type { ServerWithStatus } from '../features/servers/use-servers'
import { useUnreachableNotice } from '../features/servers/use-unreachable-notice'
import { usePins } from '../features/offline/live-pins'
import { useMutationInvoke } from '../ipc/hooks'

/**
 * Where the user can work while the active server cannot be reached: the Local sandbox, and
 * what is pinned from other servers (what is pinned from this one shows by itself: the offline
 * banner takes this notice's place then).
 */
function alternativesTo(active: ServerWithStatus, servers: ServerWithStatus[]) {
  return servers.filter((s) => s.kind === 'sandbox' && s.id !== active.id)
}

/**
 * Says once, in plain words, that the active server cannot be reached (at the first start
 * without network that is NOMAD (public)) and offers the Local sandbox in one click. Dismissed
 * per server for the rest of this run; it goes away by itself when the server answers again.
 */
export function UnreachableServerNotice({
  onSwitched,
  onOpenLibrary,
}: {
  onSwitched: () => void
  /** Opens the Offline section (offered when something is pinned). */
  onOpenLibrary?: () => void
}) {
  const { shown, active, servers, message, dismiss } = useUnreachableNotice()
  const pins = usePins()
  const pinned = (pins.data?.pins ?? []).reduce((sum, pin) => sum + pin.entries, 0)
  const select = useMutationInvoke('servers.select', {
    onSuccess: onSwitched,
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'Could not switch server',
        message: error.message,
      }),
  })
  const check = useMutationInvoke('servers.check')

  const status = active?.status
  if (!shown || !active) return null
  const sandbox = alternativesTo(active, servers)[0]

  return (
    <Alert
      color="indigo"
      variant="light"
      mb="lg"
      icon={<IconCloudOff size={20} />}
      title={`${active.name} cannot be reached`}
      withCloseButton
      closeButtonLabel="Dismiss this notice"
      onClose={() => dismiss(active.id)}
      data-testid="server-unreachable-notice"
    >
      <Text size="sm">{message ?? 'The connection check failed.'}</Text>
      {sandbox && (
        <Text size="sm" mt={4}>
          You can keep working with the {sandbox.name}: a small NOMAD server with demo data that
          runs on this computer, no network needed.
        </Text>
      )}
      {pinned > 0 && (
        <Text size="sm" mt={4} data-testid="unreachable-pinned">
          {pinned.toLocaleString('en-US')} pinned {pinned === 1 ? 'entry is' : 'entries are'} kept
          on this computer from other servers: choose one of them to browse it offline.
        </Text>
      )}
      <Group mt="sm" gap="sm">
        {pinned > 0 && onOpenLibrary && (
          <Button size="xs" variant="light" onClick={onOpenLibrary}>
            Open what is pinned
          </Button>
        )}
        {sandbox && (
          <Button
            size="xs"
            loading={select.isPending}
            onClick={() => select.mutate({ id: sandbox.id })}
            data-testid="use-local-sandbox"
          >
            Use the {sandbox.name}
          </Button>
        )}
        <Button
          size="xs"
          variant="default"
          loading={check.isPending || status?.state === 'checking'}
          onClick={() => check.mutate({ id: active.id })}
          data-testid="unreachable-try-again"
        >
          Try again
        </Button>
      </Group>
    </Alert>
  )
}
