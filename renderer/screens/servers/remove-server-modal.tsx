import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { ServerProfile } from '../../../shared/ipc/models/server-profile'
import { useMutationInvoke } from '../../ipc/hooks'

/** Confirms removal of a user profile; says what happens to the active server. */
export function RemoveServerModal({
  server,
  isActive,
  onClose,
}: {
  server: ServerProfile | null
  isActive: boolean
  onClose: () => void
}) {
  const remove = useMutationInvoke('servers.remove', {
    onSuccess: () => {
      notifications.show({
        color: 'teal',
        title: 'Server removed',
        message: `“${server?.name ?? ''}” was removed.`,
      })
      onClose()
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'Could not remove the server',
        message: error.message,
      }),
  })
  return (
    <Modal
      opened={server !== null}
      onClose={onClose}
      title="Remove server?"
      data-testid="remove-server"
    >
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          “{server?.name}” will be removed from this computer, with its sign-in session and the
          tokens stored for it in this app. Nothing changes on the server itself: tokens you created
          there stay valid until you revoke them.
          {isActive && ' NOMAD (public) becomes the active server.'}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => server && remove.mutate({ id: server.id })}
            data-testid="confirm-remove"
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
