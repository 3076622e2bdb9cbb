import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core'
import { IconArrowLeft, IconInfoCircle, IconPencil, IconTrash } from '@tabler/icons-react'
import type { GroupView } from '../../../shared/ipc/channels/groups'
import { ErrorAlert } from '../../components/error-alert'
import { useInvoke } from '../../ipc/hooks'
import { PersonLine } from '../../features/user-picker/person-line'

/** One group: name, owner, members with affiliations; edit and delete for its owner. */
export function GroupPage({
  serverId,
  groupId,
  onBack,
  onEdit,
  onDelete,
}: {
  serverId: string
  groupId: string
  onBack: () => void
  onEdit: (group: GroupView) => void
  onDelete: (group: GroupView) => void
}) {
  const detail = useInvoke('groups.get', { serverId, groupId }, { retry: false })
  const group = detail.data
  return (
    <Stack gap="md" data-testid="group-page">
      <Anchor component="button" type="button" size="sm" onClick={onBack} w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          All groups
        </Group>
      </Anchor>
      {detail.isLoading && <Loader size="sm" role="status" aria-label="Loading the group" />}
      {detail.error && <ErrorAlert error={detail.error} />}
      {group && (
        <>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" c="dimmed">
                Group ID
              </Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {group.groupId}
              </Text>
            </Stack>
            <Group gap="sm">
              <Button
                leftSection={<IconPencil size={16} />}
                disabled={group.readOnlyReason !== null}
                onClick={() => onEdit(group)}
                data-testid="group-edit"
              >
                Edit
              </Button>
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                disabled={group.readOnlyReason !== null}
                onClick={() => onDelete(group)}
                data-testid="group-delete"
              >
                Delete
              </Button>
            </Group>
          </Group>
          {group.readOnlyReason && (
            <Alert
              variant="light"
              color="blue"
              icon={<IconInfoCircle size={18} />}
              data-testid="group-read-only"
            >
              {group.readOnlyReason}
            </Alert>
          )}
          <Grid gutter="md">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Paper withBorder radius="md" p="md">
                <Stack gap="xs">
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                    Owner
                  </Text>
                  <PersonLine
                    wrap
                    person={group.owner}
                    badge={
                      group.role === 'owner' ? (
                        <Badge size="xs" variant="light">
                          you
                        </Badge>
                      ) : undefined
                    }
                  />
                </Stack>
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Paper withBorder radius="md" p="md">
                <Stack gap="xs">
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                    Members ({group.members.length})
                  </Text>
                  {group.members.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      No members besides the owner.
                    </Text>
                  ) : (
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" role="list">
                      {group.members.map((m) => (
                        <div role="listitem" key={m.userId} data-testid="group-member">
                          <PersonLine wrap person={m} />
                        </div>
                      ))}
                    </SimpleGrid>
                  )}
                </Stack>
              </Paper>
            </Grid.Col>
          </Grid>
          <Text size="sm" c="dimmed" maw={720}>
            Members see the unpublished uploads this group is added to: as coauthors they may also
            edit them, as reviewers they may only read them. Add the group to an upload from the
            upload&apos;s collaborators.
          </Text>
        </>
      )}
    </Stack>
  )
}
