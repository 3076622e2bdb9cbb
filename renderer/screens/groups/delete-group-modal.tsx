import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import type { GroupView } from '../../../shared/ipc/channels/groups'
import { ErrorAlert } from '../../components/error-alert'
import { useMutationInvoke } from '../../ipc/hooks'
import { useReturnFocus } from '../../components/return-focus'

/** Asks before deleting: uploads shared with the group lose those collaborators at once. */
export function DeleteGroupModal({
  serverId,
  group,
  onClose,
  onDeleted,
}: {
  serverId: string
  group: GroupView
  onClose: () => void
  onDeleted: () => void
}) {
  // Mounted open and unmounted to close: Mantine would not return the focus.
  useReturnFocus()
  const remove = useMutationInvoke('groups.remove', { onSuccess: onDeleted })
  return (
    <Modal
      opened
      onClose={onClose}
      title={<Text fw={650}>Delete “{group.name}”?</Text>}
      data-testid="delete-group-modal"
    >
      <Stack gap="md">
        <Text size="sm">
          The group and its member list are deleted on the server. Its {group.members.length}{' '}
          {group.members.length === 1 ? 'member loses' : 'members lose'} access to every upload
          shared with the group as coauthors or reviewers. This cannot be undone.
        </Text>
        {remove.error && <ErrorAlert error={remove.error} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Keep the group
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate({ serverId, groupId: group.groupId })}
            data-testid="confirm-delete-group"
          >
            Delete group
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
