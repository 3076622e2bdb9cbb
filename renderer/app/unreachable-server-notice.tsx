import { Alert, Button, Group, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconCloudOff } from '@tabler/icons-react'
import type { ServerWithStatus } from '../features/servers/use-servers'
import { useUnreachableNotice } from '../features/servers/use-unreachable-notice'
import { useMutationInvoke } from '../ipc/hooks'

/**
 * Where the user can work while the active server cannot be reached. Today that is the Local
 * sandbox; once the offline library exists, "Open what is pinned" joins this list.
 */
function alternativesTo(active: ServerWithStatus, servers: ServerWithStatus[]) {
  return servers.filter((s) => s.kind === 'sandbox' && s.id !== active.id)
}

/**
 * Says once, in plain words, that the active server cannot be reached (at the first start
 * without network that is NOMAD (public)) and offers the Local sandbox in one click. Dismissed
 * per server for the rest of this run; it goes away by itself when the server answers again.
 */
export function UnreachableServerNotice({ onSwitched }: { onSwitched: () => void }) {
  const { shown, active, servers, message, dismiss } = useUnreachableNotice()
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
      <Group mt="sm" gap="sm">
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
