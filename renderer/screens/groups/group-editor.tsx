import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { IconAlertTriangle, IconX } from '@tabler/icons-react'
import { useState } from 'react'
import {
  GROUP_NAME_MAX,
  GROUP_NAME_RULE,
  groupChanges,
  groupNameProblem,
  hasChanges,
  mergeGroupEdits,
} from '../../../shared/groups'
import type { GroupView, Person } from '../../../shared/ipc/channels/groups'
import { ErrorAlert } from '../../components/error-alert'
import { useMutationInvoke } from '../../ipc/hooks'
import { PersonLine, personName } from '../../features/user-picker/person-line'
import { UserPicker } from '../../features/user-picker/user-picker'
import { ChangePreview } from './change-preview'
import { useReturnFocus } from '../../components/return-focus'

interface Base {
  name: string
  members: string[]
}

const baseOf = (group: GroupView): Base => ({
  name: group.name,
  members: group.members.map((m) => m.userId),
})

/**
 * Creates a group (no `group`) or edits one: name checked against the server's rule while
 * typing, members added through the user search and removed with their ✕, and a preview of the
 * changes. The whole new member list is sent; if someone else changed the group meanwhile the
 * engine answers `conflict` and this shows their changes with a merge.
 */
export function GroupEditor({
  serverId,
  group,
  owner,
  onClose,
  onSaved,
}: {
  serverId: string
  /** The group as loaded; undefined to create a new one. */
  group?: GroupView
  /** Who will own a new group (the signed-in user), shown while creating. */
  owner?: Person
  onClose: () => void
  onSaved: (group: GroupView) => void
}) {
  // Mounted open and unmounted to close: Mantine would not return the focus.
  useReturnFocus()
  const [base, setBase] = useState<Base>(group ? baseOf(group) : { name: '', members: [] })
  const [name, setName] = useState(group?.name ?? '')
  const [members, setMembers] = useState<Person[]>(group?.members ?? [])
  const [conflict, setConflict] = useState<GroupView | null>(null)
  const [known, setKnown] = useState<Map<string, Person>>(
    () => new Map((group?.members ?? []).map((p) => [p.userId, p])),
  )
  const save = useMutationInvoke('groups.save', {
    onSuccess: (result) => {
      if (result.outcome === 'saved') onSaved(result.group)
      else {
        remember(result.current.members)
        setConflict(result.current)
      }
    },
  })

  const remember = (people: Person[]) =>
    setKnown((map) => new Map([...map, ...people.map((p): [string, Person] => [p.userId, p])]))
  const mine: Base = { name, members: members.map((m) => m.userId) }
  const changes = groupChanges(base, mine)
  const problem = name === '' ? null : groupNameProblem(name)
  const creating = group === undefined
  const canSave = groupNameProblem(name) === null && (creating || hasChanges(changes))

  const submit = () => {
    if (!canSave) return
    save.mutate({
      serverId,
      ...(group ? { groupId: group.groupId, base } : {}),
      name,
      members: mine.members,
    })
  }

  const merge = (current: GroupView) => {
    const theirs = baseOf(current)
    const merged = mergeGroupEdits(base, mine, theirs)
    setBase(theirs)
    setName(merged.name)
    setMembers(merged.members.map((id) => known.get(id) ?? unknown(id)))
    setConflict(null)
    save.reset()
  }
  const takeTheirs = (current: GroupView) => {
    setBase(baseOf(current))
    setName(current.name)
    setMembers(current.members)
    setConflict(null)
    save.reset()
  }

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={<Text fw={650}>{creating ? 'Create a group' : `Edit “${group.name}”`}</Text>}
      data-testid="group-editor"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Group name"
            description={GROUP_NAME_RULE}
            value={name}
            maxLength={GROUP_NAME_MAX + 20}
            onChange={(event) => setName(event.currentTarget.value)}
            error={problem}
            rightSection={
              <Text size="xs" c={name.length > GROUP_NAME_MAX ? 'red' : 'dimmed'} aria-hidden>
                {name.length}/{GROUP_NAME_MAX}
              </Text>
            }
            rightSectionWidth={52}
            data-autofocus
            data-testid="group-name-input"
          />
          {creating && owner && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Owner
              </Text>
              <PersonLine person={owner} />
              <Text size="xs" c="dimmed">
                You own the groups you create: only you can rename, change or delete them.
              </Text>
            </Stack>
          )}
          <Stack gap={6}>
            <Text size="sm" fw={500} id="group-members-label">
              Members ({members.length})
            </Text>
            {members.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="group-members-empty">
                No members yet. Find people by name below.
              </Text>
            ) : (
              <Paper withBorder radius="md" p={4} mah={220} style={{ overflowY: 'auto' }}>
                <Stack gap={0} role="list" aria-labelledby="group-members-label">
                  {members.map((m) => (
                    <Group
                      key={m.userId}
                      justify="space-between"
                      wrap="nowrap"
                      px="xs"
                      py={4}
                      role="listitem"
                      data-testid="editor-member"
                    >
                      <PersonLine person={m} />
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Remove ${personName(m)}`}
                        onClick={() => setMembers(members.filter((x) => x.userId !== m.userId))}
                        data-testid="editor-remove-member"
                      >
                        <IconX size={14} />
                      </ActionIcon>
                    </Group>
                  ))}
                </Stack>
              </Paper>
            )}
            <UserPicker
              serverId={serverId}
              label="Add a member"
              exclude={[...mine.members, ...(group ? [group.owner.userId] : [])]}
              onPick={(person) => {
                remember([person])
                setMembers([...members, person])
              }}
            />
          </Stack>
          {conflict ? (
            <ConflictNotice
              base={base}
              current={conflict}
              people={known}
              onMerge={() => merge(conflict)}
              onTakeTheirs={() => takeTheirs(conflict)}
            />
          ) : (
            !creating && <ChangePreview changes={changes} people={known} />
          )}
          {save.error && <ErrorAlert error={save.error} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={!canSave || conflict !== null}
              loading={save.isPending}
              data-testid="group-save"
            >
              {creating ? 'Create group' : 'Save changes'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

const unknown = (userId: string): Person => ({
  userId,
  name: null,
  affiliation: null,
  known: false,
})

function ConflictNotice({
  base,
  current,
  people,
  onMerge,
  onTakeTheirs,
}: {
  base: Base
  current: GroupView
  people: ReadonlyMap<string, Person>
  onMerge: () => void
  onTakeTheirs: () => void
}) {
  const theirs = groupChanges(base, baseOf(current))
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="Someone else changed this group while you were editing"
      data-testid="group-conflict"
    >
      <Stack gap="sm">
        <Text size="sm">
          Nothing was saved. Their changes are below; merging keeps them and applies yours on top,
          then you can check the result and save again.
        </Text>
        <ChangePreview changes={theirs} people={people} title="They did" testId="conflict-theirs" />
        <Group gap="sm">
          <Button size="xs" onClick={onMerge} data-testid="group-merge">
            Merge my changes into theirs
          </Button>
          <Button size="xs" variant="default" onClick={onTakeTheirs}>
            Discard mine, start from theirs
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}
