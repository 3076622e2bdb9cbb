import {
  ActionIcon,
  Alert,
  Badge,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { IconInfoCircle, IconUsersGroup, IconX } from '@tabler/icons-react'
import { useState } from 'react'
import type {
  CollaboratorRole,
  Collaborators,
  GroupRef,
  Person,
} from '../../../shared/ipc/channels/groups'
import { ErrorAlert } from '../../components/error-alert'
import { queryKeyFor, useInvoke, useMutationInvoke } from '../../ipc/hooks'
import { PersonLine, personName } from '../user-picker/person-line'
import { UserPicker } from '../user-picker/user-picker'
import { GroupPicker } from './group-picker'

/** One sentence per role: what the difference between them is. */
export const ROLE_MEANING: Record<CollaboratorRole, string> = {
  coauthor:
    'Coauthors may change the upload, its files and its collaborators, and are named as its authors.',
  reviewer: 'Reviewers may see the upload and its unpublished entries, but cannot change anything.',
}
const ROLE_TITLE: Record<CollaboratorRole, string> = {
  coauthor: 'Coauthors',
  reviewer: 'Reviewers',
}

type Change = {
  role: CollaboratorRole
  kind: 'user' | 'group'
  action: 'add' | 'remove'
  id: string
}

/**
 * Who works on an upload besides its main author, and the controls to add or remove a person
 * or a whole group as coauthor or reviewer. Each change is sent on its own (add/remove), so
 * nothing another collaborator changed meanwhile is overwritten.
 */
export function UploadCollaborators({
  serverId,
  uploadId,
}: {
  serverId: string
  uploadId: string
}) {
  const input = { serverId, uploadId }
  const queryClient = useQueryClient()
  const view = useInvoke('collaborators.get', input, { retry: false })
  const change = useMutationInvoke('collaborators.change', {
    onSuccess: (next) => queryClient.setQueryData(queryKeyFor('collaborators.get', input), next),
  })
  const [role, setRole] = useState<CollaboratorRole>('coauthor')
  const [kind, setKind] = useState<'user' | 'group'>('group')
  const send = (c: Change) => change.mutate({ ...input, ...c })

  if (view.isLoading) return <Loader size="sm" role="status" aria-label="Loading collaborators" />
  if (view.error) return <ErrorAlert error={view.error} />
  const data = view.data
  if (!data) return null
  const editable = data.readOnlyReason === null && !change.isPending
  const chosen = [
    ...data.coauthors.map((p) => p.userId),
    ...data.reviewers.map((p) => p.userId),
    ...(data.mainAuthor ? [data.mainAuthor.userId] : []),
  ]
  const chosenGroups = [...data.coauthorGroups, ...data.reviewerGroups].map((g) => g.groupId)

  return (
    <Stack gap="md" data-testid="upload-collaborators">
      {data.mainAuthor && (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" style={{ flex: 'none' }}>
            Main author
          </Text>
          <PersonLine person={data.mainAuthor} />
        </Group>
      )}
      {data.readOnlyReason && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
          {data.readOnlyReason}
        </Alert>
      )}
      {(['coauthor', 'reviewer'] as const).map((r) => (
        <RoleSection
          key={r}
          role={r}
          data={data}
          editable={editable}
          onRemove={(k, id) => send({ role: r, kind: k, action: 'remove', id })}
        />
      ))}
      {data.readOnlyReason === null && (
        <Paper withBorder radius="md" p="sm">
          <Stack gap="sm">
            <Text size="sm" fw={600}>
              Add a collaborator
            </Text>
            <Group gap="sm" wrap="wrap">
              <SegmentedControl
                aria-label="Add as"
                value={role}
                onChange={(v) => setRole(v === 'reviewer' ? 'reviewer' : 'coauthor')}
                data={[
                  { value: 'coauthor', label: 'as coauthor' },
                  { value: 'reviewer', label: 'as reviewer' },
                ]}
                data-testid="collaborator-role"
              />
              <SegmentedControl
                aria-label="Add a"
                value={kind}
                onChange={(v) => setKind(v === 'user' ? 'user' : 'group')}
                data={[
                  { value: 'group', label: 'a group' },
                  { value: 'user', label: 'a person' },
                ]}
                data-testid="collaborator-kind"
              />
            </Group>
            {kind === 'user' ? (
              <UserPicker
                serverId={serverId}
                label={`Person to add as ${role}`}
                exclude={chosen}
                disabled={!editable}
                onPick={(p) => send({ role, kind: 'user', action: 'add', id: p.userId })}
                testId="collaborator-user-picker"
              />
            ) : (
              <GroupPicker
                serverId={serverId}
                label={`Group to add as ${role}`}
                exclude={chosenGroups}
                disabled={!editable}
                onPick={(id) => send({ role, kind: 'group', action: 'add', id })}
              />
            )}
          </Stack>
        </Paper>
      )}
      {change.isPending && <Loader size="xs" role="status" aria-label="Saving" />}
      {change.error && <ErrorAlert error={change.error} />}
      {data.pending && (
        <Text size="xs" c="dimmed" data-testid="collaborators-pending">
          The server accepted the change and is still applying it.
        </Text>
      )}
    </Stack>
  )
}

function RoleSection({
  role,
  data,
  editable,
  onRemove,
}: {
  role: CollaboratorRole
  data: Collaborators
  editable: boolean
  onRemove: (kind: 'user' | 'group', id: string) => void
}) {
  const people: Person[] = role === 'coauthor' ? data.coauthors : data.reviewers
  const groups: GroupRef[] = role === 'coauthor' ? data.coauthorGroups : data.reviewerGroups
  const empty = people.length === 0 && groups.length === 0
  return (
    <Stack gap={4} data-testid={`collaborators-${role}`}>
      <Text size="sm" fw={600}>
        {ROLE_TITLE[role]}
      </Text>
      <Text size="xs" c="dimmed">
        {ROLE_MEANING[role]}
      </Text>
      {empty ? (
        <Text size="sm" c="dimmed">
          None yet.
        </Text>
      ) : (
        <Paper withBorder radius="md" p={4}>
          <Stack gap={0} role="list" aria-label={ROLE_TITLE[role]}>
            {groups.map((g) => (
              <Row
                key={`g-${g.groupId}`}
                label={g.name ?? `Deleted group ${g.groupId}`}
                editable={editable}
                onRemove={() => onRemove('group', g.groupId)}
                testId="collaborator-group"
              >
                <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconUsersGroup size={16} aria-hidden />
                  <Text size="sm" fw={500} truncate="end">
                    {g.name ?? `Deleted group ${g.groupId}`}
                  </Text>
                  <Badge size="xs" variant="light" color={g.everybody ? 'orange' : 'gray'}>
                    {g.everybody ? 'everybody' : 'group'}
                  </Badge>
                </Group>
              </Row>
            ))}
            {people.map((p) => (
              <Row
                key={`u-${p.userId}`}
                label={personName(p)}
                editable={editable}
                onRemove={() => onRemove('user', p.userId)}
                testId="collaborator-person"
              >
                <PersonLine person={p} />
              </Row>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  )
}

function Row({
  label,
  editable,
  onRemove,
  testId,
  children,
}: {
  label: string
  editable: boolean
  onRemove: () => void
  testId: string
  children: React.ReactNode
}) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      px="xs"
      py={4}
      role="listitem"
      data-testid={testId}
    >
      {children}
      {editable && (
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Remove ${label}`}
          onClick={onRemove}
          data-testid={`${testId}-remove`}
        >
          <IconX size={14} />
        </ActionIcon>
      )}
    </Group>
  )
}
