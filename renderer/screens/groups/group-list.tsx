import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconLogin, IconSearch } from '@tabler/icons-react'
import { useState } from 'react'
import type { GroupSummary } from '../../../shared/ipc/channels/groups'
import { ErrorAlert } from '../../components/error-alert'
import { useSignInPrompt } from '../../components/sign-in/prompt-context'
import { useInvoke } from '../../ipc/hooks'
import { PersonLine } from '../../features/user-picker/person-line'

const ROLE_LABEL = { owner: 'Owner', member: 'Member', none: '' } as const

/** My groups (owner or member) or every group on the server whose name has the words typed. */
export function GroupList({
  serverId,
  signedIn,
  onOpen,
  onCreate,
}: {
  serverId: string
  signedIn: boolean
  onOpen: (groupId: string) => void
  onCreate: () => void
}) {
  const [scope, setScope] = useState<'mine' | 'search'>(signedIn ? 'mine' : 'search')
  const [text, setText] = useState('')
  const [search] = useDebouncedValue(text.trim(), 250)
  const prompt = useSignInPrompt()
  const shownScope = signedIn ? scope : 'search'
  const list = useInvoke(
    'groups.list',
    { serverId, scope: shownScope, ...(search === '' ? {} : { search }) },
    { staleTime: 5_000 },
  )
  const groups = list.data?.groups ?? []

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Which groups"
          value={shownScope}
          onChange={(value) => setScope(value === 'mine' ? 'mine' : 'search')}
          data={[
            { value: 'mine', label: 'My groups', disabled: !signedIn },
            { value: 'search', label: 'All groups' },
          ]}
          data-testid="groups-scope"
        />
        <TextInput
          label={shownScope === 'mine' ? 'Filter my groups by name' : 'Search all groups by name'}
          placeholder="Words in the group name"
          leftSection={<IconSearch size={14} aria-hidden />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 220, maxWidth: 420 }}
          data-testid="groups-search"
        />
      </Group>
      {!signedIn && (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Sign in to see the groups you own or belong to and to create groups.
          </Text>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconLogin size={14} />}
            onClick={() => void prompt.request(null)}
          >
            Sign in
          </Button>
        </Group>
      )}
      {list.error && <ErrorAlert error={list.error} />}
      {list.isLoading ? (
        <Group justify="center" p="xl">
          <Loader size="sm" role="status" aria-label="Loading groups" />
        </Group>
      ) : (
        list.data && (
          <GroupTable
            groups={groups}
            onOpen={onOpen}
            empty={
              <EmptyList
                scope={shownScope}
                search={search}
                onCreate={signedIn ? onCreate : undefined}
              />
            }
          />
        )
      )}
    </Stack>
  )
}

function GroupTable({
  groups,
  onOpen,
  empty,
}: {
  groups: GroupSummary[]
  onOpen: (groupId: string) => void
  empty: React.ReactNode
}) {
  if (groups.length === 0) return empty
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      <Table verticalSpacing="xs" highlightOnHover data-testid="groups-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Group</Table.Th>
            <Table.Th>Owner</Table.Th>
            <Table.Th style={{ width: 110 }}>Members</Table.Th>
            <Table.Th style={{ width: 100 }}>You are</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((g) => (
            <Table.Tr key={g.groupId} data-testid="group-row">
              <Table.Td style={{ maxWidth: 320 }}>
                <Anchor
                  component="button"
                  type="button"
                  fw={600}
                  size="sm"
                  onClick={() => onOpen(g.groupId)}
                  style={{ overflowWrap: 'anywhere', textAlign: 'left' }}
                  data-testid="group-link"
                >
                  {g.name}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ maxWidth: 300 }}>
                <PersonLine person={g.owner} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{g.memberCount}</Text>
              </Table.Td>
              <Table.Td>
                {g.role !== 'none' && (
                  <Badge variant="light" color={g.role === 'owner' ? 'teal' : 'blue'}>
                    {ROLE_LABEL[g.role]}
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  )
}

function EmptyList({
  scope,
  search,
  onCreate,
}: {
  scope: 'mine' | 'search'
  search: string
  onCreate: (() => void) | undefined
}) {
  const text =
    search !== ''
      ? `No ${scope === 'mine' ? 'group of yours' : 'group'} has “${search}” in its name.`
      : scope === 'mine'
        ? 'You do not own or belong to any group yet. A group lets you share uploads with several people in one step.'
        : 'This server has no groups yet.'
  return (
    <Paper withBorder radius="md" p="lg" data-testid="groups-empty">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text}</Text>
        {onCreate && search === '' && (
          <Button size="xs" variant="light" onClick={onCreate}>
            Create a group
          </Button>
        )}
      </Stack>
    </Paper>
  )
}
